import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedDayPortfolios, loanCharges, loans } from '../../src/server/db/schema';
import { servicingPass } from '../../src/server/jobs/servicing';
import { closeDayPortfolios } from '../../src/server/modules/accounting/day-portfolio';
import { CLOSE_SETTLE_MS, startOfManilaDay } from '../../src/server/ledger/trial-balance';
import { addDays } from '../../src/shared/loan/day';
import { parseAmount } from '../../src/shared/money/money';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, expectLedgerSound, get, ok, post, type ActivatedMember } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin } from '../fixtures/repayments';

/**
 * Each closed day's portfolio by product (decision 092), stored by the servicing worker's pass right
 * after the day's trial balance, as of the day's end; listed with the day and given as CSV.
 *
 * Two loans disbursed on 2026-11-22 (due dates the 22nd): PERSONAL PHP 200,000.00 over 6 months,
 * nothing paid; SMALL PHP 10,000.00 over 4 months at 2 % a month on the declining balance, its first
 * instalment paid on 2026-12-20: 2,627.00 = principal 2,427.00 + interest 200.00 (10,000.00 x 2 %),
 * leaving 7,573.00 (tests/api/products.test.ts by hand). On 2027-01-24 the personal loan's first
 * line (due 2026-12-22) is 33 days past due (PAR 1 and PAR 30), the small loan's second (due
 * 2027-01-22) 2 days (PAR 1 only).
 */

let t: TestApp;
let officer: TestMember;
let checker: TestMember;
let borrower: ActivatedMember;
let personal: { loanId: string; member: TestMember };

/** Moves the clock to `date` at 09:00 in Manila, running the worker's pass on each day on the way (servicing, closing, portfolios). */
async function liveUntil(date: string): Promise<void> {
  for (;;) {
    const now = t.clock.now();
    const target = new Date(startOfManilaDay(date).getTime() + 9 * 3_600_000);
    if (now >= target) break;
    const nextDay = new Date(Math.min(target.getTime(), now.getTime() + 24 * 3_600_000));
    t.clock.advance(nextDay.getTime() - now.getTime());
    await servicingPass(t.deps);
  }
}

const stored = async (date: string) =>
  (await t.deps.db.select().from(closedDayPortfolios).where(eq(closedDayPortfolios.businessDate, date))).sort((a, b) =>
    a.productCode.localeCompare(b.productCode),
  );

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  personal = await disbursedLoan(t, officer, checker);
  borrower = await createActivatedMember(t);
  await disbursedLoan(t, officer, checker, {
    member: borrower,
    body: { amount: '10000.00', term: 4, selectedCurrency: 'PHP', productCode: 'SMALL', productVersion: 1 },
  });
  await liveUntil('2026-12-20');
  borrower = await relogin(t, borrower);
  ok(await pay(t, borrower.cookie, '2627.00'), 201);
  await liveUntil('2027-01-25');
  officer = await relogin(t, officer);
}, 600_000);
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe('a closed day’s portfolio by product', () => {
  it('every closed day has one row per product the catalogue knows, the days before the first loan with zeros', async () => {
    const days = await t.deps.db.select({ date: closedDayPortfolios.businessDate, code: closedDayPortfolios.productCode }).from(closedDayPortfolios);
    const dates = [...new Set(days.map((d) => d.date))].sort();
    expect(dates[0]).toBe('2026-11-22');
    expect(dates.at(-1)).toBe('2027-01-24');
    expect(dates).toHaveLength(64);
    for (const date of dates)
      expect(
        days
          .filter((d) => d.date === date)
          .map((d) => d.code)
          .sort(),
      ).toEqual(['PERSONAL', 'SMALL']);
  });

  it('the day of the payment: what was collected by component, principal outstanding after it, nobody at risk yet', async () => {
    const [p, s] = await stored('2026-12-20');
    expect(p).toMatchObject({
      productCode: 'PERSONAL',
      openLoans: 1,
      outstandingPrincipal: 20_000_000n,
      par1Loans: 0,
      par1Principal: 0n,
      payments: 0,
      collectedPrincipal: 0n,
    });
    expect(s).toMatchObject({
      productCode: 'SMALL',
      openLoans: 1,
      outstandingPrincipal: 757_300n,
      par1Loans: 0,
      collectedPrincipal: 242_700n,
      collectedInterest: 20_000n,
      collectedFees: 0n,
      collectedCharges: 0n,
      payments: 1,
      charged: 0n,
      waived: 0n,
    });
    // The day before: the small loan's whole principal, nothing collected.
    const [, before] = await stored('2026-12-19');
    expect(before).toMatchObject({ outstandingPrincipal: 1_000_000n, payments: 0, collectedPrincipal: 0n });
  });

  it('2027-01-24: the personal loan in PAR 1 and PAR 30, the small one in PAR 1; the day’s late charges as booked', async () => {
    const [p, s] = await stored('2027-01-24');
    expect(p).toMatchObject({
      openLoans: 1,
      outstandingPrincipal: 20_000_000n,
      par1Loans: 1,
      par1Principal: 20_000_000n,
      par30Loans: 1,
      par30Principal: 20_000_000n,
      par60Loans: 0,
      par60Principal: 0n,
      par90Loans: 0,
      par90Principal: 0n,
    });
    expect(s).toMatchObject({ openLoans: 1, outstandingPrincipal: 757_300n, par1Loans: 1, par1Principal: 757_300n, par30Loans: 0, par30Principal: 0n });
    // What the day booked, read from the charges themselves: the personal loan's penalty of that day.
    const charges = await t.deps.db
      .select({ amount: loanCharges.amount, product: loans.productCode, day: loanCharges.businessDate })
      .from(loanCharges)
      .innerJoin(loans, eq(loans.id, loanCharges.loanId));
    const ofDay = (code: string) => charges.filter((c) => c.product === code && c.day === '2027-01-24').reduce((sum, c) => sum + c.amount, 0n);
    expect(ofDay('PERSONAL')).toBeGreaterThan(0n);
    expect(p!.charged).toBe(ofDay('PERSONAL'));
    expect(s!.charged).toBe(ofDay('SMALL'));
  });

  it('a closed day never changes: a payment and a waiver later fall on their own day', async () => {
    const before = await stored('2027-01-24');
    const view = ok(await get(t, officer.cookie, `/api/admin/loans/${personal.loanId}/servicing`));
    const penalty = view.charges.find((c: { kind: string; waived: boolean }) => c.kind === 'PENALTY_INTEREST' && !c.waived);
    ok(await post(t, officer.cookie, `/api/admin/loans/${personal.loanId}/charges/${penalty.id}/waive`, { reasonCode: 'GOODWILL' }));
    const member = await relogin(t, personal.member);
    ok(await pay(t, member.cookie, '1000.00'), 201);
    expect(await closeDayPortfolios(t.deps)).toEqual([]);
    expect(await stored('2027-01-24')).toEqual(before);

    // The next day closes with the waiver and the payment on it.
    t.clock.advance(startOfManilaDay(addDays('2027-01-25', 1)).getTime() + CLOSE_SETTLE_MS + 1_000 - t.clock.now().getTime());
    await servicingPass(t.deps);
    const [p] = await stored('2027-01-25');
    expect(p!.waived).toBe(parseAmount(penalty.outstanding));
    expect(p!.payments).toBe(1);
    expect(p!.collectedPrincipal + p!.collectedInterest + p!.collectedFees + p!.collectedCharges).toBe(100_000n);
  });
});

