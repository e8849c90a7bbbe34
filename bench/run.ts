import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * npm run bench (after npm run build and a commit): the front-end benchmarks on the built app, then
 * the start benchmark (bench/start.ts, which rewrites bench/README.md's start table), and a table of the
 * before/after ratios measured in this run.
 */
const { default: bundle } = await import('./bundle');
writeFileSync(path.resolve('bench/results/bundle-latest.json'), `${JSON.stringify(bundle, null, 2)}\n`);
// What the browser downloads on a first visit to `/` (decision 072): bench/results/landing-downloads-latest.json.
await import('./landing-downloads');
await import('./lighthouse');
const { default: start } = await import('./start');
console.log('\nRatios measured in this run (after / before, lower is faster):\n');
console.log('| Measure | Before | After | Ratio |\n|---|---|---|---|');
for (const row of start.seconds) console.log(`| Start to first 200, ${row.scenario} | ${row.before} s | ${row.after} s | ${row.ratio} |`);

// The database figures of this session's part of issue 13 (bench/hot-reads.ts, bench/lists.ts): they
// need PostgreSQL, so they are skipped (with a note) when none answers on BENCH_DATABASE_URL.
// BENCH_SKIP_DB=1 skips them on purpose (the 200,000-member seed takes minutes).
async function postgresAnswers(): Promise<boolean> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({
    connectionString: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
if (process.env.BENCH_SKIP_DB === '1') {
  console.log('\nBENCH_SKIP_DB=1: hot reads and lists at 200,000 members skipped.');
} else if (!(await postgresAnswers())) {
  console.log('\nNo PostgreSQL answers on BENCH_DATABASE_URL: hot reads and lists at 200,000 members skipped.');
} else {
  await import('./hot-reads');
  // Ledger transfers beside pgbench, and withdrawals beside ledger transfers at one connection count
  // with the default shards (the full sweep: run bench/withdrawals.ts alone).
  await import('./loans');
  process.env.BENCH_SHARDS ??= '8';
  process.env.BENCH_CONNECTIONS ??= '10';
  await import('./withdrawals');
  if (process.env.BENCH_SKIP_LISTS === '1') console.log('\nBENCH_SKIP_LISTS=1: lists at 200,000 members skipped.');
  else await import('./lists');
}

const { writeIssue13Table } = await import('./issue13-table');
console.log(`\n${writeIssue13Table()}`);
