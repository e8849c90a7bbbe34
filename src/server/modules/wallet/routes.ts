import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { readWithSession, requireUser } from '../../http/session';
import { walletApi as api } from '../../../shared/api/wallet';
import { walletSummaryOf, walletSummaryRead, walletTransactions } from './service';

/** The member's wallet: summary and transaction history, from the ledger. Always the session's member. Contracts: src/shared/api/wallet.ts. */
export async function walletRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // A hot read: the session, the wallet and the loan in one statement (decision 038); the session is checked before the rest is read.
  registerRoute(
    app,
    api.summary,
    async (request) => {
      const { balance, loan } = await readWithSession(request, deps, (key) => walletSummaryRead(deps, key));
      requireUser(request);
      return walletSummaryOf(deps, balance, loan);
    },
    { config: { sessionInStatement: true } },
  );
  registerRoute(app, api.transactions, async (request) => walletTransactions(deps, requireUser(request).userId, request.query));
}
