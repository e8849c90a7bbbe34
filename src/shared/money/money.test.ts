import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ceilDiv, floorDiv, formatAmount, formatMoney, parseAmount, pesos, roundUpToWholeUnit, toDecimalString } from './money';

/** Any amount of centavos, from zero to well past the largest loan (5,000,000.00 PHP). */
const centavos = fc.bigInt({ min: 0n, max: 10n ** 15n });

describe('pesos', () => {
  it('turns whole pesos into centavos', () => {
    expect(pesos(200_000)).toBe(20_000_000n);
    expect(pesos(5_000_000n)).toBe(500_000_000n);
    expect(pesos(0)).toBe(0n);
  });

  it('refuses a fraction or an unsafe number', () => {
    expect(() => pesos(1.5)).toThrow(RangeError);
    expect(() => pesos(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
  });
});

describe('ceilDiv and floorDiv', () => {
  it('round exact quotients to themselves', () => {
    expect(ceilDiv(10n, 5n)).toBe(2n);
    expect(floorDiv(10n, 5n)).toBe(2n);
    expect(ceilDiv(0n, 7n)).toBe(0n);
    expect(floorDiv(0n, 7n)).toBe(0n);
  });

  it('round towards +infinity and -infinity', () => {
    expect(ceilDiv(7n, 2n)).toBe(4n);
    expect(floorDiv(7n, 2n)).toBe(3n);
    expect(ceilDiv(1n, 100n)).toBe(1n);
    expect(floorDiv(99n, 100n)).toBe(0n);
    expect(ceilDiv(-7n, 2n)).toBe(-3n);
    expect(floorDiv(-7n, 2n)).toBe(-4n);
    expect(ceilDiv(-1n, 100n)).toBe(0n);
    expect(floorDiv(-1n, 100n)).toBe(-1n);
  });

  it('refuse a zero or negative denominator', () => {
    expect(() => ceilDiv(1n, 0n)).toThrow(RangeError);
    expect(() => floorDiv(1n, 0n)).toThrow(RangeError);
    expect(() => ceilDiv(1n, -2n)).toThrow(RangeError);
    expect(() => floorDiv(1n, -2n)).toThrow(RangeError);
  });

  it('agree with the mathematical ceiling and floor (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.bigInt({ min: 1n, max: 10n ** 6n }), (n, d) => {
        const c = ceilDiv(n, d);
        const f = floorDiv(n, d);
        // f*d <= n < (f+1)*d and (c-1)*d < n <= c*d
        expect(f * d <= n && n < (f + 1n) * d).toBe(true);
        expect((c - 1n) * d < n && n <= c * d).toBe(true);
        expect(c - f).toBe(n % d === 0n ? 0n : 1n);
      }),
    );
  });
});

describe('roundUpToWholeUnit', () => {
  it('rounds centavos up to a whole peso', () => {
    expect(roundUpToWholeUnit(0n)).toBe(0n);
    expect(roundUpToWholeUnit(1n)).toBe(100n);
    expect(roundUpToWholeUnit(99n)).toBe(100n);
    expect(roundUpToWholeUnit(100n)).toBe(100n);
    expect(roundUpToWholeUnit(101n)).toBe(200n);
    expect(roundUpToWholeUnit(3_433_333n)).toBe(3_433_400n);
  });

  it('never loses a centavo: result >= input, result - input < 100, whole units (property)', () => {
    fc.assert(
      fc.property(centavos, (amount) => {
        const rounded = roundUpToWholeUnit(amount);
        expect(rounded >= amount).toBe(true);
        expect(rounded - amount < 100n).toBe(true);
        expect(rounded % 100n).toBe(0n);
      }),
    );
  });
});

