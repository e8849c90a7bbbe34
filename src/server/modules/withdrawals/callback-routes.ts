import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertStorablePayload } from '../../http/payload-bounds';
import { registerRoute } from '../../http/route';
import { parseXenditPayoutCallback } from '../../providers/payouts';
import { ProviderError, tokenMatches } from '../../providers/xendit/http';
import { callbacksApi } from '../../../shared/api/callbacks';
import { receivePayoutCallback } from './callbacks';
import { text } from '../../../shared/i18n/text';

/** Xendit's payout callback (issue 11): verified by its token, recorded, and it brings the payout's status check forward. */
export async function payoutCallbackRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, callbacksApi.xenditPayouts, async (request) => {
    if (!tokenMatches(request.headers['x-callback-token'], deps.config.xendit?.callbackToken ?? ''))
      throw new AppError(401, 'CALLBACK_UNVERIFIED', text('channelPayments.errors.callbackUnverified'));
    assertStorablePayload(request.body);
    let callback;
    try {
      callback = parseXenditPayoutCallback(request.body);
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError(400, 'BAD_REQUEST', text('errors.BAD_REQUEST'));
      throw error;
    }
    return { received: true as const, outcome: await receivePayoutCallback(deps, 'XENDIT', callback, request.body) };
  });
}
