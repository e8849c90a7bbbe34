import { desc, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { fxRateSnapshots } from '../../db/schema';
import { SHIPPED_SNAPSHOT, type RatesProvider, type RatesSnapshot } from './rates';
import { canonicalJson } from '../../../shared/json/canonical';

/**
 * Stored exchange-rate snapshots: the refresh job writes them, every process serves the newest
 * (so several processes agree and the as-of date survives a restart); with none stored, the
 * shipped snapshot.
 */
export async function latestRates(db: DbOrTx): Promise<RatesSnapshot> {
  const [row] = await db.select().from(fxRateSnapshots).orderBy(desc(fxRateSnapshots.id)).limit(1);
  if (!row) return SHIPPED_SNAPSHOT;
  return { base: 'PHP', asOf: row.asOf, source: row.source, rates: row.rates as Record<string, string> };
}

const canonical = (rates: Readonly<Record<string, string>>) => canonicalJson(rates);

/**
 * Stores a fetched snapshot unless it is older than the one in force (or the same one). Answers
 * whether it was stored. Every process's refresh job fetches the same snapshot at about the same
 * time: the check and the insert run under one lock, so the snapshot is stored once (without it, two
 * of three processes on one PostgreSQL database each stored it: tests/api/multi-process.test.ts).
 */
export function storeRates(db: Db | Tx, snapshot: RatesSnapshot, fetchedAt: Date): Promise<{ stored: boolean; reason: string | null }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('tapat.fx-rate-snapshots'))`);
    const [latest] = await tx.select().from(fxRateSnapshots).orderBy(desc(fxRateSnapshots.id)).limit(1);
    if (latest) {
      if (snapshot.asOf < latest.asOf) return { stored: false, reason: `as of ${snapshot.asOf}, older than the stored ${latest.asOf}` };
      if (snapshot.asOf === latest.asOf && canonical(snapshot.rates) === canonical(latest.rates as Record<string, string>))
        return { stored: false, reason: 'unchanged' };
    }
    await tx.insert(fxRateSnapshots).values({ base: snapshot.base, asOf: snapshot.asOf, source: snapshot.source, rates: snapshot.rates, fetchedAt });
    return { stored: true, reason: null };
  });
}

/** The rates provider every reader uses: the newest stored snapshot, else the shipped one. */
export function storedRatesProvider(db: DbOrTx): RatesProvider {
  return { current: () => latestRates(db) };
}
