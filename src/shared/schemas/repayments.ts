import type { ErrorCode } from './errors';
import { z } from 'zod';
import { repayments as messages } from '../i18n/en/repayments';
import { collections as collectionMessages } from '../i18n/en/collections';
import { catalogueKeys } from '../i18n/text';
import { LATE_CHARGE_KINDS } from '../loan/late-charges';
import { LOAN_REASONS } from '../reasons/catalogue';
import { ALLOCATION_COMPONENTS, ALLOCATION_PURPOSES, EXCESS_CHOICES, LINE_STATUSES } from '../loan/servicing';
import { loanStatusSchema, moneySchema } from './loans';
import { BANK_REFERENCE_PATTERN, bankReferenceKey } from './withdrawals';

/**
 * Contracts of loan servicing (docs/decisions/012-servicing.md). Amounts are decimal
 * strings in PHP with two decimals (docs/decisions/004). Request bodies are strict.
 */
export const REPAYMENT_ERROR_CODES = [
  /** 404: the member has no disbursed loan (or the officer's loan id is unknown). */
  'NO_LOAN',
  /** 409: the loan is not disbursed yet. */
  'LOAN_NOT_DISBURSED',
  /** 409: the loan is already fully repaid. */
  'LOAN_REPAID',
  /** 400: below the smallest payment accepted (fields.amount). */
  'AMOUNT_TOO_SMALL',
  /** 400: above what may be paid on the loan now (fields.amount). */
  'AMOUNT_ABOVE_OUTSTANDING',
  /** 409: above the wallet's available balance (checked again inside the transaction). */
  'INSUFFICIENT_BALANCE',
  /** 409: the payoff quote expired (end of the Philippine day it was given). */
  'QUOTE_EXPIRED',
  /** 409: the amount owed changed since the quote (a payment, a charge). */
  'QUOTE_STALE',
  /** 409: the payoff quote was already paid. */
  'QUOTE_USED',
  /** 409: the charge is already paid or waived. */
  'CHARGE_NOT_WAIVABLE',
  /** 403: a payment above the approval threshold must be approved by another officer. */
  'MAKER_CHECKER',
  /** 409: the payment is not waiting for approval. */
  'PAYMENT_NOT_PENDING',
  /** 409: a waiver of this charge already waits for a second officer. */
  'WAIVER_PENDING',
  /** 409: no waiver of this charge waits for approval. */
  'WAIVER_NOT_PENDING',
  /** 409: an officer's payment with a reference already recorded on another payment received. */
  'PAYMENT_REFERENCE_USED',
] as const satisfies readonly ErrorCode[];
export type RepaymentErrorCode = (typeof REPAYMENT_ERROR_CODES)[number];

/** The keys of the repayment messages (repayments.errors.*). */
const REPAYMENT_MESSAGES = catalogueKeys('repayments.errors', messages.errors);
const COLLECTION_MESSAGES = catalogueKeys('collections.errors', collectionMessages.errors);

/** The fixed reminder templates (src/shared/i18n/{en,fil}/repayments.ts sms.*). */
export const REMINDER_TEMPLATES = ['DUE_IN_3_DAYS', 'DUE_TODAY', 'OVERDUE_1_DAY', 'OVERDUE_WEEKLY'] as const;
export type ReminderTemplate = (typeof REMINDER_TEMPLATES)[number];

/** An amount typed by the member or officer: digits and at most 2 decimals, greater than zero ("1000", "1000.50"; not "-5", "1e3", "10.123", "0.00"). */
export const repaymentAmountSchema = z
  .string({ error: REPAYMENT_MESSAGES.amount })
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, { error: REPAYMENT_MESSAGES.amount })
  .refine((v) => /[1-9]/.test(v), { error: REPAYMENT_MESSAGES.amountPositive });

/** Where an amount above what is due next goes (decision 061): to the next instalments (default) or to reduce the principal. */
const excessChoiceSchema = z.enum(EXCESS_CHOICES);
export const paymentRequestSchema = z.strictObject({ amount: repaymentAmountSchema, excess: excessChoiceSchema.optional() });
export const paymentPreviewRequestSchema = z.strictObject({ amount: repaymentAmountSchema });
export const payoffRequestSchema = z.strictObject({ quoteId: z.string().max(64) });

export const PAYMENT_CHANNELS = ['CASH', 'BANK_TRANSFER'] as const;
export const officerPaymentRequestSchema = z
  .strictObject({
    amount: repaymentAmountSchema,
    channel: z.enum(PAYMENT_CHANNELS),
    /** The bank's reference (required for BANK_TRANSFER), or the official receipt number for CASH. */
    bankReference: z
      .string()
      .trim()
      .min(1, { error: COLLECTION_MESSAGES.paymentReference })
      .max(64, { error: COLLECTION_MESSAGES.paymentReference })
      // Printable ASCII only and compared by its letters and digits (bankReferenceKey), as payout references
      // are: a look-alike or invisible character must not make a reused reference compare as another.
      .regex(BANK_REFERENCE_PATTERN, { error: COLLECTION_MESSAGES.paymentReference })
      .refine((v) => bankReferenceKey(v).length > 0, { error: COLLECTION_MESSAGES.paymentReference })
      .optional(),
    /** The date the money was received (Philippine calendar, not in the future). */
    receivedOn: z.iso.date(),
    note: z.string().trim().max(500).optional(),
    excess: excessChoiceSchema.optional(),
  })
  .refine((v) => v.channel !== 'BANK_TRANSFER' || Boolean(v.bankReference), {
    path: ['bankReference'],
    error: COLLECTION_MESSAGES.bankReferenceRequired,
  });

