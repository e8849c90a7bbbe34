import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { APPLICATION, apply, createActivatedMember, createStaff, expectLedgerSound, get, ok, type ActivatedMember } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';

/**
 * The limit ladder (docs/decisions/085) through the API. The Personal loan's ladder: PHP 1,000,000
 * for a first loan, 2,000,000 after one loan repaid on time (no instalment paid more than 3 days
 * after its due date), 3,500,000 after three, 5,000,000 after five; PHP 500,000 while the last loan
 * has an instalment 30 days or more late. The small loan's: its whole range (10,000) from the first
 * loan, 5,000 after serious lateness. The members here earn PHP 150,000 a month: their
 * income-based maximum for the Personal loan (48 months, instalment at most 75,000: 75,000 /
 * (1/48 + 0.5 %) = 2,903,225) is above the ladder's first two steps, so the ladder sets the limit.
 */

let t: TestApp;
let officer: TestMember;
let checker: TestMember;
let member: ActivatedMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const limits = async (cookie: string) => ok(await get(t, cookie, '/api/member/limits'));
const byCode = (body: Record<string, any>, code: string) => body.limits.find((l: { productCode: string }) => l.productCode === code); // eslint-disable-line @typescript-eslint/no-explicit-any

describe('a first loan', () => {
  it('GET /api/member/limits: PHP 1,000,000 on step 1 of 4, one loan on time from 2,000,000; the small loan its whole range', async () => {
    member = await createActivatedMember(t);
    const body = await limits(member.cookie);
    expect(body.asOf).toBe('2026-11-22');
    expect(body.limits.map((l: { productCode: string }) => l.productCode)).toEqual(['PERSONAL', 'SMALL']);
    expect(byCode(body, 'PERSONAL')).toEqual({
      productCode: 'PERSONAL',
      limit: '1000000.00',
      ceiling: '1000000.00',
      bound: 'LADDER',
      productMax: '5000000.00',
      incomeMax: '2903225.00',
      ladder: {
        stepNumber: 1,
        stepCount: 4,
        step: { afterOnTimeLoans: 0, maxAmount: '1000000.00' },
        onTimeDays: 3,
        seriousLateDays: 30,
        fallbackMaxAmount: '500000.00',
        onTimeLoans: [],
        lateLoans: [],
        seriouslyLate: null,
        next: { stepNumber: 2, step: { afterOnTimeLoans: 1, maxAmount: '2000000.00' }, moreLoans: 1 },
      },
    });
    expect(byCode(body, 'SMALL')).toMatchObject({ limit: '10000.00', bound: 'LADDER', ladder: { stepNumber: 1, stepCount: 1, next: null } });
  });

  it('needs a session', async () => {
    expect((await get(t, undefined, '/api/member/limits')).statusCode).toBe(401);
  });

  it('an application above the limit is refused naming it; a signed-in quote too; an anonymous quote sees the product range', async () => {
    const above = await apply(t, member.cookie, { ...APPLICATION, amount: '1000000.01', term: 48 });
    expect(above.statusCode).toBe(400);
    const message = 'Your limit for PERSONAL is 1,000,000.00 PHP (the limit ladder, with the product maximum). Choose an amount up to 1,000,000.00 PHP.';
    expect(above.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { amount: message } });
    const filipino = await t.app.inject({
      method: 'GET',
      url: '/api/loans/quote?amount=1500000.00&term=48',
      headers: { cookie: member.cookie, 'accept-language': 'fil' },
    });
    expect(filipino.statusCode).toBe(400);
    expect(filipino.json().error.fields.amount).toBe(
      'Ang iyong limit para sa PERSONAL ay 1,000,000.00 PHP (ang hagdan ng limit, kasama ang maximum ng produkto). Pumili ng halagang hanggang 1,000,000.00 PHP.',
    );
    expect((await get(t, undefined, '/api/loans/quote?amount=1500000.00&term=48')).statusCode).toBe(200);
    expect((await get(t, member.cookie, '/api/loans/quote?amount=1000000.00&term=48')).statusCode).toBe(200);
  });
});

