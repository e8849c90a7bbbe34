import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { parseXenditPayoutCallback } from '../../providers/payouts';
import { ProviderError, tokenMatches } from '../../providers/xendit/http';
import { channelPayments as texts } from '../../../shared/i18n/en/channel-payments';
import { callbackAnswerSchema } from '../../../shared/schemas/channel-payments';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { receivePayoutCallback } from './callbacks';

/** Xendit's payout callback (issue 11): verified by its token, recorded, and it brings the payout's status check forward. */
export async function payoutCallbackRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/callbacks/xendit/payouts',
    {
      schema: {
        tags: ['callbacks'],
        summary:
          "Xendit's payout callback (payout.succeeded, payout.failed...), verified by the x-callback-token header; recorded, and the withdrawal's status is then read from Xendit's status endpoint by the settlement worker",
        headers: z.object({ 'x-callback-token': z.string().optional() }),
        body: z.unknown(),
        response: { 200: callbackAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      if (!tokenMatches(request.headers['x-callback-token'], deps.config.xendit?.callbackToken ?? ''))
        throw new AppError(401, 'CALLBACK_UNVERIFIED', texts.errors.callbackUnverified);
      let callback;
      try {
        callback = parseXenditPayoutCallback(request.body);
      } catch (error) {
        if (error instanceof ProviderError) throw new AppError(400, 'BAD_REQUEST', 'The request could not be read.');
        throw error;
      }
      return { received: true as const, outcome: await receivePayoutCallback(deps, 'XENDIT', callback, request.body) };
    },
  );
}
