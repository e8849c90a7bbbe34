import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acceptAmountInput,
  boundsInCurrency,
  capAmount,
  clampAmount,
  parseInputText,
  phpEquivalent,
  roundUpWhole,
  toInputText,
  type Bounds,
} from './calculator';
import { PHP_RATE, parseRate, type Rate } from './rate';

/** The product's limits (section 9): 200,000.00 to 5,000,000.00 PHP, in centavos. */
const MIN_PHP = 20_000_000n;
const MAX_PHP = 500_000_000n;

/** Every rate of the shipped snapshot (src/server/providers/fx/snapshot.json), copied: shared tests do not import server code. */
const SNAPSHOT_RATES = {
  PHP: '1',
  USD: '0.01712',
  EUR: '0.01581',
  GBP: '0.01335',
  JPY: '2.6050',
  SGD: '0.02265',
  HKD: '0.13320',
  AUD: '0.02610',
  CAD: '0.02395',
  AED: '0.06288',
  SAR: '0.06420',
  QAR: '0.06233',
  KWD: '0.005261',
  KRW: '23.780',
  TWD: '0.5490',
  MYR: '0.07640',
} as const;

const snapshotRate = fc.constantFrom(...Object.values(SNAPSHOT_RATES)).map(parseRate);
/** Any positive rate with up to 8 decimals (0.00000001 to 100,000). */
const anyRate: fc.Arbitrary<Rate> = fc
  .record({ units: fc.bigInt({ min: 1n, max: 10n ** 13n }), scale: fc.integer({ min: 0, max: 8 }) })
  .filter(({ units, scale }) => units <= 100_000n * 10n ** BigInt(scale));
const rate = fc.oneof(snapshotRate, anyRate);
/** Any amount a person could type, in minor units, including far beyond the maximum. */
const typedAmount = fc.bigInt({ min: 0n, max: 10n ** 16n });

const pow10 = (n: number) => 10n ** BigInt(n);

describe('acceptAmountInput', () => {
  it('keeps digits with an optional point and at most 2 decimals, and the empty value', () => {
    for (const next of ['', '0', '5', '200000', '200000.', '200000.5', '200000.55', '.', '.5', '.55', '007']) {
      expect(acceptAmountInput(next, '123'), next).toBe(next);
    }
  });

  it('keeps the previous value for anything else', () => {
    for (const next of ['200000.555', '1.2.3', '-1', '+1', '1e5', '1,000', ' 1', '1 ', 'abc', '12a', '١٢٣', '１２３', '∞', '1..', '..']) {
      expect(acceptAmountInput(next, '200000.00'), next).toBe('200000.00');
    }
  });

  it('returns what was typed exactly when it is an amount, otherwise the previous value (property)', () => {
    const amountText = fc
      .tuple(fc.stringMatching(/^\d{0,10}$/), fc.option(fc.stringMatching(/^\d{0,2}$/), { nil: undefined }))
      .map(([whole, fraction]) => (fraction === undefined ? whole : `${whole}.${fraction}`));
    fc.assert(
      fc.property(amountText, fc.string(), (text, previous) => {
        expect(acceptAmountInput(text, previous)).toBe(text);
      }),
    );
    fc.assert(
      fc.property(fc.string(), fc.string(), (text, previous) => {
        const kept = acceptAmountInput(text, previous);
        expect(kept === text || kept === previous).toBe(true);
        if (kept === text && text !== previous) expect(text).toMatch(/^\d*(\.\d{0,2})?$/);
      }),
    );
  });
});

