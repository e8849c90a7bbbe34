import { z } from 'zod';
import { DPD_BUCKETS } from '../loan/collections';
import { LOAN_STATUSES } from '../states/loan';
import { loanStatusSchema, moneySchema } from './loans';
import { isRealDay, isRealInstant, pageLimitParam } from './params';
import { productCodeSchema } from './loans/common';
import { STAFF_MESSAGES } from './staff-messages';
import { COLLECTION_NOTE_MAX } from '../text-lengths';

/**
 * Contracts of the back office's collections: the queue of loans past due by
 * days-past-due bucket, officers' internal notes, the reminders sent about a loan, and the portfolio
 * from the ledger. Every list is a page with a keyset cursor (nextCursor, null on the last page).
 */
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

const dpdBucketSchema = z.enum(DPD_BUCKETS);

/** The queue's cursor: the oldest unpaid due date and the loan number of the last row ("2026-12-22.17"). */
const COLLECTIONS_CURSOR = /^\d{4}-\d{2}-\d{2}\.[1-9]\d{0,17}$/;

/** A product filter of the back office's lists (its code, PRODUCT_CODE_PATTERN; empty: every product). */
const productFilterParam = z.preprocess(blankToUndefined, productCodeSchema.optional());

/** A product's name in each language, beside its code in the back office's totals by product. */
const productNamesSchema = z.object({ en: z.string(), fil: z.string() });

export const collectionsQuerySchema = z.object({
  bucket: z.preprocess(blankToUndefined, dpdBucketSchema.optional()),
  /** Only the loans of this product (their own product code). */
  product: productFilterParam,
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(COLLECTIONS_CURSOR, 'errors.cursor')
      .refine((c) => isRealDay(c.slice(0, 10)), 'errors.cursor')
      .optional(),
  ),
  limit: pageLimitParam(100, 25),
});
export type CollectionsQuery = z.infer<typeof collectionsQuerySchema>;

const lastContactSchema = z.object({
  at: z.string(),
  /** REMINDER: a fixed-template reminder to the borrower; NOTE: an officer's internal note. */
  kind: z.enum(['REMINDER', 'NOTE']),
  /** The reminder's template, or null for a note. */
  template: z.string().nullable(),
});

export const collectionsRowSchema = z.object({
  loanId: z.string(),
  loanNumber: z.string(),
  memberName: z.string(),
  status: loanStatusSchema,
  oldestDueDate: z.string(),
  daysPastDue: z.number().int(),
  bucket: dpdBucketSchema,
  /** Unpaid amounts of lines past their due date, plus unpaid late charges. */
  pastDue: moneySchema,
  /** Everything still owed under the schedule, plus unpaid late charges. */
  outstanding: moneySchema,
  lastContact: lastContactSchema.nullable(),
});
export type CollectionsRow = z.infer<typeof collectionsRowSchema>;

export const collectionsResponseSchema = z.object({
  asOf: z.string(),
  items: z.array(collectionsRowSchema),
  nextCursor: z.string().nullable(),
  /** Loans in each bucket today (the whole queue of the product filtered on, not only this page). */
  counts: z.object({ D1_30: z.number().int(), D31_60: z.number().int(), D61_90: z.number().int(), OVER_90: z.number().int() }),
  /** The product filtered on, or null for all. */
  product: z.string().nullable(),
  /** The whole queue by product (every bucket, every product): loans, past due and outstanding (lines left plus unpaid late charges). */
  byProduct: z.array(z.object({ code: z.string(), names: productNamesSchema, loans: z.number().int(), pastDue: moneySchema, outstanding: moneySchema })),
});
export type CollectionsResponse = z.infer<typeof collectionsResponseSchema>;

// Notes ------------------------------------------------------------------------------------------

/** A collection note's longest (text-lengths.ts). */
export const NOTE_MAX = COLLECTION_NOTE_MAX;
export const loanNoteRequestSchema = z.strictObject({
  body: z.string().trim().min(1, { error: STAFF_MESSAGES.noteEmpty }).max(NOTE_MAX, { error: STAFF_MESSAGES.noteMax }),
});
export type LoanNoteRequest = z.infer<typeof loanNoteRequestSchema>;

const staffRefSchema = z.object({ id: z.string().nullable(), name: z.string(), role: z.string() });

const loanNoteSchema = z.object({ id: z.string(), at: z.string(), author: staffRefSchema, body: z.string() });
export const loanNoteResponseSchema = z.object({ note: loanNoteSchema });

