import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { baselineWallets, CONCURRENCY, ledgerTransfers, percentile, PG_ADMIN, pgbenchTps, runPool } from './common';
import { createTestApp, type TestApp } from '../tests/fixtures/app';
import { APPLICATION, createActivatedMember } from '../tests/fixtures/loans';

/**
 * Loans throughput: loan applications per second and p99 latency through the app
 * (in-process HTTP, the full handler: session, validation, pre-assessment, one-open-loan index)
 * on the embedded database and on PostgreSQL; ledger transfers per second on PostgreSQL beside the
 * same server's pgbench TPC-B figure measured in the same run, reported as a ratio.
 *
 *   npx tsx bench/loans.ts            (PostgreSQL from BENCH_DATABASE_URL, default the local server)
 */
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS ?? 200);

async function applications(t: TestApp) {
  const members = [];
  for (let i = 0; i < APPLICATIONS; i += 1) members.push(await createActivatedMember(t));
  const latencies: number[] = [];
  const started = performance.now();
  await runPool(members, async (m) => {
    const t0 = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loans/applications',
      payload: { ...APPLICATION },
      headers: { cookie: m.cookie, 'idempotency-key': randomUUID() },
    });
    latencies.push(performance.now() - t0);
    if (res.statusCode !== 201) throw new Error(`application refused: ${res.statusCode} ${res.body}`);
  });
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    count: APPLICATIONS,
    perSecond: Math.round(APPLICATIONS / seconds),
    p50Ms: Math.round(percentile(latencies, 50)),
    p99Ms: Math.round(percentile(latencies, 99)),
  };
}

const embedded = await createTestApp();
const embeddedApplications = await applications(embedded);
await embedded.close();

process.env.TEST_DATABASE_URL = PG_ADMIN;
const pg = await createTestApp();
const pgApplications = await applications(pg);
// The ledger as the product runs it: the system accounts split into the configured shards
// (LEDGER_SYSTEM_SHARDS, default 8: decision 030), each transfer on the shard its id hashes to. Until
// 2026-11-25 this measured every transfer on one clearing row (shards 1), which the product never does.
const shards = pg.deps.config.ledgerSystemShards;
const wallets = await baselineWallets(pg);
await ledgerTransfers(pg, { shards, wallets, count: 200 }); // warm-up: connections, named statements
const pgLedger = await ledgerTransfers(pg, { shards, wallets });
await pg.close();
const tpcb = pgbenchTps();

const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  concurrency: CONCURRENCY,
  applications: { embedded: embeddedApplications, postgres: pgApplications },
  ledgerTransfersPerSecondPostgres: pgLedger.perSecond,
  ledgerSystemShards: shards,
  load: os.loadavg()[0],
  pgbenchTpcbTps: tpcb,
  ledgerToTpcbRatio: Math.round((pgLedger.perSecond / tpcb) * 100) / 100,
};
console.log(JSON.stringify(result, null, 2));
writeFileSync(path.resolve('bench/results/loans-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