describe('toInputText and parseInputText', () => {
  it('write minor units with two decimals and no grouping', () => {
    expect(toInputText(0n)).toBe('0.00');
    expect(toInputText(5n)).toBe('0.05');
    expect(toInputText(20_000_000n)).toBe('200000.00');
    expect(toInputText(8_560_000n)).toBe('85600.00');
    expect(toInputText(123_450n)).toBe('1234.50');
  });

  it('read what the input accepts', () => {
    expect(parseInputText('')).toBeNull();
    expect(parseInputText('.')).toBeNull();
    expect(parseInputText('0')).toBe(0n);
    expect(parseInputText('200000')).toBe(20_000_000n);
    expect(parseInputText('200000.')).toBe(20_000_000n);
    expect(parseInputText('200000.5')).toBe(20_000_050n);
    expect(parseInputText('200000.05')).toBe(20_000_005n);
    expect(parseInputText('.5')).toBe(50n);
    expect(parseInputText('007')).toBe(700n);
  });

  it('refuse what the input refuses', () => {
    for (const text of ['1.234', '1,000', '-1', 'abc', '1e5', ' 1']) expect(parseInputText(text), text).toBeNull();
  });

  it('round-trip (property)', () => {
    fc.assert(
      fc.property(typedAmount, (amount) => {
        const text = toInputText(amount);
        expect(acceptAmountInput(text, 'previous')).toBe(text);
        expect(parseInputText(text)).toBe(amount);
      }),
    );
  });
});

describe('boundsInCurrency', () => {
  it('is the PHP limits themselves for PHP', () => {
    expect(boundsInCurrency(MIN_PHP, MAX_PHP, PHP_RATE)).toEqual({ min: MIN_PHP, max: MAX_PHP });
  });

  it('converts the limits by the rate, rounded up to whole units', () => {
    expect(boundsInCurrency(MIN_PHP, MAX_PHP, parseRate(SNAPSHOT_RATES.USD))).toEqual({ min: 342_400n, max: 8_560_000n });
    expect(boundsInCurrency(MIN_PHP, MAX_PHP, parseRate(SNAPSHOT_RATES.KRW))).toEqual({ min: 475_600_000n, max: 11_890_000_000n });
    // 200,000 x 0.07 = 14,000 exactly; 5,000,000 x 0.0000003 = 1.5 -> 2.00
    expect(boundsInCurrency(MIN_PHP, MAX_PHP, parseRate('0.07')).min).toBe(1_400_000n);
    expect(boundsInCurrency(MIN_PHP, MAX_PHP, parseRate('0.0000003')).max).toBe(200n);
  });

  it('holds the limits times the rate, rounded up to less than one unit more (property)', () => {
    fc.assert(
      fc.property(rate, (r) => {
        const { min, max } = boundsInCurrency(MIN_PHP, MAX_PHP, r);
        for (const [bound, php] of [
          [min, MIN_PHP],
          [max, MAX_PHP],
        ] as const) {
          expect(bound % 100n).toBe(0n);
          expect(bound * pow10(r.scale) >= php * r.units).toBe(true);
          expect((bound - 100n) * pow10(r.scale) < php * r.units).toBe(true);
        }
        expect(min <= max).toBe(true);
        // The slider's lowest value is never worth less than the minimum loan in PHP.
        expect(phpEquivalent(min, r) >= MIN_PHP).toBe(true);
      }),
    );
  });
});

describe('capAmount (while typing)', () => {
  const bounds: Bounds = { min: MIN_PHP, max: MAX_PHP };

  it('sets an amount at or above the maximum to the maximum and leaves the rest', () => {
    expect(capAmount(MAX_PHP + 1n, bounds)).toBe(MAX_PHP);
    expect(capAmount(MAX_PHP, bounds)).toBe(MAX_PHP);
    expect(capAmount(MAX_PHP - 1n, bounds)).toBe(MAX_PHP - 1n);
    expect(capAmount(0n, bounds)).toBe(0n); // below the minimum waits for blur
    expect(capAmount(10n ** 20n, bounds)).toBe(MAX_PHP);
  });

  it('never exceeds the maximum, and never changes an amount below it (property)', () => {
    fc.assert(
      fc.property(typedAmount, rate, (amount, r) => {
        const b = boundsInCurrency(MIN_PHP, MAX_PHP, r);
        const capped = capAmount(amount, b);
        expect(capped <= b.max).toBe(true);
        expect(capped).toBe(amount < b.max ? amount : b.max);
      }),
    );
  });
});

