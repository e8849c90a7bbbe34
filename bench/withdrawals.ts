import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { baselineWallets, CONNECTION_COUNTS, ledgerTransfers, loadAverage, machine, percentile, runPool, SHARD_COUNTS } from './common';
import { createTestApp, type TestApp } from '../tests/fixtures/app';
import { createActivatedMember, type ActivatedMember } from '../tests/fixtures/loans';
import { outboxMessages } from '../src/server/db/schema';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, inTransaction } from '../src/server/ledger';

/**
 * Withdrawals throughput: withdrawal request + confirmation pairs per second and
 * their p99 latency through the app (in-process HTTP, the whole handler: session, validation,
 * idempotency key, pending ledger hold, code issued and checked, payout submitted, outbox) on
 * PostgreSQL, beside plain 2-leg ledger transfers per second at the same connection count, in ONE
 * run: for each shard count of the system accounts (BENCH_SHARDS, default "1,8": before and after
 * docs/decisions/030) and each connection count (BENCH_CONNECTIONS, default "1,2,4,8,16"; the pool
 * has that many connections and that many pairs are in flight).
 * The same members withdraw again at each connection count (the clock moves an hour between
 * counts: codes are limited to one a minute and five an hour per phone).
 *
 *   npx tsx bench/withdrawals.ts      (a temporary database per shard count on BENCH_DATABASE_URL's server, default the local one; dropped after)
 */
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAIRS = Number(process.env.BENCH_WITHDRAWALS ?? 200);
const BASELINE_TRANSFERS = Number(process.env.BENCH_TRANSFERS ?? 600);
const MAX_CONNECTIONS = Math.max(...CONNECTION_COUNTS);
/**
 * The lock alone (heldLockTransfersPerSecond): transfers whose transaction keeps its locks HOLD_MS
 * longer (BENCH_HOLD_MS, default 10: a withdrawal request's statements after its hold, on a network),
 * waiting in the database, so a machine busy with other work still shows what one hot row does: at
 * most 1000 / HOLD_MS a second however many connections, against about that times the shards.
 */
const HOLD_MS = Number(process.env.BENCH_HOLD_MS ?? 10);
const HELD_TRANSFERS = Number(process.env.BENCH_HELD_TRANSFERS ?? 300);

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

async function withdrawals(t: TestApp, members: ActivatedMember[], concurrency: number) {
  const pair: number[] = [];
  const request: number[] = [];
  const confirm: number[] = [];
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
      request.push(t1 - t0);
      confirm.push(t3 - t2);
      pair.push(t1 - t0 + (t3 - t2));
      outside += t2 - t1;
    },
    concurrency,
  );
  const seconds = (performance.now() - started - outside / concurrency) / 1000;
  for (const list of [pair, request, confirm]) list.sort((a, b) => a - b);
  return {
    count: members.length,
    pairsPerSecond: Math.round(members.length / seconds),
    pairP50Ms: Math.round(percentile(pair, 50)),
    pairP99Ms: Math.round(percentile(pair, 99)),
    requestP99Ms: Math.round(percentile(request, 99)),
    confirmP99Ms: Math.round(percentile(confirm, 99)),
  };
}

process.env.TEST_DATABASE_URL = PG_ADMIN;
const started = new Date().toISOString();
const loadBefore = loadAverage();
const runs: Record<string, unknown>[] = [];
for (const shards of SHARD_COUNTS) {
  const t = await createTestApp({}, { LEDGER_SYSTEM_SHARDS: String(shards) }, { maxConnections: MAX_CONNECTIONS });
  try {
    const members = await fundedMembers(t, PAIRS);
    const wallets = await baselineWallets(t);
    for (const connections of CONNECTION_COUNTS) {
      // Warm the connections, then measure; the members' session and code limits move with the clock.
      t.clock.advance(3_600_000);
      for (const m of members.slice(0, 1)) await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: { cookie: m.cookie } });
      const load = loadAverage();
      const pairs = await withdrawals(t, members, connections);
      const ledger = await ledgerTransfers(t, { concurrency: connections, shards, count: BASELINE_TRANSFERS, wallets });
      const held = await ledgerTransfers(t, { concurrency: connections, shards, count: HELD_TRANSFERS, wallets, holdMs: HOLD_MS });
      const row = {
        shards,
        connections,
        loadAverage: load,
        ...pairs,
        ledgerTransfersPerSecond: ledger.perSecond,
        heldLockTransfersPerSecond: held.perSecond,
        pairsPerLedgerTransfer: Math.round((pairs.pairsPerSecond / ledger.perSecond) * 100) / 100,
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
  pairsPerConnectionCount: PAIRS,
  baselineTransfersPerConnectionCount: BASELINE_TRANSFERS,
  heldLockTransfersPerConnectionCount: HELD_TRANSFERS,
  holdMs: HOLD_MS,
  runs,
};
console.log(JSON.stringify(result, null, 2));
const json = `${JSON.stringify(result, null, 2)}\n`;
writeFileSync(path.resolve(`bench/results/withdrawals-${started.slice(0, 10)}-sweep.json`), json);
writeFileSync(path.resolve('bench/results/withdrawals-latest.json'), json);
