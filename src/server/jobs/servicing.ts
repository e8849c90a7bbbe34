import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { runServicing, type ServicingPassResult } from '../modules/repayments/daily';
import { startIntervalWorker, type IntervalWorker } from './interval-worker';

/**
 * The loan servicing worker: runs the daily job (src/server/modules/repayments/daily.ts) every
 * `intervalMs`. Each loan and Philippine day is claimed once (a unique run row, the loan row locked
 * with SKIP LOCKED), so several processes may run it, a pass may repeat, and days missed while the
 * server was down are caught up at the next pass.
 */
export type ServicingWorker = IntervalWorker<ServicingPassResult>;

export const DEFAULT_SERVICING_INTERVAL_MS = 5 * 60_000;

export function startServicingWorker(deps: AppDeps, log: FastifyBaseLogger, intervalMs = DEFAULT_SERVICING_INTERVAL_MS): ServicingWorker {
  return startIntervalWorker({ name: 'servicing worker', log, intervalMs, pass: () => runServicing(deps), didWork: (done) => done.days > 0 });
}
