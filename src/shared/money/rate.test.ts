import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PHP_RATE, convertFromPhpRoundedUp, convertToPhpRoundedUp, inverseRateToTwoDecimals, parseRate, rateToString, type Rate } from './rate';

/** A few rates of the shipped snapshot (src/server/providers/fx/snapshot.json), copied: shared tests do not import server code. */
const SNAPSHOT_RATES = ['1', '0.01712', '0.01581', '0.01335', '2.6050', '0.13320', '0.005261', '23.780', '0.5490', '0.07640'];

/** Any positive rate with up to 8 decimals, from 0.00000001 to 100,000. */
const anyRate: fc.Arbitrary<Rate> = fc
  .record({ units: fc.bigInt({ min: 1n, max: 10n ** 13n }), scale: fc.integer({ min: 0, max: 8 }) })
  .filter(({ units, scale }) => units <= 100_000n * 10n ** BigInt(scale));
const snapshotRate = fc.constantFrom(...SNAPSHOT_RATES).map(parseRate);
const rate = fc.oneof(snapshotRate, anyRate);
const amount = fc.bigInt({ min: 0n, max: 10n ** 12n });

const pow10 = (n: number) => 10n ** BigInt(n);

describe('parseRate', () => {
  it('reads an exact decimal as a scaled integer', () => {
    expect(parseRate('0.01712')).toEqual({ units: 1712n, scale: 5 });
    expect(parseRate('1')).toEqual({ units: 1n, scale: 0 });
    expect(parseRate('2.6050')).toEqual({ units: 26050n, scale: 4 });
    expect(parseRate('23.780')).toEqual({ units: 23780n, scale: 3 });
    expect(parseRate(' 0.005261 ')).toEqual({ units: 5261n, scale: 6 });
    expect(parseRate('0.000000000001')).toEqual({ units: 1n, scale: 12 });
    expect(PHP_RATE).toEqual(parseRate('1'));
  });

  it('refuses anything that is not a positive decimal', () => {
    for (const text of ['', '0', '0.0', '0.000', '-1', '-0.5', '+1', '.5', '1.', '1e-3', 'abc', '1,5', '1.2.3', '0.0000000000001', 'NaN']) {
      expect(() => parseRate(text), text).toThrow(RangeError);
    }
  });
});

describe('rateToString', () => {
  it('writes the rate without trailing zeros', () => {
    expect(rateToString(parseRate('0.01712'))).toBe('0.01712');
    expect(rateToString(parseRate('2.6050'))).toBe('2.605');
    expect(rateToString(parseRate('23.780'))).toBe('23.78');
    expect(rateToString(parseRate('10.00'))).toBe('10');
    expect(rateToString(parseRate('100'))).toBe('100');
    expect(rateToString(parseRate('1'))).toBe('1');
    expect(rateToString({ units: 1n, scale: 12 })).toBe('0.000000000001');
  });

  it('round-trips with parseRate to the same value (property)', () => {
    fc.assert(
      fc.property(anyRate, (r) => {
        const back = parseRate(rateToString(r));
        // Same value: units/10^scale equal, cross-multiplied.
        expect(back.units * pow10(r.scale)).toBe(r.units * pow10(back.scale));
        expect(rateToString(back)).toBe(rateToString(r));
      }),
    );
  });
});

describe('convertFromPhpRoundedUp', () => {
  it('converts the loan limits by the snapshot rates', () => {
    const usd = parseRate('0.01712');
    expect(convertFromPhpRoundedUp(20_000_000n, usd)).toBe(342_400n); // 200,000 PHP = 3,424.00 USD
    expect(convertFromPhpRoundedUp(500_000_000n, usd)).toBe(8_560_000n); // 5,000,000 PHP = 85,600.00 USD
    expect(convertFromPhpRoundedUp(500_000_000n, parseRate('0.005261'))).toBe(2_630_500n); // 26,305.00 KWD
    expect(convertFromPhpRoundedUp(20_000_000n, parseRate('2.6050'))).toBe(52_100_000n); // 521,000.00 JPY
    expect(convertFromPhpRoundedUp(12_345n, PHP_RATE)).toBe(12_400n); // PHP itself rounds up to a whole peso
  });

  it('rounds a fraction of a unit up to the next whole unit', () => {
    const usd = parseRate('0.01712');
    expect(convertFromPhpRoundedUp(100n, usd)).toBe(100n); // 1 PHP = 0.01712 USD -> 1.00
    expect(convertFromPhpRoundedUp(0n, usd)).toBe(0n);
    expect(convertFromPhpRoundedUp(10_000n, usd)).toBe(200n); // 100 PHP = 1.712 USD -> 2.00
  });

  it('gives a whole unit, never below the exact value and less than one unit above (property)', () => {
    fc.assert(
      fc.property(amount, rate, (php, r) => {
        const converted = convertFromPhpRoundedUp(php, r);
        const exactScaled = php * r.units; // exact value in hundredths, times 10^scale
        expect(converted % 100n).toBe(0n);
        expect(converted * pow10(r.scale) >= exactScaled).toBe(true);
        expect((converted - 100n) * pow10(r.scale) < exactScaled).toBe(true);
      }),
    );
  });
});

