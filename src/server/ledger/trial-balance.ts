import { desc, eq, lt, sql } from 'drizzle-orm';
import { sqlRows as rows } from '../db/rows';
import type { Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import { trialBalanceLines, trialBalances } from '../db/schema';
import { MEMBER_WALLET_KIND, SYSTEM_ACCOUNTS, type NormalBalance } from './accounts';

/**
 * The closed days of the ledger: after each Philippine day ends (and CLOSE_SETTLE_MS more, so that a
 * transaction dated just before midnight has committed), its trial balance is computed once and
 * stored (trial_balances, trial_balance_lines): for every account kind of the chart of accounts (a
 * system account's shards and all member wallets summed into their kind), the posted debits and
 * credits since the ledger began, as of the day's end. Each day is the day before plus that day's
 * posted entries (read through a block range index on their date), so a night's close costs the
 * day's movement, not the ledger's size. A closed day is never changed: entries are append-only and
 * dated by the clock, so a correction is a new entry on a later day.
 *
 * Every calendar day is closed, weekends and holidays included: money moves on them too (wallet and
 * channel payments), and a day left open would leave its entries out of every trial balance.
 */

/** How long after a Philippine day's midnight its close waits: a transaction dated before it has committed by then. */
export const CLOSE_SETTLE_MS = 15 * 60_000;
/** At most this many days are closed in one pass (the first pass of a ledger with a long history catches up over several). */
const CLOSE_DAYS_PER_PASS = 366;

const DAY_MS = 24 * 3_600_000;

/** The chart of accounts: every account kind of the ledger, in the order a trial balance lists them. */
export const CHART_OF_ACCOUNTS: readonly { readonly kind: string; readonly name: string; readonly normalBalance: NormalBalance }[] = [
  ...Object.values(SYSTEM_ACCOUNTS).map((a) => ({ kind: a.kind, name: a.name, normalBalance: a.normalBalance })),
  { kind: MEMBER_WALLET_KIND, name: 'Member wallets', normalBalance: 'CREDIT' },
];

/** The Philippine calendar date of an instant. */
function manilaDate(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The instant a Philippine day starts (its midnight in Manila). */
export function startOfManilaDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00+08:00`));
}

function nextDate(date: string): string {
  return manilaDate(new Date(startOfManilaDay(date).getTime() + DAY_MS));
}

/** The last Philippine day that may be closed at `now`: its end is at least CLOSE_SETTLE_MS ago. */
function lastClosableDay(now: Date): string {
  return manilaDate(new Date(now.getTime() - CLOSE_SETTLE_MS - DAY_MS));
}

export interface TrialBalanceLine {
  readonly kind: string;
  readonly normalBalance: NormalBalance;
  readonly debits: bigint;
  readonly credits: bigint;
}

/** Posted debits and credits per account kind of the entries dated in [from, to). */
async function movement(db: DbOrTx, from: Date, to: Date): Promise<{ lines: TrialBalanceLine[]; entries: number }> {
  const found = await rows<{ kind: string; normal_balance: string; debits: string; credits: string; entries: string }>(
    db,
    sql`select a.kind, a.normal_balance,
               coalesce(sum(e.amount) filter (where e.direction = 'DEBIT'), 0)::text as debits,
               coalesce(sum(e.amount) filter (where e.direction = 'CREDIT'), 0)::text as credits,
               count(*)::text as entries
          from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where e.phase = 'POSTED' and e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz
         group by a.kind, a.normal_balance`,
  );
  return {
    lines: found.map((r) => ({ kind: r.kind, normalBalance: r.normal_balance as NormalBalance, debits: BigInt(r.debits), credits: BigInt(r.credits) })),
    entries: found.reduce((n, r) => n + Number(r.entries), 0),
  };
}

/** Adds a day's movement to the closing lines of the day before: one line per kind. */
function addMovement(before: readonly TrialBalanceLine[], moved: readonly TrialBalanceLine[]): TrialBalanceLine[] {
  const byKind = new Map<string, TrialBalanceLine>(before.map((l) => [l.kind, l]));
  for (const m of moved) {
    const had = byKind.get(m.kind);
    byKind.set(m.kind, had ? { ...had, debits: had.debits + m.debits, credits: had.credits + m.credits } : m);
  }
  const order = new Map(CHART_OF_ACCOUNTS.map((c, i) => [c.kind, i]));
  return [...byKind.values()].sort((a, b) => (order.get(a.kind) ?? 99) - (order.get(b.kind) ?? 99) || a.kind.localeCompare(b.kind));
}

async function linesOf(db: DbOrTx, date: string): Promise<TrialBalanceLine[]> {
  const found = await db.select().from(trialBalanceLines).where(eq(trialBalanceLines.businessDate, date));
  return found.map((l) => ({ kind: l.kind, normalBalance: l.normalBalance as NormalBalance, debits: l.debits, credits: l.credits }));
}

/**
 * Closes every Philippine day not yet closed up to the last closable one (at most
 * CLOSE_DAYS_PER_PASS a pass), oldest first, each in its own transaction under a lock so several
 * processes may run it: the first to take a day closes it, the others find it closed. The first day
 * closed is the day of the ledger's first entry. Returns the days closed.
 */
export async function closeLedgerDays(db: Db, clock: Clock, limit = CLOSE_DAYS_PER_PASS): Promise<string[]> {
  const last = lastClosableDay(clock.now());
  const closed: string[] = [];
  while (closed.length < limit) {
    const day = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tapat.ledger-close'))`);
      const [latest] = await tx.select({ date: trialBalances.businessDate }).from(trialBalances).orderBy(desc(trialBalances.businessDate)).limit(1);
      let date: string;
      if (latest) {
        date = nextDate(latest.date);
      } else {
        const [first] = await rows<{ at: Date | string | null }>(tx, sql`select min(created_at) as at from ledger_entries`);
        if (!first?.at) return null;
        date = manilaDate(new Date(first.at));
      }
      if (date > last) return null;
      const start = startOfManilaDay(date);
      const moved = await movement(tx, start, new Date(start.getTime() + DAY_MS));
      const lines = addMovement(latest ? await linesOf(tx, latest.date) : [], moved.lines);
      const totalDebits = lines.reduce((s, l) => s + l.debits, 0n);
      const totalCredits = lines.reduce((s, l) => s + l.credits, 0n);
      await tx.insert(trialBalances).values({ businessDate: date, totalDebits, totalCredits, entries: moved.entries, closedAt: clock.now() });
      if (lines.length > 0) await tx.insert(trialBalanceLines).values(lines.map((l) => ({ businessDate: date, ...l })));
      return date;
    });
    if (!day) break;
    closed.push(day);
  }
  return closed;
}

