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

/**
 * A closed day's loan portfolio, one row per product (decision 092): what the accountant reads beside
 * the trial balance. Written once by the accounting module right after the day is closed, from the
 * ledger's entries up to the day's end and the payments received by then; never changed.
 */
export const closedDayPortfolios = pgTable(
  'closed_day_portfolios',
  {
    businessDate: date('business_date', { mode: 'string' })
      .notNull()
      .references(() => trialBalances.businessDate),
    productCode: text('product_code').notNull(),
    /** Loans with principal outstanding at the day's end. */
    openLoans: integer('open_loans').notNull(),
    outstandingPrincipal: bigint('outstanding_principal', { mode: 'bigint' }).notNull(),
    /** Portfolio at risk: the loans more than 0, 30, 60 and 90 days past due at the day's end, and their outstanding principal. */
    par1Loans: integer('par1_loans').notNull(),
    par1Principal: bigint('par1_principal', { mode: 'bigint' }).notNull(),
    par30Loans: integer('par30_loans').notNull(),
    par30Principal: bigint('par30_principal', { mode: 'bigint' }).notNull(),
    par60Loans: integer('par60_loans').notNull(),
    par60Principal: bigint('par60_principal', { mode: 'bigint' }).notNull(),
    par90Loans: integer('par90_loans').notNull(),
    par90Principal: bigint('par90_principal', { mode: 'bigint' }).notNull(),
    /** Collected that day by the loan payments' transfers, by what each credited. */
    collectedPrincipal: bigint('collected_principal', { mode: 'bigint' }).notNull(),
    collectedInterest: bigint('collected_interest', { mode: 'bigint' }).notNull(),
    collectedFees: bigint('collected_fees', { mode: 'bigint' }).notNull(),
    collectedCharges: bigint('collected_charges', { mode: 'bigint' }).notNull(),
    payments: integer('payments').notNull(),
    /** Late charges booked that day, and late charges taken back that day (waivers and reversals). */
    charged: bigint('charged', { mode: 'bigint' }).notNull(),
    waived: bigint('waived', { mode: 'bigint' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.businessDate, t.productCode] }),
    check(
      'closed_day_portfolios_figures_check',
      sql`${t.openLoans} >= 0 and ${t.par1Loans} >= ${t.par30Loans} and ${t.par30Loans} >= ${t.par60Loans} and ${t.par60Loans} >= ${t.par90Loans} and ${t.par90Loans} >= 0 and ${t.payments} >= 0`,
    ),
  ],
);
