import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../http/session';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { walletSummarySchema, walletTransactionsQuerySchema, walletTransactionsResponseSchema } from '../../../shared/schemas/loans';
import { walletSummary, walletTransactions } from './service';

/** The member's wallet: summary and transaction history, from the ledger. Always the session's member. */
export async function walletRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/wallet',
    {
      schema: {
        tags: ['wallet'],
        summary: 'The wallet summary: available balance (ledger), loan status (catalogue), amounts in PHP and the selected currency',
        response: { 200: walletSummarySchema, 401: apiErrorSchema },
      },
    },
    async (request) => walletSummary(deps, requireUser(request).userId),
  );
  r.get(
    '/wallet/transactions',
    {
      schema: {
        tags: ['wallet'],
        summary: "The wallet's movements, newest first, a page at a time (cursor: the previous page's nextCursor)",
        querystring: walletTransactionsQuerySchema,
        response: { 200: walletTransactionsResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => walletTransactions(deps, requireUser(request).userId, request.query),
  );
}
