import { ceilDiv, type Centavos } from './money';

/**
 * An exchange rate as an exact decimal: units of the foreign currency per 1 PHP
 * (the specification's convention), kept as a scaled integer so no float touches money.
 */
export interface Rate {
  /** rate = units / 10^scale */
  readonly units: bigint;
  readonly scale: number;
}

export const PHP_RATE: Rate = { units: 1n, scale: 0 };

const DECIMAL = /^(\d+)(?:\.(\d{1,12}))?$/;

/** Parses a decimal rate string such as "0.01712". Throws on anything else. */
export function parseRate(text: string): Rate {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`Not a decimal rate: ${text}`);
  const fraction = match[2] ?? '';
  const units = BigInt((match[1] ?? '0') + fraction);
  if (units <= 0n) throw new RangeError('A rate must be positive');
  return { units, scale: fraction.length };
}

export function rateToString(rate: Rate): string {
  const s = rate.units.toString().padStart(rate.scale + 1, '0');
  if (rate.scale === 0) return s;
  return `${s.slice(0, -rate.scale)}.${s.slice(-rate.scale)}`.replace(/\.?0+$/, '') || '0';
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/**
 * PHP centavos to the foreign currency's minor units (hundredths), rounded up to a whole unit
 * of the foreign currency as the specification does ("converted values are rounded up to whole units").
 */
export function convertFromPhpRoundedUp(php: Centavos, rate: Rate): bigint {
  // php * rate in hundredths of the foreign currency, then up to a whole unit.
  const hundredths = ceilDiv(php * rate.units, pow10(rate.scale));
  return ceilDiv(hundredths, 100n) * 100n;
}

/** Foreign minor units (hundredths) to PHP centavos, rounded up to a whole peso. */
export function convertToPhpRoundedUp(foreign: bigint, rate: Rate): Centavos {
  const centavos = ceilDiv(foreign * pow10(rate.scale), rate.units);
  return ceilDiv(centavos, 100n) * 100n;
}

/** The displayed rate is the inverse (PHP per unit of the foreign currency) to 2 decimals, rounded half up. */
export function inverseRateToTwoDecimals(rate: Rate): string {
  // 1 / (units / 10^scale) = 10^scale / units, in hundredths, rounded half up
  const numerator = pow10(rate.scale) * 100n * 2n + rate.units;
  const hundredths = numerator / (rate.units * 2n);
  const whole = hundredths / 100n;
  const frac = (hundredths % 100n).toString().padStart(2, '0');
  return `${whole}.${frac}`;
}
