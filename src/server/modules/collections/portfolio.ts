import { todayPh } from '../../domain/day';
import { sqlRows as rows } from '../../db/rows';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { PAR_DAYS, manilaMonthOf, percentOf } from '../../../shared/loan/collections';
import { addDays } from '../../../shared/loan/day';
import { toDecimalString } from '../../../shared/money/money';
import type { PortfolioQuery, PortfolioResponse } from '../../../shared/schemas/collections';
import { LOAN_STATUSES, type LoanStatus } from '../../../shared/states/loan';
import { DEFAULT_PRODUCT_CODE } from '../../../shared/loan/product';
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
 * By product (decision 083): the same figures of each product's loans, from the entries of the
 * transfers referencing them (each loan's own product code); with `?product=` the headline figures
 * are that product's.
 */

/** A product's names for the back office (the catalogue's latest version of it; the code itself when unknown). */
function namesOf(deps: AppDeps, code: string): { en: string; fil: string } {
  const p = deps.products.latestOf(code);
  return p ? { en: p.names.en, fil: p.names.fil } : { en: code, fil: code };
}

interface ProductFigures {
  openLoans: number;
  outstandingPrincipal: bigint;
  lateChargesReceivable: bigint;
  collected: { principal: bigint; interest: bigint; fees: bigint; charges: bigint; total: bigint; payments: number };
  par30Principal: bigint;
  par30Loans: number;
  states: Map<string, number>;
}

const emptyFigures = (): ProductFigures => ({
  openLoans: 0,
  outstandingPrincipal: 0n,
  lateChargesReceivable: 0n,
  collected: { principal: 0n, interest: 0n, fees: 0n, charges: 0n, total: 0n, payments: 0 },
  par30Principal: 0n,
  par30Loans: 0,
  states: new Map(),
});

/** Every figure of the portfolio by product: the entries of the transfers referencing each product's loans. */
async function figuresByProduct(deps: AppDeps, today: string, month: { first: string; next: string }): Promise<Map<string, ProductFigures>> {
  const db = deps.db;
  const byCode = new Map<string, ProductFigures>();
  const of = (code: string) => {
    let f = byCode.get(code);
    if (!f) byCode.set(code, (f = emptyFigures()));
    return f;
  };
  const balances = await rows<{ product_code: string; kind: string; balance: string }>(
    db,
    sql`select l.product_code, a.kind, coalesce(sum(case when e.direction = 'DEBIT' then e.amount else -e.amount end), 0)::text as balance
          from loans l
          join ledger_transfers t on t.reference = l.id::text
          join ledger_entries e on e.transfer_id = t.id and e.phase = 'POSTED'
          join ledger_accounts a on a.id = e.account_id and a.kind in ('LOANS_RECEIVABLE', 'LATE_CHARGES_RECEIVABLE') and a.owner_user_id is null
         group by l.product_code, a.kind`,
  );
  for (const b of balances) {
    if (b.kind === 'LOANS_RECEIVABLE') of(b.product_code).outstandingPrincipal = BigInt(b.balance);
    else of(b.product_code).lateChargesReceivable = BigInt(b.balance);
  }
  const collected = await rows<{ product_code: string; kind: string; amount: string; payments: string }>(
    db,
    sql`select l.product_code, a.kind, sum(e.amount)::text as amount, count(distinct t.id)::text as payments
          from ledger_transfers t
          join loans l on t.reference = l.id::text
          join ledger_entries e on e.transfer_id = t.id and e.phase = 'POSTED' and e.direction = 'CREDIT'
          join ledger_accounts a on a.id = e.account_id
         where t.code in ('LOAN_REPAYMENT', 'LOAN_PAYOFF')
           and t.created_at >= ${philippineDayStart(month.first).toISOString()}::timestamptz
           and t.created_at < ${philippineDayStart(month.next).toISOString()}::timestamptz
         group by rollup (l.product_code, a.kind)`,
  );
  for (const c of collected) {
    if (c.product_code === null) continue;
    const f = of(c.product_code).collected;
    const amount = BigInt(c.amount ?? '0');
    if (c.kind === null) {
      // The product's row of the rollup: its total and its payments counted once each.
      f.total = amount;
      f.payments = Number(c.payments);
    } else if (c.kind === 'LOANS_RECEIVABLE') f.principal = amount;
    else if (c.kind === 'INTEREST_INCOME') f.interest = amount;
    else if (c.kind === 'FEE_INCOME') f.fees = amount;
    else if (c.kind === 'LATE_CHARGES_RECEIVABLE') f.charges = amount;
  }
  const cutoff = addDays(today, -30);
  const par = await rows<{ product_code: string; principal: string; loans: string }>(
    db,
    sql`with late as (
          select i.loan_id from loan_instalments i
            join loans l on l.id = i.loan_id and l.status in ('DISBURSED', 'ACTIVE', 'OVERDUE')
           where i.paid_on is null and i.due_date < ${cutoff}::date
             and (i.principal - i.principal_paid) + (i.interest - i.interest_paid - i.interest_rebated) + (i.fees - i.fees_paid - i.fees_rebated) > ${deps.config.servicing.arrearsTolerance}
           group by i.loan_id
        )
        select l.product_code,
               coalesce(sum(case when e.direction = 'DEBIT' then e.amount else -e.amount end), 0)::text as principal,
               count(distinct late.loan_id)::text as loans
          from late
          join loans l on l.id = late.loan_id
          join ledger_transfers t on t.reference = late.loan_id::text
          join ledger_entries e on e.transfer_id = t.id and e.phase = 'POSTED'
          join ledger_accounts a on a.id = e.account_id and a.kind = 'LOANS_RECEIVABLE' and a.owner_user_id is null
         group by l.product_code`,
  );
  for (const p of par) {
    of(p.product_code).par30Principal = BigInt(p.principal);
    of(p.product_code).par30Loans = Number(p.loans);
  }
  const states = await rows<{ product_code: string; status: string; n: string }>(
    db,
    sql`select product_code, status, count(*)::text as n from loans group by product_code, status`,
  );
  for (const st of states) {
    const f = of(st.product_code);
    f.states.set(st.status, Number(st.n));
    if (st.status === 'DISBURSED' || st.status === 'ACTIVE' || st.status === 'OVERDUE') f.openLoans += Number(st.n);
  }
  return byCode;
}

export async function portfolio(deps: AppDeps, query: PortfolioQuery = {}): Promise<PortfolioResponse> {
  const today = todayPh(deps);
  const month = manilaMonthOf(today);
  const byProduct = await figuresByProduct(deps, today, month);
  const products = [...byProduct.entries()]
    .sort(([a], [b]) => (a === DEFAULT_PRODUCT_CODE ? -1 : b === DEFAULT_PRODUCT_CODE ? 1 : a.localeCompare(b)))
    .map(([code, f]) => ({
      code,
      names: namesOf(deps, code),
      openLoans: f.openLoans,
      outstandingPrincipal: toDecimalString(f.outstandingPrincipal),
      lateChargesReceivable: toDecimalString(f.lateChargesReceivable),
      collectedThisMonth: toDecimalString(f.collected.total),
      par30Principal: toDecimalString(f.par30Principal),
    }));
  const headline = query.product
    ? await productHeadline(byProduct.get(query.product) ?? emptyFigures(), today, month)
    : await ledgerHeadline(deps, today, month);
  return { ...headline, product: query.product ?? null, byProduct: products };
}

type Headline = Omit<PortfolioResponse, 'product' | 'byProduct'>;

/** One product's figures as the page's headline. */
function productHeadline(f: ProductFigures, today: string, month: { first: string; next: string }): Promise<Headline> {
  return Promise.resolve({
    asOf: today,
    outstandingPrincipal: toDecimalString(f.outstandingPrincipal),
    lateChargesReceivable: toDecimalString(f.lateChargesReceivable),
    collectedThisMonth: {
      month: month.first.slice(0, 7),
      total: toDecimalString(f.collected.total),
      principal: toDecimalString(f.collected.principal),
      interest: toDecimalString(f.collected.interest),
      fees: toDecimalString(f.collected.fees),
      charges: toDecimalString(f.collected.charges),
      payments: f.collected.payments,
    },
    par30: { principal: toDecimalString(f.par30Principal), percent: percentOf(f.par30Principal, f.outstandingPrincipal), loans: f.par30Loans },
    loansByState: LOAN_STATUSES.map((status: LoanStatus) => ({ status, count: f.states.get(status) ?? 0 })),
  });
}

/** The whole ledger's figures (every loan, and any entry on the accounts not referencing one). */
async function ledgerHeadline(deps: AppDeps, today: string, month: { first: string; next: string }): Promise<Headline> {
  const db = deps.db;

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
