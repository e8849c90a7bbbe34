import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/server/db/schema';
import { MAKER_CHECKER_WINDOW_DAYS } from '../../src/server/modules/repayments/admin';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { addDays } from '../../src/shared/loan/day';
import { philippineDate } from '../../src/shared/activation/age';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, newKey, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, relogin, servicing, travelTo } from '../fixtures/repayments';

/**
 * Maker-checker against structuring (security review, branch sec-insider; decision 052): one officer
 * alone may post officer-recorded payments, or waive late charges, on a loan up to the threshold in
 * MAKER_CHECKER_WINDOW_DAYS (a rolling 30 days) in all, not up to the threshold each time nor each
 * day. Several payments (or waivers) just under it, on one day or on several, wait for a second
 * officer like one above it.
 */

let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp({}, { REPAYMENT_APPROVAL_THRESHOLD: '50000', WAIVER_APPROVAL_THRESHOLD: '1800' });
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
beforeEach(async () => {
  [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

// Each payment has a receipt number of its own: a reference already recorded is refused (PAYMENT_REFERENCE_USED).
let receipts = 0;
const cash = (amount: string) => ({ amount, channel: 'CASH', bankReference: `OR-${++receipts}`, receivedOn: philippineDate(t.clock.now()) });
const record = (who: TestMember, loanId: string, amount: string) =>
  post(t, who.cookie, `/api/admin/loans/${loanId}/payments`, cash(amount), { 'idempotency-key': newKey() });

describe('officer-recorded payments', () => {
  it('two payments of PHP 35,000 by one officer on one loan and day: the second waits for another officer', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const m = await relogin(t, member);
    const first = await record(officer, loanId, '35000.00');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().receipt.status).toBe('POSTED');
    const afterFirst = ok(await servicing(t, m.cookie)).totals.outstanding as string;

    const second = await record(officer, loanId, '35000.00');
    expect(second.statusCode, second.body).toBe(202);
    expect(second.json().receipt).toMatchObject({ status: 'PENDING_APPROVAL', allocations: [] });
    // Nothing moved for it.
    expect(ok(await servicing(t, m.cookie)).totals.outstanding).toBe(afterFirst);
    const own = await post(t, officer.cookie, `/api/admin/loans/${loanId}/payments/${second.json().receipt.paymentId}/approve`);
    expect(own.json().error.code).toBe('MAKER_CHECKER');
    expect(ok(await post(t, checker.cookie, `/api/admin/loans/${loanId}/payments/${second.json().receipt.paymentId}/approve`)).receipt.status).toBe('POSTED');

    // Another officer's own payment on the same day counts on its own.
    const byChecker = await record(checker, loanId, '35000.00');
    expect(byChecker.statusCode, byChecker.body).toBe(201);

    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, loanId), eq(auditLog.action, 'LOAN_PAYMENT_RECORD')));
    expect(audits.map((a) => [(a.details as Record<string, unknown>).pendingApproval, (a.details as Record<string, unknown>).postedAloneInWindow])).toEqual([
      [false, '0.00'],
      [true, '35000.00'],
      [false, '0.00'],
    ]);
    await expectLedgerSound(t);
  });

  it(`PHP 35,000 today and 35,000 tomorrow by one officer: the second waits; after ${MAKER_CHECKER_WINDOW_DAYS} days the window counts afresh`, async () => {
    expect(MAKER_CHECKER_WINDOW_DAYS).toBe(30);
    const { loanId } = await disbursedLoan(t, await relogin(t, officer), await relogin(t, checker));
    const day0 = philippineDate(t.clock.now());
    expect((await record(await relogin(t, officer), loanId, '35000.00')).statusCode).toBe(201);

    travelTo(t, addDays(day0, 1));
    const tomorrow = await record(await relogin(t, officer), loanId, '35000.00');
    expect(tomorrow.statusCode, tomorrow.body).toBe(202);
    expect(tomorrow.json().receipt.status).toBe('PENDING_APPROVAL');

    // Day 29: still within the window (the pending payment of day 1 is not counted: it did not post alone).
    travelTo(t, addDays(day0, 29));
    const day29 = await record(await relogin(t, officer), loanId, '35000.00');
    expect(day29.statusCode, day29.body).toBe(202);

    // Day 31 (noon): the payment of day 0 is more than 30 days old.
    travelTo(t, addDays(day0, 31));
    const later = await record(await relogin(t, officer), loanId, '35000.00');
    expect(later.statusCode, later.body).toBe(201);

    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, loanId), eq(auditLog.action, 'LOAN_PAYMENT_RECORD')));
    expect(audits.map((a) => (a.details as Record<string, unknown>).postedAloneInWindow)).toEqual(['0.00', '35000.00', '35000.00', '0.00']);
    expect(audits.every((a) => (a.details as Record<string, unknown>).windowDays === 30)).toBe(true);
    await expectLedgerSound(t);
  });
});

