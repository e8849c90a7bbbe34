import { walletSummarySchema, walletTransactionsQuerySchema, walletTransactionsResponseSchema } from '../schemas/loans';
import { defineRoute } from './define';

const tags = ['wallet'];

/** The member's wallet: summary and transaction history, from the ledger. Always the session's member. */
export const walletApi = {
  summary: defineRoute({
    method: 'GET',
    path: '/wallet',
    summary: 'The wallet summary: available balance (ledger), loan status (catalogue), amounts in PHP and the selected currency',
    tags,
    auth: 'session',
    response: { 200: walletSummarySchema },
    errors: [],
  }),
  transactions: defineRoute({
    method: 'GET',
    path: '/wallet/transactions',
    summary: "The wallet's movements, newest first, a page at a time (cursor: the previous page's nextCursor)",
    tags,
    auth: 'session',
    query: walletTransactionsQuerySchema,
    response: { 200: walletTransactionsResponseSchema },
    errors: [],
  }),
};
