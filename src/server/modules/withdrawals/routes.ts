import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { readIdempotencyKey } from '../../http/idempotency';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { readWithSession, requireMember, requireRole, requireUser } from '../../http/session';
import { withdrawalsApi as api } from '../../../shared/api/withdrawals';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { confirmFailed, confirmPartFailed, markFailed, markPaid, markPart, queue, reconciliation, withdrawFailed, withdrawPartFailed } from './admin';
import { cancelWithdrawal, confirmWithdrawal, listWithdrawals, options, requestWithdrawal, resendCode } from './service';
import { withdrawalPollAnswer, withdrawalPollRead } from './views';

/**
 * Withdrawals: the member's under /api/withdrawals (identity from the session), the back
 * office under /api/admin/withdrawals (OFFICER and ADMIN). Contracts: src/shared/api/withdrawals.ts.
 */
export async function withdrawalsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.options, async (request) => options(deps, requireUser(request).userId));

  registerRoute(app, api.request, async (request, reply) => {
    const auth = requireMember(request);
    const answer = await requestWithdrawal(deps, auth, request.body, readIdempotencyKey(request), requestOrigin(request));
    return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
  });

  registerRoute(app, api.list, async (request) => listWithdrawals(deps, requireUser(request)));

  // The status poll, a hot read: the session, the withdrawal, its events (and parts, and the code's
  // times while it awaits its code) in one statement (decision 043); the session is checked before
  // the rest is read. Its params are checked first, as on every route (an id over 64 characters: 400).
  registerRoute(
    app,
    api.get,
    async (request) => {
      const now = deps.clock.now();
      const { poll } = await readWithSession(request, deps, (key) => withdrawalPollRead(deps.db, key, request.params.id, now));
      requireUser(request);
      return withdrawalPollAnswer(deps, poll, now);
    },
    { config: { sessionInStatement: true } },
  );

  registerRoute(app, api.resendCode, async (request) => resendCode(deps, requireMember(request), request.params.id, requestOrigin(request)));

  registerRoute(app, api.confirm, async (request, reply) => {
    const auth = requireMember(request);
    const answer = await confirmWithdrawal(deps, auth, request.params.id, request.body.code, readIdempotencyKey(request), requestOrigin(request));
    return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
  });

  registerRoute(app, api.cancel, async (request) => cancelWithdrawal(deps, requireMember(request), request.params.id, requestOrigin(request)));

  registerRoute(app, api.adminQueue, async (request) => {
    requireRole(request, STAFF_ROLES);
    return queue(deps, request.query);
  });

  registerRoute(app, api.adminReconciliation, async (request) => {
    requireRole(request, STAFF_ROLES);
    return reconciliation(deps, request.query.date);
  });

  registerRoute(app, api.adminPaid, async (request) =>
    markPaid(deps, requireRole(request, STAFF_ROLES), request.params.id, request.body.bankReference, requestOrigin(request)),
  );

  // A failure mark is a request until a second officer confirms it (decision 049): 202, nothing moved.
  registerRoute(app, api.adminFailed, async (request, reply) =>
    reply.code(202).send(await markFailed(deps, requireRole(request, STAFF_ROLES), request.params.id, request.body, requestOrigin(request))),
  );

  registerRoute(app, api.adminFailConfirm, async (request) =>
    confirmFailed(deps, requireRole(request, STAFF_ROLES), request.params.id, requestOrigin(request)),
  );

  // The officer who asked (or an ADMIN) withdraws a failure request (decision 052): nothing moves.
  registerRoute(app, api.adminFailWithdraw, async (request) =>
    withdrawFailed(deps, requireRole(request, STAFF_ROLES), request.params.id, request.body.reason, requestOrigin(request)),
  );

  registerRoute(app, api.adminPartFailWithdraw, async (request) =>
    withdrawPartFailed(deps, requireRole(request, STAFF_ROLES), request.params.id, request.params.index, request.body.reason, requestOrigin(request)),
  );

  registerRoute(app, api.adminPartPaid, async (request) =>
    markPart(
      deps,
      requireRole(request, STAFF_ROLES),
      request.params.id,
      request.params.index,
      { paid: true, bankReference: request.body.bankReference },
      requestOrigin(request),
    ),
  );

  registerRoute(app, api.adminPartFailed, async (request, reply) =>
    reply
      .code(202)
      .send(
        await markPart(
          deps,
          requireRole(request, STAFF_ROLES),
          request.params.id,
          request.params.index,
          { paid: false, ...request.body },
          requestOrigin(request),
        ),
      ),
  );

  registerRoute(app, api.adminPartFailConfirm, async (request) =>
    confirmPartFailed(deps, requireRole(request, STAFF_ROLES), request.params.id, request.params.index, requestOrigin(request)),
  );
}
