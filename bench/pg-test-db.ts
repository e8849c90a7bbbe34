import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/client';
import { templateKey } from '../src/server/db/template';

/**
 * What one PostgreSQL test app's database costs (tests/fixtures/app.ts, decision 065), before and
 * after in one run, alternating: a new database migrated from nothing (before) beside a copy of the
 * migrated template (`CREATE DATABASE ... TEMPLATE`, after), each opened as a test app opens it
 * (openDatabase, which runs the migrator) and dropped. Prints seconds per database and the ratio.
 *
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/pg-test-db.ts
 *   BENCH_ROUNDS (default 5), BENCH_OUT=file writes the figures as JSON.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const template = `tapat_t_bench_template_${templateKey()}`;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

async function timed(fromTemplate: boolean): Promise<number> {
  const name = `tapat_t_bench_${randomBytes(4).toString('hex')}`;
  const started = performance.now();
  await admin((c) => c.query(`CREATE DATABASE ${name}${fromTemplate ? ` TEMPLATE ${template}` : ''}`));
  const database = await openDatabase({ databaseUrl: urlOf(name) });
  await database.close();
  const seconds = (performance.now() - started) / 1000;
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return seconds;
}

await admin((c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
await admin((c) => c.query(`CREATE DATABASE ${template}`));
const made = await openDatabase({ databaseUrl: urlOf(template), maxConnections: 1 });
await made.close();
const before: number[] = [];
const after: number[] = [];
try {
  for (let round = 0; round < rounds; round += 1) {
    before.push(await timed(false));
    after.push(await timed(true));
  }
} finally {
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} cores, node ${process.version}`,
  loadAverage: os.loadavg().map((l) => Number(l.toFixed(1))),
  rounds,
  migratedPerAppSeconds: before.map((s) => Number(s.toFixed(2))),
  templateCopySeconds: after.map((s) => Number(s.toFixed(2))),
  medianBefore: Number(median(before).toFixed(2)),
  medianAfter: Number(median(after).toFixed(2)),
  ratio: Number((median(after) / median(before)).toFixed(3)),
};
console.log(JSON.stringify(result, null, 2));
if (process.env.BENCH_OUT) writeFileSync(path.resolve(process.env.BENCH_OUT), `${JSON.stringify(result, null, 2)}\n`);
