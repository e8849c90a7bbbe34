import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelPayments, payoutCallbacks } from '../../src/server/db/schema';
import { memberWalletBalance } from '../../src/server/ledger';
import { runChannelPayments } from '../../src/server/modules/repayments/channel';
import { xenditPayoutProvider } from '../../src/server/providers/payouts';
import type { PayoutOrder } from '../../src/server/providers/payouts';
import { createTestApp, type TestApp } from '../fixtures/app';
import { FAKE_SECRET_KEY, startFakeXendit, type FakeXendit } from '../fixtures/fake-xendit';
import { createStaff, expectLedgerSound, newKey, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, relogin, servicing } from '../fixtures/repayments';
import { runJobs, withdrawAndConfirm, withdrawalRow } from '../fixtures/withdrawals';

/**
 * The Xendit adapters against a local fake of Xendit's documented endpoints (
 * docs/decisions/013-payment-channels.md): what Tapat sends, what it does with
 * each answer (including outages, garbage and timeouts), and the callbacks: verified by token in
 * constant time, recorded, applied once.
 */
const TOKEN = 'callback-token-of-the-fake-dashboard-0123456789';
let fake: FakeXendit;
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  fake = await startFakeXendit({ slowMs: 8_000 });
  t = await createTestApp(
    {},
    {
      COLLECTION_PROVIDER: 'xendit',
      PAYOUT_PROVIDER: 'xendit',
      XENDIT_API_URL: fake.url,
      XENDIT_SECRET_KEY: FAKE_SECRET_KEY,
      XENDIT_CALLBACK_TOKEN: TOKEN,
      XENDIT_TIMEOUT_MS: '4000',
    },
  );
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
beforeEach(async () => {
  [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
  await fake.close();
});

const URL = '/api/loans/current/channel-payments';
function ask(cookie: string, body: Record<string, unknown>) {
  return post(t, cookie, URL, body, { 'idempotency-key': newKey() });
}
function callback(path: 'payments' | 'payouts', body: unknown, token: string | null = TOKEN) {
  return t.app.inject({
    method: 'POST',
    url: `/api/callbacks/xendit/${path}`,
    payload: body as Record<string, unknown>,
    headers: token === null ? {} : { 'x-callback-token': token },
  });
}
function succeeded(pr: string, reference: string, amount: number | string) {
  return {
    event: 'payment.succeeded',
    business_id: 'fake-business',
    created: '2026-11-22T05:00:00.000Z',
    data: {
      id: `py-${pr.slice(3)}`,
      payment_request_id: pr,
      reference_id: reference,
      amount,
      currency: 'PHP',
      status: 'SUCCEEDED',
      updated: '2026-11-22T05:00:00.000Z',
    },
  };
}
/** What Xendit's status endpoint (the fake's) answers about a payment request from now on. */
function atProvider(pr: string, fields: Record<string, unknown>) {
  Object.assign(fake.paymentRequests.get(pr)!, fields);
}
async function rowOf(id: string) {
  const [row] = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.id, id));
  return row!;
}

