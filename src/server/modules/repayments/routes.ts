import type { FastifyInstance } from 'fastify';
import { sendPdf } from '../../http/pdf-reply';
import type { AppDeps } from '../../deps';
import { readIdempotencyKey } from '../../http/idempotency';
import { registerRoute } from '../../http/route';
import { requestOrigin } from '../../http/request-origin';
import { requireMember, requireRole, requireUser } from '../../http/session';
import { repaymentsApi as api } from '../../../shared/api/repayments';
import { adminServicing, approvePayment, approveWaiver, recordPayment, waiveCharge } from './admin';
import { memberReceiptPdf } from './receipts';
import { currentServicing, payFromWallet, payoff, previewPayment, requestPayoffQuote } from './service';
import { STAFF_ROLES } from '../../../shared/states/roles';

const STAFF = STAFF_ROLES;

/**
 * Loan servicing: the borrower's schedule, payments and payoff under /api/loans/current
 * (identity from the session), and the back office's payments and waivers under /api/admin/loans.
 * Contracts: src/shared/api/repayments.ts.
 */
export async function repaymentsRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.servicing, async (request) => currentServicing(deps, requireUser(request).userId));

  registerRoute(app, api.pay, async (request, reply) => {
    const auth = requireMember(request);
    const answer = await payFromWallet(deps, auth, request.body, readIdempotencyKey(request), requestOrigin(request));
    return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
  });

  registerRoute(app, api.payPreview, async (request) => previewPayment(deps, requireMember(request), request.body));

  registerRoute(app, api.payoffQuote, async (request) => requestPayoffQuote(deps, requireMember(request)));

  registerRoute(app, api.payoff, async (request, reply) => {
    const auth = requireMember(request);
    const answer = await payoff(deps, auth, request.body.quoteId, readIdempotencyKey(request), requestOrigin(request));
    return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
  });

  registerRoute(app, api.receiptPdf, async (request, reply) => sendPdf(reply, await memberReceiptPdf(deps, requireMember(request), request.params.paymentId)));

  // Back office ---------------------------------------------------------------------------------
  registerRoute(app, api.adminServicing, async (request) => {
    requireRole(request, STAFF);
    return adminServicing(deps, request.params.loanId);
  });

  registerRoute(app, api.recordPayment, async (request, reply) => {
    const staff = requireRole(request, STAFF);
    const answer = await recordPayment(deps, staff, request.params.loanId, request.body, readIdempotencyKey(request), requestOrigin(request));
    return reply.code(answer.status).header('idempotent-replayed', String(answer.replayed)).send(answer.body);
  });

  registerRoute(app, api.approvePayment, async (request) =>
    approvePayment(deps, requireRole(request, STAFF), request.params.loanId, request.params.paymentId, requestOrigin(request)),
  );

  registerRoute(app, api.waive, async (request, reply) => {
    const answer = await waiveCharge(deps, requireRole(request, STAFF), request.params.loanId, request.params.chargeId, request.body, requestOrigin(request));
    return reply.code(answer.status).send(answer.body);
  });

  registerRoute(app, api.approveWaiver, async (request) =>
    approveWaiver(deps, requireRole(request, STAFF), request.params.loanId, request.params.chargeId, requestOrigin(request)),
  );
}
