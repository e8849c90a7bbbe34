import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { runServicing, type ServicingPassResult } from '../modules/repayments/daily';
import { forgetExpiredDevices } from '../sessions/devices';
import { closeLedgerDays } from '../ledger/trial-balance';
import { closeDayPortfolios } from '../modules/accounting/day-portfolio';
import { startIntervalWorker, type IntervalWorker } from './interval-worker';

/**
 * The loan servicing worker: runs the daily job (src/server/modules/repayments/daily.ts) every
 * `intervalMs`. Each loan and Philippine day is claimed once (a unique run row, the loan row locked
 * with SKIP LOCKED), so several processes may run it, a pass may repeat, and days missed while the
 * server was down are caught up at the next pass.
 *
 * Its pass also does what needs no schedule of its own: the ledger's days that ended are closed
 * with their trial balance (ledger/trial-balance.ts, closeLedgerDays; each day once, whichever
 * process takes it) and their portfolio by product (modules/accounting/day-portfolio.ts), and expired device cookies (trusted_devices, decision 050) are deleted in
 * batches (sessions/devices.ts, forgetExpiredDevices).
 */
export type ServicingWorkerPass = ServicingPassResult & { readonly expiredDevices: number; readonly closedDays: number };
export type ServicingWorker = IntervalWorker<ServicingWorkerPass>;

const DEFAULT_SERVICING_INTERVAL_MS = 5 * 60_000;

export async function servicingPass(deps: AppDeps): Promise<ServicingWorkerPass> {
  const servicing = await runServicing(deps);
  const closed = await closeLedgerDays(deps.db, deps.clock);
  // Each closed day's portfolio by product, right after its trial balance (decision 092).
  await closeDayPortfolios(deps);
  return { ...servicing, closedDays: closed.length, expiredDevices: await forgetExpiredDevices(deps.db, deps.clock) };
}

export function startServicingWorker(deps: AppDeps, log: FastifyBaseLogger, intervalMs = DEFAULT_SERVICING_INTERVAL_MS): ServicingWorker {
  return startIntervalWorker({
    name: 'servicing worker',
    log,
    intervalMs,
    pass: () => servicingPass(deps),
    didWork: (done) => done.days > 0 || done.closedDays > 0 || done.expiredDevices > 0,
  });
}