describe('GET /api/admin/trial-balances/:date (portfolio) and portfolio.csv', () => {
  it('the day answers its portfolio by product with PAR shares; the CSV has one row per product', async () => {
    officer = await relogin(t, officer);
    const day = ok(await get(t, officer.cookie, '/api/admin/trial-balances/2027-01-24'));
    expect(day.portfolio.map((p: { product: string }) => p.product)).toEqual(['PERSONAL', 'SMALL']);
    expect(day.portfolio[0]).toMatchObject({
      openLoans: 1,
      outstandingPrincipal: '200000.00',
      par: [
        { days: 0, loans: 1, principal: '200000.00', percent: '100.00' },
        { days: 30, loans: 1, principal: '200000.00', percent: '100.00' },
        { days: 60, loans: 0, principal: '0.00', percent: '0.00' },
        { days: 90, loans: 0, principal: '0.00', percent: '0.00' },
      ],
    });
    expect(day.portfolio[1].names.en).toBeTruthy();

    const csv = await get(t, officer.cookie, '/api/admin/trial-balances/2026-12-20/portfolio.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('portfolio-2026-12-20.csv');
    const rows = csv.body.trimEnd().split('\r\n');
    expect(rows).toHaveLength(3);
    const header = rows[0]!.split(',');
    const small = Object.fromEntries(header.map((h, i) => [h, rows[2]!.split(',')[i]]));
    expect(small).toMatchObject({
      business_date: '2026-12-20',
      product: 'SMALL',
      open_loans: '1',
      outstanding_principal: '7573.00',
      par1_loans: '0',
      collected_principal: '2427.00',
      collected_interest: '200.00',
      collected_total: '2627.00',
      payments: '1',
    });
  });

  it('refusals: a day not closed is 404; a member may not read it; a malformed date is 400', async () => {
    borrower = await relogin(t, borrower);
    expect((await get(t, officer.cookie, '/api/admin/trial-balances/2030-01-01/portfolio.csv')).statusCode).toBe(404);
    expect((await get(t, borrower.cookie, '/api/admin/trial-balances/2026-12-20/portfolio.csv')).statusCode).toBe(403);
    expect((await get(t, undefined, '/api/admin/trial-balances/2026-12-20/portfolio.csv')).statusCode).toBe(401);
    expect((await get(t, officer.cookie, '/api/admin/trial-balances/2026-13-45/portfolio.csv')).statusCode).toBe(400);
  });
});
