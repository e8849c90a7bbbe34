import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../http/errors';
import { readIdempotencyKey } from '../../http/idempotency';
import { assertStorablePayload } from '../../http/payload-bounds';
import { requestOrigin } from '../../http/request-origin';
import { registerRoute } from '../../http/route';
import { requireMember, requireRole } from '../../http/session';
import { ProviderError } from '../../providers/xendit/http';
import { callbacksApi } from '../../../shared/api/callbacks';
import { channelPaymentsApi as api } from '../../../shared/api/channel-payments';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { createChannelPayment, listChannelEvents, listChannelPayments } from './channel';
import { receivePaymentCallback } from './channel-confirm';
import { listHeldPayments, releaseHeldPayment } from './channel-held-admin';
import { text } from '../../../shared/i18n/text';

/**
 * Paying a loan through a payment channel (docs/decisions/013-payment-channels.md): the member's
 * payment references under /api/loans/current/channel-payments (identity from the session; staff
 * refused), the provider's callback, verified by its token (no session) and only a hint
 * (channel-confirm.ts, decision 059), and the back office's held payments. Contracts:
 * src/shared/api/channel-payments.ts and callbacks.ts.
 */
export async function channelPaymentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.list, async (request) => listChannelPayments(deps, requireMember(request).userId, request.query));

  registerRoute(app, api.create, async (request, reply) => {
    const auth = requireMember(request);
    const answer = await createChannelPayment(deps, auth.userId, request.body, readIdempotencyKey(request));
    return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
  });

  registerRoute(app, callbacksApi.payments, async (request) => {
    const provider = deps.providers.collectionCallback(request.params.provider);
    if (!provider) throw new AppError(404, 'NOT_FOUND');
    if (!provider.reader.verify(request.headers, deps.config))
      throw new AppError(401, 'CALLBACK_UNVERIFIED', text('channelPayments.errors.callbackUnverified'));
    assertStorablePayload(request.body);
    let event;
    try {
      event = provider.reader.read(request.body, deps.clock.now());
    } catch (error) {
      if (error instanceof ProviderError) throw new AppError(400, 'BAD_REQUEST', text('errors.BAD_REQUEST'));
      throw error;
    }
    if (!event) return { received: true as const, outcome: 'IGNORED' };
    const { outcome } = await receivePaymentCallback(deps, event, String(request.id));
    return { received: true as const, outcome };
  });

  registerRoute(app, api.held, async (request) => {
    requireRole(request, STAFF_ROLES);
    return listHeldPayments(deps, request.query);
  });

  registerRoute(app, api.releaseHeld, async (request, reply) => {
    const answer = await releaseHeldPayment(deps, requireRole(request, STAFF_ROLES), request.params.holdId, request.body, requestOrigin(request));
    return reply.code(answer.status).send(answer.body);
  });

  registerRoute(app, api.events, async (request) => {
    requireRole(request, STAFF_ROLES);
    return listChannelEvents(deps, request.query);
  });
}