describe('convertToPhpRoundedUp', () => {
  it('converts back to whole pesos, rounding up', () => {
    const usd = parseRate('0.01712');
    expect(convertToPhpRoundedUp(8_560_000n, usd)).toBe(500_000_000n); // 85,600.00 USD = 5,000,000 PHP exactly
    expect(convertToPhpRoundedUp(100n, usd)).toBe(5_900n); // 1 USD = 58.41... PHP -> 59.00
    expect(convertToPhpRoundedUp(0n, usd)).toBe(0n);
    expect(convertToPhpRoundedUp(12_345n, PHP_RATE)).toBe(12_400n);
  });

  it('gives a whole peso, never below the exact value and less than one peso above (property)', () => {
    fc.assert(
      fc.property(amount, rate, (foreign, r) => {
        const php = convertToPhpRoundedUp(foreign, r);
        const exactScaled = foreign * pow10(r.scale); // exact PHP centavos, times units
        expect(php % 100n).toBe(0n);
        expect(php * r.units >= exactScaled).toBe(true);
        expect((php - 100n) * r.units < exactScaled).toBe(true);
      }),
    );
  });

  it('converting there and back never ends below the PHP amount (property)', () => {
    fc.assert(
      fc.property(amount, rate, (php, r) => {
        expect(convertToPhpRoundedUp(convertFromPhpRoundedUp(php, r), r) >= php).toBe(true);
      }),
    );
  });
});

describe('inverseRateToTwoDecimals', () => {
  it('shows PHP per unit of the foreign currency to 2 decimals', () => {
    expect(inverseRateToTwoDecimals(parseRate('0.01712'))).toBe('58.41'); // 58.411...
    expect(inverseRateToTwoDecimals(parseRate('0.01581'))).toBe('63.25'); // 63.251...
    expect(inverseRateToTwoDecimals(parseRate('0.005261'))).toBe('190.08'); // 190.077...
    expect(inverseRateToTwoDecimals(parseRate('2.6050'))).toBe('0.38'); // 0.3838...
    expect(inverseRateToTwoDecimals(parseRate('23.780'))).toBe('0.04'); // 0.04205...
    expect(inverseRateToTwoDecimals(PHP_RATE)).toBe('1.00');
    expect(inverseRateToTwoDecimals(parseRate('0.08'))).toBe('12.50');
  });

  it('rounds half up', () => {
    expect(inverseRateToTwoDecimals(parseRate('200'))).toBe('0.01'); // 0.005 -> 0.01
    expect(inverseRateToTwoDecimals(parseRate('400'))).toBe('0.00'); // 0.0025 -> 0.00
    expect(inverseRateToTwoDecimals(parseRate('0.16'))).toBe('6.25');
    expect(inverseRateToTwoDecimals(parseRate('0.32'))).toBe('3.13'); // 3.125 -> 3.13
  });

  it('is the nearest hundredth of 1/rate, halves up (property)', () => {
    fc.assert(
      fc.property(rate, (r) => {
        const text = inverseRateToTwoDecimals(r);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        const h = BigInt(text.replace('.', ''));
        // (h - 1/2)/100 <= 10^scale/units < (h + 1/2)/100
        const target = 200n * pow10(r.scale);
        expect((2n * h - 1n) * r.units <= target).toBe(true);
        expect(target < (2n * h + 1n) * r.units).toBe(true);
      }),
    );
  });
});
