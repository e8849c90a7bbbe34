import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadAverage, machine, PG_ADMIN, pgbenchTps } from './common';

/**
 * The hot writes, A/B in one run (decision 039): ledger transfers and withdrawal pairs of an older
 * checkout (BENCH_BEFORE_DIR, with bench/writes-side.ts copied in and node_modules linked) and of
 * this one, alternating which goes first, ROUNDS times, with pgbench TPC-B on the same server in
 * each round. On a machine shared with other work only the ratios within one round mean anything.
 *
 *   BENCH_BEFORE_DIR=/tmp/before npx tsx bench/writes-ab.ts
 *     (PostgreSQL: BENCH_DATABASE_URL, default the local server; BENCH_ROUNDS, default 3; the side's
 *      BENCH_WITHDRAWALS, BENCH_WITHDRAWALS_WARMUP, BENCH_TRANSFERS, BENCH_CONCURRENCY, BENCH_SHARDS pass through)
 */
const BEFORE = process.env.BENCH_BEFORE_DIR;
if (!BEFORE) throw new Error('BENCH_BEFORE_DIR: an older checkout with bench/writes-side.ts copied in');
const AFTER = process.cwd();
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const OUT = process.env.BENCH_OUT ?? `bench/results/writes-ab-${new Date().toISOString().slice(0, 10)}.json`;

function side(dir: string): Record<string, number> {
  const out = execFileSync('npx', ['tsx', 'bench/writes-side.ts'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, TEST_DATABASE_URL: PG_ADMIN },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = out.trim().split('\n').at(-1)!;
  return JSON.parse(line) as Record<string, number>;
}

const started = new Date().toISOString();
const rounds: Record<string, unknown>[] = [];
for (let round = 1; round <= ROUNDS; round += 1) {
  const load = loadAverage();
  const order = round % 2 === 1 ? (['before', 'after'] as const) : (['after', 'before'] as const);
  const result: Record<string, unknown> = { round, loadAverage: load, order };
  for (const which of order) result[which] = side(which === 'before' ? BEFORE : AFTER);
  const tpcb = pgbenchTps(CONCURRENCY);
  const before = result.before as Record<string, number>;
  const after = result.after as Record<string, number>;
  Object.assign(result, {
    pgbenchTpcbTps: tpcb,
    ledgerToTpcb: {
      before: Math.round((before.ledgerTransfersPerSecond! / tpcb) * 100) / 100,
      after: Math.round((after.ledgerTransfersPerSecond! / tpcb) * 100) / 100,
    },
    ledgerAfterOverBefore: Math.round((after.ledgerTransfersPerSecond! / before.ledgerTransfersPerSecond!) * 100) / 100,
    pairsAfterOverBefore: Math.round((after.pairsPerSecond! / before.pairsPerSecond!) * 100) / 100,
    pairCpuAfterOverBefore: before.pairNodeCpuMs ? Math.round((after.pairNodeCpuMs! / before.pairNodeCpuMs) * 100) / 100 : null,
    loadAverageEnd: loadAverage(),
  });
  console.log(JSON.stringify(result));
  rounds.push(result);
}
const report = {
  date: started,
  machine: machine(),
  before: process.env.BENCH_BEFORE_LABEL ?? BEFORE,
  after: process.env.BENCH_AFTER_LABEL ?? 'this checkout',
  concurrency: CONCURRENCY,
  shards: Number(process.env.BENCH_SHARDS ?? 8),
  withdrawalPairs: Number(process.env.BENCH_WITHDRAWALS ?? 120),
  withdrawalWarmupPairs: Number(process.env.BENCH_WITHDRAWALS_WARMUP ?? 40),
  ledgerTransfers: Number(process.env.BENCH_TRANSFERS ?? 1500),
  rounds,
};
writeFileSync(path.resolve(OUT), `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(path.resolve('bench/results/writes-ab-latest.json'), `${JSON.stringify(report, null, 2)}\n`);
console.log(JSON.stringify(report, null, 2));
