/** The back office's review of loans: the queue, one application, approve / reject / review / disburse. */
import { z } from 'zod';
import { creditLimitSchema } from '../limit-ladder';
import { optionalKeysetCursorParam, pageLimitParam } from '../params';
import { STATUS_COLOURS } from '../../states/loan';
import { amountInputSchema, isoDateTime, loanStatusSchema, moneySchema, termSchema } from './common';
import { preAssessmentSchema } from './assessment';
import { adminTimelineEntrySchema, counterOfferReasonCodeSchema, internalNoteSchema, loanViewSchema, rejectionReasonCodeSchema } from './view';

export const adminQueueQuerySchema = z.object({
  /** One status or several separated by commas; default the ones waiting for staff. */
  status: z.string().max(200).optional(),
  limit: pageLimitParam(200, 50),
  /** The nextCursor of the previous page (oldest first: the next page is newer). */
  cursor: optionalKeysetCursorParam(),
});

const adminQueueItemSchema = z.object({
  id: z.string(),
  loanNumber: z.string(),
  status: loanStatusSchema,
  statusColor: z.enum(STATUS_COLOURS),
  memberId: z.string(),
  memberName: z.string(),
  amount: moneySchema,
  term: z.number().int(),
  eligible: z.boolean(),
  createdAt: isoDateTime,
  /** Since the application, in whole minutes. */
  ageMinutes: z.number().int(),
  /** Since the last transition, in whole minutes. */
  inStatusMinutes: z.number().int(),
});
export const adminQueueResponseSchema = z.object({
  items: z.array(adminQueueItemSchema),
  /** Loans by status, counted up to countCap (a count equal to countCap means "countCap or more"). */
  counts: z.record(z.string(), z.number().int()),
  countCap: z.number().int(),
  /** Pass as cursor for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});

export const adminMemberSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  accountState: z.string(),
  employment: z.object({ country: z.string(), location: z.string(), jobTitle: z.string(), jobCategory: z.string(), monthlyNetIncome: moneySchema }),
  personal: z
    .object({
      gender: z.string(),
      firstName: z.string(),
      middleName: z.string().nullable(),
      lastName: z.string(),
      birthDate: z.string(),
      maritalStatus: z.string(),
      nationality: z.string(),
    })
    .nullable(),
  address: z.object({ country: z.string(), province: z.string(), town: z.string(), streetAddress: z.string(), postalCode: z.string().nullable() }).nullable(),
  /** Used only to confirm identity, never for collection (DECISIONS.md invariant 9). */
  references: z.array(z.object({ position: z.number().int(), fullName: z.string(), relationship: z.string(), phone: z.string() })),
  identity: z.object({ identityType: z.string(), otherIdentityType: z.string().nullable(), identityNumber: z.string() }).nullable(),
  /** Each URL is /api/admin/members/:memberId/documents/:kind (every view is logged); null when missing. */
  documents: z.object({ ID_FRONT: z.string().nullable(), ID_BACK: z.string().nullable(), SELFIE: z.string().nullable() }),
  payoutAccount: z.object({ institutionName: z.string(), kind: z.string(), accountNumberMasked: z.string(), accountName: z.string() }).nullable(),
});

export const adminLoanDetailSchema = z.object({
  loan: loanViewSchema.extend({
    timeline: z.array(adminTimelineEntrySchema),
    approvedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    disbursedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
    disbursementTransferId: z.string().nullable(),
    /** The terms of the loan's own product version: an offer is one of them (at most the term applied for). */
    productTerms: z.array(z.number().int()),
  }),
  member: adminMemberSchema,
  /** The rules applied now to the current amount and term (the stored pre-assessment is loan.preAssessment). */
  currentAssessment: preAssessmentSchema,
  /** The member's limit for the loan's product now, with why and what would raise it (decision 085). */
  limit: creditLimitSchema,
  permissions: z.object({
    canStartReview: z.boolean(),
    canApprove: z.boolean(),
    canReject: z.boolean(),
    canDisburse: z.boolean(),
    /** Why the caller cannot disburse (maker-checker, state), or null. */
    disburseBlockedReason: z.string().nullable(),
    /** Why the caller may take no action at all on this loan (their own, or a member sharing their phone or e-mail), or null. */
    conflictOfInterest: z.string().nullable(),
  }),
});
export type AdminLoanDetail = z.infer<typeof adminLoanDetailSchema>;

/**
 * Approve with an offer. An offer lower or shorter than the application (a counter-offer) needs
 * reasonCode from the catalogue; the note is internal (audit log and back office only).
 */
export const approveRequestSchema = z.strictObject({
  amount: amountInputSchema,
  term: termSchema,
  reasonCode: counterOfferReasonCodeSchema.optional(),
  note: internalNoteSchema.optional(),
});
/** Reject with a reason code from the catalogue (the borrower reads its text) and an optional internal note. */
export const rejectRequestSchema = z.strictObject({
  reasonCode: rejectionReasonCodeSchema,
  note: internalNoteSchema.optional(),
});
export const reviewRequestSchema = z.strictObject({ note: internalNoteSchema.optional() }).nullish();
export const disburseRequestSchema = z.strictObject({ note: internalNoteSchema.optional() }).nullish();

export const disburseResponseSchema = z.object({
  loan: adminLoanDetailSchema.shape.loan,
  transfer: z.object({ id: z.string(), walletCredited: moneySchema, receivable: moneySchema, feesDeducted: moneySchema }),
});
export const adminLoanResponseSchema = z.object({ loan: adminLoanDetailSchema.shape.loan });
