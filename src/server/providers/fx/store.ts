import { desc, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { fxRateSnapshots } from '../../db/schema';
import { SHIPPED_SNAPSHOT, type RatesProvider, type RatesSnapshot } from './rates';
import { canonicalJson } from '../../../shared/json/canonical';

/**
 * Stored exchange-rate snapshots: the refresh job writes them, every process serves the one in force
 * (so several processes agree and the as-of date survives a restart); with none stored, the
 * shipped snapshot.
 *
 * A snapshot's as-of is an outside claim like any other: one dated in the future (beyond
 * RATES_CLOCK_SKEW_MS) is refused, and one already stored (before this rule, or under a clock that
 * was behind) is never served until its time comes, nor blocks a later good one
 * (docs/decisions/059-callbacks-are-hints.md).
 */

/** How far ahead of our clock a provider's as-of may be (its clock, or ours, a little off). */
const RATES_CLOCK_SKEW_MS = 15 * 60_000;

/**
 * The instant an as-of stands for: a date-time as written; a date (YYYY-MM-DD) its start at UTC+14,
 * the first place on Earth where that day begins (so a provider in any time zone may date today's rates).
 */
function asOfInstant(asOf: string): Date {
  return /^\d{4}-\d{2}-\d{2}$/.test(asOf) ? new Date(`${asOf}T00:00:00+14:00`) : new Date(asOf);
}

const inForceBy = (now: Date) => lte(fxRateSnapshots.asOfAt, new Date(now.getTime() + RATES_CLOCK_SKEW_MS));

async function inForce(db: DbOrTx, now: Date) {
  const [row] = await db.select().from(fxRateSnapshots).where(inForceBy(now)).orderBy(desc(fxRateSnapshots.asOfAt), desc(fxRateSnapshots.id)).limit(1);
  return row;
}

/** The snapshot in force at `now`: the stored one with the latest as-of not in the future (the newest stored of equals), else the shipped one. */
export async function latestRates(db: DbOrTx, now: Date): Promise<RatesSnapshot> {
  const row = await inForce(db, now);
  if (!row) return SHIPPED_SNAPSHOT;
  return { base: 'PHP', asOf: row.asOf, source: row.source, rates: row.rates as Record<string, string> };
}

const canonical = (rates: Readonly<Record<string, string>>) => canonicalJson(rates);

/**
 * Stores a fetched snapshot unless it is dated in the future, older than the one in force, or the
 * same one. Answers whether it was stored. Every process's refresh job fetches the same snapshot at
 * about the same time: the check and the insert run under one lock, so the snapshot is stored once
 * (without it, two of three processes on one PostgreSQL database each stored it:
 * tests/api/multi-process.test.ts).
 */
export function storeRates(db: Db | Tx, snapshot: RatesSnapshot, fetchedAt: Date): Promise<{ stored: boolean; reason: string | null }> {
  const at = asOfInstant(snapshot.asOf);
  if (Number.isNaN(at.getTime())) return Promise.resolve({ stored: false, reason: `as of ${snapshot.asOf}, not a date` });
  if (at.getTime() > fetchedAt.getTime() + RATES_CLOCK_SKEW_MS)
    return Promise.resolve({ stored: false, reason: `as of ${snapshot.asOf}, in the future (it is ${fetchedAt.toISOString()})` });
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tapat.fx-rate-snapshots'))`);
    const latest = await inForce(tx, fetchedAt);
    if (latest) {
      if (at.getTime() < latest.asOfAt.getTime()) return { stored: false, reason: `as of ${snapshot.asOf}, older than the stored ${latest.asOf}` };
      if (at.getTime() === latest.asOfAt.getTime() && canonical(snapshot.rates) === canonical(latest.rates as Record<string, string>))
        return { stored: false, reason: 'unchanged' };
    }
    await tx
      .insert(fxRateSnapshots)
      .values({ base: snapshot.base, asOf: snapshot.asOf, asOfAt: at, source: snapshot.source, rates: snapshot.rates, fetchedAt });
    return { stored: true, reason: null };
  });
}

/** The rates provider every reader uses: the snapshot in force by `clock` (see latestRates), else the shipped one. */
export function storedRatesProvider(db: DbOrTx, clock: { now(): Date }): RatesProvider {
  return { current: () => latestRates(db, clock.now()) };
}
