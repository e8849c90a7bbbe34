import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { requireRole, requireUser } from '../../http/session';
import { privacyApi as api } from '../../../shared/api/privacy';
import { exportMemberDataConfirmed, myDeletionRequest, requestDeletion } from './service';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { completeDeletion, deletionDetail, listDeletionReview, rejectDeletion } from './review';

/** Data rights: the member's own export and deletion request; staff see the requests. Contracts: src/shared/api/privacy.ts. */
export async function privacyRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // A binary answer: no JSON schema for the ZIP. A POST with the current password: a session alone
  // (a stolen cookie) does not download the member's data.
  registerRoute(app, api.export, async (request, reply) => {
    const { filename, zip } = await exportMemberDataConfirmed(deps, requireUser(request), request.body, requestOrigin(request));
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
  });

  registerRoute(app, api.myDeletionRequest, async (request) => myDeletionRequest(deps, requireUser(request).userId));

  registerRoute(app, api.requestDeletion, async (request, reply) => {
    const auth = requireUser(request);
    const created = await requestDeletion(deps, auth.userId, { reason: request.body?.reason ?? null }, requestOrigin(request));
    return reply.code(201).send(created);
  });

  // The data-deletion review (docs/decisions/029-data-deletion-review.md): staff (OFFICER, ADMIN)
  // read, an ADMIN decides. Every view and decision is audited; every view is in the access log.
  registerRoute(app, api.adminDeletionRequests, async (request) => {
    requireRole(request, STAFF_ROLES);
    return listDeletionReview(deps, request.query);
  });
  registerRoute(app, api.adminDeletionRequest, async (request) =>
    deletionDetail(deps, requireRole(request, STAFF_ROLES), request.params.requestId, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  registerRoute(app, api.completeDeletion, async (request) =>
    completeDeletion(deps, requireRole(request, ['ADMIN']), request.params.requestId, requestOrigin(request)),
  );
  registerRoute(app, api.rejectDeletion, async (request) =>
    rejectDeletion(deps, requireRole(request, ['ADMIN']), request.params.requestId, request.body, requestOrigin(request)),
  );
}
