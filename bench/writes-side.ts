import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { baselineWallets, ledgerTransfers, percentile, runPool } from './common';
import { createTestApp, type TestApp } from '../tests/fixtures/app';
import { createActivatedMember, type ActivatedMember } from '../tests/fixtures/loans';
import { outboxMessages } from '../src/server/db/schema';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, inTransaction } from '../src/server/ledger';

/**
 * One side of bench/writes-ab.ts: run from a checkout's root (this one, or an older one the file was
 * copied into), on a fresh database on TEST_DATABASE_URL's server. Measures, in this order, plain
 * 2-leg ledger transfers per second (as bench/common.ts `ledgerTransfers`, 8 shards) and withdrawal
 * request + confirmation pairs per second (as bench/withdrawals.ts), CONCURRENCY in flight; prints
 * one JSON line. Uses only what every checkout since decision 030 exports.
 */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PAIRS = Number(process.env.BENCH_WITHDRAWALS ?? 120);
/** Pairs made before the measured ones (their code compiled and optimised, as the ledger's 200 warm-up transfers), not counted. */
const WARMUP_PAIRS = Number(process.env.BENCH_WITHDRAWALS_WARMUP ?? 40);
const TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 1500);
const SHARDS = Number(process.env.BENCH_SHARDS ?? 8);

async function fundedMembers(t: TestApp, count: number): Promise<ActivatedMember[]> {
  const members: ActivatedMember[] = [];
  for (let i = 0; i < count; i += 1) {
    const m = await createActivatedMember(t);
    await inTransaction(t.deps.db, async (tx) =>
      createTransfer(tx, {
        idempotencyKey: `bench-fund:${m.userId}`,
        code: 'BENCH_FUNDING',
        description: 'benchmark funding',
        legs: [
          { accountId: await ensureSystemAccount(tx, 'DISBURSEMENT_CLEARING'), direction: 'DEBIT', amount: 100_000_00n },
          { accountId: await ensureMemberWallet(tx, m.userId), direction: 'CREDIT', amount: 100_000_00n },
        ],
        at: t.clock.now(),
      }),
    );
    members.push(m);
  }
  return members;
}

async function codeOf(t: TestApp, phone: string): Promise<string> {
  const [row] = await t.deps.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, 'SMS')))
    .orderBy(desc(outboxMessages.createdAt))
    .limit(1);
  const code = /withdrawal code is (\d{6})/.exec(row?.body ?? '')?.[1];
  if (!code) throw new Error('no withdrawal code');
  return code;
}

async function pairs(t: TestApp, members: ActivatedMember[]) {
  const pair: number[] = [];
  let outside = 0;
  const started = performance.now();
  await runPool(
    members,
    async (m) => {
      const t0 = performance.now();
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/withdrawals',
        payload: { amount: '1000.00' },
        headers: { cookie: m.cookie, 'idempotency-key': randomUUID() },
      });
      const t1 = performance.now();
      if (created.statusCode !== 201) throw new Error(`request refused: ${created.statusCode} ${created.body}`);
      const code = await codeOf(t, m.phone); // reading the SMS is not part of the server's work
      const t2 = performance.now();
      const confirmed = await t.app.inject({
        method: 'POST',
        url: `/api/withdrawals/${JSON.parse(created.body).id}/confirm`,
        payload: { code },
        headers: { cookie: m.cookie, 'idempotency-key': randomUUID() },
      });
      const t3 = performance.now();
      if (confirmed.statusCode !== 200) throw new Error(`confirm refused: ${confirmed.statusCode} ${confirmed.body}`);
      pair.push(t1 - t0 + (t3 - t2));
      outside += t2 - t1;
    },
    CONCURRENCY,
  );
  const seconds = (performance.now() - started - outside / CONCURRENCY) / 1000;
  pair.sort((a, b) => a - b);
  return {
    pairsPerSecond: Math.round((members.length / seconds) * 10) / 10,
    pairP50Ms: Math.round(percentile(pair, 50)),
    pairP99Ms: Math.round(percentile(pair, 99)),
  };
}

const t = await createTestApp({}, { LEDGER_SYSTEM_SHARDS: String(SHARDS) }, { maxConnections: CONCURRENCY });
try {
  const members = await fundedMembers(t, PAIRS);
  const warmupMembers = await fundedMembers(t, WARMUP_PAIRS);
  const wallets = await baselineWallets(t);
  t.clock.advance(3_600_000);
  await ledgerTransfers(t, { concurrency: CONCURRENCY, shards: SHARDS, count: 200, wallets }); // warm-up: connections, statements
  const cpu0 = process.cpuUsage();
  const ledger = await ledgerTransfers(t, { concurrency: CONCURRENCY, shards: SHARDS, count: TRANSFERS, wallets });
  const cpu1 = process.cpuUsage(cpu0);
  if (warmupMembers.length > 0) await pairs(t, warmupMembers);
  const cpu2 = process.cpuUsage();
  const withdrawals = await pairs(t, members);
  const cpu3 = process.cpuUsage(cpu2);
  console.log(
    JSON.stringify({
      ledgerTransfersPerSecond: ledger.perSecond,
      ledgerNodeCpuMsPerTransfer: Math.round(((cpu1.user + cpu1.system) / 1000 / TRANSFERS) * 100) / 100,
      ...withdrawals,
      // The whole process's CPU over the pairs, per pair (with the test's read of each code's SMS, a small select).
      pairNodeCpuMs: Math.round(((cpu3.user + cpu3.system) / 1000 / members.length) * 100) / 100,
      pairsPerLedgerTransfer: Math.round((withdrawals.pairsPerSecond / ledger.perSecond) * 100) / 100,
    }),
  );
} finally {
  await t.close();
}
