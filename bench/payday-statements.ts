import { eq } from 'drizzle-orm';
import { QueryLog } from '../src/server/db/query-log';
import { channelPayments } from '../src/server/db/schema';
import { createTestApp } from '../tests/fixtures/app';
import { FAKE_SECRET_KEY, startFakeXendit } from '../tests/fixtures/fake-xendit';
import { createStaff, newKey, ok, post } from '../tests/fixtures/loans';
import { disbursedLoan, topUp } from '../tests/fixtures/repayments';

/**
 * The statements one wallet payment and one channel confirmation (the provider's callback, checked
 * at a local fake Xendit, then posted) send, each counted by the database client's wrapper
 * (src/server/db/query-log.ts): the payday benchmark's two requests (bench/payments.ts), one each,
 * after a first of each has warmed what is kept per database (one shard, so the second uses the
 * first's system accounts). Counts, not a timing.
 *
 *   npx tsx bench/payday-statements.ts            VERBOSE=1 prints each statement
 */
const TOKEN = 'callback-token-of-the-bench-0123456789abcdef';
const log = new QueryLog();
const fake = await startFakeXendit();
const t = await createTestApp(
  {},
  { LEDGER_SYSTEM_SHARDS: '1', COLLECTION_PROVIDER: 'xendit', XENDIT_API_URL: fake.url, XENDIT_SECRET_KEY: FAKE_SECRET_KEY, XENDIT_CALLBACK_TOKEN: TOKEN },
  { queryLog: log },
);
const verbose = process.env.VERBOSE === '1';
try {
  const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  const checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  const wallet = async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 100_000_00n);
    return member;
  };
  const pay = async (cookie: string, amount = '5000.00') =>
    ok(await post(t, cookie, '/api/loans/current/payments', { amount }, { 'idempotency-key': newKey() }), 201);
  const channel = async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const { payment } = ok(
      await post(
        t,
        member.cookie,
        '/api/loans/current/channel-payments',
        { method: 'OVER_THE_COUNTER', channelCode: '7ELEVEN', amount: '5000.00' },
        { 'idempotency-key': newKey() },
      ),
      201,
    );
    const [row] = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.id, payment.id));
    Object.assign(fake.paymentRequests.get(row!.providerPaymentId!)!, { status: 'SUCCEEDED' });
    return () =>
      t.app.inject({
        method: 'POST',
        url: '/api/callbacks/xendit/payments',
        payload: {
          event: 'payment.succeeded',
          data: { payment_request_id: row!.providerPaymentId, reference_id: payment.reference, amount: 5000, currency: 'PHP', status: 'SUCCEEDED' },
        },
        headers: { 'x-callback-token': TOKEN },
      });
  };
  const counted = async (name: string, run: () => Promise<unknown>) => {
    log.reset();
    await run();
    const sent = log.statements;
    console.log(`${name}: ${log.queries} statements, ${log.roundTrips} round trips`);
    if (verbose) console.log(`  ${sent.map((s) => s.replace(/\s+/g, ' ').slice(0, 150)).join('\n  ')}`);
  };
  const first = await wallet();
  // Twice: an account the first payment created is kept once a later one reads it committed.
  await pay(first.cookie, '40000.00'); // interest and principal: each credit account asked
  await pay(first.cookie, '40000.00');
  const second = await wallet();
  await counted('wallet payment', () => pay(second.cookie));
  for (let i = 0; i < 2; i += 1) ok(await (await channel())(), 200);
  const confirm = await channel();
  await counted('channel confirmation', async () => {
    const res = await confirm();
    if (res.json().outcome !== 'POSTED') throw new Error(res.body);
  });
} finally {
  await t.close();
  await fake.close();
}
