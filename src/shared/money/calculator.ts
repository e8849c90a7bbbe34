import type { Centavos } from './money';
import { convertFromPhpRoundedUp, convertToPhpRoundedUp, type Rate } from './rate';

/**
 * The loan calculator's maths (specification section 5, "Loan amount"), as pure functions.
 * Amounts are in minor units (hundredths) of the selected currency; PHP amounts are centavos.
 */

const AMOUNT_INPUT = /^\d*(?:\.\d{0,2})?$/;

/** Keeps what was typed when it is digits with an optional point and at most 2 decimals (or empty); otherwise the previous value. */
export function acceptAmountInput(next: string, previous: string): string {
  return AMOUNT_INPUT.test(next) ? next : previous;
}

export interface Bounds {
  readonly min: bigint;
  readonly max: bigint;
}

/** The slider runs from the minimum to the maximum loan value times the rate. */
export function boundsInCurrency(minPhp: Centavos, maxPhp: Centavos, rate: Rate): Bounds {
  return { min: convertFromPhpRoundedUp(minPhp, rate), max: convertFromPhpRoundedUp(maxPhp, rate) };
}

/** While typing: an amount at or above the maximum becomes the maximum. */
export function capAmount(amount: bigint, bounds: Bounds): bigint {
  return amount >= bounds.max ? bounds.max : amount;
}

/** On blur: clamped to [min, max]. */
export function clampAmount(amount: bigint, bounds: Bounds): bigint {
  if (amount < bounds.min) return bounds.min;
  if (amount > bounds.max) return bounds.max;
  return amount;
}

/** The PHP equivalent of an amount in the selected currency, rounded up to a whole peso. */
export function phpEquivalent(amount: bigint, rate: Rate): Centavos {
  return convertToPhpRoundedUp(amount, rate);
}

/** Minor units as the input shows them: digits with two decimals, no grouping. */
export function toInputText(amount: bigint): string {
  const whole = amount / 100n;
  const fraction = (amount % 100n).toString().padStart(2, '0');
  return `${whole}.${fraction}`;
}

/** Parses the calculator's input text to minor units; empty text is null. */
export function parseInputText(text: string): bigint | null {
  if (text === '' || text === '.') return null;
  if (!AMOUNT_INPUT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole || '0') * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Rounds minor units up to a whole unit of the currency: the one rule, in money.ts. */
export { roundUpToWholeUnit as roundUpWhole } from './money';
