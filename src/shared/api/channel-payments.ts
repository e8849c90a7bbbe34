import { z } from 'zod';
import {
  channelEventsQuerySchema,
  channelEventsResponseSchema,
  channelPaymentListQuerySchema,
  channelPaymentListSchema,
  channelPaymentRequestSchema,
  channelPaymentResponseSchema,
  heldPaymentsQuerySchema,
  heldPaymentsResponseSchema,
  heldReleaseRequestSchema,
  heldReleaseResponseSchema,
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
  held: defineRoute({
    method: 'GET',
    path: '/admin/channel-payments/held',
    summary:
      "Channel payments held for an officer (docs/decisions/059): the provider's status endpoint confirmed another amount or currency than the reference asked, so nothing was posted. OPEN (oldest first) or RESOLVED (newest first), with the provider's confirmed figures",
    tags: ['admin'],
    auth: 'staff',
    query: heldPaymentsQuerySchema,
    response: { 200: heldPaymentsResponseSchema },
    errors: [],
  }),
  releaseHeld: defineRoute({
    method: 'POST',
    path: '/admin/channel-payments/held/:holdId/release',
    summary:
      "Credit a held payment's confirmed amount (PHP) to the borrower's wallet, with a note (audited). Above REPAYMENT_APPROVAL_THRESHOLD the first officer's call is a request (202, nothing moves) that another officer confirms with the same call (200)",
    tags: ['admin'],
    auth: 'staff',
    params: z.object({ holdId: z.string().max(64) }),
    body: heldReleaseRequestSchema,
    response: { 200: heldReleaseResponseSchema, 202: heldReleaseResponseSchema },
    errors: ['NOT_FOUND', 'HELD_PAYMENT_STATE', 'HELD_PAYMENT_NOT_PHP', 'MAKER_CHECKER', 'CONFLICT_OF_INTEREST'],
  }),
};
