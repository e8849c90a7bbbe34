import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { runWithdrawalJobs } from '../modules/withdrawals/settlement';
import { startIntervalWorker, type IntervalWorker } from './interval-worker';

/**
 * The withdrawals worker: runs in the server process every `intervalMs`, expiring unconfirmed
 * requests and settling payouts (src/server/modules/withdrawals/settlement.ts). Each item is
 * claimed with FOR UPDATE SKIP LOCKED and finished in one transaction, so several processes may run
 * it and a killed process leaves nothing half done. One pass at a time per process; stop() waits
 * for the running pass.
 */
export type Worker = IntervalWorker<{ expired: number; settled: number }>;

const DEFAULT_WORKER_INTERVAL_MS = 2_000;

export function startWithdrawalsWorker(deps: AppDeps, log: FastifyBaseLogger, intervalMs = DEFAULT_WORKER_INTERVAL_MS): Worker {
  return startIntervalWorker({
    name: 'withdrawals worker',
    log,
    intervalMs,
    pass: (passLog) => runWithdrawalJobs(deps, passLog),
    didWork: (done) => done.expired > 0 || done.settled > 0,
  });
}
