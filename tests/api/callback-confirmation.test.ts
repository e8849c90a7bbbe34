import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, channelPaymentEvents, channelPayments, loanPayments, payoutCallbacks } from '../../src/server/db/schema';
import { memberWalletBalance } from '../../src/server/ledger';
import { runChannelPayments } from '../../src/server/modules/repayments/channel';
import { createTestApp, type TestApp } from '../fixtures/app';
import { FAKE_SECRET_KEY, startFakeXendit, type FakeXendit } from '../fixtures/fake-xendit';
import { APPLICATION, createStaff, expectLedgerSound, get, newKey, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, relogin, servicing } from '../fixtures/repayments';

/**
 * A payment callback is a hint, never the truth (docs/decisions/059-callbacks-are-hints.md): whoever
 * holds the callback token can claim anything, so the server asks the provider's status endpoint
 * about the payment and only its answer moves money; another amount or currency than the reference
 * asked is held for an officer, never credited by itself; a callback body is bounded before it is kept.
 */
const TOKEN = 'callback-token-of-the-fake-dashboard-0123456789';
let fake: FakeXendit;
let t: TestApp;
let officer: TestMember;
let checker: TestMember;
let third: TestMember;

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
      REPAYMENT_APPROVAL_THRESHOLD: '50000',
    },
  );
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  third = await createStaff(t, 'OFFICER', 'Officer Carla Diaz');
});
beforeEach(async () => {
  [officer, checker, third] = [await relogin(t, officer), await relogin(t, checker), await relogin(t, third)];
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
  await fake.close();
});

function callback(path: 'payments' | 'payouts', body: unknown, raw = false) {
  return t.app.inject({
    method: 'POST',
    url: `/api/callbacks/xendit/${path}`,
    ...(raw
      ? { body: body as string, headers: { 'x-callback-token': TOKEN, 'content-type': 'application/json' } }
      : { payload: body as Record<string, unknown>, headers: { 'x-callback-token': TOKEN } }),
  });
}
/** The forged callback of the report: five million pesos "paid" on a reference of 17,667.00. */
function claim(pr: string, reference: string, amount: number) {
  return { event: 'payment.succeeded', data: { payment_request_id: pr, reference_id: reference, amount, currency: 'PHP', status: 'SUCCEEDED' } };
}
function atProvider(pr: string, fields: Record<string, unknown>) {
  Object.assign(fake.paymentRequests.get(pr)!, fields);
}
async function reference(amount = '17667.00') {
  // PHP 200,000 over 12 months: an instalment of 17,667.00 (16,666.67 principal and 1,000.00 interest, rounded up).
  const { member, loanId } = await disbursedLoan(t, officer, checker, { body: { ...APPLICATION, term: 12 } });
  const res = await post(
    t,
    member.cookie,
    '/api/loans/current/channel-payments',
    { method: 'OVER_THE_COUNTER', channelCode: '7ELEVEN', amount },
    { 'idempotency-key': newKey() },
  );
  const { payment } = ok(res, 201);
  const [row] = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.id, payment.id));
  return { member, loanId, payment, pr: row!.providerPaymentId! };
}
async function rowOf(id: string) {
  const [row] = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.id, id));
  return row!;
}
const wallet = async (userId: string) => (await memberWalletBalance(t.deps.db, userId))?.available ?? 0n;
const loanPaymentsOf = (loanId: string) => t.deps.db.select().from(loanPayments).where(eq(loanPayments.loanId, loanId));