describe('parseAmount', () => {
  it('reads digits with up to two decimals', () => {
    expect(parseAmount('0')).toBe(0n);
    expect(parseAmount('200000')).toBe(20_000_000n);
    expect(parseAmount('1234.5')).toBe(123_450n);
    expect(parseAmount('1234.50')).toBe(123_450n);
    expect(parseAmount('1234.05')).toBe(123_405n);
    expect(parseAmount('1234.')).toBe(123_400n);
    expect(parseAmount('0.01')).toBe(1n);
    expect(parseAmount('  42.10 ')).toBe(4_210n);
  });

  it('reads thousands grouped with commas', () => {
    expect(parseAmount('1,234.50')).toBe(123_450n);
    expect(parseAmount('5,000,000.00')).toBe(500_000_000n);
    expect(parseAmount('200,000')).toBe(20_000_000n);
  });

  it('refuses a comma that is not a thousands separator (never reads "1,50" as 150.00)', () => {
    expect(parseAmount('1,50')).toBeNull();
    expect(parseAmount('12,34.5')).toBeNull();
    expect(parseAmount('1,2345')).toBeNull();
    expect(parseAmount(',100')).toBeNull();
    expect(parseAmount('100,')).toBeNull();
    expect(parseAmount('1234,567')).toBeNull();
  });

  it('refuses anything that is not an amount', () => {
    for (const text of ['', ' ', '.', '.5', '1.234', '-1', '+1', '1e5', 'abc', '1 000', '₱100', '1.2.3', 'NaN', '0x10']) {
      expect(parseAmount(text), text).toBeNull();
    }
  });

  it('round-trips with formatAmount and toDecimalString (property)', () => {
    fc.assert(
      fc.property(centavos, (amount) => {
        expect(parseAmount(formatAmount(amount))).toBe(amount);
        expect(parseAmount(toDecimalString(amount))).toBe(amount);
      }),
    );
  });
});

describe('toDecimalString', () => {
  it('writes two decimals without grouping', () => {
    expect(toDecimalString(0n)).toBe('0.00');
    expect(toDecimalString(1n)).toBe('0.01');
    expect(toDecimalString(10n)).toBe('0.10');
    expect(toDecimalString(20_000_000n)).toBe('200000.00');
    expect(toDecimalString(500_000_000n)).toBe('5000000.00');
    expect(toDecimalString(123_405n)).toBe('1234.05');
    expect(toDecimalString(-1n)).toBe('-0.01');
    expect(toDecimalString(-123_450n)).toBe('-1234.50');
  });

  it('always matches the JSON amount format (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (amount) => {
        expect(toDecimalString(amount)).toMatch(/^-?(0|[1-9]\d*)\.\d{2}$/);
      }),
    );
  });
});

describe('formatAmount and formatMoney', () => {
  it('use US number format with two decimals', () => {
    expect(formatAmount(0n)).toBe('0.00');
    expect(formatAmount(99_999n)).toBe('999.99');
    expect(formatAmount(100_000n)).toBe('1,000.00');
    expect(formatAmount(20_000_000n)).toBe('200,000.00');
    expect(formatAmount(500_000_000n)).toBe('5,000,000.00');
    expect(formatAmount(123_456_789_01n)).toBe('123,456,789.01');
    expect(formatAmount(-123_450n)).toBe('-1,234.50');
  });

  it('put the symbol after the sign', () => {
    expect(formatMoney(123_450n)).toBe('₱1,234.50');
    expect(formatMoney(-123_450n)).toBe('-₱1,234.50');
    expect(formatMoney(0n)).toBe('₱0.00');
    expect(formatMoney(8_560_000n, '$')).toBe('$85,600.00');
    expect(formatMoney(100n, 'AED ')).toBe('AED 1.00');
  });

  it('agree with Intl en-US grouping (property)', () => {
    const us = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), (amount) => {
        // Below 2^53 centavos the float is exact enough for Intl to agree to the centavo.
        const expected = us.format(Number(amount / 100n)).replace(/\.00$/, '') + '.' + (amount % 100n).toString().padStart(2, '0');
        expect(formatAmount(amount)).toBe(expected);
      }),
    );
  });
});
