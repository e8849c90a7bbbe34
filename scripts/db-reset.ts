/**
 * npm run db:reset: an empty database for development.
 *
 * Embedded (no DATABASE_URL): removes DATA_DIR (default ./data: the PGlite database and local
 * uploads), after checking that no process holds its lock and no server answers on PORT (default 3000). The next start applies
 * the migrations to a fresh database.
 *
 * PostgreSQL (DATABASE_URL set): drops and recreates the public and drizzle schemas, everything in
 * them, only with the explicit flag --yes-drop-everything-at-database-url. Never in production.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { DataDirLockedError, lockOwner } from '../src/server/db/data-dir-lock';
import { serverAnswers } from './server-guard';

const FLAG = '--yes-drop-everything-at-database-url';

async function main(): Promise<number> {
  if (process.env.NODE_ENV === 'production') {
    console.error('db:reset refuses to run with NODE_ENV=production.');
    return 2;
  }
  const port = Number(process.env.PORT ?? 3000);
  if (await serverAnswers(port)) {
    console.error(`A server answers on port ${port}: stop it first (db:reset never wipes a database in use).`);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    if (!process.argv.includes(FLAG)) {
      console.error(
        `DATABASE_URL is set: db:reset would drop every table there. Run it again with ${FLAG} if that is what you mean:\n  npm run db:reset -- ${FLAG}`,
      );
      return 2;
    }
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
      await client.query('DROP SCHEMA IF EXISTS public CASCADE');
      await client.query('CREATE SCHEMA public');
    } finally {
      await client.end();
    }
    console.log('db:reset: dropped and recreated the schemas at DATABASE_URL; the next start applies the migrations.');
    return 0;
  }
  const dir = path.resolve(process.env.DATA_DIR || './data');
  if (dir === path.parse(dir).root || dir === path.resolve('.') || dir === path.resolve(process.env.HOME ?? '/')) {
    console.error(`db:reset refuses to remove ${dir}.`);
    return 2;
  }
  // The embedded DATA_DIR has one owner (src/server/db/data-dir-lock.ts): never removed under it.
  const owner = lockOwner(dir);
  if (owner) {
    console.error(new DataDirLockedError(dir, owner).message);
    return 2;
  }
  if (!existsSync(dir)) {
    console.log(`db:reset: ${dir} does not exist; nothing to remove.`);
    return 0;
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(`db:reset: removed ${dir} (the embedded database and local uploads); the next start creates a fresh one.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
