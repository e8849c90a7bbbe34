import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, get, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';

/**
 * The credit score's repayment components read the real repayment record (loan_instalments'
 * paid dates): a PHP 200,000 loan over 6 months disbursed on 2026-11-22, instalment 1 paid two days
 * early (counted once its due date passed), instalment 2 paid five days late, instalment 3 still unpaid nine days after its due date.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
}, 180_000);
afterAll(async () => t.close());

type Component = { id: string; points: number; reason: string; facts: Record<string, number> };
const byId = (body: { components: Component[] }) => Object.fromEntries(body.components.map((c) => [c.id, c]));

describe('the credit score from repayments', () => {
  it('counts on-time, early and overdue days from the instalments as paid', { timeout: 300_000 }, async () => {
    const { member } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 3_000_000n);
    const score = async () => byId(ok(await get(t, (await relogin(t, member)).cookie, '/api/member/credit-score')) as never);

    // Nothing has fallen due on the day of disbursement.
    expect((await score()).onTime).toMatchObject({ points: 0, reason: 'NOTHING_DUE' });

    travelTo(t, '2026-12-20');
    let m = await relogin(t, member);
    ok(await pay(t, m.cookie, ok(await servicing(t, m.cookie)).nextDue.amount), 201);
    // Paid two days ahead: it has not fallen due yet, so nothing is said about it.
    let c = await score();
    expect(c.onTime).toMatchObject({ points: 0, reason: 'NOTHING_DUE', facts: { due: 0, count: 0 } });

    // From the day after its due date it counts: on time, and early.
    travelTo(t, '2026-12-23');
    c = await score();
    expect(c.onTime).toMatchObject({ points: 300, facts: { due: 1, count: 1 } });
    expect(c.early).toMatchObject({ points: 100, facts: { due: 1, count: 1 } });
    expect(c.daysOverdue).toMatchObject({ points: 150, facts: { days: 0 } });

    travelTo(t, '2027-01-27');
    await runServicing(t.deps);
    m = await relogin(t, member);
    const view = ok(await servicing(t, m.cookie));
    expect(view.lines[1]).toMatchObject({ status: 'OVERDUE', daysPastDue: 5 });
    ok(await pay(t, m.cookie, view.lines[1].outstanding), 201);
    c = await score();
    expect(c.onTime).toMatchObject({ points: 150, facts: { due: 2, count: 1 } });
    expect(c.early).toMatchObject({ points: 50, facts: { due: 2, count: 1 } });
    expect(c.daysOverdue).toMatchObject({ points: 150 - 5 * 5, facts: { days: 5 } });

    travelTo(t, '2027-03-03');
    c = await score();
    // Instalment 3 (due 2027-02-22) is 9 days overdue and unpaid: counted, not on time.
    expect(c.onTime).toMatchObject({ points: 100, facts: { due: 3, count: 1 } });
    expect(c.daysOverdue).toMatchObject({ points: 150 - 5 * 14, facts: { days: 14 } });
  });
});
