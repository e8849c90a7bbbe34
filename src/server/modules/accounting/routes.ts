import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { accountingApi as api } from '../../../shared/api/accounting';
import { closedDays, portfolioCsv, trialBalance, trialBalanceCsv } from './service';

/** The ledger's closed days (staff; the access is the route table's, enforced by registration). */
export async function accountingRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.closedDays, async (request) => closedDays(deps, request.query));
  registerRoute(app, api.trialBalance, async (request) => trialBalance(deps, request.params.date));
  registerRoute(app, api.trialBalanceCsv, async (request, reply) => sendCsv(reply, await trialBalanceCsv(deps, request.params.date)));
  registerRoute(app, api.portfolioCsv, async (request, reply) => sendCsv(reply, await portfolioCsv(deps, request.params.date)));
}

function sendCsv(reply: FastifyReply, csv: { filename: string; body: string }) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csv.filename}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(csv.body);
}