export interface ClosedDay {
  readonly businessDate: string;
  readonly totalDebits: bigint;
  readonly totalCredits: bigint;
  readonly entries: number;
  readonly closedAt: Date;
}

/** Closed days, newest first, before `before` (a date) when given. */
export async function listClosedDays(db: DbOrTx, query: { before?: string | undefined; limit: number }): Promise<ClosedDay[]> {
  return db
    .select()
    .from(trialBalances)
    .where(query.before ? lt(trialBalances.businessDate, query.before) : undefined)
    .orderBy(desc(trialBalances.businessDate))
    .limit(query.limit);
}

/** One closed day with its lines in the order of the chart of accounts, or null when the day is not closed. */
export async function closedDay(db: DbOrTx, date: string): Promise<(ClosedDay & { readonly lines: TrialBalanceLine[] }) | null> {
  const [day] = await db.select().from(trialBalances).where(eq(trialBalances.businessDate, date));
  if (!day) return null;
  const lines = addMovement([], await linesOf(db, date));
  return { ...day, lines };
}

/** The posted sums per kind as of an instant, straight from every entry (the reference the closed days are tested against). */
export async function postedSumsAsOf(db: DbOrTx, end: Date): Promise<TrialBalanceLine[]> {
  const all = await movement(db, new Date(0), end);
  return addMovement([], all.lines);
}
