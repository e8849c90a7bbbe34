import { asc, eq, isNull, sql } from 'drizzle-orm';
import { sqlRows as rows } from '../../db/rows';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { closedDayPortfolios, trialBalances } from '../../db/schema';
import { startOfManilaDay } from '../../ledger/trial-balance';
import { PAR_THRESHOLDS, parNumber } from '../../../shared/loan/dpd-bounds';
import { addDays } from '../../../shared/loan/day';

/**
 * Each closed day's portfolio by product (decision 092), written once right after the ledger closed
 * the day (ledger/trial-balance.ts) by the servicing worker's pass, oldest day first, and never
 * changed. Every figure is the day's as of its end (the next midnight in Manila), whenever it is
 * computed:
 * - outstanding principal and open loans: LOANS_RECEIVABLE's posted entries up to the day's end of
 *   the transfers referencing each loan (the same entries as the trial balance);
 * - portfolio at risk (PAR 1, 30, 60, 90): the loans whose oldest line due before the day still owed
 *   more than the arrears tolerance after the payments received by the day's end, more than 0, 30,
 *   60 or 90 days before the day (the collections queue's bounds, DPD_BOUNDS), and their principal;
 * - collected: the loan payments' transfers (LOAN_REPAYMENT, LOAN_PAYOFF) booked that day, by the
 *   account each credited, and their count;
 * - charged: the late charges whose transfer was booked that day (before any later reduction);
 *   waived: the late charges taken back that day (LOAN_CHARGE_WAIVER: waivers and re-servicing reversals).
 * A line rewritten after the day (an extension, a re-servicing) is read as it stands when the day's
 * portfolio is computed: the pass computes it minutes after the day closes, before such a change is
 * likely; a late catch-up says the same of the days it computes.
 */
export interface DayPortfolio {
  readonly productCode: string;
  readonly openLoans: number;
  readonly outstandingPrincipal: bigint;
  readonly par: readonly { readonly days: number; readonly loans: number; readonly principal: bigint }[];
  readonly collected: { readonly principal: bigint; readonly interest: bigint; readonly fees: bigint; readonly charges: bigint; readonly payments: number };
  readonly charged: bigint;
  readonly waived: bigint;
}

/** Closed days whose portfolio a pass computes at most. */
const PORTFOLIO_DAYS_PER_PASS = 31;

const big = (v: string | null | undefined) => BigInt(v ?? '0');

/** The portfolio of one Philippine day as of its end, one entry per product that had a loan by then. */
async function portfolioOfDay(db: DbOrTx, day: string, tolerance: bigint): Promise<DayPortfolio[]> {
  const start = startOfManilaDay(day).toISOString();
  const end = startOfManilaDay(addDays(day, 1)).toISOString();
  const [p1, p30, p60, p90] = PAR_THRESHOLDS;
  const risk = await rows<Record<string, string>>(
    db,
    sql`with principal as (
          select t.reference as loan_id, sum(case when e.direction = 'DEBIT' then e.amount else -e.amount end) as amount
            from ledger_entries e
            join ledger_transfers t on t.id = e.transfer_id
            join ledger_accounts a on a.id = e.account_id and a.kind = 'LOANS_RECEIVABLE' and a.owner_user_id is null
           where e.phase = 'POSTED' and e.created_at < ${end}::timestamptz and t.reference is not null
           group by t.reference
        ), paid as (
          select a.loan_id, a.line_number, sum(a.amount) as amount
            from loan_payment_allocations a join loan_payments p on p.id = a.payment_id
           where p.status = 'POSTED' and p.created_at < ${end}::timestamptz and a.component in ('PRINCIPAL', 'INTEREST', 'FEES')
           group by a.loan_id, a.line_number
        ), late as (
          select i.loan_id, (${day}::date - min(i.due_date)) as days
            from loan_instalments i
            left join paid on paid.loan_id = i.loan_id and paid.line_number = i.number
           where i.due_date < ${day}::date
             and (i.principal + i.interest - i.interest_rebated + i.fees - i.fees_rebated) - coalesce(paid.amount, 0) > ${tolerance.toString()}::bigint
           group by i.loan_id
        )
        select l.product_code,
               count(*)::text as open_loans, sum(p.amount)::text as outstanding,
               count(*) filter (where late.days > ${p1})::text as par1_loans, coalesce(sum(p.amount) filter (where late.days > ${p1}), 0)::text as par1,
               count(*) filter (where late.days > ${p30})::text as par30_loans, coalesce(sum(p.amount) filter (where late.days > ${p30}), 0)::text as par30,
               count(*) filter (where late.days > ${p60})::text as par60_loans, coalesce(sum(p.amount) filter (where late.days > ${p60}), 0)::text as par60,
               count(*) filter (where late.days > ${p90})::text as par90_loans, coalesce(sum(p.amount) filter (where late.days > ${p90}), 0)::text as par90
          from principal p
          join loans l on l.id::text = p.loan_id
          left join late on late.loan_id = l.id
         where p.amount > 0
         group by l.product_code`,
  );
  const moved = await rows<{ product_code: string; kind: string; amount: string; transfers: string }>(
    db,
    sql`select l.product_code, t.code || ':' || a.kind as kind, sum(e.amount)::text as amount, count(distinct t.id)::text as transfers
          from ledger_transfers t
          join loans l on l.id::text = t.reference
          join ledger_entries e on e.transfer_id = t.id and e.phase = 'POSTED' and e.direction = 'CREDIT'
          join ledger_accounts a on a.id = e.account_id
         where t.code in ('LOAN_REPAYMENT', 'LOAN_PAYOFF', 'LOAN_CHARGE_WAIVER')
           and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz
         group by l.product_code, t.code, a.kind`,
  );
  const payments = await rows<{ product_code: string; n: string }>(
    db,
    sql`select l.product_code, count(*)::text as n
          from ledger_transfers t join loans l on l.id::text = t.reference
         where t.code in ('LOAN_REPAYMENT', 'LOAN_PAYOFF') and t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz
         group by l.product_code`,
  );
  // A batch of late charges names no loan (decision 077): each charge's own row says whose it is.
  const charged = await rows<{ product_code: string; amount: string }>(
    db,
    sql`select l.product_code, sum(coalesce(c.reduced_from, c.amount))::text as amount
          from loan_charges c
          join ledger_transfers t on t.id = c.transfer_id
          join loans l on l.id = c.loan_id
         where t.created_at >= ${start}::timestamptz and t.created_at < ${end}::timestamptz
         group by l.product_code`,
  );
  const codes = new Set([...risk, ...moved, ...payments, ...charged].map((r) => r.product_code!));
  const credit = (code: string, transfer: string, kind: string) =>
    moved.filter((m) => m.product_code === code && m.kind === `${transfer}:${kind}`).reduce((s, m) => s + big(m.amount), 0n);
  const paidBy = (code: string, kind: string) => credit(code, 'LOAN_REPAYMENT', kind) + credit(code, 'LOAN_PAYOFF', kind);
  return [...codes].sort().map((code) => {
    const r = risk.find((x) => x.product_code === code);
    return {
      productCode: code,
      openLoans: Number(r?.open_loans ?? 0),
      outstandingPrincipal: big(r?.outstanding),
      par: PAR_THRESHOLDS.map((days) => {
        const key = `par${parNumber(days)}`;
        return { days, loans: Number(r?.[`${key}_loans`] ?? 0), principal: big(r?.[key]) };
      }),
      collected: {
        principal: paidBy(code, 'LOANS_RECEIVABLE'),
        interest: paidBy(code, 'INTEREST_INCOME'),
        fees: paidBy(code, 'FEE_INCOME'),
        charges: paidBy(code, 'LATE_CHARGES_RECEIVABLE'),
        payments: Number(payments.find((x) => x.product_code === code)?.n ?? 0),
      },
      charged: big(charged.find((x) => x.product_code === code)?.amount),
      waived: credit(code, 'LOAN_CHARGE_WAIVER', 'LATE_CHARGES_RECEIVABLE'),
    };
  });
}

