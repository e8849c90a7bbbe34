import { z } from 'zod';
import { channelPayments as messages } from '../i18n/en/channel-payments';
import { ALL_CHANNEL_CODES, CHANNEL_METHODS, CHANNEL_PAYMENT_STATUSES, type ChannelCode } from '../channel/methods';
import { moneySchema } from './loans';
import { optionalBigintIdParam, pageLimitParam } from './params';
import { repaymentAmountSchema } from './repayments';

/**
 * Contracts of paying a loan through a payment channel (issue 10 item 2;
 * docs/decisions/013-payment-channels.md). Amounts are decimal strings in PHP (docs/decisions/004).
 */
export const CHANNEL_PAYMENT_ERROR_CODES = [
  /** 409: a payment reference is still waiting to be paid; pay it or let it expire first. */
  'CHANNEL_PAYMENT_PENDING',
  /** 400: the channel code does not belong to the method (fields.channelCode). */
  'CHANNEL_CODE_INVALID',
  /** 502: the payment provider did not answer or refused; nothing was created. */
  'PROVIDER_UNAVAILABLE',
  /** 401: a provider callback without a valid token. */
  'CALLBACK_UNVERIFIED',
  /** 409: this server has no payment provider configured (production without COLLECTION_PROVIDER=xendit). */
  'CHANNELS_UNAVAILABLE',
] as const;

export const CHANNEL_PAYMENT_MESSAGES = messages.errors;

export const channelPaymentRequestSchema = z.strictObject({
  method: z.enum(CHANNEL_METHODS),
  channelCode: z.enum(ALL_CHANNEL_CODES as [ChannelCode, ...ChannelCode[]]),
  amount: repaymentAmountSchema,
});
export type ChannelPaymentRequest = z.infer<typeof channelPaymentRequestSchema>;

export const channelInstructionsSchema = z.object({
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
  provider: z.enum(['SIMULATED', 'XENDIT']),
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
  cursor: optionalBigintIdParam('cursor must come from nextCursor'),
  limit: pageLimitParam(100, 20),
});
export const channelPaymentListSchema = z.object({
  payments: z.array(channelPaymentSchema),
  provider: z.enum(['SIMULATED', 'XENDIT', 'NONE']),
  /** The cursor of the next (older) page, null on the last one. */
  nextCursor: z.string().nullable(),
});

/** What the callback route answers the provider (always 200 once verified: the event is recorded). */
export const callbackAnswerSchema = z.object({ received: z.literal(true), outcome: z.string() });

/** The back office's list of provider confirmations (callbacks and polls) with what was done with each, newest first. */
export const channelEventsQuerySchema = z.object({
  cursor: optionalBigintIdParam('cursor must come from nextCursor'),
  limit: pageLimitParam(100, 50),
});
export const channelEventSchema = z.object({
  id: z.string(),
  provider: z.string(),
  source: z.enum(['CALLBACK', 'POLL']),
  kind: z.enum(['SUCCEEDED', 'FAILED', 'EXPIRED']),
  providerPaymentId: z.string().nullable(),
  referenceId: z.string().nullable(),
  amount: moneySchema.nullable(),
  currency: z.string().nullable(),
  channelPaymentId: z.string().nullable(),
  /** POSTED, POSTED_EXCESS_TO_WALLET, AMOUNT_MISMATCH_TO_WALLET, LATE_TO_WALLET, LOAN_CLOSED_TO_WALLET, DUPLICATE, UNKNOWN, CURRENCY_MISMATCH, FAILED, EXPIRED, IGNORED. */
  outcome: z.string(),
  receivedAt: z.string(),
});
export const channelEventsResponseSchema = z.object({ events: z.array(channelEventSchema), nextCursor: z.string().nullable() });
