import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addOnMonthlyInstalment, addOnMonthlyInterest } from './instalment';
import { DEFAULT_PRODUCT, bpsToPercent } from './product';

const php = (pesos: number) => BigInt(pesos) * 100n;

describe('addOnMonthlyInstalment', () => {
  // Each vector worked by hand: principal / months + 0.5 % of principal, rounded up to a whole peso.
  it.each([
    // 200,000 / 6 = 33,333.33... + 1,000 = 34,333.33... -> 34,334.00
    { principal: php(200_000), months: 6, bps: 50, expected: php(34_334) },
    // 200,000 / 12 = 16,666.66... + 1,000 = 17,666.66... -> 17,667.00
    { principal: php(200_000), months: 12, bps: 50, expected: php(17_667) },
    // 300,000 / 6 = 50,000 + 1,500 = 51,500 exactly: no rounding
    { principal: php(300_000), months: 6, bps: 50, expected: php(51_500) },
    // 1,000,000 / 24 = 41,666.66... + 5,000 = 46,666.66... -> 46,667.00
    { principal: php(1_000_000), months: 24, bps: 50, expected: php(46_667) },
    // 1,200,000 / 36 = 33,333.33... + 6,000 = 39,333.33... -> 39,334.00
    { principal: php(1_200_000), months: 36, bps: 50, expected: php(39_334) },
    // 5,000,000 / 48 = 104,166.66... + 25,000 = 129,166.66... -> 129,167.00
    { principal: php(5_000_000), months: 48, bps: 50, expected: php(129_167) },
    // 200,000.01 / 6 = 33,333.335 + 1,000.00005 = 34,333.33505 -> 34,334.00
    { principal: 20_000_001n, months: 6, bps: 50, expected: php(34_334) },
    // 600,000 / 6 = 100,000 + 0 % interest = 100,000 exactly
    { principal: php(600_000), months: 6, bps: 0, expected: php(100_000) },
    // 600,000.01 / 6 = 100,000.001666... -> 100,001.00 (a fraction of a centavo still rounds up)
    { principal: 60_000_001n, months: 6, bps: 0, expected: php(100_001) },
    // 100 / 1 + 1 % = 101 exactly
    { principal: php(100), months: 1, bps: 100, expected: php(101) },
  ])('$principal centavos over $months months at $bps bps is $expected centavos', ({ principal, months, bps, expected }) => {
    expect(addOnMonthlyInstalment(principal, months, bps)).toBe(expected);
  });

  it('of the default product: 200,000 PHP over the default term', () => {
    expect(addOnMonthlyInstalment(DEFAULT_PRODUCT.minAmount, DEFAULT_PRODUCT.defaultTerm, DEFAULT_PRODUCT.interest.monthlyRateBps)).toBe(php(34_334));
  });

  it('refuses a term that is not positive', () => {
    expect(() => addOnMonthlyInstalment(php(200_000), 0, 50)).toThrow(RangeError);
    expect(() => addOnMonthlyInstalment(php(200_000), -6, 50)).toThrow(RangeError);
  });

  it('repays principal and interest in full, overpaying less than a peso a month (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: php(50_000_000) }),
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 2_000 }),
        (principal, months, bps) => {
          const instalment = addOnMonthlyInstalment(principal, months, bps);
          const m = BigInt(months);
          // Exact total owed, times 10,000 to stay in integers: principal + principal x bps/10,000 x months.
          const owedScaled = principal * 10_000n + principal * BigInt(bps) * m;
          const paidScaled = instalment * m * 10_000n;
          expect(instalment % 100n).toBe(0n);
          expect(paidScaled >= owedScaled).toBe(true);
          expect(paidScaled < owedScaled + m * 100n * 10_000n).toBe(true);
        },
      ),
    );
  });

  it('holds for every term of the default product (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: DEFAULT_PRODUCT.minAmount, max: DEFAULT_PRODUCT.maxAmount }),
        fc.constantFrom(...DEFAULT_PRODUCT.terms),
        (principal, months) => {
          const instalment = addOnMonthlyInstalment(principal, months, DEFAULT_PRODUCT.interest.monthlyRateBps);
          const total = instalment * BigInt(months);
          const interest = addOnMonthlyInterest(principal, DEFAULT_PRODUCT.interest.monthlyRateBps) * BigInt(months);
          // The interest helper rounds each month up to a centavo, so allow that centavo a month.
          expect(total + BigInt(months) >= principal + interest).toBe(true);
          expect(total < principal + interest + BigInt(months) * 100n).toBe(true);
        },
      ),
    );
  });
});

describe('addOnMonthlyInterest', () => {
  it('is the rate of the principal each month, rounded up to a centavo', () => {
    expect(addOnMonthlyInterest(php(200_000), 50)).toBe(php(1_000));
    expect(addOnMonthlyInterest(php(5_000_000), 50)).toBe(php(25_000));
    expect(addOnMonthlyInterest(20_000_001n, 50)).toBe(100_001n); // 1,000.00005 -> 1,000.01
    expect(addOnMonthlyInterest(0n, 50)).toBe(0n);
    expect(addOnMonthlyInterest(php(200_000), 0)).toBe(0n);
  });

  it('is never below the exact interest nor a centavo above it (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: php(50_000_000) }), fc.integer({ min: 0, max: 2_000 }), (principal, bps) => {
        const interest = addOnMonthlyInterest(principal, bps);
        const exactScaled = principal * BigInt(bps);
        expect(interest * 10_000n >= exactScaled).toBe(true);
        expect((interest - 1n) * 10_000n < exactScaled).toBe(true);
      }),
    );
  });
});

describe('bpsToPercent', () => {
  it('writes basis points as a percentage without trailing zeros', () => {
    expect(bpsToPercent(DEFAULT_PRODUCT.interest.monthlyRateBps)).toBe('0.5');
    expect(bpsToPercent(2500)).toBe('25');
    expect(bpsToPercent(5)).toBe('0.05');
    expect(bpsToPercent(125)).toBe('1.25');
    expect(bpsToPercent(0)).toBe('0');
  });
});
