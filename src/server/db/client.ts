import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { useNamedStatements } from './pglite-named';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import * as schema from './schema';
import type { DataDirLock } from './data-dir-lock';
import { prepareDataDir, type PreparedDataDir } from './data-dir';
import { countQueries, type QueryLog } from './query-log';
import { migrationsFolder } from '../paths';
import { ensureMemoryImage } from './template';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: services take either. */
export type DbOrTx = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** The embedded data directory's lock (PGlite with a DATA_DIR): held until close(). */
  readonly lock?: DataDirLock;
  /** Whether the database answers, the migrations are applied and (embedded) the lock is still ours: GET /readyz. */
  readiness(): Promise<Readiness>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded PGlite is used. */
  readonly databaseUrl?: string | undefined;
  /** PGlite's data directory; undefined keeps the embedded database in memory (tests). */
  readonly dataDir?: string | undefined;
  /** Counts every statement and round trip (the query-count test, bench/); without it the client is not wrapped. */
  readonly queryLog?: QueryLog | undefined;
  /** Who opens the embedded data directory, named to anyone refused by its lock: "server", "user:create", ... */
  readonly purpose?: string;
  /** An empty DATA_DIR starts as a copy of the migrated template (template.ts), an in-memory database from its image, instead of running initdb; default true. */
  readonly template?: boolean;
  /** The embedded data directory already locked and seeded (main.ts starts that before the server's modules load); instead of dataDir. */
  readonly prepared?: Promise<PreparedDataDir> | undefined;
  /** PostgreSQL: the most connections the pool opens; default 10 (the benchmarks vary it). */
  readonly maxConnections?: number;
  /** PGlite: keep statements run again and again as named statements (pglite-named.ts, decision 040); default true, false for the benchmarks' "before". */
  readonly namedStatements?: boolean;
}

/** The newest migration in the journal: applied when drizzle's migrations table holds its hash. */
const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
const newestMigrationAt = Math.max(...journal.entries.map((e) => e.when));

export interface Readiness {
  readonly database: boolean;
  readonly migrations: boolean;
  readonly lock: boolean;
}

async function readiness(db: Db, lock: DataDirLock | undefined): Promise<Readiness> {
  const lockHeld = lock ? lock.held() : true;
  try {
    const result = await db.execute(sql`select max(created_at) as newest from drizzle.__drizzle_migrations`);
    const rows = (result as unknown as { rows: { newest: string | number | null }[] }).rows;
    return { database: true, migrations: Number(rows[0]?.newest ?? 0) >= newestMigrationAt, lock: lockHeld };
  } catch {
    return { database: false, migrations: false, lock: lockHeld };
  }
}

/** Opens the database and applies the migrations (the same on PGlite and PostgreSQL). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // node-postgres and its drizzle driver load only for PostgreSQL: an embedded start skips them.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
    // An idle connection may be closed by the server (a restart, a terminated backend): the pool
    // drops it and opens another on demand. Without a listener that 'error' event would crash the process.
    pool.on('error', () => {});
    const log = options.queryLog;
    // pool.query and transactions both go through a pooled client's query method.
    if (log) pool.on('connect', (client) => countQueries(client as unknown as { query: (...args: unknown[]) => unknown }, log));
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', readiness: () => readiness(db, undefined), close: () => pool.end() };
  }
  let client: PGlite;
  let lock: DataDirLock | undefined;
  if (options.dataDir || options.prepared) {
    const prepared = await (options.prepared ??
      prepareDataDir(options.dataDir!, options.purpose ?? (path.basename(process.argv[1] ?? 'a script') || 'a script'), options.template ?? true));
    lock = prepared.lock;
    try {
      client = new PGlite(prepared.dir);
      await client.waitReady;
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    let image: Blob | undefined;
    if (options.template ?? true) {
      try {
        image = await ensureMemoryImage();
      } catch (error) {
        // A read-only install cannot keep the image: PGlite initialises the database itself.
        if (!['EACCES', 'EROFS', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
      }
    }
    client = image ? new PGlite({ loadDataDir: image }) : new PGlite();
  }
  // Statements run again and again are parsed and planned once (pglite-named.ts, decision 040).
  if (options.namedStatements ?? true) useNamedStatements(client);
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
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close().catch(() => {});
    lock?.release();
    throw error;
  }
  const held = lock;
  // The PGlite and node-postgres drizzle databases share the PostgreSQL query builder.
  return {
    db,
    kind: 'pglite',
    ...(held ? { lock: held } : {}),
    readiness: () => readiness(db, held),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        held?.release();
      }
    },
  };
}