describe('waivers', () => {
  it('one officer waives one charge alone; the next charge of the same loan and day, which brings the total above the threshold, waits for another officer', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const due = ok(await servicing(t, (await relogin(t, member)).cookie)).lines[0].dueDate as string;
    travelTo(t, addDays(due, 5));
    await runServicing(t.deps);
    const staff = await relogin(t, officer);
    const other = await relogin(t, checker);
    const view = ok(await servicing(t, (await relogin(t, member)).cookie));
    const collection = view.charges.find((c: { kind: string }) => c.kind === 'COLLECTION');
    const penalty = view.charges.find((c: { kind: string }) => c.kind === 'PENALTY_INTEREST');
    // Each under PHP 1,800; together above it.
    expect(collection.outstanding).toBe('1716.70');
    expect(Number(penalty.outstanding)).toBeLessThan(1800);
    expect(Number(penalty.outstanding) + 1716.7).toBeGreaterThan(1800);

    const url = (id: string) => `/api/admin/loans/${loanId}/charges/${id}/waive`;
    const alone = await post(t, staff.cookie, url(collection.id), { reasonCode: 'HARDSHIP' });
    expect(alone.statusCode, alone.body).toBe(200);
    expect(alone.json().charge).toMatchObject({ waived: true });
    const next = await post(t, staff.cookie, url(penalty.id), { reasonCode: 'HARDSHIP' });
    expect(next.statusCode, next.body).toBe(202);
    expect(next.json().charge).toMatchObject({ waived: false, waivePending: true });
    expect((await post(t, staff.cookie, `${url(penalty.id)}/approve`)).json().error.code).toBe('MAKER_CHECKER');
    expect(ok(await post(t, other.cookie, `${url(penalty.id)}/approve`)).charge).toMatchObject({ waived: true });
    await expectLedgerSound(t);
  });
});

describe('waivers across days', () => {
  it('one officer waives one charge alone today and the next charge of the same loan tomorrow: above the threshold in the window, it waits', async () => {
    const { member, loanId } = await disbursedLoan(t, await relogin(t, officer), await relogin(t, checker));
    const due = ok(await servicing(t, (await relogin(t, member)).cookie)).lines[0].dueDate as string;
    travelTo(t, addDays(due, 5));
    await runServicing(t.deps);
    const first = ok(await servicing(t, (await relogin(t, member)).cookie));
    const collection = first.charges.find((c: { kind: string }) => c.kind === 'COLLECTION');
    const url = (id: string) => `/api/admin/loans/${loanId}/charges/${id}/waive`;
    const alone = await post(t, (await relogin(t, officer)).cookie, url(collection.id), { reasonCode: 'HARDSHIP' });
    expect(alone.statusCode, alone.body).toBe(200);

    travelTo(t, addDays(due, 6));
    await runServicing(t.deps);
    const view = ok(await servicing(t, (await relogin(t, member)).cookie));
    const penalty = view.charges.find((c: { kind: string; waived: boolean }) => c.kind === 'PENALTY_INTEREST' && !c.waived);
    expect(Number(penalty.outstanding)).toBeLessThan(1800);
    expect(Number(penalty.outstanding) + Number(collection.outstanding)).toBeGreaterThan(1800);
    const staff = await relogin(t, officer);
    const next = await post(t, staff.cookie, url(penalty.id), { reasonCode: 'HARDSHIP' });
    expect(next.statusCode, next.body).toBe(202);
    expect(next.json().charge).toMatchObject({ waived: false, waivePending: true });
    const [request] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, loanId), eq(auditLog.action, 'LOAN_CHARGE_WAIVE_REQUEST')));
    expect(request!.details).toMatchObject({ waivedAloneInWindow: collection.outstanding, windowDays: 30 });
    expect(ok(await post(t, (await relogin(t, checker)).cookie, `${url(penalty.id)}/approve`)).charge).toMatchObject({ waived: true });
    await expectLedgerSound(t);
  });
});
