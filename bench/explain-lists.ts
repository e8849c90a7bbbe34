import pg from 'pg';
import { QueryLog } from '../src/server/db/query-log';
import { openLarge } from './seed-large';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of every statement one list sends, on a kept 200,000-member seed
 * (bench/seed-large.ts with BENCH_KEEP_DB=1): where a list's time goes at scale.
 *
 *   BENCH_DB_NAME=lists13_bench npx tsx bench/explain-lists.ts /api/admin/audit [staff|member]
 */
const url = process.argv[2] ?? '/api/admin/audit';
const who = process.argv[3] ?? (url.startsWith('/api/admin') ? 'staff' : 'member');
const name = process.env.BENCH_DB_NAME;
if (!name) throw new Error('Set BENCH_DB_NAME to a kept seed.');
const log = new QueryLog();
const large = await openLarge(name, 0, true, log);
try {
  const cookie = who === 'staff' ? large.world.officer.cookie : large.world.member.cookie;
  const target = url.replace('(officer)', large.world.officer.userId);
  for (let i = 0; i < 3; i += 1) await large.t.app.inject({ method: 'GET', url: target, headers: { cookie } });
  log.reset();
  const started = performance.now();
  const res = await large.t.app.inject({ method: 'GET', url: target, headers: { cookie } });
  const ms = performance.now() - started;
  console.log(`${target}: ${res.statusCode} in ${ms.toFixed(1)} ms, ${log.queries} statements, ${log.roundTrips} round trips, ${res.body.length} bytes`);
  const statements = log.statements.map((text, i) => ({ text, values: log.parameters[i] ?? [] }));
  const dbUrl = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  dbUrl.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  await client.connect();
  try {
    for (const s of statements) {
      if (!/^\s*(select|with)/i.test(s.text)) continue;
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${s.text}`, s.values);
      console.log(`\n--- ${s.text.replace(/\s+/g, ' ').slice(0, 400)}`);
      for (const row of plan.rows) console.log(row['QUERY PLAN']);
    }
  } finally {
    await client.end();
  }
} finally {
  await large.t.close();
}