export const WAIVE_REASON_CODES = ['HARDSHIP', 'SYSTEM_ERROR', 'PAYMENT_DELAY_NOT_BORROWER_FAULT', 'GOODWILL', 'DISPUTE_RESOLVED'] as const;
export type WaiveReasonCode = (typeof WAIVE_REASON_CODES)[number];
/**
 * Why a charge no longer counts, as the borrower reads it: an officer's waiver reason, or
 * FAIR_ALLOCATION (never chosen by an officer): the re-servicing of decision 066 reversed a charge
 * the allocation of decision 061 would not have given.
 */
const CHARGE_REVERSAL_CODES = [...WAIVE_REASON_CODES, 'FAIR_ALLOCATION'] as const;
export const waiveRequestSchema = z.strictObject({ reasonCode: z.enum(WAIVE_REASON_CODES), note: z.string().trim().max(500).optional() });

const isoDate = z.string();

const allocationSchema = z.object({
  lineNumber: z.number().int(),
  component: z.enum(ALLOCATION_COMPONENTS),
  chargeId: z.string().nullable(),
  amount: moneySchema,
  prepayment: z.boolean(),
  /** Why this part went there (the receipt's words): a late charge, an instalment past due, the next instalment, one paid ahead, principal reduced. */
  purpose: z.enum(ALLOCATION_PURPOSES),
  /** The instalment's due date. */
  dueDate: z.string().nullable(),
});

export const receiptSchema = z.object({
  paymentId: z.string(),
  reference: z.string(),
  loanNumber: z.string(),
  source: z.enum(['WALLET', 'CHANNEL', 'OFFICER']),
  channel: z.enum(PAYMENT_CHANNELS).nullable(),
  kind: z.enum(['PAYMENT', 'PAYOFF']),
  status: z.enum(['POSTED', 'PENDING_APPROVAL', 'CREDITED_TO_WALLET']),
  amount: moneySchema,
  receivedAt: z.string(),
  allocation: z.object({ charges: moneySchema, fees: moneySchema, interest: moneySchema, principal: moneySchema, prepaidPrincipal: moneySchema }),
  allocations: z.array(allocationSchema),
  /** Where an amount above what was due next went, as chosen at review (decision 061). */
  excess: excessChoiceSchema,
  /** Everything still owed under the schedule after the payment (null while it waits for approval). */
  remainingBalance: moneySchema.nullable(),
  loanStatus: loanStatusSchema,
});
export type ReceiptDto = z.infer<typeof receiptSchema>;

/** The effect of one choice for an amount, before paying (computed by the same allocation as the payment). */
const paymentEffectSchema = z.object({
  excess: excessChoiceSchema,
  allocations: z.array(allocationSchema),
  /** Interest no longer owed because of this payment (REDUCE_PRINCIPAL). */
  interestRebated: moneySchema,
  /** Everything still owed under the schedule after it. */
  remainingBalance: moneySchema,
  /** The next instalment still owing after it (null when nothing is). */
  nextDue: z.object({ lineNumber: z.number().int(), dueDate: z.string(), amount: moneySchema }).nullable(),
  /** The due date of the last instalment still owing after it (null when nothing is). */
  lastDueDate: z.string().nullable(),
});
export const paymentPreviewSchema = z.object({
  amount: moneySchema,
  /** Late charges, what is past due and the next instalment. */
  dueNext: moneySchema,
  /** True when the amount is above what is due next: the borrower chooses where the rest goes. */
  choice: z.boolean(),
  effects: z.array(paymentEffectSchema),
});
export type PaymentPreviewDto = z.infer<typeof paymentPreviewSchema>;
export const paymentPreviewResponseSchema = z.object({ preview: paymentPreviewSchema });
export const receiptResponseSchema = z.object({ receipt: receiptSchema });

const servicingLineSchema = z.object({
  number: z.number().int(),
  dueDate: isoDate,
  status: z.enum(LINE_STATUSES),
  daysPastDue: z.number().int(),
  scheduled: z.object({ principal: moneySchema, interest: moneySchema, fees: moneySchema, total: moneySchema }),
  paid: z.object({ principal: moneySchema, interest: moneySchema, fees: moneySchema, charges: moneySchema, total: moneySchema }),
  interestRebated: moneySchema,
  /** Financed fees a payoff did not charge (the line was not yet due; decision 053). */
  feesRebated: moneySchema,
  charges: moneySchema,
  outstanding: moneySchema,
  paidOn: isoDate.nullable(),
});

