import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { countQueries, type QueryLog } from './query-log';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: services take either. */
export type DbOrTx = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite's data directory; undefined keeps the embedded database in memory (tests). */
  readonly dataDir?: string | undefined;
  /** Counts every statement and round trip (the query-count test, bench/); without it the client is not wrapped. */
  readonly queryLog?: QueryLog | undefined;
}

/** Opens the database and applies the migrations (the same on PGlite and PostgreSQL). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection may be closed by the server (a restart, a terminated backend): the pool
    // drops it and opens another on demand. Without a listener that 'error' event would crash the process.
    pool.on('error', () => {});
    const log = options.queryLog;
    // pool.query and transactions both go through a pooled client's query method.
    if (log) pool.on('connect', (client) => countQueries(client as unknown as { query: (...args: unknown[]) => unknown }, log));
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let client: PGlite;
  if (options.dataDir) {
    // PGlite does not create missing parent directories.
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  const log = options.queryLog;
  if (log) {
    countQueries(client as unknown as { query: (...args: unknown[]) => unknown }, log);
    const transaction = client.transaction.bind(client);
    client.transaction = ((callback: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<unknown>) =>
      transaction((tx) => {
        countQueries(tx as unknown as { query: (...args: unknown[]) => unknown }, log);
        return callback(tx);
      })) as PGlite['transaction'];
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  // The PGlite and node-postgres drizzle databases share the PostgreSQL query builder.
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}
