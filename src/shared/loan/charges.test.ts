import { describe, expect, it } from 'vitest';
import { costCap, fineHeadroom, isSmallLoan } from './charges';
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

  it('never cost more than the principal', () => {
    expect(costCap({ ...small, annualCostCapBps: 1_000_000 }, php(10_000), 4)).toBe(php(10_000));
  });
});
