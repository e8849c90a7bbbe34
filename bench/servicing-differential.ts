import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadAverage, machine, PG_ADMIN } from './common';

/**
 * The differential test of the night's pass at the benchmark's size: `tests/api/servicing-batch.test.ts`
 * (each generated loan twice, one twin serviced by the set-based pass and one by the per-loan
 * reference, day after day, every charge, transition, reminder, SMS and late-charge entry compared)
 * on DIFF_LOANS generated loans (default 2,000: 4,000 loans with their twins; `npm test` runs it on
 * 110) on PostgreSQL (BENCH_DATABASE_URL's server). DIFF_SEED replays a book; otherwise a new seed,
 * printed and kept in the results. Exits non-zero when the two paths differ.
 *
 *   npx tsx bench/servicing-differential.ts      DIFF_LOANS=5000 DIFF_SEED=123
 */
const LOANS = Number(process.env.DIFF_LOANS ?? 2000);
const SEED = process.env.DIFF_SEED ?? String(Math.floor(Math.random() * 2 ** 31));

const started = new Date().toISOString();
const loadBefore = loadAverage();
const t0 = performance.now();
const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', 'tests/api/servicing-batch.test.ts'], {
  env: { ...process.env, TEST_DATABASE_URL: PG_ADMIN, BOOK_LOANS: String(LOANS), BOOK_SEED: SEED },
  encoding: 'utf8',
  maxBuffer: 64 * 2 ** 20,
});
const seconds = Math.round((performance.now() - t0) / 100) / 10;
const passed = run.status === 0;
const result = {
  date: started,
  machine: machine(),
  server: PG_ADMIN.replace(/\/\/[^@]*@/, '//'),
  loadAverage: { before: loadBefore, after: loadAverage() },
  generatedLoans: LOANS,
  loansWithTwins: LOANS * 2,
  days: 4,
  seed: Number(SEED),
  passed,
  seconds,
};
console.log(JSON.stringify(result));
if (!passed) console.log(`${run.stdout}\n${run.stderr}`.slice(-6000));
const json = `${JSON.stringify(result, null, 2)}\n`;
writeFileSync(path.resolve(`bench/results/servicing-differential-${started.slice(0, 10)}.json`), json);
writeFileSync(path.resolve('bench/results/servicing-differential-latest.json'), json);
if (!passed) process.exitCode = 1;
