import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelPayments, loanPayments } from '../../src/server/db/schema';
import { memberWalletBalance } from '../../src/server/ledger';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, newKey, ok, post, signedLoan } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, payoff, quote, relogin, servicing, topUp } from '../fixtures/repayments';

/**
 * Every money field of the servicing routes at its edges (hostile review): zero, negative, one
 * centavo, more than owed, fractions of a centavo, exponents, hex, numbers instead of strings, more
 * digits than PostgreSQL's bigint and than 2^53; a loan not yet disbursed or already repaid; another
 * member's payoff quote; a quote used after the Philippine day changed. Each refusal moves no money
 * and writes no payment.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** Values that are not an amount of centavos: the schema refuses each (400 VALIDATION_FAILED). */
const MALFORMED: unknown[] = [
  '0',
  '0.00',
  '-0.01',
  '-100.00',
  '0.001',
  '100.123',
  '1e3',
  '0x10',
  '1,000.00',
  '+100',
  '12345678901.00', // 11 digits of pesos: above any loan, and refused before any arithmetic
  '9007199254740993', // 2^53 + 1
  '92233720368547758.08', // PostgreSQL bigint's maximum + 1, in centavos
  '',
  100,
  34334.0,
  null,
  true,
  ['100.00'],
  { amount: '100.00' },
];

async function paymentsOf(loanId: string) {
  return t.deps.db.select().from(loanPayments).where(eq(loanPayments.loanId, loanId));
}