describe('creating a payment request at Xendit', () => {
  it('sends the documented request (Basic auth, Idempotency-key, PHP amount as an exact number, reference) and shows its instructions', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const { payment } = ok(await ask(member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'BPI', amount: '34334.50' }), 201);
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/payment_requests');
    expect(sent.headers['idempotency-key']).toBe(payment.id);
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${FAKE_SECRET_KEY}:`).toString('base64')}`);
    expect(sent.raw).toContain('"amount":34334.50');
    const body = JSON.parse(sent.raw);
    expect(body).toMatchObject({
      reference_id: payment.reference,
      currency: 'PHP',
      country: 'PH',
      payment_method: { type: 'VIRTUAL_ACCOUNT', reusability: 'ONE_TIME_USE', virtual_account: { channel_code: 'BPI' } },
    });
    expect(body.payment_method.virtual_account.channel_properties.expires_at).toBe(payment.expiresAt);
    expect(payment).toMatchObject({ provider: 'XENDIT', status: 'PENDING' });
    expect(payment.instructions.accountNumber).toMatch(/^8888\d{8}$/);
    expect((await rowOf(payment.id)).providerPaymentId).toMatch(/^pr-/);
  });

  it('an e-wallet answers the checkout URL, over the counter the payment code', async () => {
    const a = await disbursedLoan(t, officer, checker);
    const ewallet = ok(await ask(a.member.cookie, { method: 'EWALLET', channelCode: 'GCASH', amount: '34334.00' }), 201);
    expect(ewallet.payment.instructions.checkoutUrl).toMatch(/^https:\/\/checkout\.fake\.xendit\.test\/pr-/);
    expect(JSON.parse(fake.requests.at(-1)!.raw).payment_method.ewallet.channel_properties.success_return_url).toMatch(/\/loan$/);
    const b = await disbursedLoan(t, officer, checker);
    const otc = ok(await ask(b.member.cookie, { method: 'OVER_THE_COUNTER', channelCode: '7ELEVEN', amount: '34334.00' }), 201);
    expect(otc.payment.instructions.paymentCode).toMatch(/^TXND\d{6}$/);
  });

  it('a 500, a garbage answer or a timeout: 502 PROVIDER_UNAVAILABLE, the reference recorded FAILED, and the member may try again', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    for (const failure of ['500', 'garbage', 'slow'] as const) {
      fake.failNext(failure);
      const res = await ask(member.cookie, { method: 'EWALLET', channelCode: 'PAYMAYA', amount: '34334.00' });
      expect(res.statusCode, failure).toBe(502);
      expect(res.json().error.code).toBe('PROVIDER_UNAVAILABLE');
    }
    const rows = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.loanId, loanId));
    expect(rows.map((r) => r.status)).toEqual(['FAILED', 'FAILED', 'FAILED']);
    ok(await ask(member.cookie, { method: 'EWALLET', channelCode: 'PAYMAYA', amount: '34334.00' }), 201);
  });
});