describe('a payment callback is only a hint: the provider is asked', () => {
  it('the forged callback (PHP 5,000,000 on a reference of 17,667.00 still PENDING at the provider) posts nothing and the wallet is unchanged', async () => {
    const { member, loanId, payment, pr } = await reference();
    expect(fake.paymentRequests.get(pr)!.status).toBe('PENDING');
    const before = await wallet(member.userId);
    const res = await callback('payments', claim(pr, payment.reference, 5_000_000));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'NOT_CONFIRMED' });
    expect(await wallet(member.userId)).toBe(before);
    expect(await loanPaymentsOf(loanId)).toEqual([]);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'PENDING', paidAmount: null });
    // The server asked the provider about exactly this payment request.
    expect(fake.requests.filter((r) => r.method === 'GET' && r.path === `/payment_requests/${pr}`)).toHaveLength(1);
    // The claim is recorded (for staff) with what was done: nothing.
    const events = await t.deps.db.select().from(channelPaymentEvents).where(eq(channelPaymentEvents.channelPaymentId, payment.id));
    expect(events).toEqual([expect.objectContaining({ source: 'CALLBACK', amount: 5_000_000_00n, outcome: 'NOT_CONFIRMED' })]);
    await expectLedgerSound(t);
  });

  it('a callback claiming exactly the amount asked posts nothing while the provider says PENDING', async () => {
    const { member, loanId, payment, pr } = await reference();
    const before = await wallet(member.userId);
    for (let i = 0; i < 3; i += 1) expect((await callback('payments', claim(pr, payment.reference, 17667))).json().outcome).toBe('NOT_CONFIRMED');
    expect(await wallet(member.userId)).toBe(before);
    expect(await loanPaymentsOf(loanId)).toEqual([]);
    expect((await rowOf(payment.id)).status).toBe('PENDING');
  });

  it('a genuine callback (the provider says SUCCEEDED for the amount asked) is applied once; replays are DUPLICATE', async () => {
    const { member, loanId, payment, pr } = await reference();
    atProvider(pr, { status: 'SUCCEEDED' });
    const before = await wallet(member.userId);
    expect((await callback('payments', claim(pr, payment.reference, 17667))).json()).toEqual({ received: true, outcome: 'POSTED' });
    const replays = await Promise.all([0, 1, 2].map(() => callback('payments', claim(pr, payment.reference, 17667))));
    expect(replays.map((r) => r.json().outcome)).toEqual(['DUPLICATE', 'DUPLICATE', 'DUPLICATE']);
    const payments = await loanPaymentsOf(loanId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ source: 'CHANNEL', amount: 17_667_00n, status: 'POSTED' });
    expect(await wallet(member.userId)).toBe(before);
    expect(ok(await servicing(t, member.cookie)).payments).toEqual([expect.objectContaining({ source: 'CHANNEL', amount: '17667.00' })]);
    await expectLedgerSound(t);
  });

  it('a genuine callback whose claim inflates the amount is applied at the amount the provider confirmed', async () => {
    const { loanId, payment, pr } = await reference();
    atProvider(pr, { status: 'SUCCEEDED' });
    expect((await callback('payments', claim(pr, payment.reference, 5_000_000))).json().outcome).toBe('POSTED');
    expect((await loanPaymentsOf(loanId)).map((p) => p.amount)).toEqual([17_667_00n]);
  });

  it('a forged expiry does not close a reference the provider still holds open', async () => {
    const { payment, pr } = await reference();
    const res = await callback('payments', { event: 'payment_request.expiry', data: { id: pr, reference_id: payment.reference, status: 'EXPIRED' } });
    expect(res.json().outcome).toBe('NOT_CONFIRMED');
    expect((await rowOf(payment.id)).status).toBe('PENDING');
  });

  it('the provider does not answer: nothing moves now, the worker asks it at once and applies its answer', async () => {
    const { loanId, payment, pr } = await reference();
    fake.failNext('500');
    expect((await callback('payments', claim(pr, payment.reference, 17667))).json().outcome).toBe('CHECK_DUE');
    expect(await loanPaymentsOf(loanId)).toEqual([]);
    const row = await rowOf(payment.id);
    expect(row.status).toBe('PENDING');
    expect(row.checkAfter!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    atProvider(pr, { status: 'SUCCEEDED' });
    await runChannelPayments(t.deps);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'PAID', appliedToLoan: 17_667_00n });
    await expectLedgerSound(t);
  });

  it('a reference already expired here, paid late at the provider during an outage: the worker asks again and the money is applied, once', async () => {
    const { loanId, payment, pr } = await reference();
    await t.deps.db.update(channelPayments).set({ status: 'EXPIRED', checkAfter: null }).where(eq(channelPayments.id, payment.id));
    fake.failNext('500');
    expect((await callback('payments', claim(pr, payment.reference, 17667))).json().outcome).toBe('CHECK_DUE');
    expect(await loanPaymentsOf(loanId)).toEqual([]);
    expect((await rowOf(payment.id)).checkAfter!.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    atProvider(pr, { status: 'SUCCEEDED' });
    expect((await runChannelPayments(t.deps)).resolved).toBeGreaterThanOrEqual(1);
    const row = await rowOf(payment.id);
    expect(row.status).not.toBe('EXPIRED');
    expect(row.checkAfter).toBeNull();
    const credited = (row.appliedToLoan ?? 0n) + (row.creditedToWallet ?? 0n);
    expect(credited).toBe(17_667_00n);
    // Asked once: a second pass neither asks nor posts again.
    const posted = (await loanPaymentsOf(loanId)).length;
    await runChannelPayments(t.deps);
    expect((await loanPaymentsOf(loanId)).length).toBe(posted);
    await expectLedgerSound(t);
  });

  it('a reference expired here that the provider also says expired: asked once, then left alone', async () => {
    const { payment, pr } = await reference();
    await t.deps.db.update(channelPayments).set({ status: 'EXPIRED', checkAfter: null }).where(eq(channelPayments.id, payment.id));
    fake.failNext('500');
    expect((await callback('payments', claim(pr, payment.reference, 17667))).json().outcome).toBe('CHECK_DUE');
    atProvider(pr, { status: 'EXPIRED' });
    await runChannelPayments(t.deps);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'EXPIRED', checkAfter: null });
  });
});

