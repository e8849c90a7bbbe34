import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { requireRole } from '../../http/session';
import { supportApi as api } from '../../../shared/api/support';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { CONTACT_SENT_MESSAGE, sendContactMessage } from './service';
import { assignMessage, listInbox, moveMessage, replyToMessage } from './inbox';

/** The contact form of the help page, and the support inbox for staff. Contracts: src/shared/api/support.ts. */
export async function supportRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.contact, async (request, reply) => {
    await sendContactMessage(deps, request.body, { ip: request.ip, userId: request.auth?.userId ?? null });
    return reply.code(201).send({ message: CONTACT_SENT_MESSAGE });
  });

  registerRoute(app, api.inbox, async (request) => {
    requireRole(request, STAFF_ROLES);
    return listInbox(deps, request.query);
  });
  registerRoute(app, api.assign, async (request) =>
    assignMessage(deps, requireRole(request, STAFF_ROLES), request.params.messageId, request.body, requestOrigin(request)),
  );
  registerRoute(app, api.reply, async (request) =>
    replyToMessage(deps, requireRole(request, STAFF_ROLES), request.params.messageId, request.body, requestOrigin(request)),
  );
  registerRoute(app, api.close, async (request) =>
    moveMessage(deps, requireRole(request, STAFF_ROLES), request.params.messageId, 'CLOSE', requestOrigin(request)),
  );
  registerRoute(app, api.reopen, async (request) =>
    moveMessage(deps, requireRole(request, STAFF_ROLES), request.params.messageId, 'REOPEN', requestOrigin(request)),
  );
}