describe('the payment callback', () => {
  it('refuses a callback without the token or with a wrong one (401), and moves nothing', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const { payment } = ok(await ask(member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'UBP', amount: '34334.00' }), 201);
    const pr = (await rowOf(payment.id)).providerPaymentId!;
    for (const token of [null, '', 'wrong', `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const res = await callback('payments', succeeded(pr, payment.reference, 34334), token);
      expect(res.statusCode, String(token)).toBe(401);
      expect(res.json().error.code).toBe('CALLBACK_UNVERIFIED');
    }
    expect((await rowOf(payment.id)).status).toBe('PENDING');
  });

  it('applies a verified payment once: POSTED, then a replay is DUPLICATE; garbage is 400; an unknown payment is recorded', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const { payment } = ok(await ask(member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'RCBC', amount: '34334.00' }), 201);
    const pr = (await rowOf(payment.id)).providerPaymentId!;
    atProvider(pr, { status: 'SUCCEEDED' });
    const first = await callback('payments', succeeded(pr, payment.reference, 34334));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: 'POSTED' });
    const replay = await callback('payments', succeeded(pr, payment.reference, 34334));
    expect(replay.json()).toEqual({ received: true, outcome: 'DUPLICATE' });
    const view = ok(await servicing(t, member.cookie));
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({ source: 'CHANNEL', amount: '34334.00' });
    expect((await callback('payments', { hello: 'world' })).statusCode).toBe(400);
    expect((await callback('payments', { event: 'payment.succeeded', data: { payment_request_id: pr, amount: 'lots', status: 'SUCCEEDED' } })).statusCode).toBe(
      400,
    );
    expect((await callback('payments', succeeded('pr-unknown', 'TAPAT-C999999', 500))).json()).toEqual({ received: true, outcome: 'UNKNOWN' });
    expect((await callback('payments', { event: 'payment.pending', data: { payment_request_id: pr, status: 'PENDING' } })).json().outcome).toBe('IGNORED');
    await expectLedgerSound(t);
  });

  it("a callback's currency and amount are never used: while the provider says unpaid nothing moves, then the provider's PHP answer is applied", async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const { payment } = ok(await ask(member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'BPI', amount: '34334.00' }), 201);
    const pr = (await rowOf(payment.id)).providerPaymentId!;
    const before = (await memberWalletBalance(t.deps.db, member.userId))!.available;
    const body = succeeded(pr, payment.reference, 34334);
    const { currency: _dropped, ...noCurrency } = body.data;
    const claims = [noCurrency, { ...body.data, currency: '' }, { ...body.data, currency: 'USD' }, { ...body.data, currency: 'php' }];
    for (const data of claims) {
      const res = await callback('payments', { ...body, data });
      expect(res.statusCode, JSON.stringify(data)).toBe(200);
      expect(res.json().outcome, JSON.stringify(data)).toBe('NOT_CONFIRMED');
    }
    expect((await rowOf(payment.id)).status).toBe('PENDING');
    expect((await memberWalletBalance(t.deps.db, member.userId))!.available).toBe(before);
    expect(ok(await servicing(t, member.cookie)).payments).toHaveLength(0);
    atProvider(pr, { status: 'SUCCEEDED' });
    // The claim says USD and 1 peso; the provider says PHP 34,334.00: the provider's word is applied.
    expect((await callback('payments', { ...body, data: { ...body.data, currency: 'USD', amount: 1 } })).json().outcome).toBe('POSTED');
    expect(ok(await servicing(t, member.cookie)).payments[0]).toMatchObject({ source: 'CHANNEL', amount: '34334.00' });
    await expectLedgerSound(t);
  });

  it("a payment whose provider id and reference name two different payments (one member's id, another's reference) is recorded UNKNOWN, nothing moves", async () => {
    const a = await disbursedLoan(t, officer, checker);
    const b = await disbursedLoan(t, officer, checker);
    const pa = ok(await ask(a.member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'BPI', amount: '34334.00' }), 201).payment;
    const pb = ok(await ask(b.member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'BPI', amount: '34334.00' }), 201).payment;
    const prA = (await rowOf(pa.id)).providerPaymentId!;
    const before = await memberWalletBalance(t.deps.db, a.member.userId);
    expect((await callback('payments', succeeded(prA, pb.reference, 34334))).json().outcome).toBe('UNKNOWN');
    expect((await rowOf(pa.id)).status).toBe('PENDING');
    expect((await rowOf(pb.id)).status).toBe('PENDING');
    expect(await memberWalletBalance(t.deps.db, a.member.userId)).toEqual(before);
    expect(ok(await servicing(t, a.member.cookie)).payments).toHaveLength(0);
    expect(ok(await servicing(t, b.member.cookie)).payments).toHaveLength(0);
    // The consistent callback is applied (once the provider says it is paid).
    atProvider(prA, { status: 'SUCCEEDED' });
    expect((await callback('payments', succeeded(prA, pa.reference, 34334))).json().outcome).toBe('POSTED');
    await expectLedgerSound(t);
  });

  it('another amount confirmed by the provider is held (nothing credited); an expiry then a late payment goes to the wallet', async () => {
    const a = await disbursedLoan(t, officer, checker);
    const one = ok(await ask(a.member.cookie, { method: 'EWALLET', channelCode: 'GCASH', amount: '34334.00' }), 201).payment;
    const before = (await memberWalletBalance(t.deps.db, a.member.userId))!.available;
    const pr1 = (await rowOf(one.id)).providerPaymentId!;
    atProvider(pr1, { status: 'SUCCEEDED', amount: 34000.5 });
    expect((await callback('payments', succeeded(pr1, one.reference, 34000.5))).json().outcome).toBe('HELD');
    expect((await memberWalletBalance(t.deps.db, a.member.userId))!.available).toBe(before);
    expect(await rowOf(one.id)).toMatchObject({ status: 'HELD', paidAmount: 34_000_50n });

    const b = await disbursedLoan(t, officer, checker);
    const two = ok(await ask(b.member.cookie, { method: 'OVER_THE_COUNTER', channelCode: 'CEBUANA', amount: '34334.00' }), 201).payment;
    const pr2 = (await rowOf(two.id)).providerPaymentId!;
    atProvider(pr2, { status: 'EXPIRED' });
    expect(
      (await callback('payments', { event: 'payment_request.expiry', data: { id: pr2, reference_id: two.reference, status: 'EXPIRED' } })).json().outcome,
    ).toBe('EXPIRED');
    expect((await rowOf(two.id)).status).toBe('EXPIRED');
    const beforeB = (await memberWalletBalance(t.deps.db, b.member.userId))!.available;
    atProvider(pr2, { status: 'SUCCEEDED' });
    expect((await callback('payments', succeeded(pr2, two.reference, 34334))).json().outcome).toBe('LATE_TO_WALLET');
    expect((await memberWalletBalance(t.deps.db, b.member.userId))!.available).toBe(beforeB + 34_334_00n);
    await expectLedgerSound(t);
  });

  it('a missed callback: after expiry the worker reads the status endpoint and applies the payment through the same path', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const { payment } = ok(await ask(member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'BPI', amount: '34334.00' }), 201);
    const pr = (await rowOf(payment.id)).providerPaymentId!;
    fake.paymentRequests.get(pr)!.status = 'SUCCEEDED';
    await runChannelPayments(t.deps);
    expect((await rowOf(payment.id)).status).toBe('PENDING'); // not asked before the reference expires
    t.clock.advance(25 * 3_600_000);
    // An outage (every call of this pass answers 500; other tests' references are due too).
    fake.failNext('500', 100);
    await runChannelPayments(t.deps);
    fake.clearFailures();
    expect((await rowOf(payment.id)).status).toBe('PENDING'); // an outage: asked again later, nothing moved
    t.clock.advance(6 * 60_000);
    await runChannelPayments(t.deps);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'PAID', appliedToLoan: 34_334_00n });
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/payment_requests/${pr}`).length).toBeGreaterThanOrEqual(2);
    await expectLedgerSound(t);
  });
});

