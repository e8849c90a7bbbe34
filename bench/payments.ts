import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { baselineWallets, CONNECTION_COUNTS, ledgerTransfers, loadAverage, machine, percentile, runPool, SHARD_COUNTS } from './common';
import { createTestApp, type TestApp } from '../tests/fixtures/app';
import { createStaff } from '../tests/fixtures/loans';
import { disbursedLoan } from '../tests/fixtures/repayments';

/**
 * Repayments throughput (issues 10 and 13): wallet payments to a loan per second and their p50/p99
 * latency through the app (in-process HTTP, the whole handler: session, validation, idempotency key,
 * the loan row locked, allocation over charges, interest and principal, the instalment lines, one
 * balanced ledger transfer, the receipt and its SMS) on PostgreSQL, beside plain 2-leg ledger
 * transfers per second at the same connection count, in ONE run: for each shard count of the system
 * accounts (BENCH_SHARDS, default "1,8": before and after docs/decisions/030) and each connection
 * count (BENCH_CONNECTIONS, default "1,2,4,8,16"; the pool has that many connections and that many
 * payments are in flight). Each loan (PHP 200,000 over 6 months, the proceeds in the wallet)
 * receives one instalment payment per connection count (at most 5: the 6th would repay it).
 *
 *   npx tsx bench/payments.ts      (a temporary database per shard count on BENCH_DATABASE_URL's server, default the local one; dropped after)
 */
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOANS = Number(process.env.BENCH_LOANS ?? 60);
const BASELINE_TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 600);
const INSTALMENT = '34334.00'; // 5 x PHP 34,334 fits in the PHP 200,000 proceeds
const MAX_CONNECTIONS = Math.max(...CONNECTION_COUNTS);
if (CONNECTION_COUNTS.length > 5) throw new Error('at most 5 connection counts: each loan takes 5 instalment payments');

async function payments(t: TestApp, borrowers: string[], concurrency: number) {
  const latencies: number[] = [];
  const started = performance.now();
  await runPool(
    borrowers,
    async (cookie) => {
      const t0 = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/loans/current/payments',
        payload: { amount: INSTALMENT },
        headers: { cookie, 'idempotency-key': randomUUID() },
      });
      latencies.push(performance.now() - t0);
      if (res.statusCode !== 201) throw new Error(`payment refused: ${res.statusCode} ${res.body}`);
    },
    concurrency,
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: borrowers.length,
    perSecond: Math.round(borrowers.length / seconds),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
  };
}

process.env.TEST_DATABASE_URL = PG_ADMIN;
const started = new Date().toISOString();
const loadBefore = loadAverage();
const runs: Record<string, unknown>[] = [];
for (const shards of SHARD_COUNTS) {
  const t = await createTestApp({}, { LEDGER_SYSTEM_SHARDS: String(shards) }, { maxConnections: MAX_CONNECTIONS });
  try {
    const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
    const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
    const borrowers: string[] = [];
    for (let i = 0; i < LOANS; i += 1) borrowers.push((await disbursedLoan(t, officer, checker)).member.cookie);
    const wallets = await baselineWallets(t);
    for (const connections of CONNECTION_COUNTS) {
      const load = loadAverage();
      const paid = await payments(t, borrowers, connections);
      const ledger = await ledgerTransfers(t, { concurrency: connections, shards, count: BASELINE_TRANSFERS, wallets });
      const row = {
        shards,
        connections,
        loadAverage: load,
        ...paid,
        ledgerTransfersPerSecond: ledger.perSecond,
        paymentsPerLedgerTransfer: Math.round((paid.perSecond / ledger.perSecond) * 100) / 100,
      };
      console.log(JSON.stringify(row));
      runs.push(row);
    }
  } finally {
    await t.close(); // drops the temporary database
  }
}

const result = {
  date: started,
  machine: machine(),
  loadAverage: { start: loadBefore, end: loadAverage() },
  loans: LOANS,
  baselineTransfersPerConnectionCount: BASELINE_TRANSFERS,
  runs,
};
console.log(JSON.stringify(result, null, 2));
const json = `${JSON.stringify(result, null, 2)}\n`;
writeFileSync(path.resolve(`bench/results/payments-${started.slice(0, 10)}-sweep.json`), json);
writeFileSync(path.resolve('bench/results/payments-latest.json'), json);