describe('clampAmount (on blur)', () => {
  it('clamps PHP amounts to the loan limits', () => {
    const bounds: Bounds = { min: MIN_PHP, max: MAX_PHP };
    expect(clampAmount(0n, bounds)).toBe(MIN_PHP);
    expect(clampAmount(MIN_PHP - 1n, bounds)).toBe(MIN_PHP);
    expect(clampAmount(MIN_PHP, bounds)).toBe(MIN_PHP);
    expect(clampAmount(30_000_050n, bounds)).toBe(30_000_050n);
    expect(clampAmount(MAX_PHP, bounds)).toBe(MAX_PHP);
    expect(clampAmount(MAX_PHP + 1n, bounds)).toBe(MAX_PHP);
  });

  it('clamps a USD amount to the limits times the rate', () => {
    const bounds = boundsInCurrency(MIN_PHP, MAX_PHP, parseRate(SNAPSHOT_RATES.USD));
    expect(clampAmount(100n, bounds)).toBe(342_400n);
    expect(clampAmount(9_999_999n, bounds)).toBe(8_560_000n);
    expect(clampAmount(500_000n, bounds)).toBe(500_000n);
  });

  it('is always inside [min, max] times the rate, for any amount and any rate (property)', () => {
    fc.assert(
      fc.property(typedAmount, rate, (amount, r) => {
        const b = boundsInCurrency(MIN_PHP, MAX_PHP, r);
        const clamped = clampAmount(amount, b);
        expect(clamped >= b.min && clamped <= b.max).toBe(true);
        // Inside the exact limits times the rate, up to the rounding up of the bounds to a whole unit.
        expect(clamped * pow10(r.scale) >= MIN_PHP * r.units).toBe(true);
        expect(clamped * pow10(r.scale) < MAX_PHP * r.units + 100n * pow10(r.scale)).toBe(true);
        // An amount already inside is left alone.
        if (amount >= b.min && amount <= b.max) expect(clamped).toBe(amount);
        // Clamping is idempotent.
        expect(clampAmount(clamped, b)).toBe(clamped);
      }),
    );
  });

  it('after capping while typing, clamping on blur lands inside the bounds too (property)', () => {
    fc.assert(
      fc.property(typedAmount, snapshotRate, (amount, r) => {
        const b = boundsInCurrency(MIN_PHP, MAX_PHP, r);
        const result = clampAmount(capAmount(amount, b), b);
        expect(result >= b.min && result <= b.max).toBe(true);
      }),
    );
  });
});

describe('roundUpWhole and phpEquivalent', () => {
  it('round minor units up to a whole unit', () => {
    expect(roundUpWhole(0n)).toBe(0n);
    expect(roundUpWhole(1n)).toBe(100n);
    expect(roundUpWhole(100n)).toBe(100n);
    expect(roundUpWhole(342_401n)).toBe(342_500n);
  });

  it('give the PHP value of a foreign amount rounded up to a whole peso', () => {
    expect(phpEquivalent(342_400n, parseRate(SNAPSHOT_RATES.USD))).toBe(MIN_PHP);
    expect(phpEquivalent(100n, parseRate(SNAPSHOT_RATES.USD))).toBe(5_900n);
    expect(phpEquivalent(12_345n, PHP_RATE)).toBe(12_400n);
  });

  it('never lose a centavo: result >= input and result - input < 100 (property)', () => {
    fc.assert(
      fc.property(typedAmount, (amount) => {
        const rounded = roundUpWhole(amount);
        expect(rounded >= amount).toBe(true);
        expect(rounded - amount < 100n).toBe(true);
        expect(rounded % 100n).toBe(0n);
      }),
    );
  });

  it('the PHP equivalent is never below the exact value nor a peso above it (property)', () => {
    fc.assert(
      fc.property(typedAmount, rate, (amount, r) => {
        const php = phpEquivalent(amount, r);
        expect(php * r.units >= amount * pow10(r.scale)).toBe(true);
        expect((php - 100n) * r.units < amount * pow10(r.scale)).toBe(true);
      }),
    );
  });
});