describe('amount fields at their edges', () => {
  it('wallet payments, channel references and officer payments refuse every malformed amount; nothing is written', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const wallet = (await memberWalletBalance(t.deps.db, member.userId))!.available;
    const today = ok(await servicing(t, member.cookie)).asOf as string;
    for (const amount of MALFORMED) {
      const label = JSON.stringify(amount);
      const wallets = await pay(t, member.cookie, amount);
      expect(wallets.statusCode, `wallet ${label}: ${wallets.body}`).toBe(400);
      expect(wallets.json().error.code, label).toBe('VALIDATION_FAILED');
      const channel = await post(
        t,
        member.cookie,
        '/api/loans/current/channel-payments',
        { method: 'EWALLET', channelCode: 'GCASH', amount },
        { 'idempotency-key': newKey() },
      );
      expect(channel.statusCode, `channel ${label}: ${channel.body}`).toBe(400);
      expect(channel.json().error.code, label).toBe('VALIDATION_FAILED');
      const recorded = await post(
        t,
        officer.cookie,
        `/api/admin/loans/${loanId}/payments`,
        { amount, channel: 'CASH', receivedOn: today },
        { 'idempotency-key': newKey() },
      );
      expect(recorded.statusCode, `officer ${label}: ${recorded.body}`).toBe(400);
      expect(recorded.json().error.code, label).toBe('VALIDATION_FAILED');
    }
    // A currency named beside the amount (the loan is booked in PHP only) or any other extra field is refused, not ignored.
    for (const extra of [{ currency: 'USD' }, { currency: 'PHP' }, { loanId }, { memberId: officer.userId }]) {
      const wallets = await post(t, member.cookie, '/api/loans/current/payments', { amount: '34334.00', ...extra }, { 'idempotency-key': newKey() });
      expect(wallets.statusCode, `wallet ${JSON.stringify(extra)}`).toBe(400);
      const recorded = await post(
        t,
        officer.cookie,
        `/api/admin/loans/${loanId}/payments`,
        { amount: '34334.00', channel: 'CASH', receivedOn: today, ...extra },
        { 'idempotency-key': newKey() },
      );
      expect(recorded.statusCode, `officer ${JSON.stringify(extra)}`).toBe(400);
    }
    expect(await paymentsOf(loanId)).toHaveLength(0);
    expect(await t.deps.db.select().from(channelPayments).where(eq(channelPayments.loanId, loanId))).toHaveLength(0);
    expect((await memberWalletBalance(t.deps.db, member.userId))!.available).toBe(wallet);
  });

  it('one centavo is below the smallest payment, one centavo over the most is above it, the most itself is accepted and closes the loan', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 1_000_000n);
    const view = ok(await servicing(t, member.cookie));
    const smallest = await pay(t, member.cookie, '0.01');
    expect(smallest.statusCode).toBe(400);
    expect(smallest.json().error).toMatchObject({
      code: 'AMOUNT_TOO_SMALL',
      fields: { amount: expect.stringContaining(view.totals.minimumPayment.slice(0, 2)) },
    });
    const max = BigInt(view.totals.maximumPayment.replace('.', ''));
    const over = (max + 1n).toString();
    const above = await pay(t, member.cookie, `${over.slice(0, -2)}.${over.slice(-2)}`);
    expect(above.statusCode).toBe(400);
    expect(above.json().error.code).toBe('AMOUNT_ABOVE_OUTSTANDING');
    // Each of the three money routes agrees on the edges.
    const officerAbove = await post(
      t,
      officer.cookie,
      `/api/admin/loans/${loanId}/payments`,
      { amount: `${over.slice(0, -2)}.${over.slice(-2)}`, channel: 'CASH', receivedOn: view.asOf },
      { 'idempotency-key': newKey() },
    );
    expect(officerAbove.json().error.code).toBe('AMOUNT_ABOVE_OUTSTANDING');
    expect(await paymentsOf(loanId)).toHaveLength(0);
    const paid = ok(await pay(t, member.cookie, view.totals.maximumPayment), 201);
    expect(paid.receipt).toMatchObject({ remainingBalance: '0.00', loanStatus: 'REPAID' });
    // A repaid loan takes nothing more, by any route.
    expect((await pay(t, member.cookie, '34334.00')).json().error.code).toBe('LOAN_REPAID');
    expect((await quote(t, member.cookie)).json().error.code).toBe('LOAN_REPAID');
    const officerAfter = await post(
      t,
      officer.cookie,
      `/api/admin/loans/${loanId}/payments`,
      { amount: '100.00', channel: 'CASH', receivedOn: view.asOf },
      { 'idempotency-key': newKey() },
    );
    expect(officerAfter.json().error.code).toBe('LOAN_REPAID');
    const channelAfter = await post(
      t,
      member.cookie,
      '/api/loans/current/channel-payments',
      { method: 'EWALLET', channelCode: 'GCASH', amount: '100.00' },
      { 'idempotency-key': newKey() },
    );
    expect(channelAfter.json().error.code).toBe('LOAN_REPAID');
    expect(await paymentsOf(loanId)).toHaveLength(1);
  });

  it('a loan signed but not disbursed takes no payment and gives no quote', async () => {
    const { member, loanId } = await signedLoan(t, officer);
    for (const res of [await pay(t, member.cookie, '100.00'), await quote(t, member.cookie)]) {
      expect([404, 409], res.body).toContain(res.statusCode);
      expect(['NO_LOAN', 'LOAN_NOT_DISBURSED']).toContain(res.json().error.code);
    }
    const recorded = await post(
      t,
      officer.cookie,
      `/api/admin/loans/${loanId}/payments`,
      { amount: '100.00', channel: 'CASH', receivedOn: ok(await servicing(t, (await disbursedLoan(t, officer, checker)).member.cookie)).asOf },
      { 'idempotency-key': newKey() },
    );
    expect(recorded.statusCode, recorded.body).toBe(409);
    expect(recorded.json().error.code).toBe('LOAN_NOT_DISBURSED');
    expect(await paymentsOf(loanId)).toHaveLength(0);
  });

  it("another member's payoff quote is not found; a quote used after midnight in Manila has expired", async () => {
    const a = await disbursedLoan(t, officer, checker);
    const b = await disbursedLoan(t, officer, checker);
    await topUp(t, a.member.userId, 1_000_000n);
    await topUp(t, b.member.userId, 1_000_000n);
    t.clock.advance(2 * 86_400_000);
    const ma = await relogin(t, a.member);
    const mb = await relogin(t, b.member);
    const qa = ok(await quote(t, ma.cookie)).quote;
    const stolen = await payoff(t, mb.cookie, qa.quoteId);
    expect(stolen.statusCode).toBe(404);
    // At the first instant of the next Philippine day both quotes have expired.
    const qb = ok(await quote(t, mb.cookie)).quote;
    t.clock.advance(Date.parse(qb.validUntil) - t.clock.now().getTime());
    const [ma2, mb2] = [await relogin(t, ma), await relogin(t, mb)];
    for (const [m, q] of [
      [ma2, qa],
      [mb2, qb],
    ] as const) {
      const late = await payoff(t, m.cookie, q.quoteId);
      expect(late.statusCode).toBe(409);
      expect(late.json().error.code).toBe('QUOTE_EXPIRED');
    }
    expect(await paymentsOf(a.loanId)).toHaveLength(0);
    expect(await paymentsOf(b.loanId)).toHaveLength(0);
  });
});
