import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loanInstalments, loanPaymentAllocations, loanPayments } from '../../src/server/db/schema';
import { memberWalletBalance } from '../../src/server/ledger';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { addDays } from '../../src/shared/loan/day';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, newKey, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, payoff, quote, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';

let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
// Tests move the clock: fresh staff sessions each time.
beforeEach(async () => {
  [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('payoff', () => {
  it('the day after disbursement: principal plus one day of interest, no penalty; paying closes the loan', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    t.clock.advance(24 * 3_600_000);
    const m = await relogin(t, member);
    const q = ok(await quote(t, m.cookie)).quote;
    expect(q).toMatchObject({ principal: '200000.00', prepaymentPenalty: '0.00', charges: '0.00', method: 'ACTUARIAL' });
    expect(q.accrual).toMatchObject({ lineNumber: 1, days: 1, periodDays: 30 });
    // One day of 30 at about 0.8511 % a month on 200,000.00: about 56.74.
    expect(Number(q.interest)).toBeGreaterThan(56);
    expect(Number(q.interest)).toBeLessThan(57.5);
    expect(Number(q.interestRebate) + Number(q.interest)).toBeCloseTo(6000, 2);
    // Valid to the end of the Philippine day.
    expect(Date.parse(q.validUntil)).toBe(Date.parse(`${q.asOf}T00:00:00+08:00`) + 86_400_000);
    await topUp(t, m.userId, 10_000n * 100n);
    const before = (await memberWalletBalance(t.deps.db, m.userId))!.available;
    const res = await payoff(t, m.cookie, q.quoteId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().receipt).toMatchObject({ kind: 'PAYOFF', amount: q.total, remainingBalance: '0.00', loanStatus: 'REPAID' });
    expect(before - (await memberWalletBalance(t.deps.db, m.userId))!.available).toBe(BigInt(q.total.replace('.', '')));
    const again = await payoff(t, m.cookie, q.quoteId);
    expect(again.statusCode).toBe(409);
    expect(['QUOTE_USED', 'LOAN_REPAID']).toContain(again.json().error.code);
    const view = ok(await servicing(t, m.cookie));
    expect(view.loan.status).toBe('REPAID');
    expect(view.lines.every((l: { status: string; outstanding: string }) => l.status === 'PAID' && l.outstanding === '0.00')).toBe(true);
    await expectLedgerSound(t);
  });

  it('financed fees: the quote and the payoff take the fee of the line due, never those of lines not yet due (decision 053)', async () => {
    // No product offered today finances a fee (the back office drafts deducted fees only; the extension fee is 0), so
    // the loan's lines get 50.00 each as a product with an ADDED_TO_SCHEDULE fee would put on them.
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await t.deps.db
      .update(loanInstalments)
      .set({ fees: 5_000n, total: sql`${loanInstalments.total} + 5000` })
      .where(eq(loanInstalments.loanId, loanId));
    const due = ok(await servicing(t, member.cookie)).lines[0].dueDate as string;
    travelTo(t, addDays(due, 1)); // line 1 due (unpaid, within the grace days), line 2 running, lines 3-6 later
    const m = await relogin(t, member);
    const q = ok(await quote(t, m.cookie)).quote;
    expect(q).toMatchObject({ fees: '50.00', feeRebate: '250.00', charges: '0.00', prepaymentPenalty: '0.00' });
    expect(Number(q.total)).toBeCloseTo(Number(q.principal) + Number(q.interest) + 50, 2);
    await topUp(t, m.userId, 10_000n * 100n);
    const res = await payoff(t, m.cookie, q.quoteId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().receipt).toMatchObject({ amount: q.total, remainingBalance: '0.00', loanStatus: 'REPAID' });
    expect(res.json().receipt.allocation.fees).toBe('50.00');
    const [payment] = await t.deps.db.select().from(loanPayments).where(eq(loanPayments.id, res.json().receipt.paymentId));
    const fees = await t.deps.db
      .select()
      .from(loanPaymentAllocations)
      .where(and(eq(loanPaymentAllocations.paymentId, payment!.id), eq(loanPaymentAllocations.component, 'FEES')));
    expect(fees.map((a) => [a.lineNumber, a.amount])).toEqual([[1, 5_000n]]);
    const lines = await t.deps.db.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanId)).orderBy(asc(loanInstalments.number));
    expect(lines.map((l) => [l.feesPaid, l.feesRebated])).toEqual([[5_000n, 0n], ...Array.from({ length: 5 }, () => [0n, 5_000n])]);
    const view = ok(await servicing(t, m.cookie));
    expect(view.lines.map((l: { feesRebated: string; outstanding: string }) => [l.feesRebated, l.outstanding])).toEqual([
      ['0.00', '0.00'],
      ...Array.from({ length: 5 }, () => ['50.00', '0.00']),
    ]);
    await expectLedgerSound(t);
  });

  it('refuses a stale quote (a payment since), an expired one (next Manila day), an unknown one, and no key', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 10_000n * 100n);
    const stale = ok(await quote(t, member.cookie)).quote;
    ok(await pay(t, member.cookie, '34334.00'), 201);
    const r1 = await payoff(t, member.cookie, stale.quoteId);
    expect(r1.statusCode).toBe(409);
    expect(r1.json().error.code).toBe('QUOTE_STALE');
    const q = ok(await quote(t, member.cookie)).quote;
    expect((await payoff(t, member.cookie, q.quoteId, null)).json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await payoff(t, member.cookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    t.clock.advance(Date.parse(q.validUntil) - t.clock.now().getTime());
    const m = await relogin(t, member);
    const r2 = await payoff(t, m.cookie, q.quoteId);
    expect(r2.statusCode).toBe(409);
    expect(r2.json().error.code).toBe('QUOTE_EXPIRED');
  });

  it("refuses another member's quote", async () => {
    const a = await disbursedLoan(t, officer, checker);
    const b = await disbursedLoan(t, officer, checker);
    const q = ok(await quote(t, a.member.cookie)).quote;
    expect((await payoff(t, b.member.cookie, q.quoteId)).statusCode).toBe(404);
  });
});

