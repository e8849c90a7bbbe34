import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { en } from '../i18n/en';
import { fil } from '../i18n/fil';
import { interpolate } from '../i18n/lookup';
import { assess, ELIGIBILITY_CODES, maxEligibleAmount } from './eligibility';
import { PRODUCT_V1 } from './product';
import { regularInstalment } from './schedule';

const php = (pesos: number) => BigInt(pesos) * 100n;
const base = { monthlyNetIncome: php(35_000), birthDate: '1990-05-17', today: '2026-11-22' };

describe('maxEligibleAmount (hand vectors, income 35,000 a month, instalment at most 50 % = 17,500)', () => {
  it.each([
    // 6 months: P (1/6 + 0.005) <= 17,500 -> P <= 101,941: below the 200,000 minimum.
    { term: 6, expected: 0n },
    // 12 months: P <= 198,113: below the minimum.
    { term: 12, expected: 0n },
    // 24 months: 375,000 / 24 + 1,875 = 17,500 exactly.
    { term: 24, expected: php(375_000) },
    // 36 months: 533,898 -> 17,499.99.. -> 17,500; 533,899 -> 17,500.02.. -> 17,501.
    { term: 36, expected: php(533_898) },
    // 48 months: 677,419 -> 17,499.99.. -> 17,500; 677,420 -> 17,501. (48 x income = 1,680,000 is higher.)
    { term: 48, expected: php(677_419) },
  ])('$term months: $expected centavos', ({ term, expected }) => {
    expect(maxEligibleAmount(PRODUCT_V1, term, php(35_000))).toBe(expected);
  });

  it('the income multiple binds when the debt-service ratio does not', () => {
    // 6 months, income 200,000: 12 x 200,000 = 2,400,000 but 582,524 x (1/6 + 0.005) -> 100,000: the ratio binds.
    expect(maxEligibleAmount(PRODUCT_V1, 6, php(200_000))).toBe(php(582_524));
    // With version 1's multiples the ratio always binds first (12 x income over 6 months is an
    // instalment of 2.06 x income). A product with a lower multiple: 10 x 40,000 = 400,000 over
    // 48 months is an instalment of 13,334, under 50 % of 40,000.
    const strict = {
      ...PRODUCT_V1,
      eligibility: { ...PRODUCT_V1.eligibility, incomeMultipleByTerm: { ...PRODUCT_V1.eligibility.incomeMultipleByTerm, 48: 10 } },
    };
    expect(maxEligibleAmount(strict, 48, php(40_000))).toBe(php(400_000));
    // Never above the product's maximum.
    expect(maxEligibleAmount(PRODUCT_V1, 48, php(10_000_000))).toBe(PRODUCT_V1.maxAmount);
    expect(maxEligibleAmount(PRODUCT_V1, 48, 0n)).toBe(0n);
  });

  it('is the largest whole-peso amount whose instalment fits (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: php(1_000), max: php(2_000_000) }), fc.constantFrom(...PRODUCT_V1.terms), (income, term) => {
        const max = maxEligibleAmount(PRODUCT_V1, term, income);
        const limit = income / 2n;
        if (max === 0n) {
          expect(
            regularInstalment(PRODUCT_V1, PRODUCT_V1.minAmount, term) > limit ||
              income * BigInt(PRODUCT_V1.eligibility.incomeMultipleByTerm[term]!) < PRODUCT_V1.minAmount,
          ).toBe(true);
          return;
        }
        expect(max % 100n).toBe(0n);
        expect(max >= PRODUCT_V1.minAmount && max <= PRODUCT_V1.maxAmount).toBe(true);
        expect(regularInstalment(PRODUCT_V1, max, term) <= limit).toBe(true);
        expect(max <= income * BigInt(PRODUCT_V1.eligibility.incomeMultipleByTerm[term]!)).toBe(true);
        if (max < PRODUCT_V1.maxAmount && max + 100n <= income * BigInt(PRODUCT_V1.eligibility.incomeMultipleByTerm[term]!)) {
          expect(regularInstalment(PRODUCT_V1, max + 100n, term) > limit).toBe(true);
        }
      }),
    );
  });
});

