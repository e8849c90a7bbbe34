import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { QueryLog } from '../src/server/db/query-log';
import { outboxMessages } from '../src/server/db/schema';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, inTransaction } from '../src/server/ledger';
import { createTestApp } from '../tests/fixtures/app';
import { createActivatedMember } from '../tests/fixtures/loans';

/**
 * Statements and round trips of the hot writes, counted by the database client's
 * wrapper (src/server/db/query-log.ts): one plain 2-leg ledger transfer in its transaction, one
 * withdrawal request and its confirmation through the whole handler. BEGIN and COMMIT count.
 *
 *   npx tsx bench/write-statements.ts            (PGlite; TEST_DATABASE_URL=postgres://... for PostgreSQL)
 *   VERBOSE=1 npx tsx bench/write-statements.ts  (prints each statement)
 */
const log = new QueryLog();
const t = await createTestApp({}, {}, { queryLog: log });
try {
  const m = await createActivatedMember(t);
  const clearing = await inTransaction(t.deps.db, (tx) => ensureSystemAccount(tx, 'DISBURSEMENT_CLEARING'));
  const wallet = await inTransaction(t.deps.db, (tx) => ensureMemberWallet(tx, m.userId));
  const transfer = (amount: bigint) =>
    inTransaction(t.deps.db, (tx) =>
      createTransfer(tx, {
        idempotencyKey: randomUUID(),
        code: 'BENCH',
        description: 'benchmark transfer',
        legs: [
          { accountId: clearing, direction: 'DEBIT', amount },
          { accountId: wallet, direction: 'CREDIT', amount },
        ],
        at: t.clock.now(),
      }),
    );
  await transfer(100_000_00n); // funds the wallet (and warms what is loaded once)
  const counts: Record<string, { queries: number; roundTrips: number }> = {};
  const measure = async (name: string, work: () => Promise<void>) => {
    log.reset();
    await work();
    counts[name] = { queries: log.queries, roundTrips: log.roundTrips };
    if (process.env.VERBOSE) console.log(`--- ${name}\n${log.statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 300)).join('\n')}`);
  };
  await measure('ledger transfer (2 legs)', async () => void (await transfer(100n)));
  // A first withdrawal warms the per-process work; the second is counted.
  for (const round of ['warm', 'counted']) {
    let id = '';
    await measure(`withdrawal request (${round})`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/withdrawals',
        payload: { amount: '1000.00' },
        headers: { cookie: m.cookie, 'idempotency-key': randomUUID() },
      });
      if (res.statusCode !== 201) throw new Error(`request refused: ${res.statusCode} ${res.body}`);
      id = JSON.parse(res.body).id;
    });
    const [sms] = await t.deps.db
      .select({ body: outboxMessages.body })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, m.phone), eq(outboxMessages.channel, 'SMS')))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const code = /withdrawal code is (\d{6})/.exec(sms?.body ?? '')?.[1];
    await measure(`withdrawal confirmation (${round})`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/withdrawals/${id}/confirm`,
        payload: { code },
        headers: { cookie: m.cookie, 'idempotency-key': randomUUID() },
      });
      if (res.statusCode !== 200) throw new Error(`confirm refused: ${res.statusCode} ${res.body}`);
    });
    t.clock.advance(3_600_000);
  }
  console.log(JSON.stringify(counts, null, 2));
} finally {
  await t.close();
}