describe('officer payments', () => {
  const today = () => new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
  // Each transfer has a reference of its own: a reference already recorded is refused (PAYMENT_REFERENCE_USED).
  let transfers = 0;
  const body = (amount: string, extra: Record<string, unknown> = {}) => ({
    amount,
    channel: 'BANK_TRANSFER',
    bankReference: `BDO-7788${++transfers}`,
    receivedOn: today(),
    ...extra,
  });

  it('records a bank transfer below the threshold: posted, receipt, SMS, audited', async () => {
    const { loanId } = await disbursedLoan(t, officer, checker);
    const res = await post(t, officer.cookie, `/api/admin/loans/${loanId}/payments`, body('34334.00'), { 'idempotency-key': newKey() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().receipt).toMatchObject({ source: 'OFFICER', channel: 'BANK_TRANSFER', status: 'POSTED', amount: '34334.00' });
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, loanId), eq(auditLog.action, 'LOAN_PAYMENT_RECORD')));
    expect(audit).toHaveLength(1);
    const view = ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/payments`, body('0.99'), { 'idempotency-key': newKey() }), 400);
    expect(view.error.code).toBe('AMOUNT_TOO_SMALL');
  });

  it('above the threshold waits for a second officer; the recorder cannot approve it', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const res = await post(t, officer.cookie, `/api/admin/loans/${loanId}/payments`, body('100000.00'), { 'idempotency-key': newKey() });
    expect(res.statusCode, res.body).toBe(202);
    const { receipt } = res.json();
    expect(receipt).toMatchObject({ status: 'PENDING_APPROVAL', remainingBalance: null, allocations: [] });
    expect(ok(await servicing(t, member.cookie)).totals.outstanding).toBe('206000.00');
    const own = await post(t, officer.cookie, `/api/admin/loans/${loanId}/payments/${receipt.paymentId}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('MAKER_CHECKER');
    const approved = ok(await post(t, checker.cookie, `/api/admin/loans/${loanId}/payments/${receipt.paymentId}/approve`));
    expect(approved.receipt).toMatchObject({ status: 'POSTED', amount: '100000.00' });
    expect((await post(t, checker.cookie, `/api/admin/loans/${loanId}/payments/${receipt.paymentId}/approve`)).json().error.code).toBe('PAYMENT_NOT_PENDING');
    await expectLedgerSound(t);
  });

  it('refuses members, a future date, a bank transfer without reference, an unknown loan', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    expect((await post(t, member.cookie, `/api/admin/loans/${loanId}/payments`, body('34334.00'), { 'idempotency-key': newKey() })).statusCode).toBe(403);
    expect(
      (await post(t, officer.cookie, `/api/admin/loans/${loanId}/payments`, body('34334.00', { receivedOn: '2030-01-01' }), { 'idempotency-key': newKey() }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(t, officer.cookie, `/api/admin/loans/${loanId}/payments`, body('34334.00', { bankReference: undefined }), { 'idempotency-key': newKey() }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(t, officer.cookie, `/api/admin/loans/00000000-0000-4000-8000-000000000000/payments`, body('34334.00'), { 'idempotency-key': newKey() }))
        .statusCode,
    ).toBe(404);
  });
});