describe('assess', () => {
  it('passes an affordable application and reports the maximum per term', () => {
    const a = assess(PRODUCT_V1, { ...base, amount: php(200_000), termMonths: 48 });
    expect(a.eligible).toBe(true);
    expect(a.reasons).toEqual([]);
    expect(a.instalment).toBe(php(5_167));
    expect(a.maxEligibleAmount).toBe(php(677_419));
    expect(a.maxEligibleByTerm).toEqual([
      { term: 6, amount: 0n },
      { term: 12, amount: 0n },
      { term: 24, amount: php(375_000) },
      { term: 36, amount: php(533_898) },
      { term: 48, amount: php(677_419) },
    ]);
    expect(a.debtServiceRatioBps).toBe(1476);
    expect(a.incomeMultiple).toBe(48);
  });

  it('says why not: the debt-service ratio', () => {
    const a = assess(PRODUCT_V1, { ...base, amount: php(200_000), termMonths: 6 });
    expect(a.eligible).toBe(false);
    expect(a.reasons).toEqual([
      {
        code: 'DEBT_SERVICE_RATIO',
        message: 'The monthly instalment of PHP 34,334.00 would be more than PHP 17,500.00, the most an instalment may be (50 % of your monthly net income).',
        values: { instalment: '34,334.00', percent: '50', limit: '17,500.00' },
      },
    ]);
    expect(a.maxEligibleAmount).toBe(0n);
  });

  it('says why not: the income multiple', () => {
    const a = assess(PRODUCT_V1, { ...base, monthlyNetIncome: php(10_000), amount: php(200_000), termMonths: 6 });
    expect(a.reasons.map((r) => r.code)).toEqual(['INCOME_MULTIPLE', 'DEBT_SERVICE_RATIO']);
    expect(a.reasons[0]!.message).toBe('For a 6-month term the amount may be at most 12 times your monthly net income: PHP 120,000.00.');
  });

  it('counts the age at the end of the term (80th birthday the last day)', () => {
    // Born 1947-06-30: 80 on 2027-06-30. 6 months from 2026-11-22 ends 2027-05-22: fine; 12 months: 2027-11-22, too late.
    const ok = assess(PRODUCT_V1, { ...base, monthlyNetIncome: php(500_000), birthDate: '1947-06-30', amount: php(200_000), termMonths: 6 });
    expect(ok.eligible).toBe(true);
    const late = assess(PRODUCT_V1, { ...base, monthlyNetIncome: php(500_000), birthDate: '1947-06-30', amount: php(200_000), termMonths: 12 });
    expect(late.reasons.map((r) => r.code)).toEqual(['AGE_AT_TERM_END']);
    expect(late.reasons[0]!.message).toContain('2027-11-22');
    expect(late.maxEligibleAmount).toBe(0n);
    expect(late.maxEligibleByTerm[0]!.amount > 0n).toBe(true);
    // The end date exactly on the 80th birthday is accepted.
    expect(assess(PRODUCT_V1, { ...base, monthlyNetIncome: php(500_000), birthDate: '1947-05-22', amount: php(200_000), termMonths: 6 }).eligible).toBe(true);
    expect(assess(PRODUCT_V1, { ...base, monthlyNetIncome: php(500_000), birthDate: '1947-05-21', amount: php(200_000), termMonths: 6 }).eligible).toBe(false);
  });

  it('needs 18 years on the application date', () => {
    const young = assess(PRODUCT_V1, { ...base, monthlyNetIncome: php(500_000), birthDate: '2008-11-23', amount: php(200_000), termMonths: 6 });
    expect(young.reasons.map((r) => r.code)).toEqual(['AGE_BELOW_MINIMUM']);
    expect(young.maxEligibleByTerm.every((t) => t.amount === 0n)).toBe(true);
    expect(assess(PRODUCT_V1, { ...base, monthlyNetIncome: php(500_000), birthDate: '2008-11-22', amount: php(200_000), termMonths: 6 }).eligible).toBe(true);
  });

  it('needs a birth date and an income', () => {
    const a = assess(PRODUCT_V1, { ...base, monthlyNetIncome: 0n, birthDate: null, amount: php(200_000), termMonths: 48 });
    expect(a.reasons.map((r) => r.code)).toEqual(['BIRTH_DATE_MISSING', 'INCOME_MISSING']);
    expect(a.debtServiceRatioBps).toBeNull();
  });
});

describe('the reasons in the reader’s language', () => {
  it('fill loans.reasons.<code> with their values: the English message in English, the Filipino text in Filipino', () => {
    for (const code of ELIGIBILITY_CODES) {
      expect(en.loans.reasons[code], code).toBeTypeOf('string');
      expect(fil.loans.reasons[code], code).toBeTypeOf('string');
    }
    const values = { instalment: '34,334.00', percent: '50', limit: '17,500.00' };
    expect(interpolate(en.loans.reasons.DEBT_SERVICE_RATIO, values)).toBe(
      'The monthly instalment of PHP 34,334.00 would be more than PHP 17,500.00, the most an instalment may be (50 % of your monthly net income).',
    );
    expect(interpolate(fil.loans.reasons.DEBT_SERVICE_RATIO, values)).toBe(
      'Ang buwanang hulog na PHP 34,334.00 ay magiging higit sa PHP 17,500.00, ang pinakamataas na maaaring hulog (50 % ng iyong buwanang net income).',
    );
  });
});
