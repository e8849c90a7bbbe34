/** The loan as the borrower sees it: GET /api/loans/current, cancelling. */
import { z } from 'zod';
import { INTEREST_MODELS } from '../../loan/product';
import { LOAN_ACTIONS } from '../../states/loan';
import { SYSTEM_LOAN_REASONS } from '../../loan/system-reasons';
import { COUNTER_OFFER_REASONS, INTERNAL_NOTE_MAX, LOAN_REASONS, LOAN_REJECTION_REASONS } from '../../reasons/catalogue';
import { isoDateTime, LOAN_MESSAGES, loanStatusSchema, moneySchema, percentSchema, statusFieldsShape } from './common';
import { disclosureSchema } from './disclosure';
import { preAssessmentSchema } from './assessment';

const loanReasonCodeSchema = z.enum(LOAN_REASONS);
export const rejectionReasonCodeSchema = z.enum(LOAN_REJECTION_REASONS, { error: LOAN_MESSAGES.reasonCode });
export const counterOfferReasonCodeSchema = z.enum(COUNTER_OFFER_REASONS, { error: LOAN_MESSAGES.reasonCode });
/** An officer's note: kept in the audit log and the back office, never in a member-facing answer. */
export const internalNoteSchema = z.string({ error: LOAN_MESSAGES.note }).trim().max(INTERNAL_NOTE_MAX, { error: LOAN_MESSAGES.note });

const timelineEntrySchema = z.object({
  at: isoDateTime,
  from: loanStatusSchema.nullable(),
  to: loanStatusSchema,
  action: z.enum(LOAN_ACTIONS),
  actorRole: z.enum(['MEMBER', 'OFFICER', 'ADMIN', 'SYSTEM']),
  /** Who acted, as the reader sees it: YOU (the member reading their own loan), a PERSON named by actorName, or the SYSTEM. */
  actor: z.enum(['YOU', 'PERSON', 'SYSTEM']),
  /** The person's name when actor is PERSON (staff, or the member in the back office); null otherwise. */
  actorName: z.string().nullable(),
  /** A code of the fixed reason catalogue (src/shared/reasons), never text typed by staff. */
  reasonCode: loanReasonCodeSchema.nullable(),
  /** The catalogue's English text of reasonCode. */
  reason: z.string().nullable(),
  /** Why the system moved the loan (servicing): a code and its values, shown as t(`loans.history.system.${code}`, values). */
  systemReason: z.object({ code: z.enum(SYSTEM_LOAN_REASONS), values: z.record(z.string(), z.string()) }).nullable(),
});

/** The back office's timeline entry: also the free-text note (an officer's internal note, or the member's own words when cancelling). */
export const adminTimelineEntrySchema = timelineEntrySchema.extend({ note: z.string().nullable() });

/** The offer of an approved loan as the borrower sees it. */
const offerSchema = z.object({
  /** Lower amount or shorter term than applied for. */
  counterOffer: z.boolean(),
  reasonCode: counterOfferReasonCodeSchema.nullable(),
  /** The catalogue's English text of reasonCode. */
  reason: z.string().nullable(),
  requestedAmount: moneySchema,
  requestedTerm: z.number().int(),
  amount: moneySchema,
  term: z.number().int(),
  /** When the borrower accepted the counter-offer (null: not yet, or no counter-offer). */
  acceptedAt: isoDateTime.nullable(),
});

export const loanViewSchema = z.object({
  id: z.string(),
  loanNumber: z.string(),
  ...statusFieldsShape,
  open: z.boolean(),
  /** The loan's product (its code) and version: every figure of the loan is computed from them. */
  productCode: z.string(),
  productVersion: z.number().int(),
  requestedAmount: moneySchema,
  requestedTerm: z.number().int(),
  /** The offer once approved, else the amount applied for (PHP). */
  amount: moneySchema,
  term: z.number().int(),
  selectedCurrency: z.string(),
  exchangeRate: z.string(),
  displayRate: z.string(),
  ratesAsOf: z.string(),
  /** The amount in the selected currency, rounded up to a whole unit (display only). */
  amountXR: moneySchema,
  instalmentXR: moneySchema,
  interestModel: z.enum(INTEREST_MODELS),
  interestRatePercent: percentSchema,
  /** Why the application was not approved: a code of the fixed catalogue and its English text. */
  rejectionReasonCode: rejectionReasonCodeSchema.nullable(),
  rejectionReason: z.string().nullable(),
  /** The approved offer (null before approval). */
  offer: offerSchema.nullable(),
  createdAt: isoDateTime,
  approvedAt: isoDateTime.nullable(),
  signedAt: isoDateTime.nullable(),
  disbursedAt: isoDateTime.nullable(),
  preAssessment: preAssessmentSchema,
  disclosure: disclosureSchema,
  timeline: z.array(timelineEntrySchema),
  canCancel: z.boolean(),
  /** A counter-offer waits for the borrower's acceptance (POST /api/loans/current/accept-offer). */
  canAcceptOffer: z.boolean(),
  canSign: z.boolean(),
  contract: z.object({ signedAt: isoDateTime, documentsSha256: z.string(), contractUrl: z.string(), disclosureUrl: z.string() }).nullable(),
  /**
   * The schedule in force when it is no longer the contract's (an extension took effect): the months
   * from disbursement to the new last due date, the new regular instalment and the first line it
   * replaced. null: the contract's schedule (term, disclosure.regularInstalment) is in force. Every
   * page that shows the loan's term or instalment reads this first.
   */
  inForce: z.object({ term: z.number().int(), instalment: moneySchema, fromLine: z.number().int(), endDate: z.string() }).nullable(),
});
export type LoanView = z.infer<typeof loanViewSchema>;

/** GET /api/loans/current: the member's open loan, else the latest closed one, else null. */
export const currentLoanResponseSchema = z.object({ loan: loanViewSchema.nullable() });
export const loanResponseSchema = z.object({ loan: loanViewSchema });

/** POST /api/loans/current/cancel (body optional). */
export const cancelRequestSchema = z.strictObject({ reason: z.string().trim().max(500).optional() }).nullish();
