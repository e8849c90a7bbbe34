import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { runWithdrawalJobs } from '../modules/withdrawals/settlement';

/**
 * The withdrawals worker: runs in the server process every `intervalMs`, expiring unconfirmed
 * requests and settling payouts (src/server/modules/withdrawals/settlement.ts). Each item is
 * claimed with FOR UPDATE SKIP LOCKED and finished in one transaction, so several processes may run
 * it and a killed process leaves nothing half done. One pass at a time per process; stop() waits
 * for the running pass.
 */
export interface Worker {
  /** One pass now (what the timer runs). */
  tick(): Promise<{ expired: number; settled: number }>;
  stop(): Promise<void>;
}

export const DEFAULT_WORKER_INTERVAL_MS = 2_000;

export function startWithdrawalsWorker(deps: AppDeps, log: FastifyBaseLogger, intervalMs = DEFAULT_WORKER_INTERVAL_MS): Worker {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = async () => runWithdrawalJobs(deps);
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .then((done) => {
        if (done.expired > 0 || done.settled > 0) log.info(done, 'withdrawals worker');
      })
      .catch((error: unknown) => log.error({ err: error }, 'withdrawals worker pass failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    tick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
