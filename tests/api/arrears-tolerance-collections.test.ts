import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, get, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, travelTo } from '../fixtures/repayments';

/**
 * The arrears tolerance (decision 069) in the back office: with ARREARS_TOLERANCE=5, an instalment
 * PHP 3.00 short is not overdue. The collections queue neither lists the loan for it nor counts it
 * in the past-due amount, which equals the servicing view's overdue figure; the shortfall is still
 * owed (in the outstanding total and the member's amount due now).
 *
 * PHP 200,000 over 6 months disbursed 2026-11-22: instalments of 34,334.00 due on the 22nd (the last 34,330.00).
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp({}, { ARREARS_TOLERANCE: '5' });
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

async function queueRow(loanId: string) {
  officer = await relogin(t, officer);
  const queue = ok(await get(t, officer.cookie, '/api/admin/collections?limit=50'));
  return queue.items.find((r: { loanId: string }) => r.loanId === loanId) as Record<string, unknown> | undefined;
}

describe('collections with an arrears tolerance', () => {
  it('leaves out a line within the tolerance, in the choice of loans and in the past-due amount', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    travelTo(t, '2026-12-20');
    // The first instalment less PHP 3.00, two days early.
    ok(await pay(t, (await relogin(t, member)).cookie, '34331.00'), 201);
    travelTo(t, '2026-12-30');
    await runServicing(t.deps);
    expect(await queueRow(loanId)).toBeUndefined();
    const early = ok(await servicing(t, (await relogin(t, member)).cookie));
    expect(early.totals.overdue).toBe('0.00');
    expect(early.totals.payableNow).toBe('3.00');

    // The second instalment unpaid eight days after its due date: overdue, listed from its own due date.
    travelTo(t, '2027-01-30');
    await runServicing(t.deps);
    const row = await queueRow(loanId);
    const view = ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}/servicing`));
    const charges = view.charges.reduce(
      (s: bigint, c: { amount: string; paid: string }) => s + BigInt(c.amount.replace('.', '')) - BigInt(c.paid.replace('.', '')),
      0n,
    );
    expect(charges).toBeGreaterThan(0n);
    expect(row).toMatchObject({ oldestDueDate: '2027-01-22', daysPastDue: 8, bucket: 'D1_30' });
    // Line 2 (34,334.00) and its charges: not the 3.00 of line 1.
    expect(BigInt((row!.pastDue as string).replace('.', ''))).toBe(3_433_400n + charges);
    expect(row!.pastDue).toBe(view.totals.overdue);
    // Still owed: in the outstanding total (line 1's 3.00, lines 2-5 of 34,334.00, the last line's 34,330.00, the charges).
    expect(row!.outstanding).toBe(view.totals.outstanding);
    expect(BigInt((view.totals.outstanding as string).replace('.', ''))).toBe(300n + 4n * 3_433_400n + 3_433_000n + charges);
  });
});
