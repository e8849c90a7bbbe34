import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { requireRole } from '../../http/session';
import { deliveryApi as api } from '../../../shared/api/delivery';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { listOutboxForStaff, retryMessage } from './admin';

/** Message delivery in the back office (OFFICER, ADMIN). Contracts: src/shared/api/delivery.ts. */
export async function deliveryRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.outbox, async (request, reply) => {
    requireRole(request, STAFF_ROLES);
    reply.header('cache-control', 'no-store');
    return listOutboxForStaff(deps, request.query);
  });
  registerRoute(app, api.retry, async (request) => retryMessage(deps, requireRole(request, STAFF_ROLES), request.params.messageId, requestOrigin(request)));
}
