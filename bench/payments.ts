import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CONCURRENCY, ledgerTransfers, percentile, runPool } from './common';
import { createTestApp, type TestApp } from '../tests/fixtures/app';
import { createStaff } from '../tests/fixtures/loans';
import { disbursedLoan } from '../tests/fixtures/repayments';

/**
 * Repayments throughput (issue 10): wallet payments to a loan per second and their p50/p99 latency
 * through the app (in-process HTTP, the whole handler: session, validation, idempotency key, the
 * loan row locked, allocation over charges, interest and principal, the instalment lines, one
 * balanced ledger transfer, the receipt and its SMS) on PostgreSQL, beside plain 2-leg ledger
 * transfers per second measured in the same run. Each loan (PHP 200,000 over 6 months, the proceeds
 * in the wallet) receives PAYMENTS_PER_LOAN instalment payments in turn; payments to different
 * loans run CONCURRENCY at a time.
 *
 *   npx tsx bench/payments.ts      (a temporary database on BENCH_DATABASE_URL's server, default the local one; dropped after)
 */
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOANS = Number(process.env.BENCH_LOANS ?? 60);
const PAYMENTS_PER_LOAN = 5; // 5 x PHP 34,334 fits in the PHP 200,000 proceeds; the 6th would repay the loan
const INSTALMENT = '34334.00';

async function payments(t: TestApp) {
  const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  const borrowers: string[] = [];
  for (let i = 0; i < LOANS; i += 1) borrowers.push((await disbursedLoan(t, officer, checker)).member.cookie);
  // Round by round (every loan's first payment, then every loan's second, ...): one loan's payments never overlap.
  const jobs = Array.from({ length: PAYMENTS_PER_LOAN }, () => borrowers).flat();
  const latencies: number[] = [];
  const started = performance.now();
  await runPool(jobs, async (cookie) => {
    const t0 = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loans/current/payments',
      payload: { amount: INSTALMENT },
      headers: { cookie, 'idempotency-key': randomUUID() },
    });
    latencies.push(performance.now() - t0);
    if (res.statusCode !== 201) throw new Error(`payment refused: ${res.statusCode} ${res.body}`);
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    loans: LOANS,
    count: jobs.length,
    perSecond: Math.round(jobs.length / seconds),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
  };
}

process.env.TEST_DATABASE_URL = PG_ADMIN;
const pg = await createTestApp();
let paid: Awaited<ReturnType<typeof payments>>;
let ledger: Awaited<ReturnType<typeof ledgerTransfers>>;
try {
  paid = await payments(pg);
  ledger = await ledgerTransfers(pg);
} finally {
  await pg.close(); // drops the temporary database
}

const date = new Date().toISOString();
const result = {
  date,
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
  concurrency: CONCURRENCY,
  paymentsPostgres: paid,
  ledgerTransfersPerSecondPostgres: ledger.perSecond,
  paymentsPerLedgerTransfer: Math.round((paid.perSecond / ledger.perSecond) * 100) / 100,
};
console.log(JSON.stringify(result, null, 2));
const json = `${JSON.stringify(result, null, 2)}\n`;
writeFileSync(path.resolve(`bench/results/payments-${date.slice(0, 10)}.json`), json);
writeFileSync(path.resolve('bench/results/payments-latest.json'), json);
