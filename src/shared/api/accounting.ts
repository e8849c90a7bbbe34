import { trialBalanceListQuerySchema, trialBalanceListSchema, trialBalanceParamsSchema, trialBalanceSchema } from '../schemas/accounting';
import { defineRoute } from './define';

const tags = ['accounting'];

/** The ledger's closed days for the accountant (OFFICER and ADMIN): each day's trial balance and portfolio by product, and their CSVs. */
export const accountingApi = {
  closedDays: defineRoute({
    method: 'GET',
    path: '/admin/trial-balances',
    summary: 'The closed Philippine days of the ledger, newest first, with their trial balance totals; paginated by date',
    tags,
    auth: 'staff',
    query: trialBalanceListQuerySchema,
    response: { 200: trialBalanceListSchema },
    errors: [],
  }),
  trialBalance: defineRoute({
    method: 'GET',
    path: '/admin/trial-balances/:date',
    summary: "One closed day's trial balance: every account of the chart of accounts (shards and member wallets summed) as of the day's end",
    tags,
    auth: 'staff',
    params: trialBalanceParamsSchema,
    response: { 200: trialBalanceSchema },
    errors: ['NOT_FOUND'],
  }),
  trialBalanceCsv: defineRoute({
    method: 'GET',
    path: '/admin/trial-balances/:date/trial-balance.csv',
    summary: "One closed day's trial balance as CSV with the chart of accounts (code, name, normal balance, debits, credits, balance) and the totals",
    tags,
    auth: 'staff',
    params: trialBalanceParamsSchema,
    produces: ['text/csv'],
    response: {},
    errors: ['NOT_FOUND'],
  }),
  portfolioCsv: defineRoute({
    method: 'GET',
    path: '/admin/trial-balances/:date/portfolio.csv',
    summary:
      "One closed day's portfolio by product as CSV: open loans, outstanding principal, PAR 1/30/60/90 (loans, principal, percent), collected by component, late charges booked and waived that day",
    tags,
    auth: 'staff',
    params: trialBalanceParamsSchema,
    produces: ['text/csv'],
    response: {},
    errors: ['NOT_FOUND'],
  }),
};
