import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { CONCURRENCY, ledgerTransfers, percentile, runPool } from './common';
import { createTestApp, type TestApp } from '../tests/fixtures/app';
import { createActivatedMember, type ActivatedMember } from '../tests/fixtures/loans';
import { outboxMessages } from '../src/server/db/schema';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, inTransaction } from '../src/server/ledger';

/**
 * Withdrawals throughput (issue 5): withdrawal request + confirmation pairs per second and their p99
 * latency through the app (in-process HTTP, the whole handler: session, validation, idempotency
 * key, pending ledger hold, code issued and checked, payout submitted, outbox) on PostgreSQL, beside
 * plain 2-leg ledger transfers per second measured in the same run (the loans issue's figure).
 * Each member makes one withdrawal (codes are limited to one a minute per phone).
 *
 *   npx tsx bench/withdrawals.ts      (PostgreSQL from BENCH_DATABASE_URL, default the local server)
 */
const PG_ADMIN = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PAIRS = Number(process.env.BENCH_WITHDRAWALS ?? 300);

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

async function withdrawals(t: TestApp) {
  const members = await fundedMembers(t, PAIRS);
  const pair: number[] = [];
  const request: number[] = [];
  const confirm: number[] = [];
  let outside = 0;
  const started = performance.now();
  await runPool(members, async (m) => {
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
  });
  const seconds = (performance.now() - started - outside / CONCURRENCY) / 1000;
  for (const list of [pair, request, confirm]) list.sort((a, b) => a - b);
  return {
    count: PAIRS,
    pairsPerSecond: Math.round(PAIRS / seconds),
    pairP50Ms: Math.round(percentile(pair, 50)),
    pairP99Ms: Math.round(percentile(pair, 99)),
    requestP99Ms: Math.round(percentile(request, 99)),
    confirmP99Ms: Math.round(percentile(confirm, 99)),
  };
}

process.env.TEST_DATABASE_URL = PG_ADMIN;
const pg = await createTestApp();
const pgWithdrawals = await withdrawals(pg);
const pgLedger = await ledgerTransfers(pg);
await pg.close();

const result = {
  date: new Date().toISOString(),
  machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
  concurrency: CONCURRENCY,
  withdrawalsPostgres: pgWithdrawals,
  ledgerTransfersPerSecondPostgres: pgLedger.perSecond,
};
console.log(JSON.stringify(result, null, 2));
writeFileSync(path.resolve('bench/results/withdrawals-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