describe('a loan repaid on time raises the limit', () => {
  it('the first instalment paid on its due date, the rest paid off: PHP 2,000,000 on step 2, naming the loan', async () => {
    const { loanId } = await disbursedLoan(t, officer, checker, { member });
    await topUp(t, member.userId, 2_000_000n);
    // The officer sees the same limit on the application page, for the loan's product.
    const detail = ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}`));
    expect(detail.limit).toMatchObject({ productCode: 'PERSONAL', limit: '1000000.00', bound: 'LADDER', ladder: { stepNumber: 1, onTimeLoans: [] } });

    travelTo(t, '2026-12-22');
    member = await relogin(t, member);
    const first = ok(await servicing(t, member.cookie)).lines[0];
    expect(first.dueDate).toBe('2026-12-22');
    expect((await pay(t, member.cookie, first.outstanding)).statusCode).toBe(201);
    // Still open: it counts only once repaid.
    expect(byCode(await limits(member.cookie), 'PERSONAL').ladder.onTimeLoans).toEqual([]);
    const rest = ok(await servicing(t, member.cookie)).totals.maximumPayment;
    const paid = await pay(t, member.cookie, rest);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().receipt.loanStatus).toBe('REPAID');

    const after = byCode(await limits(member.cookie), 'PERSONAL');
    expect(after).toMatchObject({ limit: '2000000.00', ceiling: '2000000.00', bound: 'LADDER' });
    expect(after.ladder).toMatchObject({
      stepNumber: 2,
      onTimeLoans: [{ reference: expect.stringMatching(/-L\d{6}$/), productCode: 'PERSONAL', repaidOn: '2026-12-22', mostDaysLate: 0 }],
      next: { stepNumber: 3, step: { afterOnTimeLoans: 3, maxAmount: '3500000.00' }, moreLoans: 2 },
    });

    // PHP 1,500,000 is now within the limit; 2,000,000.01 is not.
    expect((await apply(t, member.cookie, { ...APPLICATION, amount: '2000000.01', term: 48 })).json().error.fields.amount).toContain('2,000,000.00 PHP');
    const created = ok(await apply(t, member.cookie, { ...APPLICATION, amount: '1500000.00', term: 48 }), 201);
    expect(created.loan.productCode).toBe('PERSONAL');
  });
});

describe('serious lateness on the last loan drops the limit', () => {
  it('an instalment 30 days past due: PHP 500,000, naming the loan and its days; 29 days: not yet; the officer sees the same', async () => {
    officer = await relogin(t, officer); // the clock moved
    checker = await relogin(t, checker);
    const late = await createActivatedMember(t);
    const { loanId } = await disbursedLoan(t, officer, checker, { member: late });
    // Disbursed 2026-12-22 (the clock moved): the first instalment is due 2027-01-22.
    travelTo(t, '2027-02-20');
    let m = await relogin(t, late);
    expect(byCode(await limits(m.cookie), 'PERSONAL')).toMatchObject({ limit: '1000000.00', bound: 'LADDER', ladder: { seriouslyLate: null } });
    travelTo(t, '2027-02-21');
    m = await relogin(t, late);
    const dropped = byCode(await limits(m.cookie), 'PERSONAL');
    expect(dropped).toMatchObject({ limit: '500000.00', ceiling: '500000.00', bound: 'FALLBACK' });
    expect(dropped.ladder.seriouslyLate).toMatchObject({ productCode: 'PERSONAL', repaidOn: null, mostDaysLate: 30 });
    expect(byCode(await limits(m.cookie), 'SMALL')).toMatchObject({ limit: '5000.00', bound: 'FALLBACK' });
    const staff = await relogin(t, officer);
    expect(ok(await get(t, staff.cookie, `/api/admin/loans/${loanId}`)).limit).toEqual(dropped);
  });
});
