/**
 * Money is an integer number of centavos held in a bigint. Never a float.
 * Every rounding goes through a named function in this folder.
 */
export type Centavos = bigint;

const CENTAVOS_PER_PESO = 100n;

/** Whole pesos to centavos. */
export function pesos(whole: number | bigint): Centavos {
  if (typeof whole === 'number' && !Number.isSafeInteger(whole)) {
    throw new RangeError(`pesos() takes a whole number, got ${whole}`);
  }
  return BigInt(whole) * CENTAVOS_PER_PESO;
}

/** Division of non-negative integers rounded towards +infinity. */
export function ceilDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('ceilDiv: denominator must be positive');
  if (numerator >= 0n) return (numerator + denominator - 1n) / denominator;
  return -(-numerator / denominator);
}

/** Division rounded towards -infinity. */
export function floorDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('floorDiv: denominator must be positive');
  if (numerator >= 0n) return numerator / denominator;
  return -ceilDiv(-numerator, denominator);
}

/** Rounds centavos up to a whole unit (the specification rounds converted amounts and instalments up). */
export function roundUpToWholeUnit(amount: Centavos): Centavos {
  return ceilDiv(amount, CENTAVOS_PER_PESO) * CENTAVOS_PER_PESO;
}

// Plain digits, or digits grouped by thousands with commas ("1,234"); a comma anywhere else
// ("1,50") is refused rather than read as a hundredfold amount.
const DECIMAL_AMOUNT = /^(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d{0,2}))?$/;

/**
 * Parses a decimal amount typed by a person ("1234.5", "1,234.50") into centavos.
 * Returns null when the text is not digits with at most two decimals.
 */
export function parseAmount(text: string): Centavos | null {
  const match = DECIMAL_AMOUNT.exec(text.trim());
  if (!match) return null;
  const whole = BigInt((match[1] ?? '0').replace(/,/g, ''));
  const fraction = (match[2] ?? '').padEnd(2, '0');
  return whole * CENTAVOS_PER_PESO + BigInt(fraction);
}

/** Centavos as a plain decimal string with two decimals and no grouping ("1234.50"). */
export function toDecimalString(amount: Centavos): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = abs / CENTAVOS_PER_PESO;
  const fraction = (abs % CENTAVOS_PER_PESO).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Centavos formatted in US number format with two decimals ("1,234.50"), as the specification shows amounts. */
export function formatAmount(amount: Centavos): string {
  const negative = amount < 0n;
  const abs = negative ? -amount : amount;
  const whole = (abs / CENTAVOS_PER_PESO).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % CENTAVOS_PER_PESO).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Amount with its currency symbol or code: "₱1,234.50". */
export function formatMoney(amount: Centavos, symbol = '₱'): string {
  return amount < 0n ? `-${symbol}${formatAmount(-amount)}` : `${symbol}${formatAmount(amount)}`;
}
