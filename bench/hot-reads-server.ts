import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { buildWorld, ensureDatabase, openApp } from './seed-large';

/**
 * One server of bench/hot-reads.ts, in a process of its own (so that autocannon, in the parent, does
 * not share its event loop). Prints one JSON line (the port, and for Tapat the world to sign in as)
 * and serves until SIGTERM.
 *
 *   tapat-pg        the app on a temporary PostgreSQL database (dropped at exit), with the benchmark's world
 *   tapat-pglite    the app on an in-memory PGlite, with the same world
 *   baseline-pg     Fastify 5 + one `pg` primary-key select (`GET /row/:id` on the users table of argv[3])
 *   baseline-pglite Fastify 5 + one PGlite primary-key select on a one-table in-memory database
 */
const mode = process.argv[2];
let close: () => Promise<void> = async () => {};
let announce: Record<string, unknown> = {};

if (mode === 'tapat-pg' || mode === 'tapat-pglite') {
  const db = mode === 'tapat-pg' ? await ensureDatabase(`lists13_hot_${randomBytes(3).toString('hex')}`, false) : null;
  const t = await openApp(db?.url, db ? db.drop : async () => {});
  const world = await buildWorld(t);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  announce = { port: typeof address === 'object' && address ? address.port : 0, world, databaseUrl: db?.url ?? null };
  close = () => t.close();
} else if (mode === 'baseline-pg' || mode === 'baseline-pglite') {
  const app = Fastify({ logger: false });
  let select: (id: string) => Promise<unknown>;
  let end: () => Promise<void>;
  let id: string;
  if (mode === 'baseline-pg') {
    const pool = new pg.Pool({ connectionString: process.argv[3], max: 10 });
    const res = await pool.query<{ id: string }>('select id from users limit 1');
    id = res.rows[0]!.id;
    select = async (key) => (await pool.query('select id, full_name, phone, role from users where id = $1', [key])).rows[0];
    end = () => pool.end();
  } else {
    const lite = new PGlite();
    await lite.exec(`create table users (id uuid primary key default gen_random_uuid(), full_name text not null, phone text not null, role text not null);
      insert into users (full_name, phone, role) select 'Member ' || g, '+63995' || lpad(g::text, 7, '0'), 'MEMBER' from generate_series(1, 1000) g;`);
    id = (await lite.query<{ id: string }>('select id from users limit 1')).rows[0]!.id;
    select = async (key) => (await lite.query('select id, full_name, phone, role from users where id = $1', [key])).rows[0];
    end = () => lite.close();
  }
  app.get<{ Params: { id: string } }>('/row/:id', async (request) => select(request.params.id));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  announce = { port: typeof address === 'object' && address ? address.port : 0, rowId: id };
  close = async () => {
    await app.close();
    await end();
  };
} else {
  throw new Error(`unknown mode ${mode}`);
}

process.stdout.write(`${JSON.stringify(announce)}\n`);
let closing = false;
process.on('SIGTERM', () => {
  if (closing) return;
  closing = true;
  void close().finally(() => process.exit(0));
});