/** Keyset pages of a loan's notes (by their sequence number) and reminders (by time and id). */
export const notesQuerySchema = z.object({
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(/^[1-9]\d{0,18}$/, 'errors.cursor')
      .optional(),
  ),
  limit: pageLimitParam(100, 20),
});
export const loanNotesResponseSchema = z.object({ items: z.array(loanNoteSchema), nextCursor: z.string().nullable() });

const REMINDERS_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[0-9a-f-]{36}$/i;
export const remindersQuerySchema = z.object({
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .regex(REMINDERS_CURSOR, 'errors.cursor')
      .refine((c) => isRealInstant(c.slice(0, 24)), 'errors.cursor')
      .optional(),
  ),
  limit: pageLimitParam(100, 20),
});
const loanReminderSchema = z.object({
  id: z.string(),
  lineNumber: z.number().int(),
  template: z.string(),
  businessDate: z.string(),
  /** The borrower's own phone (never a reference's: DECISIONS.md invariant 10). */
  recipient: z.string(),
  language: z.string(),
  createdAt: z.string(),
  sendAfter: z.string().nullable(),
});
export const loanRemindersResponseSchema = z.object({ items: z.array(loanReminderSchema), nextCursor: z.string().nullable() });

// Who acted on a loan's payments and charges (the back office's servicing page) ------------------

const servicingStaffSchema = z.object({
  payments: z.array(
    z.object({ paymentId: z.string(), recordedBy: staffRefSchema.nullable(), approvedBy: staffRefSchema.nullable(), approvedAt: z.string().nullable() }),
  ),
  charges: z.array(
    z.object({
      chargeId: z.string(),
      waivedBy: staffRefSchema.nullable(),
      /** A waiver above WAIVER_APPROVAL_THRESHOLD waiting for another officer. */
      waiveRequest: z
        .object({
          by: staffRefSchema.nullable(),
          at: z.string(),
          reasonCode: z.string(),
          note: z.string().nullable(),
          /** When the request was closed without approval (the charge paid in full; decision 053), else null. */
          closedAt: z.string().nullable(),
        })
        .nullable(),
    }),
  ),
  /** The loan's member (the officer's view) and the thresholds the forms quote. */
  member: z.object({ id: z.string(), name: z.string() }),
  paymentApprovalThreshold: moneySchema,
  waiverApprovalThreshold: moneySchema,
});
export const adminServicingStaffResponseSchema = z.object({ staff: servicingStaffSchema });

// Portfolio --------------------------------------------------------------------------------------

export const portfolioQuerySchema = z.object({
  /** Only the loans of this product: every figure from the entries of transfers referencing its loans. */
  product: productFilterParam,
});
export type PortfolioQuery = z.infer<typeof portfolioQuerySchema>;

/** One product's share of the portfolio (each loan's own product code). */
const portfolioProductSchema = z.object({
  code: z.string(),
  names: productNamesSchema,
  /** Loans being serviced (DISBURSED, ACTIVE, OVERDUE). */
  openLoans: z.number().int(),
  outstandingPrincipal: moneySchema,
  lateChargesReceivable: moneySchema,
  collectedThisMonth: moneySchema,
  par30Principal: moneySchema,
});

export const portfolioResponseSchema = z.object({
  asOf: z.string(),
  /** LOANS_RECEIVABLE's balance. */
  outstandingPrincipal: moneySchema,
  /** LATE_CHARGES_RECEIVABLE's balance. */
  lateChargesReceivable: moneySchema,
  /** Loan payments booked in the Philippine month of asOf, by the account they credited. */
  collectedThisMonth: z.object({
    month: z.string(),
    total: moneySchema,
    principal: moneySchema,
    interest: moneySchema,
    fees: moneySchema,
    charges: moneySchema,
    payments: z.number().int(),
  }),
  /** Outstanding principal (each loan's share of LOANS_RECEIVABLE) of loans more than 30 days past due, and its share of all. */
  par30: z.object({ principal: moneySchema, percent: z.string(), loans: z.number().int() }),
  loansByState: z.array(z.object({ status: z.enum(LOAN_STATUSES), count: z.number().int() })),
  /** The product filtered on, or null for the whole ledger. */
  product: z.string().nullable(),
  /** Totals by product, every product with a loan (the figures above are one of them when filtered). */
  byProduct: z.array(portfolioProductSchema),
});
export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>;
