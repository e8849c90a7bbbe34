import { z } from 'zod';
import { callbackAnswerSchema } from '../schemas/channel-payments';
import { defineRoute } from './define';

const tags = ['callbacks'];
const tokenHeader = z.object({ 'x-callback-token': z.string().optional() });

/** A provider as a callback path names it: its name in lower case (src/shared/providers/names.ts), e.g. xendit. */
const providerParams = z.object({ provider: z.string().regex(/^[a-z][a-z0-9-]{0,31}$/, 'provider must be a provider name in lower case') });

/**
 * The payment and payout providers' callbacks: one route per capability, the provider named in the
 * path (decision 079); no session, verified as the provider's adapter says (Xendit: the
 * x-callback-token header); the body is the provider's, read by its adapter. A provider that does
 * not call back, or no such provider: 404.
 */
export const callbacksApi = {
  payments: defineRoute({
    method: 'POST',
    path: '/callbacks/:provider/payments',
    summary:
      "A payment provider's callback (Xendit: payment.succeeded, payment.failed, payment_request.expiry, verified by the x-callback-token header); every verified callback is recorded and answered 200, and a payment is applied at most once, only after the provider's status endpoint confirms it",
    tags,
    auth: 'callback',
    params: providerParams,
    headers: tokenHeader,
    body: z.unknown(),
    response: { 200: callbackAnswerSchema },
    errors: ['NOT_FOUND', 'BAD_REQUEST', 'PAYLOAD_UNSTORABLE'],
  }),
  payouts: defineRoute({
    method: 'POST',
    path: '/callbacks/:provider/payouts',
    summary:
      "A payout provider's callback (Xendit: payout.succeeded, payout.failed..., verified by the x-callback-token header); recorded, and the withdrawal's status is then read from the provider's status endpoint by the settlement worker",
    tags,
    auth: 'callback',
    params: providerParams,
    headers: tokenHeader,
    body: z.unknown(),
    response: { 200: callbackAnswerSchema },
    errors: ['NOT_FOUND', 'BAD_REQUEST', 'PAYLOAD_UNSTORABLE'],
  }),
};