describe('another amount or currency confirmed by the provider is held for an officer', () => {
  it('held, not credited: listed with the provider figures; the member sees it held; an officer credits it to the wallet once', async () => {
    const { member, loanId, payment, pr } = await reference();
    atProvider(pr, { status: 'SUCCEEDED', amount: 17000 });
    const before = await wallet(member.userId);
    expect((await callback('payments', claim(pr, payment.reference, 17667))).json().outcome).toBe('HELD');
    expect(await wallet(member.userId)).toBe(before);
    expect(await loanPaymentsOf(loanId)).toEqual([]);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'HELD', paidAmount: 17_000_00n, creditedToWallet: null });
    expect((await callback('payments', claim(pr, payment.reference, 17000))).json().outcome).toBe('DUPLICATE');
    await runChannelPayments(t.deps);
    expect(await wallet(member.userId)).toBe(before);

    const mine = ok(await get(t, member.cookie, '/api/loans/current/channel-payments')).payments[0];
    expect(mine).toMatchObject({ reference: payment.reference, status: 'HELD', paidAmount: '17000.00', creditedToWallet: null });

    const list = ok(await get(t, third.cookie, '/api/admin/channel-payments/held'));
    const held = list.held.find((h: { channelPaymentId: string }) => h.channelPaymentId === payment.id);
    expect(held).toMatchObject({
      reference: payment.reference,
      loanId,
      expectedAmount: '17667.00',
      confirmedAmount: '17000.00',
      confirmedCurrency: 'PHP',
      providerPaymentId: pr,
      reason: 'AMOUNT_MISMATCH',
      status: 'HELD',
      needsSecondOfficer: false,
    });
    expect((await get(t, member.cookie, '/api/admin/channel-payments/held')).statusCode).toBe(403);
    expect((await post(t, member.cookie, `/api/admin/channel-payments/held/${held.id}/release`, { note: 'mine' })).statusCode).toBe(403);
    expect((await post(t, third.cookie, `/api/admin/channel-payments/held/${held.id}/release`, { note: '   ' })).statusCode).toBe(400);

    const released = await post(t, third.cookie, `/api/admin/channel-payments/held/${held.id}/release`, {
      note: 'Paid PHP 667 less at the counter; receipt seen.',
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json().held).toMatchObject({ status: 'CREDITED_TO_WALLET', resolvedBy: 'Officer Carla Diaz' });
    expect(await wallet(member.userId)).toBe(before + 17_000_00n);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'CREDITED_TO_WALLET', creditedToWallet: 17_000_00n, appliedToLoan: 0n });
    const again = await post(t, checker.cookie, `/api/admin/channel-payments/held/${held.id}/release`, { note: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('HELD_PAYMENT_STATE');
    expect(await wallet(member.userId)).toBe(before + 17_000_00n);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'CHANNEL_PAYMENT_HELD_CREDIT'), eq(auditLog.subjectId, loanId)));
    expect(audit).toEqual([expect.objectContaining({ actorUserId: third.userId })]);
    expect(ok(await get(t, third.cookie, '/api/admin/channel-payments/held?view=RESOLVED')).held.map((h: { id: string }) => h.id)).toContain(held.id);
    await expectLedgerSound(t);
  });

  it('above the approval threshold: the first officer asks (202, nothing moves), the same officer cannot confirm, a second one credits', async () => {
    const { member, payment, pr } = await reference();
    atProvider(pr, { status: 'SUCCEEDED', amount: 60000 });
    const before = await wallet(member.userId);
    expect((await callback('payments', claim(pr, payment.reference, 60000))).json().outcome).toBe('HELD');
    const held = ok(await get(t, third.cookie, '/api/admin/channel-payments/held')).held.find(
      (h: { channelPaymentId: string }) => h.channelPaymentId === payment.id,
    );
    expect(held).toMatchObject({ confirmedAmount: '60000.00', needsSecondOfficer: true });
    const url = `/api/admin/channel-payments/held/${held.id}/release`;
    const asked = await post(t, third.cookie, url, { note: 'Bank statement shows 60,000.' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().held).toMatchObject({ status: 'RELEASE_REQUESTED', requestedBy: 'Officer Carla Diaz' });
    expect(await wallet(member.userId)).toBe(before);
    const own = await post(t, third.cookie, url, { note: 'Me again.' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('MAKER_CHECKER');
    expect(ok(await post(t, officer.cookie, url, { note: 'Checked the statement too.' })).held).toMatchObject({ status: 'CREDITED_TO_WALLET' });
    expect(await wallet(member.userId)).toBe(before + 60_000_00n);
    await expectLedgerSound(t);
  });

  it('another currency confirmed by the provider is held and cannot be credited in pesos', async () => {
    const { member, payment, pr } = await reference();
    atProvider(pr, { status: 'SUCCEEDED', currency: 'USD', amount: 17667 });
    const before = await wallet(member.userId);
    expect((await callback('payments', claim(pr, payment.reference, 17667))).json().outcome).toBe('HELD');
    const held = ok(await get(t, third.cookie, '/api/admin/channel-payments/held')).held.find(
      (h: { channelPaymentId: string }) => h.channelPaymentId === payment.id,
    );
    expect(held).toMatchObject({ reason: 'CURRENCY_MISMATCH', confirmedCurrency: 'USD', confirmedAmount: '17667.00' });
    const refused = await post(t, third.cookie, `/api/admin/channel-payments/held/${held.id}/release`, { note: 'Try.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('HELD_PAYMENT_NOT_PHP');
    expect(await wallet(member.userId)).toBe(before);
  });

  it('the worker applies the same rule: a status poll confirming another amount holds it', async () => {
    const { member, payment, pr } = await reference();
    atProvider(pr, { status: 'SUCCEEDED', amount: 18000 });
    const before = await wallet(member.userId);
    t.clock.advance(25 * 3_600_000);
    await runChannelPayments(t.deps);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'HELD', paidAmount: 18_000_00n });
    expect(await wallet(member.userId)).toBe(before);
  });
});

describe('outside bodies are bounded before they are kept', () => {
  const nest = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const deep = (path: 'payments' | 'payouts', levels: number) =>
    path === 'payments'
      ? `{"event":"payment.succeeded","data":{"payment_request_id":"pr-x","status":"SUCCEEDED","amount":1,"x":${nest(levels)}}}`
      : `{"event":"payout.succeeded","data":{"id":"disb-none","reference_id":"none","status":"SUCCEEDED","x":${nest(levels)}}}`;

  it('a deeply nested callback body answers 400 PAYLOAD_UNSTORABLE, an oversized one 413, and nothing is recorded (payments and payouts)', async () => {
    const events = (await t.deps.db.select().from(channelPaymentEvents)).length;
    const payouts = (await t.deps.db.select().from(payoutCallbacks)).length;
    for (const path of ['payments', 'payouts'] as const) {
      for (const body of [deep(path, 10_000), deep(path, 40)]) {
        const res = await callback(path, body, true);
        expect(res.statusCode, `${path} ${body.length}`).toBe(400);
        expect(res.json().error).toMatchObject({ code: 'PAYLOAD_UNSTORABLE', message: 'The request is nested too deeply or is too large to be kept.' });
      }
      const large = await callback(path, JSON.stringify({ event: 'payment.succeeded', data: { payment_request_id: 'pr-x', note: 'x'.repeat(70_000) } }), true);
      expect(large.statusCode).toBe(413);
      // Within the bounds it is read as before.
      const within = await callback(path, deep(path, 20), true);
      expect(within.statusCode, within.body).toBe(200);
      expect(within.json().outcome).toBe('UNKNOWN');
    }
    expect((await t.deps.db.select().from(channelPaymentEvents)).length).toBe(events + 1);
    expect((await t.deps.db.select().from(payoutCallbacks)).length).toBe(payouts + 1);
  });

  it('a provider status answer nested too deeply is garbage: nothing moves, asked again later', async () => {
    const { payment, pr } = await reference();
    let nested: unknown = 'leaf';
    for (let i = 0; i < 40; i += 1) nested = [nested];
    atProvider(pr, { status: 'SUCCEEDED', metadata: nested });
    expect((await callback('payments', claim(pr, payment.reference, 17667))).json().outcome).toBe('CHECK_DUE');
    expect((await rowOf(payment.id)).status).toBe('PENDING');
    atProvider(pr, { metadata: null });
    expect((await callback('payments', claim(pr, payment.reference, 17667))).json().outcome).toBe('POSTED');
  });
});
