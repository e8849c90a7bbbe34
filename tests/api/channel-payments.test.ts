import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelPaymentEvents, channelPayments, loanPayments } from '../../src/server/db/schema';
import { memberWalletBalance } from '../../src/server/ledger';
import { receiveConfirmation, runChannelPayments } from '../../src/server/modules/repayments/channel';
import type { ConfirmationEvent } from '../../src/server/providers/collections';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, newKey, ok, post, signedLoan } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, payoff, quote, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';
import { toDecimalString } from '../../src/shared/money/money';

/**
 * Paying a loan through a payment channel with the simulated provider (
 * docs/decisions/013-payment-channels.md): references, the amount rules and refusals, confirmation
 * by the worker, expiry, and the one confirmation path's handling of duplicates, other amounts,
 * late payments, repaid loans and racing confirmations.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp({}, { COLLECTION_CONFIRM_SECONDS: '60' });
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
beforeEach(async () => {
  // Time travel ends sessions: the staff sign in again before each test.
  await freshStaff();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const URL = '/api/loans/current/channel-payments';
function ask(cookie: string | undefined, body: Record<string, unknown>, key: string | null = newKey()) {
  return post(t, cookie, URL, body, key ? { 'idempotency-key': key } : {});
}
const gcash = (amount: string) => ({ method: 'EWALLET', channelCode: 'GCASH', amount });

async function rowOf(id: string) {
  const [row] = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.id, id));
  return row!;
}
function simulatedEvent(row: { providerPaymentId: string | null }, amount: bigint, kind: ConfirmationEvent['kind'] = 'SUCCEEDED'): ConfirmationEvent {
  return {
    provider: 'SIMULATED',
    source: 'POLL',
    kind,
    providerPaymentId: row.providerPaymentId,
    referenceId: null,
    amount: kind === 'SUCCEEDED' ? amount : null,
    currency: 'PHP',
    paidAt: t.clock.now(),
    payload: { test: true },
  };
}
async function freshStaff() {
  [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
}

describe('asking for a payment reference', () => {
  it('answers the instructions with reference, amount and expiry; a retry with the same key is the same reference', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const key = newKey();
    const res = await ask(member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'BPI', amount: '34334.00' }, key);
    expect(res.statusCode, res.body).toBe(201);
    const { payment } = res.json();
    expect(payment).toMatchObject({
      provider: 'SIMULATED',
      method: 'VIRTUAL_ACCOUNT',
      channelCode: 'BPI',
      amount: '34334.00',
      status: 'PENDING',
      paidAt: null,
    });
    expect(payment.reference).toMatch(/^TAPAT-C\d{6}$/);
    expect(payment.instructions.accountNumber).toMatch(/^9999\d{10}$/);
    expect(Date.parse(payment.expiresAt) - t.clock.now().getTime()).toBe(24 * 3_600_000);
    const again = await ask(member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'BPI', amount: '34334.00' }, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().payment.id).toBe(payment.id);
    const reused = await ask(member.cookie, { method: 'VIRTUAL_ACCOUNT', channelCode: 'BPI', amount: '40000.00' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // One open reference at a time.
    const second = await ask(member.cookie, gcash('34334.00'));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.code).toBe('CHANNEL_PAYMENT_PENDING');
    const list = ok(await get(t, member.cookie, URL));
    expect(list.provider).toBe('SIMULATED');
    expect(list.payments.map((p: { id: string }) => p.id)).toEqual([payment.id]);
    // An over-the-counter code.
    await t.deps.db.update(channelPayments).set({ status: 'EXPIRED' }).where(eq(channelPayments.id, payment.id));
    const otc = ok(await ask(member.cookie, { method: 'OVER_THE_COUNTER', channelCode: '7ELEVEN', amount: '34334.00' }), 201);
    expect(otc.payment.instructions).toMatchObject({ accountNumber: null, checkoutUrl: null });
    expect(otc.payment.instructions.paymentCode).toMatch(/^SIM\d{9}$/);
  });

  it('refuses zero, negative, fractional centavos, above the outstanding, below the minimum, a channel of another method, no key; nothing is created', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const refusals: [Record<string, unknown>, number, string][] = [
      [gcash('0'), 400, 'VALIDATION_FAILED'],
      [gcash('0.00'), 400, 'VALIDATION_FAILED'],
      [gcash('-100.00'), 400, 'VALIDATION_FAILED'],
      [gcash('100.123'), 400, 'VALIDATION_FAILED'],
      [gcash('1e3'), 400, 'VALIDATION_FAILED'],
      [gcash('200000.01'), 400, 'AMOUNT_ABOVE_OUTSTANDING'],
      [gcash('0.99'), 400, 'AMOUNT_TOO_SMALL'],
      [{ method: 'EWALLET', channelCode: 'BPI', amount: '34334.00' }, 400, 'CHANNEL_CODE_INVALID'],
      [{ method: 'EWALLET', channelCode: 'PAYPAL', amount: '34334.00' }, 400, 'VALIDATION_FAILED'],
      [{ ...gcash('34334.00'), memberId: officer.userId }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of refusals) {
      const res = await ask(member.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().error.code, JSON.stringify(body)).toBe(code);
    }
    expect((await ask(member.cookie, gcash('34334.00'), null)).statusCode).toBe(400);
    const rows = await t.deps.db.select().from(channelPayments).where(eq(channelPayments.loanId, loanId));
    expect(rows).toEqual([]);
  });

  it('refuses staff (403), anonymous (401), a member whose loan is not disbursed (NO_LOAN) and a repaid loan (LOAN_REPAID)', async () => {
    await freshStaff();
    const staff = await ask(officer.cookie, gcash('34334.00'));
    expect(staff.statusCode).toBe(403);
    expect((await get(t, officer.cookie, URL)).statusCode).toBe(403);
    expect((await ask(undefined, gcash('34334.00'))).statusCode).toBe(401);
    const { member: notDisbursed } = await signedLoan(t, officer);
    const nd = await ask(notDisbursed.cookie, gcash('34334.00'));
    expect(nd.statusCode).toBe(404);
    expect(nd.json().error.code).toBe('NO_LOAN');

    const { member } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 10_000_00n);
    const q = ok(await quote(t, member.cookie));
    ok(await payoff(t, member.cookie, q.quote.quoteId), 201);
    const repaid = await ask(member.cookie, gcash('34334.00'));
    expect(repaid.statusCode).toBe(409);
    expect(repaid.json().error.code).toBe('LOAN_REPAID');
  });

  it("answers the refusal in the caller's language", async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const res = await post(
      t,
      member.cookie,
      URL,
      { method: 'EWALLET', channelCode: 'BPI', amount: '34334.00' },
      { 'idempotency-key': newKey(), 'accept-language': 'fil' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Pumili ng bangko/);
  });
});

describe('the simulated provider through the worker', () => {
  it('confirms after the delay through the confirmation path: the loan payment, its allocation, the ledger, the receipt', async () => {
    const loan = await disbursedLoan(t, officer, checker);
    travelTo(t, '2026-12-10');
    const member = await relogin(t, loan.member);
    await freshStaff();
    const walletBefore = (await memberWalletBalance(t.deps.db, member.userId))!.available;
    const { payment } = ok(await ask(member.cookie, gcash('34334.00')), 201);
    expect(payment.instructions).toEqual({ accountNumber: null, checkoutUrl: null, paymentCode: null });
    await runChannelPayments(t.deps);
    expect((await rowOf(payment.id)).status).toBe('PENDING');
    t.clock.advance(60_000);
    expect((await runChannelPayments(t.deps)).resolved).toBeGreaterThanOrEqual(1);
    const list = ok(await get(t, member.cookie, URL));
    expect(list.payments[0]).toMatchObject({ id: payment.id, status: 'PAID', paidAmount: '34334.00', appliedToLoan: '34334.00', creditedToWallet: '0.00' });
    expect(list.payments[0].receiptReference).toMatch(/^TAPAT-P\d{6}$/);
    const view = ok(await servicing(t, member.cookie));
    expect(view.loan.status).toBe('ACTIVE');
    expect(view.lines[0]).toMatchObject({ status: 'PAID', outstanding: '0.00' });
    expect(view.payments).toHaveLength(1);
    expect(view.payments[0]).toMatchObject({ source: 'CHANNEL', amount: '34334.00', remainingBalance: '171666.00' });
    // The wallet was not touched: the money came from the provider.
    expect((await memberWalletBalance(t.deps.db, member.userId))!.available).toBe(walletBefore);
    const events = await t.deps.db.select().from(channelPaymentEvents).where(eq(channelPaymentEvents.channelPaymentId, payment.id));
    expect(events.map((e) => e.outcome)).toEqual(['POSTED']);
    await expectLedgerSound(t);
  });

  it('lets a reference expire unpaid at the configured rate; a payment after expiry goes to the wallet', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const { payment } = ok(await ask(member.cookie, gcash('34334.00')), 201);
    const expiring = { ...t.deps, config: { ...t.deps.config, collections: { ...t.deps.config.collections, expireRate: 1 } } };
    t.clock.advance(60_000);
    await runChannelPayments(expiring);
    expect((await rowOf(payment.id)).status).toBe('PENDING');
    t.clock.advance(24 * 3_600_000);
    await runChannelPayments(expiring);
    expect((await rowOf(payment.id)).status).toBe('EXPIRED');
    // A new reference may be asked for now.
    const cookie = (await relogin(t, member)).cookie;
    ok(await ask(cookie, gcash('34334.00')), 201);
    // The provider says it was paid after all: the money is the member's, in the wallet.
    const before = (await memberWalletBalance(t.deps.db, member.userId))!.available;
    const late = await receiveConfirmation(t.deps, simulatedEvent(await rowOf(payment.id), 34_334_00n), null);
    expect(late.outcome).toBe('LATE_TO_WALLET');
    expect((await memberWalletBalance(t.deps.db, member.userId))!.available).toBe(before + 34_334_00n);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'CREDITED_TO_WALLET', creditedToWallet: 34_334_00n, appliedToLoan: 0n });
    await expectLedgerSound(t);
  });
});

describe('the confirmation path', () => {
  it('records an unknown payment without moving money; staff see it, members may not', async () => {
    const r = await receiveConfirmation(t.deps, { ...simulatedEvent({ providerPaymentId: 'sim-nobody' }, 100_00n) }, null);
    expect(r).toEqual({ outcome: 'UNKNOWN', channelPaymentId: null });
    const [event] = await t.deps.db.select().from(channelPaymentEvents).where(eq(channelPaymentEvents.providerPaymentId, 'sim-nobody'));
    expect(event).toMatchObject({ outcome: 'UNKNOWN', amount: 100_00n });
    const page = ok(await get(t, officer.cookie, '/api/admin/channel-payments/events?limit=1'));
    expect(page.events).toEqual([expect.objectContaining({ providerPaymentId: 'sim-nobody', outcome: 'UNKNOWN', amount: '100.00', channelPaymentId: null })]);
    const older = ok(await get(t, officer.cookie, `/api/admin/channel-payments/events?limit=100&cursor=${page.nextCursor}`));
    expect(older.events.every((e: { id: string }) => BigInt(e.id) < BigInt(page.events[0].id))).toBe(true);
    expect((await get(t, officer.cookie, '/api/admin/channel-payments/events?limit=0')).statusCode).toBe(400);
    const { member } = await disbursedLoan(t, officer, checker);
    expect((await get(t, member.cookie, '/api/admin/channel-payments/events')).statusCode).toBe(403);
    await expectLedgerSound(t);
  });

  it('holds another amount for an officer (never on the loan, never in the wallet by itself), and a duplicate moves nothing', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const { payment } = ok(await ask(member.cookie, gcash('34334.00')), 201);
    const row = await rowOf(payment.id);
    const before = (await memberWalletBalance(t.deps.db, member.userId))!.available;
    expect((await receiveConfirmation(t.deps, simulatedEvent(row, 30_000_00n), null)).outcome).toBe('HELD');
    expect((await receiveConfirmation(t.deps, simulatedEvent(row, 30_000_00n), null)).outcome).toBe('DUPLICATE');
    expect((await receiveConfirmation(t.deps, simulatedEvent(row, 34_334_00n), null)).outcome).toBe('DUPLICATE');
    expect((await memberWalletBalance(t.deps.db, member.userId))!.available).toBe(before);
    expect(await t.deps.db.select().from(loanPayments).where(eq(loanPayments.loanId, loanId))).toEqual([]);
    expect(await rowOf(payment.id)).toMatchObject({ status: 'HELD', paidAmount: 30_000_00n });
    await expectLedgerSound(t);
  });

  it('a payment for a loan repaid meanwhile goes to the wallet; a currency other than PHP is held', async () => {
    const other = await disbursedLoan(t, officer, checker);
    const usd = await rowOf(ok(await ask(other.member.cookie, gcash('34334.00')), 201).payment.id);
    expect((await receiveConfirmation(t.deps, { ...simulatedEvent(usd, 34_334_00n), currency: 'USD' }, null)).outcome).toBe('HELD');
    expect(await rowOf(usd.id)).toMatchObject({ status: 'HELD' });
    const { member } = await disbursedLoan(t, officer, checker);
    const { payment } = ok(await ask(member.cookie, gcash('34334.00')), 201);
    const row = await rowOf(payment.id);
    await topUp(t, member.userId, 10_000_00n);
    const q = ok(await quote(t, member.cookie));
    ok(await payoff(t, member.cookie, q.quote.quoteId), 201);
    const before = (await memberWalletBalance(t.deps.db, member.userId))!.available;
    expect((await receiveConfirmation(t.deps, simulatedEvent(row, 34_334_00n), null)).outcome).toBe('LOAN_CLOSED_TO_WALLET');
    expect((await memberWalletBalance(t.deps.db, member.userId))!.available).toBe(before + 34_334_00n);
    await expectLedgerSound(t);
  });

  it('an amount above what the loan now owes pays the loan off and puts the excess in the wallet', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    // The most payable on the disbursement day is the principal, 200,000.00.
    const { payment } = ok(await ask(member.cookie, gcash('200000.00')), 201);
    // The member prepays part from the wallet meanwhile.
    ok(await post(t, member.cookie, '/api/loans/current/payments', { amount: '34334.00' }, { 'idempotency-key': newKey() }), 201);
    const before = (await memberWalletBalance(t.deps.db, member.userId))!.available;
    const r = await receiveConfirmation(t.deps, simulatedEvent(await rowOf(payment.id), 200_000_00n), null);
    expect(r.outcome).toBe('POSTED_EXCESS_TO_WALLET');
    const row = await rowOf(payment.id);
    expect(row.status).toBe('PAID');
    expect(row.appliedToLoan! + row.creditedToWallet!).toBe(200_000_00n);
    expect(row.creditedToWallet! > 0n).toBe(true);
    expect((await memberWalletBalance(t.deps.db, member.userId))!.available).toBe(before + row.creditedToWallet!);
    const view = ok(await servicing(t, member.cookie));
    expect(view.payments.at(-1)).toMatchObject({ source: 'CHANNEL', amount: toDecimalString(BigInt(row.appliedToLoan!)) });
    await expectLedgerSound(t);
  });

  it('applies one payment once when several confirmations of it race', async () => {
    const loan = await disbursedLoan(t, officer, checker);
    const { payment } = ok(await ask(loan.member.cookie, gcash('34334.00')), 201);
    const row = await rowOf(payment.id);
    const results = await Promise.all(Array.from({ length: 8 }, () => receiveConfirmation(t.deps, simulatedEvent(row, 34_334_00n), null)));
    const outcomes = results.map((r) => r.outcome).sort();
    expect(outcomes.filter((o) => o === 'POSTED')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'DUPLICATE')).toHaveLength(7);
    expect(await t.deps.db.select().from(loanPayments).where(eq(loanPayments.loanId, loan.loanId))).toHaveLength(1);
    await expectLedgerSound(t);
  });
});
