import { z } from 'zod';
import { callbackAnswerSchema } from '../schemas/channel-payments';
import { defineRoute } from './define';

const tags = ['callbacks'];
const tokenHeader = z.object({ 'x-callback-token': z.string().optional() });

/** The payment provider's callbacks (issue 11): no session, verified by their token; the body is the provider's, read by its adapter. */
export const callbacksApi = {
  xenditPayments: defineRoute({
    method: 'POST',
    path: '/callbacks/xendit/payments',
    summary:
      "Xendit's payment callback (payment.succeeded, payment.failed, payment_request.expiry), verified by the x-callback-token header; every verified callback is recorded and answered 200, and a payment is applied at most once",
    tags,
    auth: 'callback',
    headers: tokenHeader,
    body: z.unknown(),
    response: { 200: callbackAnswerSchema },
    errors: ['BAD_REQUEST', 'PAYLOAD_UNSTORABLE'],
  }),
  xenditPayouts: defineRoute({
    method: 'POST',
    path: '/callbacks/xendit/payouts',
    summary:
      "Xendit's payout callback (payout.succeeded, payout.failed...), verified by the x-callback-token header; recorded, and the withdrawal's status is then read from Xendit's status endpoint by the settlement worker",
    tags,
    auth: 'callback',
    headers: tokenHeader,
    body: z.unknown(),
    response: { 200: callbackAnswerSchema },
    errors: ['BAD_REQUEST', 'PAYLOAD_UNSTORABLE'],
  }),
};
