import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { prepareDataDir } from './db/data-dir';

/**
 * The process entry point: validated config, the app (which owns the embedded DATA_DIR while it
 * runs), graceful shutdown on SIGTERM and SIGINT: /readyz turns 503, the listener stops accepting,
 * requests in flight and the running job passes finish, the database closes and the lock is
 * released; past SHUTDOWN_TIMEOUT_MS the process exits 1 anyway (a lock left behind is stale).
 *
 * Start order (docs/decisions/023-start-fast.md): this module imports only the
 * config and the data directory's preparation; the embedded DATA_DIR is locked and, when empty,
 * filled from the migrated template on libuv's threads while the rest of the server (app.ts and
 * its packages, a separate chunk of the bundle) loads.
 */
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
  const preparedDataDir = config.databaseUrl ? undefined : prepareDataDir(config.dataDir, 'server', config.pgliteTemplate);
  // Awaited, and its refusal handled, in buildApp below: not an unhandled rejection meanwhile.
  preparedDataDir?.catch(() => {});
  const [{ buildApp }, { users }, { inArray }] = await Promise.all([import('./app'), import('./db/schema'), import('drizzle-orm')]);
  let built;
  try {
    built = await buildApp({ config, jobs: { intervalMs: config.jobsIntervalMs }, adminChannel: true, ...(preparedDataDir ? { preparedDataDir } : {}) });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const { app, database, deps } = built;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight and the running job passes');
    const timer = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    let code = 0;
    try {
      await app.close();
      app.log.info('shut down cleanly');
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      code = 1;
    } finally {
      process.exit(code);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined, demo: config.company.demo },
    `Tapat is serving at http://localhost:${config.port}`,
  );
  if (database.lock && !config.production) {
    const [staff] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.role, ['OFFICER', 'ADMIN']))
      .limit(1);
    if (!staff) app.log.info('No staff account yet. For the demo back office, run in another terminal: npm run user:create -- --demo');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
