import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { costCap, fineHeadroom, isSmallLoan, lateCharges, uncappedLateCharge } from './charges';
import { PRODUCT_V1, type ProductConfig } from './product';
import { buildSchedule } from './schedule';

const php = (pesos: number) => BigInt(pesos) * 100n;

describe('the annual cost cap (the worked example of charges.ts and docs/decisions/007)', () => {
  const schedule = buildSchedule(PRODUCT_V1, php(200_000), 6, '2026-01-31');

  it('is 25 % of the principal a year over at least the term', () => {
    expect(costCap(PRODUCT_V1, php(200_000), 6)).toBe(php(25_000));
    expect(costCap(PRODUCT_V1, php(200_000), 48)).toBe(php(200_000));
    // Month 8 of a 6-month loan: 200,000 x 25 % x 8 / 12 = 33,333.33.
    expect(costCap(PRODUCT_V1, php(200_000), 6, 8)).toBe(3_333_333n);
  });

  it('leaves interest and fees their share and fines the rest', () => {
    expect(schedule.totalInterest).toBe(php(6_000));
    expect(fineHeadroom(PRODUCT_V1, schedule, 6)).toBe(php(19_000));
    expect(fineHeadroom(PRODUCT_V1, schedule, 8)).toBe(2_733_333n);
    expect(fineHeadroom(PRODUCT_V1, schedule, 6, php(20_000))).toBe(0n);
  });

  it("charges section 9's late charges in full while they fit", () => {
    // 34,334 paid 30 days late: 27 x 0.5 % x 34,334 = 4,635.09, plus 5 % = 1,716.70.
    expect(uncappedLateCharge(PRODUCT_V1.penalties, php(34_334), 30)).toEqual({ penalty: 463_509n, collectionCharge: 171_670n, total: 635_179n });
    const r = lateCharges(PRODUCT_V1, schedule, { overdue: [{ amount: php(34_334), daysLate: 30 }], monthsElapsed: 2 });
    expect(r).toEqual({ uncapped: 635_179n, headroom: php(19_000), chargeable: 635_179n, capApplied: false });
  });

  it('charges nothing within the grace days', () => {
    for (const days of [0, 1, 2, 3]) expect(uncappedLateCharge(PRODUCT_V1.penalties, php(34_334), days).total).toBe(0n);
    expect(uncappedLateCharge(PRODUCT_V1.penalties, php(34_334), 4)).toEqual({ penalty: 17_167n, collectionCharge: 171_670n, total: 188_837n });
  });

  it('caps them when they would break 25 % a year: the cap wins', () => {
    // All 206,000 unpaid 60 days after maturity: 58,710 + 10,300 = 69,010 uncapped; headroom 27,333.33.
    const r = lateCharges(PRODUCT_V1, schedule, { overdue: [{ amount: php(206_000), daysLate: 60 }], monthsElapsed: 8 });
    expect(r).toEqual({ uncapped: php(69_010), headroom: 2_733_333n, chargeable: 2_733_333n, capApplied: true });
  });

  it('never lets interest, fees and fines exceed the cap (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: PRODUCT_V1.minAmount, max: PRODUCT_V1.maxAmount }),
        fc.constantFrom(...PRODUCT_V1.terms),
        fc.array(fc.record({ amount: fc.bigInt({ min: 0n, max: php(1_000_000) }), daysLate: fc.integer({ min: 0, max: 2_000 }) }), { maxLength: 10 }),
        fc.integer({ min: 0, max: 120 }),
        fc.bigInt({ min: 0n, max: php(500_000) }),
        (principal, term, overdue, months, already) => {
          const s = buildSchedule(PRODUCT_V1, principal, term, '2026-01-31');
          const r = lateCharges(PRODUCT_V1, s, { overdue, monthsElapsed: months, finesAlreadyCharged: already });
          expect(r.chargeable <= r.uncapped && r.chargeable >= 0n).toBe(true);
          const cap = costCap(PRODUCT_V1, principal, term, months);
          if (s.totalInterest + already <= cap) expect(s.totalInterest + s.totalFees + already + r.chargeable <= cap).toBe(true);
          else expect(r.chargeable).toBe(0n);
        },
      ),
    );
  });
});

describe('small loans (SEC MC 3 s.2022)', () => {
  const small: ProductConfig = {
    ...PRODUCT_V1,
    minAmount: php(5_000),
    maxAmount: php(10_000),
    terms: [1, 2, 3, 4],
    defaultTerm: 4,
    annualCostCapBps: 2500,
    eligibility: { ...PRODUCT_V1.eligibility, incomeMultipleByTerm: { 1: 1, 2: 1, 3: 1, 4: 1 } },
  };

  it('are at most 10,000 PHP and 4 months', () => {
    expect(isSmallLoan(php(10_000), 4)).toBe(true);
    expect(isSmallLoan(php(10_000) + 1n, 4)).toBe(false);
    expect(isSmallLoan(php(10_000), 5)).toBe(false);
  });

  it('cap the late penalty at 5 % a month of the amount due', () => {
    const s = buildSchedule(small, php(10_000), 4, '2026-01-31');
    // 0.5 % a day for 20 days after grace is 10 % + 5 % uncapped; 5 % of 2,550 = 127.50 allowed.
    const r = lateCharges({ ...small, annualCostCapBps: 100_000 }, s, { overdue: [{ amount: php(2_550), daysLate: 23 }], monthsElapsed: 2 });
    expect(r.uncapped).toBe(12_750n);
  });

  it('never cost more than the principal', () => {
    expect(costCap({ ...small, annualCostCapBps: 1_000_000 }, php(10_000), 4)).toBe(php(10_000));
  });
});
