import { todayPh } from '../../domain/day';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { PAR_DAYS, manilaMonthOf, percentOf } from '../../../shared/loan/collections';
import { addDays } from '../../../shared/loan/day';
import { toDecimalString } from '../../../shared/money/money';
import type { PortfolioResponse } from '../../../shared/schemas/collections';
import { LOAN_STATUSES, type LoanStatus } from '../../../shared/states/loan';
import { philippineDayStart } from '../../audit/query';

/**
 * The portfolio (GET /api/admin/portfolio), from the ledger (docs/decisions/017-collections.md):
 * - outstanding principal and late charges receivable: the balances of LOANS_RECEIVABLE and
 *   LATE_CHARGES_RECEIVABLE (posted entries);
 * - collected this month: the loan payment transfers (LOAN_REPAYMENT, LOAN_PAYOFF) booked in the
 *   Philippine month of today, split by the account each credited;
 * - PAR30: the loans whose oldest unpaid due date is more than 30 days ago, and their share of
 *   LOANS_RECEIVABLE (posted entries of transfers referencing the loan), over the whole balance;
 * - loans by state: the loans table's statuses (a state is not money).
 */

async function rows<T>(db: DbOrTx, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export async function portfolio(deps: AppDeps): Promise<PortfolioResponse> {
  const db = deps.db;
  const today = todayPh(deps);

  const balances = await rows<{ code: string; balance: string }>(
    db,
    // Summed over each account's shards (same kind, no owner; docs/decisions/030).
    sql`select a.kind as code, coalesce(sum(case when e.direction = 'DEBIT' then e.amount else -e.amount end), 0)::text as balance
          from ledger_accounts a left join ledger_entries e on e.account_id = a.id and e.phase = 'POSTED'
         where a.kind in ('LOANS_RECEIVABLE', 'LATE_CHARGES_RECEIVABLE') and a.owner_user_id is null
         group by a.kind`,
  );
  const balanceOf = (code: string) => BigInt(balances.find((b) => b.code === code)?.balance ?? '0');
  const outstandingPrincipal = balanceOf('LOANS_RECEIVABLE');

  const month = manilaMonthOf(today);
  const collected = await rows<{ code: string; amount: string; payments: string }>(
    db,
    sql`select a.kind as code, sum(e.amount)::text as amount, count(distinct t.id)::text as payments
          from ledger_transfers t
          join ledger_entries e on e.transfer_id = t.id and e.phase = 'POSTED' and e.direction = 'CREDIT'
          join ledger_accounts a on a.id = e.account_id
         where t.code in ('LOAN_REPAYMENT', 'LOAN_PAYOFF')
           and t.created_at >= ${philippineDayStart(month.first).toISOString()}::timestamptz
           and t.created_at < ${philippineDayStart(month.next).toISOString()}::timestamptz
         group by a.kind`,
  );
  const [paymentCount] = await rows<{ n: string }>(
    db,
    sql`select count(*)::text as n from ledger_transfers t
         where t.code in ('LOAN_REPAYMENT', 'LOAN_PAYOFF')
           and t.created_at >= ${philippineDayStart(month.first).toISOString()}::timestamptz
           and t.created_at < ${philippineDayStart(month.next).toISOString()}::timestamptz`,
  );
  const credited = (code: string) => BigInt(collected.find((c) => c.code === code)?.amount ?? '0');
  const parts = {
    principal: credited('LOANS_RECEIVABLE'),
    interest: credited('INTEREST_INCOME'),
    fees: credited('FEE_INCOME'),
    charges: credited('LATE_CHARGES_RECEIVABLE'),
  };
  const total = collected.reduce((s, c) => s + BigInt(c.amount), 0n);

  const cutoff = addDays(today, -PAR_DAYS);
  const [par] = await rows<{ principal: string; loans: string }>(
    db,
    sql`with late as (
          select i.loan_id from loan_instalments i
            join loans l on l.id = i.loan_id and l.status in ('DISBURSED', 'ACTIVE', 'OVERDUE')
           where i.paid_on is null and i.due_date < ${cutoff}::date
             and (i.principal - i.principal_paid) + (i.interest - i.interest_paid - i.interest_rebated) + (i.fees - i.fees_paid - i.fees_rebated) > ${deps.config.servicing.arrearsTolerance}
           group by i.loan_id
        )
        select coalesce(sum(case when e.direction = 'DEBIT' then e.amount else -e.amount end), 0)::text as principal,
               (select count(*) from late)::text as loans
          from late
          join ledger_transfers t on t.reference = late.loan_id::text
          join ledger_entries e on e.transfer_id = t.id and e.phase = 'POSTED'
          join ledger_accounts a on a.id = e.account_id and a.kind = 'LOANS_RECEIVABLE' and a.owner_user_id is null`,
  );
  const parPrincipal = BigInt(par?.principal ?? '0');

  const states = await rows<{ status: string; n: string }>(db, sql`select status, count(*)::text as n from loans group by status`);

  return {
    asOf: today,
    outstandingPrincipal: toDecimalString(outstandingPrincipal),
    lateChargesReceivable: toDecimalString(balanceOf('LATE_CHARGES_RECEIVABLE')),
    collectedThisMonth: {
      month: month.first.slice(0, 7),
      total: toDecimalString(total),
      principal: toDecimalString(parts.principal),
      interest: toDecimalString(parts.interest),
      fees: toDecimalString(parts.fees),
      charges: toDecimalString(parts.charges),
      payments: Number(paymentCount?.n ?? 0),
    },
    par30: { principal: toDecimalString(parPrincipal), percent: percentOf(parPrincipal, outstandingPrincipal), loans: Number(par?.loans ?? 0) },
    loansByState: LOAN_STATUSES.map((status: LoanStatus) => ({ status, count: Number(states.find((s) => s.status === status)?.n ?? 0) })),
  };
}
