import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../deps';
import { deliverDue, type DeliveryPass } from '../modules/delivery/worker';
import type { MessageAdapters } from '../providers/messages';
import { startIntervalWorker, type IntervalWorker } from './interval-worker';

/**
 * The delivery worker: every `intervalMs` sends the due outbox messages through the configured
 * adapters (src/server/modules/delivery/worker.ts). Its log line counts messages; it never holds a
 * body or a recipient. stop() waits for the running pass, then closes the adapters' connections.
 */
export type DeliveryWorker = IntervalWorker<DeliveryPass>;

export function startDeliveryWorker(deps: AppDeps, adapters: MessageAdapters, log: FastifyBaseLogger, intervalMs = 2_000): DeliveryWorker {
  const worker = startIntervalWorker({
    name: 'delivery worker',
    log,
    intervalMs,
    pass: (passLog) => deliverDue(deps, adapters, undefined, passLog),
    didWork: (done) => done.sent > 0 || done.retried > 0 || done.dead > 0,
  });
  return {
    tick: worker.tick,
    async stop() {
      await worker.stop();
      adapters.SMS?.close?.();
      adapters.EMAIL?.close?.();
    },
  };
}
