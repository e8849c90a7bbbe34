import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../src/server/db/schema';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { addDays } from '../../src/shared/loan/day';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, expectLedgerSound, get, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, travelTo } from '../fixtures/repayments';

/**
 * Receipts, and the borrower sees every reminder: the servicing view's
 * reminders, display currency and documents; the receipt PDF (own payments only); the e-mail receipt.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
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

describe('the servicing view for the borrower', () => {
  it('carries the display currency and the documents; the back office view has no member document links', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    const view = ok(await servicing(t, member.cookie));
    expect(view.display).toMatchObject({ currency: 'PHP', exchangeRate: '1', displayRate: '1.00' });
    expect(view.documents).toEqual({ contractUrl: '/api/loans/current/contract.pdf', disclosureUrl: '/api/loans/current/disclosure.pdf' });
    expect(view.reminders).toEqual([]);
    const staffView = ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}/servicing`));
    expect(staffView.documents).toBeNull();
  });
});

describe('receipts', () => {
  it('a wallet payment: the receipt PDF for the payer, 404 for another member and for an unknown id, 403 for staff; the e-mail receipt', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    travelTo(t, '2026-12-10');
    const m = await relogin(t, member);
    const { receipt } = ok(await pay(t, m.cookie, '34334'), 201);
    const url = `/api/loans/current/payments/${receipt.paymentId}/receipt.pdf`;

    const res = await get(t, m.cookie, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`${receipt.reference}-receipt.pdf`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const other = await createActivatedMember(t);
    const refused = await get(t, other.cookie, url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('NOT_FOUND');
    expect((await get(t, m.cookie, '/api/loans/current/payments/00000000-0000-4000-8000-000000000009/receipt.pdf')).statusCode).toBe(404);
    expect((await get(t, m.cookie, '/api/loans/current/payments/not-an-id/receipt.pdf')).statusCode).toBe(404);
    expect((await get(t, (await relogin(t, officer)).cookie, url)).statusCode).toBe(403);
    expect((await get(t, undefined, url)).statusCode).toBe(401);

    const [email] = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, m.email), eq(outboxMessages.channel, 'EMAIL')))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(email?.subject).toContain(receipt.reference);
    expect(email?.body).toContain(`payment ${receipt.reference} of PHP 34,334.00`);
    expect(email?.body).toContain('Remaining balance PHP 171,666.00');
  });
});

describe('reminders', () => {
  it('every reminder the daily job sent to the borrower is in their view, newest first', async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    const due = ok(await servicing(t, member.cookie)).lines[0].dueDate as string;
    travelTo(t, addDays(due, -3));
    await runServicing(t.deps);
    travelTo(t, due);
    await runServicing(t.deps);
    const m = await relogin(t, member);
    const view = ok(await servicing(t, m.cookie));
    expect(view.reminders.map((r: { template: string; businessDate: string }) => [r.template, r.businessDate])).toEqual([
      ['DUE_TODAY', due],
      ['DUE_IN_3_DAYS', addDays(due, -3)],
    ]);
    expect(view.reminders[0]).toMatchObject({ channel: 'SMS', lineNumber: 1 });
  });
});
