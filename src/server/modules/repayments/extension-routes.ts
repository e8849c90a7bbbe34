import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { requireMember, requireRole, requireUser } from '../../http/session';
import { extensionsApi as api } from '../../../shared/api/extensions';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { approveExtension, countOpenExtensions, declineExtension, listExtensions } from './extension-admin';
import { currentExtension, requestExtension, requestExtensionCode, signExtension, withdrawExtension } from './extension-member';

const STAFF = STAFF_ROLES;

/**
 * Extension requests (docs/decisions/016-extensions.md): the borrower's under
 * /api/loans/current/extension (identity from the session; staff accounts are refused), the
 * officer's under /api/admin/extensions. Contracts: src/shared/api/extensions.ts.
 */
export async function extensionRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.current, async (request) => currentExtension(deps, requireUser(request).userId));
  registerRoute(app, api.request, async (request, reply) =>
    reply.code(201).send(await requestExtension(deps, requireMember(request), request.body.term, requestOrigin(request))),
  );
  registerRoute(app, api.withdraw, async (request) => withdrawExtension(deps, requireMember(request)));
  registerRoute(app, api.code, async (request) => requestExtensionCode(deps, requireMember(request), requestOrigin(request)));
  registerRoute(app, api.sign, async (request) =>
    signExtension(deps, requireMember(request), request.body.code, { ...requestOrigin(request), userAgent: request.headers['user-agent'] ?? null }),
  );

  // Back office ---------------------------------------------------------------------------------
  registerRoute(app, api.adminList, async (request) => {
    requireRole(request, STAFF);
    return listExtensions(deps, request.query);
  });
  registerRoute(app, api.adminCount, async (request) => {
    requireRole(request, STAFF);
    return countOpenExtensions(deps);
  });
  registerRoute(app, api.approve, async (request) =>
    approveExtension(deps, requireRole(request, STAFF), request.params.extensionId, request.body?.note, requestOrigin(request)),
  );
  registerRoute(app, api.decline, async (request) =>
    declineExtension(deps, requireRole(request, STAFF), request.params.extensionId, request.body.reasonCode, request.body.note, requestOrigin(request)),
  );
}
