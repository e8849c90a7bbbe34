import { sql } from 'drizzle-orm';
import { bigint, check, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// accounting: the closed days of the ledger (src/server/ledger/trial-balance.ts is the only writer).
// After each Philippine day ends, its trial balance is computed once and stored: every account kind
// of the chart of accounts (a system account's shards and every member wallet summed into their
// kind), with its posted debits and credits as of the day's end. A closed day is never changed: a
// correction is a new ledger entry, which falls on a later day.

/** One closed Philippine day: the totals of its trial balance. */
export const trialBalances = pgTable(
  'trial_balances',
  {
    /** The Philippine calendar day closed (its end is the next midnight in Manila). */
    businessDate: date('business_date', { mode: 'string' }).primaryKey(),
    /** Posted debits and credits of every account as of the day's end, in centavos: equal when the ledger balances. */
    totalDebits: bigint('total_debits', { mode: 'bigint' }).notNull(),
    totalCredits: bigint('total_credits', { mode: 'bigint' }).notNull(),
    /** Posted entries dated that day (the day's movement). */
    entries: integer('entries').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('trial_balances_totals_check', sql`${t.totalDebits} >= 0 and ${t.totalCredits} >= 0 and ${t.entries} >= 0`)],
);

/** A closed day's line per account kind of the chart of accounts. */
export const trialBalanceLines = pgTable(
  'trial_balance_lines',
  {
    businessDate: date('business_date', { mode: 'string' })
      .notNull()
      .references(() => trialBalances.businessDate),
    /** The account kind (LOANS_RECEIVABLE, MEMBER_WALLET, ...): the chart of accounts' code. */
    kind: text('kind').notNull(),
    /** DEBIT or CREDIT: on which side the account's balance normally stands. */
    normalBalance: text('normal_balance').notNull(),
    /** Posted debits and credits of the kind's accounts since the ledger began, as of the day's end. */
    debits: bigint('debits', { mode: 'bigint' }).notNull(),
    credits: bigint('credits', { mode: 'bigint' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessDate, t.kind] }),
    check('trial_balance_lines_normal_check', sql`${t.normalBalance} in ('DEBIT', 'CREDIT')`),
    check('trial_balance_lines_sums_check', sql`${t.debits} >= 0 and ${t.credits} >= 0`),
  ],
);
