import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { requireUser } from '../../http/session';
import { walletApi as api } from '../../../shared/api/wallet';
import { walletSummary, walletTransactions } from './service';

/** The member's wallet: summary and transaction history, from the ledger. Always the session's member. Contracts: src/shared/api/wallet.ts. */
export async function walletRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.summary, async (request) => walletSummary(deps, requireUser(request).userId));
  registerRoute(app, api.transactions, async (request) => walletTransactions(deps, requireUser(request).userId, request.query));
}
