import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { startChannelPaymentsWorker, type ChannelPaymentsWorker } from '../jobs/channel-payments';
import { startDeliveryWorker, type DeliveryWorker } from '../jobs/delivery';
import { startRatesRefresh } from '../jobs/rates-refresh';
import { startServicingWorker, type ServicingWorker } from '../jobs/servicing';
import { startWithdrawalsWorker, type Worker } from '../jobs/withdrawals';
import { startAdminChannel, type AdminChannel } from '../ops/admin-channel';
import { messageAdaptersFor } from '../providers/messages';

/**
 * The background workers (withdrawals, servicing, channel payments, SMS and e-mail delivery, the
 * rates' refresh) started when the app is ready and stopped, their running pass finished, before it
 * closes; the local admin channel likewise when the embedded database is this process's.
 */
export function installJobs(
  app: FastifyInstance,
  deps: AppDeps,
  options: { readonly jobs?: boolean | { readonly intervalMs: number }; readonly adminChannel: boolean },
): void {
  const { config, clock } = deps;
  if (options.jobs) {
    const intervalMs = typeof options.jobs === 'object' ? options.jobs.intervalMs : undefined;
    let worker: Worker | null = null;
    let servicing: ServicingWorker | null = null;
    let channels: ChannelPaymentsWorker | null = null;
    let delivery: DeliveryWorker | null = null;
    let stopRates: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      worker = startWithdrawalsWorker(deps, app.log, intervalMs);
      servicing = startServicingWorker(deps, app.log, config.servicingIntervalMs);
      channels = startChannelPaymentsWorker(deps, app.log, intervalMs);
      delivery = startDeliveryWorker(deps, messageAdaptersFor(config.delivery, clock), app.log, intervalMs);
      if (config.rates.provider === 'http') {
        const rates = config.rates;
        stopRates = startRatesRefresh(
          { db: deps.db, clock: deps.clock, log: app.log.child({ job: 'rates refresh' }) },
          { url: rates.url, timeoutMs: rates.timeoutMs, refreshMinutes: rates.refreshMinutes },
        );
      }
    });
    // Graceful shutdown: no new pass starts, and the running one finishes before the database closes.
    app.addHook('preClose', async () => {
      await Promise.all([worker?.stop(), servicing?.stop(), channels?.stop(), delivery?.stop(), stopRates?.()]);
    });
  }
  if (options.adminChannel) {
    let channel: AdminChannel | null = null;
    app.addHook('onReady', async () => {
      channel = await startAdminChannel(deps, config.dataDir, app.log);
    });
    app.addHook('preClose', async () => {
      await channel?.close();
    });
  }
}
