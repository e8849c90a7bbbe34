import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, memberWalletBalance } from '../../src/server/ledger';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, lastSms, newKey, ok, post, signedLoan } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, travelTo } from '../fixtures/repayments';

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

describe('GET /api/loans/current/servicing', () => {
  it('shows the schedule of a disbursed loan: statuses, totals, next due, history', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const body = ok(await servicing(t, member.cookie));
    expect(body.loan.status).toBe('DISBURSED');
    expect(body.lines).toHaveLength(6);
    expect(body.lines[0]).toMatchObject({ number: 1, dueDate: '2026-12-22', status: 'UPCOMING', outstanding: '34334.00' });
    expect(body.totals).toMatchObject({
      outstanding: '206000.00',
      payableNow: '0.00',
      outstandingPrincipal: '200000.00',
      minimumPayment: '1.00',
      maximumPayment: '200000.00',
      closingCost: '200000.00',
    });
    expect(body.nextDue).toMatchObject({ lineNumber: 1, dueDate: '2026-12-22', amount: '34334.00' });
    expect(body.history.map((h: { action: string }) => h.action)).toEqual(['APPLY', 'START_REVIEW', 'APPROVE', 'SIGN', 'DISBURSE']);
  });

  it('refuses without a session, and answers NO_LOAN to a member without a disbursed loan', async () => {
    expect((await get(t, undefined, '/api/loans/current/servicing')).statusCode).toBe(401);
    const { member } = await signedLoan(t, officer);
    const res = await servicing(t, member.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NO_LOAN');
  });
});