/**
 * Computes and stores the portfolio of the closed days that have none yet, oldest first (at most
 * `limit`), each day in its own transaction under a lock so several processes may run it: the first
 * stores a day, the others find it stored. A day gets one row per product the catalogue knows (and
 * any other a loan names), so a day with no loans is stored too, with zeros. Returns the days stored.
 */
export async function closeDayPortfolios(deps: AppDeps, limit = PORTFOLIO_DAYS_PER_PASS): Promise<string[]> {
  const stored: string[] = [];
  while (stored.length < limit) {
    const day = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tapat.day-portfolio'))`);
      const [next] = await tx
        .select({ date: trialBalances.businessDate })
        .from(trialBalances)
        .leftJoin(closedDayPortfolios, eq(closedDayPortfolios.businessDate, trialBalances.businessDate))
        .where(isNull(closedDayPortfolios.businessDate))
        .orderBy(asc(trialBalances.businessDate))
        .limit(1);
      if (!next) return null;
      const figures = await portfolioOfDay(tx, next.date, deps.config.servicing.arrearsTolerance);
      const known = deps.products.codes;
      const byCode = new Map(figures.map((f) => [f.productCode, f]));
      const at = deps.clock.now();
      const values = [...new Set([...known, ...byCode.keys()])].sort().map((code) => {
        const f = byCode.get(code);
        const par = (i: number) => f?.par[i] ?? { loans: 0, principal: 0n };
        return {
          businessDate: next.date,
          productCode: code,
          openLoans: f?.openLoans ?? 0,
          outstandingPrincipal: f?.outstandingPrincipal ?? 0n,
          par1Loans: par(0).loans,
          par1Principal: par(0).principal,
          par30Loans: par(1).loans,
          par30Principal: par(1).principal,
          par60Loans: par(2).loans,
          par60Principal: par(2).principal,
          par90Loans: par(3).loans,
          par90Principal: par(3).principal,
          collectedPrincipal: f?.collected.principal ?? 0n,
          collectedInterest: f?.collected.interest ?? 0n,
          collectedFees: f?.collected.fees ?? 0n,
          collectedCharges: f?.collected.charges ?? 0n,
          payments: f?.collected.payments ?? 0,
          charged: f?.charged ?? 0n,
          waived: f?.waived ?? 0n,
          computedAt: at,
        };
      });
      await tx.insert(closedDayPortfolios).values(values);
      return next.date;
    });
    if (!day) break;
    stored.push(day);
  }
  return stored;
}

/** A closed day's stored portfolio, products in code order (empty when the day has none yet). */
export async function storedDayPortfolio(db: DbOrTx, day: string) {
  return db.select().from(closedDayPortfolios).where(eq(closedDayPortfolios.businessDate, day)).orderBy(asc(closedDayPortfolios.productCode));
}
