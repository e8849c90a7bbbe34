import type { Clock } from '../clock';
import type { DbOrTx } from '../db/client';
import { fetchRates, type HttpRatesOptions } from '../providers/fx/http';
import { storeRates } from '../providers/fx/store';

/**
 * The exchange-rate refresh job (RATES_PROVIDER=http): fetches RATES_URL every
 * RATES_REFRESH_MINUTES and stores each good snapshot (providers/fx/store.ts). A failed or refused
 * fetch stores nothing and is logged with its reason: the last good snapshot (or the shipped one)
 * stays in force. Each process runs its own timer; storing is idempotent, so several agree.
 */
export interface RatesRefreshDeps {
  readonly db: DbOrTx;
  readonly clock: Clock;
  readonly log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export type RefreshOutcome =
  { readonly ok: true; readonly stored: boolean; readonly asOf: string; readonly note: string | null } | { readonly ok: false; readonly error: string };

/** One refresh: fetch, validate, store. Never throws for a provider problem: the outcome says it. */
export async function refreshRatesOnce(deps: RatesRefreshDeps, http: HttpRatesOptions): Promise<RefreshOutcome> {
  let outcome: RefreshOutcome;
  try {
    const snapshot = await fetchRates(http);
    const { stored, reason } = await storeRates(deps.db, snapshot, deps.clock.now());
    outcome = { ok: true, stored, asOf: snapshot.asOf, note: reason };
    deps.log.info({ asOf: snapshot.asOf, stored, note: reason }, 'exchange rates refreshed');
  } catch (error) {
    outcome = { ok: false, error: (error as Error).message };
    deps.log.warn({ err: error }, 'exchange rates not refreshed: the last good snapshot stays in force');
  }
  return outcome;
}

/** Starts the job: once now, then every `refreshMinutes`. Answers the function that stops it (and waits for a running fetch). */
export function startRatesRefresh(deps: RatesRefreshDeps, http: HttpRatesOptions & { readonly refreshMinutes: number }): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return; // a slow fetch never overlaps the next one
    running = refreshRatesOnce(deps, http).finally(() => {
      running = null;
    });
  };
  tick();
  const timer = setInterval(tick, http.refreshMinutes * 60_000);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    if (running) await running;
  };
}
