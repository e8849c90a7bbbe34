import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { startRatesRefresh } from './jobs/rates-refresh';

/** The process entry point: validated config, the app, graceful shutdown. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, database, deps } = await buildApp({ config, jobs: { intervalMs: config.jobsIntervalMs } });
  let stopJobs = () => {};
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      stopJobs();
      await app.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  if (config.rates.provider === 'http') {
    const rates = config.rates;
    stopJobs = startRatesRefresh(
      { db: deps.db, clock: deps.clock, log: app.log },
      { url: rates.url, timeoutMs: rates.timeoutMs, refreshMinutes: rates.refreshMinutes },
    );
  }
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined, demo: config.company.demo },
    `Tapat is serving at http://localhost:${config.port}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
