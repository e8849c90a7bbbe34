import { writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * npm run bench (after npm run build and a commit): the front-end benchmarks on the built app, then
 * the start benchmark (bench/start.ts, which rewrites bench/README.md's start table), a table of the
 * before/after ratios measured in this run, and with PostgreSQL the database benchmarks and the
 * nightly close at scale.
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

// The database figures of the hot reads (bench/hot-reads.ts, bench/lists.ts): they
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
  // The nightly close at scale (decisions 087, 089, 092): the night's pass on a lender's book of
  // 10,000, 100,000 and 1,000,000 loans (the largest seeds for many minutes), its differential test on
  // 2,000 generated loans, payday's payments at 4 and 16 connections, ledger:check at 1,000,000 and
  // 10,000,000 entries. Each writes its own results file. BENCH_SKIP_NIGHT=1 skips them (they take about an hour together).
  if (process.env.BENCH_SKIP_NIGHT === '1') console.log('\nBENCH_SKIP_NIGHT=1: the night, payday and ledger:check at scale skipped.');
  else {
    process.env.NIGHT_SIZES ??= '10000,100000,1000000';
    await import('./servicing-night');
    // The set-based pass against the per-loan reference on thousands of generated loans (npm test: 110).
    await import('./servicing-differential');
    process.env.BENCH_CONNECTIONS = process.env.PAYDAY_CONNECTIONS ?? '4,16';
    process.env.BENCH_LOANS ??= '2000';
    await import('./payments');
    await import('./ledger-check');
  }
}

const { writeFastTable } = await import('./fast-table');
console.log(`\n${writeFastTable()}`);
