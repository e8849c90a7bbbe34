import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { runChannelPayments } from '../modules/repayments/channel';
import { startIntervalWorker, type IntervalWorker } from './interval-worker';

/**
 * The payment-channel worker (docs/decisions/013-payment-channels.md): asks the collection provider
 * about each payment reference whose check is due (the simulated provider confirms or expires this
 * way; with Xendit it catches a missed callback after expiry) and hands each answer to the same
 * confirmation path as a callback. Each reference is claimed with SKIP LOCKED and a lease, so
 * several processes may run it.
 */
export type ChannelPaymentsWorker = IntervalWorker<{ checked: number; resolved: number }>;

const DEFAULT_CHANNEL_PAYMENTS_INTERVAL_MS = 5_000;

export function startChannelPaymentsWorker(deps: AppDeps, log: FastifyBaseLogger, intervalMs = DEFAULT_CHANNEL_PAYMENTS_INTERVAL_MS): ChannelPaymentsWorker {
  return startIntervalWorker({ name: 'payment channels worker', log, intervalMs, pass: () => runChannelPayments(deps), didWork: (done) => done.resolved > 0 });
}
