import { desc, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { trialBalanceLines, trialBalances } from '../db/schema';
import { closedDay, postedSumsAsOf, startOfManilaDay } from './trial-balance';

/**
 * Check 10 of ledger:check (decision 073): the closed days. Every closed day's totals balance and
 * equal the sums of its lines; the latest closed day's lines equal, kind by kind, the posted sums
 * recomputed from every entry dated before that day's end. (A closed day is built from the day
 * before plus its movement; the recomputation starts from nothing, so a day closed wrong, an entry
 * dated into a closed day after its close, or a line edited by hand, shows here.)
 */
export async function checkClosedDays(db: DbOrTx, problems: string[]): Promise<void> {
  const unbalanced = (await db.execute(
    sql`select d.business_date::text as date, d.total_debits::text as debits, d.total_credits::text as credits,
               coalesce(sum(l.debits), 0)::text as line_debits, coalesce(sum(l.credits), 0)::text as line_credits
          from ${trialBalances} d left join ${trialBalanceLines} l on l.business_date = d.business_date
         group by d.business_date, d.total_debits, d.total_credits
        having d.total_debits <> d.total_credits or d.total_debits <> coalesce(sum(l.debits), 0) or d.total_credits <> coalesce(sum(l.credits), 0)`,
  )) as unknown as { rows: { date: string; debits: string; credits: string; line_debits: string; line_credits: string }[] };
  for (const r of unbalanced.rows)
    problems.push(`closed day ${r.date}: totals debits ${r.debits}, credits ${r.credits}; its lines debits ${r.line_debits}, credits ${r.line_credits}`);

  const [latest] = await db.select({ date: trialBalances.businessDate }).from(trialBalances).orderBy(desc(trialBalances.businessDate)).limit(1);
  if (!latest) return;
  const stored = await closedDay(db, latest.date);
  const end = new Date(startOfManilaDay(latest.date).getTime() + 24 * 3_600_000);
  const recomputed = await postedSumsAsOf(db, end);
  const kinds = new Set([...(stored?.lines ?? []).map((l) => l.kind), ...recomputed.map((l) => l.kind)]);
  for (const kind of kinds) {
    const a = stored?.lines.find((l) => l.kind === kind);
    const b = recomputed.find((l) => l.kind === kind);
    if ((a?.debits ?? 0n) !== (b?.debits ?? 0n) || (a?.credits ?? 0n) !== (b?.credits ?? 0n))
      problems.push(
        `closed day ${latest.date}, ${kind}: stored debits ${a?.debits ?? 0n}, credits ${a?.credits ?? 0n}; the entries give debits ${b?.debits ?? 0n}, credits ${b?.credits ?? 0n}`,
      );
  }
}