describe('POST /api/loans/current/payments', () => {
  it('pays the first instalment from the wallet: receipt, allocation, SMS, ACTIVE, ledger', async () => {
    const loan = await disbursedLoan(t, officer, checker);
    travelTo(t, '2026-12-10');
    const member = await relogin(t, loan.member);
    [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
    const res = await pay(t, member.cookie, '34334');
    expect(res.statusCode, res.body).toBe(201);
    const { receipt } = res.json();
    expect(receipt).toMatchObject({
      source: 'WALLET',
      kind: 'PAYMENT',
      status: 'POSTED',
      amount: '34334.00',
      remainingBalance: '171666.00',
      loanStatus: 'ACTIVE',
    });
    expect(receipt.reference).toMatch(/^TAPAT-P\d{6}$/);
    expect(receipt.allocation.charges).toBe('0.00');
    expect(BigInt(receipt.allocation.interest.replace('.', '')) + BigInt(receipt.allocation.principal.replace('.', ''))).toBe(3_433_400n);
    expect(await lastSms(t, member.phone)).toContain(`payment ${receipt.reference} of PHP 34,334.00`);
    const view = ok(await servicing(t, member.cookie));
    expect(view.lines[0]).toMatchObject({ status: 'PAID', paidOn: '2026-12-10', outstanding: '0.00' });
    expect(view.payments).toHaveLength(1);
    expect(view.loan.status).toBe('ACTIVE');
    expect((await memberWalletBalance(t.deps.db, loan.member.userId))!.available).toBe(20_000_000n - 3_433_400n);
    await expectLedgerSound(t);
  });

  it('answers a retry with the same key once, and refuses the key for another amount', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const key = newKey();
    const first = await pay(t, member.cookie, '34334.00', key);
    expect(first.statusCode, first.body).toBe(201);
    const again = await pay(t, member.cookie, '34334.00', key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().receipt.paymentId).toBe(first.json().receipt.paymentId);
    expect((await pay(t, member.cookie, '40000.00', key)).statusCode).toBe(422);
    expect(ok(await servicing(t, member.cookie)).payments).toHaveLength(1);
  });

  it('pays the next amount early: the next instalments in full, in order (the default), each PAID on time', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    // Disbursement day, 100,000.00: lines 1 and 2 (34,334.00 each), then 31,332.00 of line 3 (3,002.00 left on it).
    const res = await pay(t, member.cookie, '100000.00');
    expect(res.statusCode, res.body).toBe(201);
    const { receipt } = res.json();
    expect(receipt).toMatchObject({ excess: 'NEXT_INSTALMENTS', allocation: { prepaidPrincipal: '0.00' } });
    expect([...new Set(receipt.allocations.map((a: { lineNumber: number; purpose: string }) => `${a.lineNumber}:${a.purpose}`))]).toEqual([
      '1:NEXT_DUE',
      '2:AHEAD',
      '3:AHEAD',
    ]);
    const view = ok(await servicing(t, member.cookie));
    expect(view.lines.slice(0, 2).map((l: { status: string }) => l.status)).toEqual(['PAID', 'PAID']);
    expect(view.lines[2]).toMatchObject({ status: 'UPCOMING', outstanding: '3002.00' });
    expect(view.nextDue).toMatchObject({ lineNumber: 3, amount: '3002.00' });
    await expectLedgerSound(t);
  });

  it('"reduce my principal": the rest pays principal from the last line back and lowers later interest', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/loans/current/payments',
      headers: { cookie: member.cookie, 'idempotency-key': newKey() },
      payload: { amount: '100000.00', excess: 'REDUCE_PRINCIPAL' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { receipt } = res.json();
    // Line 1 in full (34,334.00), then 65,666.00 of principal from line 6 back.
    expect(receipt).toMatchObject({ excess: 'REDUCE_PRINCIPAL', allocation: { prepaidPrincipal: '65666.00' } });
    const view = ok(await servicing(t, member.cookie));
    expect(view.lines[0].status).toBe('PAID');
    expect(view.lines[5]).toMatchObject({ status: 'PAID', outstanding: '0.00' });
    // The remaining lines' interest is now computed on the lower balance.
    expect(view.lines.slice(1, 4).every((l: { interestRebated: string }) => l.interestRebated !== '0.00')).toBe(true);
    expect(Number(view.totals.outstanding)).toBeLessThan(206000 - 100000);
    await expectLedgerSound(t);
  });

  it('pays everything: REPAID, and a further payment is refused', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const max = ok(await servicing(t, member.cookie)).totals.maximumPayment;
    const res = await pay(t, member.cookie, max);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().receipt).toMatchObject({ remainingBalance: '0.00', loanStatus: 'REPAID' });
    expect(await lastSms(t, member.phone)).toContain('fully repaid');
    const again = await pay(t, member.cookie, '1.00');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('LOAN_REPAID');
    const view = ok(await servicing(t, member.cookie));
    expect(view.loan.status).toBe('REPAID');
    expect(view.lines.every((l: { status: string }) => l.status === 'PAID')).toBe(true);
    await expectLedgerSound(t);
  });

  describe('refusals', () => {
    let member: TestMember;
    beforeAll(async () => {
      ({ member } = await disbursedLoan(t, officer, checker));
    });
    const cases: [string, unknown, number, string][] = [
      ['zero', '0.00', 400, 'VALIDATION_FAILED'],
      ['negative', '-100.00', 400, 'VALIDATION_FAILED'],
      ['fractional centavos', '34334.005', 400, 'VALIDATION_FAILED'],
      ['a number instead of a string', 34334, 400, 'VALIDATION_FAILED'],
      ['exponent notation', '3e4', 400, 'VALIDATION_FAILED'],
      ['below the smallest accepted (1.00)', '0.99', 400, 'AMOUNT_TOO_SMALL'],
      ['above what may be paid', '200000.01', 400, 'AMOUNT_ABOVE_OUTSTANDING'],
    ];
    for (const [name, amount, status, code] of cases) {
      it(`refuses ${name}`, async () => {
        const res = await pay(t, member.cookie, amount);
        expect(res.statusCode, res.body).toBe(status);
        expect(res.json().error.code).toBe(code);
      });
    }
    it('refuses without an Idempotency-Key', async () => {
      const res = await pay(t, member.cookie, '34334.00', null);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    });
    it('refuses unknown fields (no loan id or phone in the body)', async () => {
      const res = await post(t, member.cookie, '/api/loans/current/payments', { amount: '34334.00', loanId: 'x' }, { 'idempotency-key': newKey() });
      expect(res.statusCode).toBe(400);
    });
    it('refuses without a session', async () => {
      expect((await pay(t, undefined, '34334.00')).statusCode).toBe(401);
    });
    it('refuses a loan not disbursed yet', async () => {
      const { member: signed } = await signedLoan(t, officer);
      const res = await pay(t, signed.cookie, '34334.00');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NO_LOAN');
    });
    it('refuses above the wallet balance, and nothing changes', async () => {
      // 180,000.00 of the proceeds leave the wallet (as a withdrawal would): 34,334.00 is more than the 20,000.00 left.
      const { member: m } = await disbursedLoan(t, officer, checker);
      await t.deps.db.transaction(async (tx) =>
        createTransfer(tx, {
          idempotencyKey: newKey(),
          code: 'TEST_WITHDRAWAL',
          description: 'test',
          legs: [
            { accountId: await ensureMemberWallet(tx, m.userId), direction: 'DEBIT', amount: 18_000_000n },
            { accountId: await ensureSystemAccount(tx, 'SETTLEMENT_FUNDS'), direction: 'CREDIT', amount: 18_000_000n },
          ],
          at: t.clock.now(),
        }),
      );
      const res = await pay(t, m.cookie, '34334.00');
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.code).toBe('INSUFFICIENT_BALANCE');
      expect(res.json().error.message).toContain('20,000.00');
      expect(ok(await servicing(t, m.cookie)).payments).toHaveLength(0);
    });
  });
});