const chargeSchema = z.object({
  id: z.string(),
  lineNumber: z.number().int(),
  kind: z.enum(LATE_CHARGE_KINDS),
  businessDate: isoDate,
  amount: moneySchema,
  paid: moneySchema,
  outstanding: moneySchema,
  basis: z.object({
    overdueAmount: moneySchema,
    daysLate: z.number().int(),
    ratePercent: z.string(),
    uncapped: moneySchema,
    headroom: moneySchema,
    capped: z.boolean(),
  }),
  waived: z.boolean(),
  waivedAt: z.string().nullable(),
  waiveReasonCode: z.enum(CHARGE_REVERSAL_CODES).nullable(),
  /** The amount before re-servicing reduced it (decision 066: the fair allocation would have charged less; reason FAIR_ALLOCATION), else null. */
  reducedFrom: moneySchema.nullable(),
  /** A waiver above WAIVER_APPROVAL_THRESHOLD was asked and waits for a second officer. */
  waivePending: z.boolean(),
  /** A waiver request closed without approval: the charge was paid in full first (decision 053). */
  waiveRequestClosed: z.object({ at: z.string(), reason: z.enum(['PAID_IN_FULL']) }).nullable(),
});

export const servicingResponseSchema = z.object({
  loan: z.object({
    id: z.string(),
    loanNumber: z.string(),
    status: loanStatusSchema,
    statusMessage: z.string(),
    principal: moneySchema,
    term: z.number().int(),
    disbursedOn: isoDate,
  }),
  /** The display currency chosen at application (amounts stay in PHP; the web shows the conversion beside them, rounded up). */
  display: z.object({ currency: z.string(), exchangeRate: z.string(), displayRate: z.string(), ratesAsOf: z.string() }),
  /** The borrower's signed contract and disclosure statement (PDF); null in the back office's view. */
  documents: z.object({ contractUrl: z.string(), disclosureUrl: z.string() }).nullable(),
  asOf: isoDate,
  lines: z.array(servicingLineSchema),
  nextDue: z.object({ lineNumber: z.number().int(), dueDate: isoDate, amount: moneySchema, status: z.enum(LINE_STATUSES) }).nullable(),
  /** The arrears tolerance in force (ARREARS_TOLERANCE; decision 069), said on /loan; absent when it is 0. */
  arrearsTolerance: moneySchema.optional(),
  totals: z.object({
    /** Everything still owed under the schedule (future interest included). */
    outstanding: moneySchema,
    /** What is due or overdue now, charges included. */
    payableNow: moneySchema,
    outstandingPrincipal: moneySchema,
    charges: moneySchema,
    paid: moneySchema,
    /** The smallest and largest wallet payment accepted now. */
    minimumPayment: moneySchema,
    maximumPayment: moneySchema,
    /** What closing the loan costs today: the payoff quote's total; any payment of it closes the loan (decision 074). */
    closingCost: moneySchema,
    overdue: moneySchema,
  }),
  charges: z.array(chargeSchema),
  payments: z.array(receiptSchema),
  /** Every reminder sent to the borrower about this loan, newest first (DECISIONS.md invariant 10). */
  reminders: z.array(
    z.object({
      id: z.string(),
      lineNumber: z.number().int(),
      template: z.enum(REMINDER_TEMPLATES),
      businessDate: isoDate,
      channel: z.literal('SMS'),
      /** When it was queued, and the earliest it may be delivered (quiet hours). */
      queuedAt: z.string(),
      sendAfter: z.string().nullable(),
    }),
  ),
  history: z.array(
    z.object({
      at: z.string(),
      from: loanStatusSchema.nullable(),
      to: loanStatusSchema,
      action: z.string(),
      actorRole: z.string(),
      /** The catalogue's code (the browser shows t(loanReasonKey(code)) in the reader's language). */
      reasonCode: z.enum(LOAN_REASONS).nullable(),
      /** Its English text, for API clients without the catalogue. */
      reason: z.string().nullable(),
    }),
  ),
});
export type ServicingDto = z.infer<typeof servicingResponseSchema>;

export const payoffQuoteSchema = z.object({
  quoteId: z.string(),
  loanNumber: z.string(),
  asOf: isoDate,
  /** The end of the Philippine day (ISO instant). */
  validUntil: z.string(),
  principal: moneySchema,
  interest: moneySchema,
  fees: moneySchema,
  charges: moneySchema,
  prepaymentPenalty: moneySchema,
  total: moneySchema,
  interestRebate: moneySchema,
  /** Financed fees of lines not yet due that the payoff does not charge (decision 053). */
  feeRebate: moneySchema,
  method: z.literal('ACTUARIAL'),
  accrual: z
    .object({ lineNumber: z.number().int(), balance: moneySchema, days: z.number().int(), periodDays: z.number().int(), amount: moneySchema })
    .nullable(),
});
export type PayoffQuoteDto = z.infer<typeof payoffQuoteSchema>;
export const payoffQuoteResponseSchema = z.object({ quote: payoffQuoteSchema });
export const chargeResponseSchema = z.object({ charge: chargeSchema });
