import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { assertStorablePayload } from '../../http/payload-bounds';
import { registerRoute } from '../../http/route';
import { ProviderError } from '../../providers/xendit/http';
import { callbacksApi } from '../../../shared/api/callbacks';
import { receivePayoutCallback } from './callbacks';
import { text } from '../../../shared/i18n/text';

/** A payout provider's callback (decision 079): verified as its adapter says, recorded, and it brings the payout's status check forward. */
export async function payoutCallbackRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, callbacksApi.payouts, async (request) => {
    const provider = deps.providers.payoutCallback(request.params.provider);
    if (!provider) throw new AppError(404, 'NOT_FOUND');
    if (!provider.reader.verify(request.headers, deps.config))
      throw new AppError(401, 'CALLBACK_UNVERIFIED', text('channelPayments.errors.callbackUnverified'));
    assertStorablePayload(request.body);
    let callback;
    try {
      callback = provider.reader.read(request.body, deps.clock.now());
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError(400, 'BAD_REQUEST', text('errors.BAD_REQUEST'));
      throw error;
    }
    return { received: true as const, outcome: await receivePayoutCallback(deps, provider.name, callback, request.body) };
  });
}
