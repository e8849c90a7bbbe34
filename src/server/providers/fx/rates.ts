import snapshot from './snapshot.json' with { type: 'json' };
import { parseRate } from '../../../shared/money/rate';

/**
 * Exchange rates against PHP. The offline default is the shipped snapshot with its as-of date;
 * with RATES_PROVIDER=http the refresh job (src/server/jobs/rates-refresh.ts) stores fetched
 * snapshots and the newest stored one is served (store.ts).
 */
export interface RatesSnapshot {
  readonly base: 'PHP';
  readonly asOf: string;
  readonly source: string;
  readonly rates: Readonly<Record<string, string>>;
}

export interface RatesProvider {
  current(): Promise<RatesSnapshot>;
}

function validated(data: typeof snapshot): RatesSnapshot {
  for (const value of Object.values(data.rates)) parseRate(value);
  return { base: 'PHP', asOf: data.asOf, source: data.source, rates: data.rates };
}

/** The snapshot shipped with the code. */
export const SHIPPED_SNAPSHOT: RatesSnapshot = validated(snapshot);