describe('waiving a late charge', () => {
  it('reverses it in the ledger with a reason from the catalogue, audited, once', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const due = ok(await servicing(t, member.cookie)).lines[0].dueDate as string;
    travelTo(t, addDays(due, 5)); // 5 days after the first due date: 2 days past the grace
    await runServicing(t.deps);
    const staff = await relogin(t, officer);
    const m = await relogin(t, member);
    const view = ok(await servicing(t, m.cookie));
    expect(view.loan.status).toBe('OVERDUE');
    const collection = view.charges.find((c: { kind: string }) => c.kind === 'COLLECTION');
    expect(collection).toMatchObject({ amount: '1716.70', waived: false });
    expect((await post(t, staff.cookie, `/api/admin/loans/${loanId}/charges/${collection.id}/waive`, { reasonCode: 'I_SAY_SO' })).statusCode).toBe(400);
    expect((await post(t, m.cookie, `/api/admin/loans/${loanId}/charges/${collection.id}/waive`, { reasonCode: 'HARDSHIP' })).statusCode).toBe(403);
    const res = ok(await post(t, staff.cookie, `/api/admin/loans/${loanId}/charges/${collection.id}/waive`, { reasonCode: 'HARDSHIP', note: 'Typhoon' }));
    expect(res.charge).toMatchObject({ waived: true, waiveReasonCode: 'HARDSHIP', outstanding: '0.00' });
    expect((await post(t, staff.cookie, `/api/admin/loans/${loanId}/charges/${collection.id}/waive`, { reasonCode: 'HARDSHIP' })).json().error.code).toBe(
      'CHARGE_NOT_WAIVABLE',
    );
    expect(
      await t.deps.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.subjectId, loanId), eq(auditLog.action, 'LOAN_CHARGE_WAIVE'))),
    ).toHaveLength(1);
    await expectLedgerSound(t);
  });
});

describe('race', () => {
  it('20 simultaneous wallet payments never over-allocate', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 100_000n * 100n);
    // 20 payments of 40,000.00 (800,000.00, each above the first instalment's 34,334.00) against about 200,000.00 owed.
    const results = await Promise.all(Array.from({ length: 20 }, () => pay(t, member.cookie, '40000.00')));
    const created = results.filter((r) => r.statusCode === 201).length;
    const refused = results.filter((r) => r.statusCode === 400 || r.statusCode === 409);
    expect(created).toBeGreaterThan(0);
    expect(created + refused.length).toBe(20);
    expect(refused.every((r) => ['AMOUNT_ABOVE_OUTSTANDING', 'AMOUNT_TOO_SMALL', 'INSUFFICIENT_BALANCE', 'LOAN_REPAID'].includes(r.json().error.code))).toBe(
      true,
    );
    const payments = await t.deps.db.select().from(loanPayments).where(eq(loanPayments.loanId, loanId));
    expect(payments).toHaveLength(created);
    const paid = payments.reduce((s, p) => s + p.amount, 0n);
    // At most everything the schedule asks (200,000.00 and 6,000.00 of interest), every centavo allocated once.
    expect(paid).toBeLessThanOrEqual(20_600_000n);
    const view = ok(await servicing(t, member.cookie));
    expect(BigInt(view.totals.paid.replace('.', ''))).toBe(paid);
    await expectLedgerSound(t);
  });
});
