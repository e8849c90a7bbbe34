import { z } from 'zod';
import {
  channelEventsQuerySchema,
  channelEventsResponseSchema,
  channelPaymentListQuerySchema,
  channelPaymentListSchema,
  channelPaymentRequestSchema,
  channelPaymentResponseSchema,
} from '../schemas/channel-payments';
import { defineRoute } from './define';

const tags = ['repayments'];

/** Paying a loan through a payment channel (docs/decisions/013-payment-channels.md); the provider's callbacks are in callbacks.ts. */
export const channelPaymentsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/loans/current/channel-payments',
    summary: "The member's payment references (newest first, a page at a time by cursor) with their status, and the provider in use",
    tags,
    auth: 'member',
    query: channelPaymentListQuerySchema,
    response: { 200: channelPaymentListSchema },
    errors: [],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/loans/current/channel-payments',
    summary:
      'A payment reference for an amount of the loan (Idempotency-Key header required): a virtual account, an e-wallet checkout or an over-the-counter code, with its expiry. Same amount rules as a wallet payment; one open reference at a time.',
    tags,
    auth: 'member',
    headers: z.object({ 'idempotency-key': z.string().optional() }),
    body: channelPaymentRequestSchema,
    response: { 200: channelPaymentResponseSchema, 201: channelPaymentResponseSchema },
    errors: [
      'IDEMPOTENCY_KEY_REQUIRED',
      'IDEMPOTENCY_KEY_REUSED',
      'NO_LOAN',
      'LOAN_NOT_DISBURSED',
      'LOAN_REPAID',
      'AMOUNT_TOO_SMALL',
      'AMOUNT_ABOVE_OUTSTANDING',
      'CHANNEL_PAYMENT_PENDING',
      'CHANNEL_CODE_INVALID',
      'CHANNELS_UNAVAILABLE',
      'PROVIDER_UNAVAILABLE',
    ],
  }),
  events: defineRoute({
    method: 'GET',
    path: '/admin/channel-payments/events',
    summary: "The payment provider's confirmations (callbacks and status polls) and what was done with each, newest first (cursor pagination)",
    tags: ['admin'],
    auth: 'staff',
    query: channelEventsQuerySchema,
    response: { 200: channelEventsResponseSchema },
    errors: [],
  }),
};
