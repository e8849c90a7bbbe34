import { COLLECTION_PROVIDERS } from '../providers/names';
import { z } from 'zod';
import { channelPayments as messages } from '../i18n/en/channel-payments';
import { catalogueKeys } from '../i18n/text';
import { HELD_NOTE_MAX } from '../text-lengths';
import { ALL_CHANNEL_CODES, CHANNEL_METHODS, CHANNEL_PAYMENT_STATUSES, type ChannelCode } from '../channel/methods';
import { moneySchema } from './loans';
import { optionalBigintIdParam, pageLimitParam } from './params';
import { HELD_PAYMENT_REASONS, HELD_PAYMENT_STATUSES } from '../channel/held';
import { repaymentAmountSchema } from './repayments';

/**
 * Contracts of paying a loan through a payment channel (docs/decisions/013-payment-channels.md). Amounts are decimal strings in PHP (docs/decisions/004).
 */
const HELD_MESSAGES = catalogueKeys('channelPayments.held', messages.held);

export const channelPaymentRequestSchema = z.strictObject({
  method: z.enum(CHANNEL_METHODS),
  channelCode: z.enum(ALL_CHANNEL_CODES as [ChannelCode, ...ChannelCode[]]),
  amount: repaymentAmountSchema,
});
export type ChannelPaymentRequest = z.infer<typeof channelPaymentRequestSchema>;

const channelInstructionsSchema = z.object({
  /** VIRTUAL_ACCOUNT: the account number to transfer to. */
  accountNumber: z.string().nullable(),
  /** EWALLET: the provider's checkout page. */
  checkoutUrl: z.string().nullable(),
  /** OVER_THE_COUNTER: the code to give the cashier. */
  paymentCode: z.string().nullable(),
});

export const channelPaymentSchema = z.object({
  id: z.string(),
  /** Our reference, shown on the provider's side as well. */
  reference: z.string(),
  provider: z.enum(COLLECTION_PROVIDERS),
  method: z.enum(CHANNEL_METHODS),
  channelCode: z.enum(ALL_CHANNEL_CODES as [ChannelCode, ...ChannelCode[]]),
  amount: moneySchema,
  status: z.enum(CHANNEL_PAYMENT_STATUSES),
  instructions: channelInstructionsSchema,
  expiresAt: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** What the provider says was paid (may differ from the amount asked). */
  paidAmount: moneySchema.nullable(),
  /** What went to the loan and what to the wallet. */
  appliedToLoan: moneySchema.nullable(),
  creditedToWallet: moneySchema.nullable(),
  /** The loan payment's receipt reference (TAPAT-P000123), once applied. */
  receiptReference: z.string().nullable(),
});
export type ChannelPaymentDto = z.infer<typeof channelPaymentSchema>;

export const channelPaymentResponseSchema = z.object({ payment: channelPaymentSchema });
/** The member's payment references, newest first, a page at a time (the cursor is the last reference's number). */
export const channelPaymentListQuerySchema = z.object({
  cursor: optionalBigintIdParam('errors.cursor'),
  limit: pageLimitParam(100, 20),
});
export const channelPaymentListSchema = z.object({
  payments: z.array(channelPaymentSchema),
  provider: z.enum([...COLLECTION_PROVIDERS, 'NONE']),
  /** The cursor of the next (older) page, null on the last one. */
  nextCursor: z.string().nullable(),
});

/** What the callback route answers the provider (always 200 once verified: the event is recorded). */
export const callbackAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });

/** The back office's list of provider confirmations (callbacks and polls) with what was done with each, newest first. */
export const channelEventsQuerySchema = z.object({
  cursor: optionalBigintIdParam('errors.cursor'),
  limit: pageLimitParam(100, 50),
});
const channelEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  source: z.enum(['CALLBACK', 'POLL']),
  kind: z.enum(['SUCCEEDED', 'FAILED', 'EXPIRED']),
  providerPaymentId: z.string().nullable(),
  referenceId: z.string().nullable(),
  amount: moneySchema.nullable(),
  currency: z.string().nullable(),
  channelPaymentId: z.string().nullable(),
  /**
   * The provider's answers (POLL): POSTED, POSTED_EXCESS_TO_WALLET, HELD, LATE_TO_WALLET, LOAN_CLOSED_TO_WALLET, DUPLICATE, UNKNOWN,
   * FAILED, EXPIRED, IGNORED (and, before decision 059, AMOUNT_MISMATCH_TO_WALLET, CURRENCY_MISMATCH). A callback (CALLBACK) is a hint:
   * CHECKED (the provider's status endpoint was asked; its answer is the POLL row), NOT_CONFIRMED (the provider says it is not paid),
   * CHECK_DUE (the provider did not answer: the worker asks it), UNKNOWN, IGNORED.
   */
  outcome: z.string(),
  receivedAt: z.string(),
});
export const channelEventsResponseSchema = z.object({ events: z.array(channelEventSchema), nextCursor: z.string().nullable() });

/**
 * Held channel payments (docs/decisions/059-callbacks-are-hints.md): the provider confirmed another
 * amount or currency than the reference asked; nothing is posted until an officer credits the
 * confirmed amount to the borrower's wallet (a second officer above the approval threshold).
 */
export const heldPaymentsQuerySchema = z.object({
  /** OPEN: held or waiting for a second officer, oldest first; RESOLVED: credited, newest first. */
  view: z.enum(['OPEN', 'RESOLVED']).default('OPEN'),
  limit: pageLimitParam(200, 100),
});
export const heldPaymentSchema = z.object({
  id: z.string(),
  channelPaymentId: z.string(),
  /** Our reference (TAPAT-C000123). */
  reference: z.string(),
  loanId: z.string(),
  loanNumber: z.string(),
  memberName: z.string(),
  provider: z.string(),
  providerPaymentId: z.string().nullable(),
  method: z.enum(CHANNEL_METHODS),
  channelCode: z.string(),
  /** What the reference asked (PHP). */
  expectedAmount: moneySchema,
  /** What the provider's status endpoint confirmed was paid, in its currency (null: none named). */
  confirmedAmount: moneySchema,
  confirmedCurrency: z.string().nullable(),
  reason: z.enum(HELD_PAYMENT_REASONS),
  status: z.enum(HELD_PAYMENT_STATUSES),
  heldAt: z.string(),
  /** Above the approval threshold a second officer confirms the first one's request. */
  needsSecondOfficer: z.boolean(),
  requestedBy: z.string().nullable(),
  requestedAt: z.string().nullable(),
  requestNote: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string().nullable(),
});
export type HeldPaymentDto = z.infer<typeof heldPaymentSchema>;
export const heldPaymentsResponseSchema = z.object({ held: z.array(heldPaymentSchema) });
export const heldReleaseRequestSchema = z.strictObject({
  /** Why the confirmed amount is the borrower's (internal: back office and audit log). */
  note: z.string().trim().min(1, HELD_MESSAGES.noteRequired).max(HELD_NOTE_MAX, HELD_MESSAGES.noteTooLong),
});
export const heldReleaseResponseSchema = z.object({ held: heldPaymentSchema });
