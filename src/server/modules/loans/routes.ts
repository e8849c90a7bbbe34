import type { FastifyInstance } from 'fastify';
import { sendPdf } from '../../http/pdf-reply';
import type { AppDeps } from '../../deps';
import { readIdempotencyKey } from '../../http/idempotency';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { readWithSession, requireMember, requireRole, requireUser } from '../../http/session';
import { loansApi as api } from '../../../shared/api/loans';
import { approve, detail, disburse, queueAnswer, queueWithSession, reject, startReview } from './admin';
import { acceptOffer, apply, cancel, currentOf, quote } from './service';
import { currentLoanWithSession } from './views';
import { documentPdf, getContract, requestSigningCode, sign } from './signing';
import { STAFF_ROLES } from '../../../shared/states/roles';

const STAFF = STAFF_ROLES;

/**
 * Loans: the borrower's application, loan, contract and documents under /api/loans (identity from the
 * session), and the back office under /api/admin/loans (OFFICER and ADMIN). Contracts: src/shared/api/loans.ts.
 */
export async function loansRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.apply, async (request, reply) => {
    const auth = requireMember(request);
    const answer = await apply(deps, auth, request.body, readIdempotencyKey(request));
    return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
  });
  // A hot read: the session, the loan, its contract and timeline in one statement (decisions 038, 042); the session is checked before the loan is used.
  registerRoute(
    app,
    api.current,
    async (request) => {
      const { current } = await readWithSession(request, deps, (key) => currentLoanWithSession(deps.db, key));
      requireUser(request);
      return currentOf(deps, current);
    },
    { config: { sessionInStatement: true } },
  );
  registerRoute(app, api.quote, async (request) => quote(deps, request.query, request.auth?.role === 'MEMBER' ? request.auth.userId : null));
  registerRoute(app, api.cancel, async (request) => cancel(deps, requireMember(request), request.body?.reason));
  registerRoute(app, api.acceptOffer, async (request) => acceptOffer(deps, requireMember(request), request.body));
  registerRoute(app, api.contract, async (request) => getContract(deps, requireUser(request).userId));
  registerRoute(app, api.contractCode, async (request) => requestSigningCode(deps, requireMember(request), requestOrigin(request)));
  registerRoute(app, api.sign, async (request) =>
    sign(deps, requireMember(request), request.body.code, { ...requestOrigin(request), userAgent: request.headers['user-agent'] ?? null }),
  );
  for (const [route, which] of [
    [api.contractPdf, 'contract'],
    [api.disclosurePdf, 'disclosure'],
  ] as const) {
    // In the member's own language (users.language), whatever the browser that follows the link says.
    registerRoute(app, route, async (request, reply) => {
      const user = requireUser(request);
      return sendPdf(reply, await documentPdf(deps, user, which, user.language));
    });
  }

  // Back office ---------------------------------------------------------------------------------
  // A hot read: the session, the page and the counts in one statement (decision 042); the session and role are checked before the page is used.
  registerRoute(
    app,
    api.adminQueue,
    async (request) => {
      const { queue } = await readWithSession(request, deps, (key) => queueWithSession(deps, key, request.query));
      requireRole(request, STAFF);
      return queueAnswer(deps, queue);
    },
    { config: { sessionInStatement: true } },
  );
  registerRoute(app, api.adminDetail, async (request) =>
    detail(deps, requireRole(request, STAFF), request.params.loanId, { ip: request.ip, userAgent: request.headers['user-agent'] }),
  );
  registerRoute(app, api.review, async (request) =>
    startReview(deps, requireRole(request, STAFF), request.params.loanId, request.body?.note, requestOrigin(request)),
  );
  registerRoute(app, api.approve, async (request) => approve(deps, requireRole(request, STAFF), request.params.loanId, request.body, requestOrigin(request)));
  registerRoute(app, api.reject, async (request) => reject(deps, requireRole(request, STAFF), request.params.loanId, request.body, requestOrigin(request)));
  registerRoute(app, api.disburse, async (request, reply) => {
    const staff = requireRole(request, STAFF);
    const answer = await disburse(deps, staff, request.params.loanId, readIdempotencyKey(request), request.body?.note, requestOrigin(request));
    return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
  });
}
