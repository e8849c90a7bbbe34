import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { runServicing, type ServicingPassResult } from '../modules/repayments/daily';

/**
 * The loan servicing worker: runs the daily job (src/server/modules/repayments/daily.ts) every
 * `intervalMs`. Each loan and Philippine day is claimed once (a unique run row, the loan row locked
 * with SKIP LOCKED), so several processes may run it, a pass may repeat, and days missed while the
 * server was down are caught up at the next pass.
 */
export interface ServicingWorker {
  tick(): Promise<ServicingPassResult>;
  stop(): Promise<void>;
}

export const DEFAULT_SERVICING_INTERVAL_MS = 5 * 60_000;

export function startServicingWorker(deps: AppDeps, log: FastifyBaseLogger, intervalMs = DEFAULT_SERVICING_INTERVAL_MS): ServicingWorker {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const tick = () => runServicing(deps);
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = tick()
      .then((done) => {
        if (done.days > 0) log.info(done, 'servicing worker');
      })
      .catch((error: unknown) => log.error({ err: error }, 'servicing worker pass failed'))
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