describe('payouts through Xendit', () => {
  const order: PayoutOrder = {
    id: '6b1f7a0e-1111-4222-8333-944455556666',
    reference: 'TAPAT-000001',
    amount: 1_500_25n,
    channel: 'INSTAPAY',
    destination: { institutionCode: 'BDO', kind: 'BANK', accountNumber: '001234567890', accountName: 'Maria Santos' },
  };
  const now = new Date('2026-11-22T04:00:00Z');
  const provider = () => xenditPayoutProvider({ baseUrl: fake.url, secretKey: FAKE_SECRET_KEY, callbackToken: TOKEN, timeoutMs: 4_000 });

  it('creates the payout with the withdrawal id as Idempotency-key and the exact amount, then reads its status', async () => {
    const p = provider();
    const sub = await p.submit(order, now);
    expect(sub.providerReference).toMatch(/^disb-/);
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/v2/payouts' });
    expect(sent.headers['idempotency-key']).toBe(order.id);
    expect(sent.raw).toContain('"amount":1500.25');
    expect(JSON.parse(sent.raw)).toMatchObject({
      reference_id: order.id,
      channel_code: 'PH_BDO',
      currency: 'PHP',
      channel_properties: { account_holder_name: 'Maria Santos', account_number: '001234567890' },
    });
    const submitted = { ...order, providerReference: sub.providerReference, submittedAt: now };
    expect((await p.outcome(submitted, now)).state).toBe('PENDING');
    fake.payouts.get(sub.providerReference!)!.status = 'SUCCEEDED';
    expect(await p.outcome(submitted, now)).toEqual({ state: 'PAID', providerReference: sub.providerReference });
    fake.payouts.get(sub.providerReference!)!.status = 'FAILED';
    fake.payouts.get(sub.providerReference!)!.failure_code = 'INVALID_DESTINATION';
    expect(await p.outcome(submitted, now)).toEqual({ state: 'FAILED', reasonCode: 'ACCOUNT_NOT_FOUND' });
  });

  it('an outage at submit never fails the confirmation: the worker creates it again with the same key, and one payout exists', async () => {
    const p = provider();
    const again = { ...order, id: '7c2f7a0e-1111-4222-8333-944455556666' };
    for (const failure of ['500', 'garbage', 'slow'] as const) {
      fake.failNext(failure);
      expect((await p.submit(again, now)).providerReference, failure).toBeNull();
    }
    fake.failNext('500');
    expect((await p.outcome({ ...again, providerReference: null, submittedAt: now }, now)).state).toBe('PENDING');
    expect((await p.outcome({ ...again, providerReference: null, submittedAt: now }, now)).state).toBe('PENDING');
    expect((await p.outcome({ ...again, providerReference: null, submittedAt: now }, now)).state).toBe('PENDING');
    const created = [...fake.payouts.values()].filter((x) => x.reference_id === again.id);
    expect(created).toHaveLength(1);
    // A refusal of the create is final.
    const refused = { ...order, id: '8d3f7a0e-1111-4222-8333-944455556666' };
    fake.failNext('400');
    expect(await p.outcome({ ...refused, providerReference: null, submittedAt: now }, now)).toEqual({ state: 'FAILED', reasonCode: 'BANK_DECLINED' });
    // Garbage from the status endpoint is asked again later.
    fake.failNext('garbage');
    expect((await p.outcome({ ...again, providerReference: created[0]!.id as string, submittedAt: now }, now)).state).toBe('PENDING');
  });

  it("a status answer about another payout is never this withdrawal's outcome: its own payout is read (created again with its key) instead", async () => {
    const p = provider();
    // Another withdrawal's payout, paid.
    const other = { ...order, id: '9e4f7a0e-1111-4222-8333-944455556666' };
    const otherRef = (await p.submit(other, now)).providerReference!;
    fake.payouts.get(otherRef)!.status = 'SUCCEEDED';
    // This withdrawal's submit got no answer; a (verified) callback then named the other payout's id for it.
    const mine = { ...order, id: 'af5f7a0e-1111-4222-8333-944455556666' };
    fake.failNext('500');
    expect((await p.submit(mine, now)).providerReference).toBeNull();
    const outcome = await p.outcome({ ...mine, providerReference: otherRef, submittedAt: now }, now);
    expect(outcome.state).toBe('PENDING');
    const own = [...fake.payouts.values()].filter((x) => x.reference_id === mine.id);
    expect(own).toHaveLength(1);
    own[0]!.status = 'SUCCEEDED';
    expect(await p.outcome({ ...mine, providerReference: otherRef, submittedAt: now }, now)).toEqual({ state: 'PAID', providerReference: own[0]!.id });
    // Our own reference but another amount than the one asked: not a usable answer, asked again later.
    const third = { ...order, id: 'b06f7a0e-1111-4222-8333-944455556666' };
    const thirdRef = (await p.submit(third, now)).providerReference!;
    Object.assign(fake.payouts.get(thirdRef)!, { status: 'SUCCEEDED', amount: 1 });
    expect((await p.outcome({ ...third, providerReference: thirdRef, submittedAt: now }, now)).state).toBe('PENDING');
  });

  it('a withdrawal is paid out through Xendit: the verified callback brings the status check forward, the status endpoint settles it', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const confirmed = await withdrawAndConfirm(t, member, '1000.00');
    const row = await withdrawalRow(t, confirmed.id as string);
    expect(row).toMatchObject({ status: 'PROCESSING', payoutMode: 'XENDIT' });
    expect(row.providerReference).toMatch(/^disb-/);
    const body = { event: 'payout.succeeded', data: { id: row.providerReference, reference_id: row.id, status: 'SUCCEEDED' } };
    expect((await callback('payouts', body, 'wrong')).statusCode).toBe(401);
    expect((await callback('payouts', body, null)).statusCode).toBe(401);
    // A callback that claims success before the provider's status says so settles nothing.
    const early = await callback('payouts', body);
    expect(early.json()).toEqual({ received: true, outcome: 'CHECK_DUE' });
    await runJobs(t);
    expect((await withdrawalRow(t, row.id)).status).toBe('PROCESSING');
    fake.payouts.get(row.providerReference!)!.status = 'SUCCEEDED';
    expect((await callback('payouts', body)).json().outcome).toBe('CHECK_DUE');
    await runJobs(t);
    expect((await withdrawalRow(t, row.id)).status).toBe('PAID');
    expect((await callback('payouts', body)).json().outcome).toBe('IGNORED');
    expect((await callback('payouts', { event: 'payout.succeeded', data: { id: 'disb-nobody', reference_id: 'nobody' } })).json().outcome).toBe('UNKNOWN');
    const recorded = await t.deps.db.select().from(payoutCallbacks).where(eq(payoutCallbacks.withdrawalRef, row.id));
    expect(recorded.map((r) => r.outcome)).toEqual(['CHECK_DUE', 'CHECK_DUE', 'IGNORED']);
    await expectLedgerSound(t);
  });
});
