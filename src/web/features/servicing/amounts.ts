import { parseAmount, toDecimalString, type Centavos } from '../../../shared/money/money';
import { convertFromPhpRoundedUp, parseRate } from '../../../shared/money/rate';
import { repaymentAmountSchema, type ServicingDto } from '../../../shared/schemas/repayments';

/**
 * Display helpers of the loan page. Every figure is the server's (GET /api/loans/current/servicing);
 * these only convert for display, compare a typed amount with the limits the server sent, and
 * share a bar between paid and remaining. The server checks every payment again.
 */

export type Display = ServicingDto['display'];

/** An amount in PHP in the loan's display currency, rounded up to a whole unit (display only), or null when that is PHP. */
export function convertedAmount(amount: string, display: Display): string | null {
  if (display.currency === 'PHP') return null;
  const php = parseAmount(amount);
  if (php === null) return null;
  try {
    return toDecimalString(convertFromPhpRoundedUp(php, parseRate(display.exchangeRate)));
  } catch {
    // An unreadable rate: show PHP alone rather than a made-up conversion.
    return null;
  }
}

/** The share paid, in whole percent rounded down (0 when nothing was owed): for the chart only. */
export function paidPercent(paid: string, remaining: string): number {
  const p = parseAmount(paid) ?? 0n;
  const r = parseAmount(remaining) ?? 0n;
  if (p + r <= 0n) return 0;
  return Number((p * 100n) / (p + r));
}

/** Keeps only digits and the first dot with at most 2 decimals, at most 13 characters (the amount input). */
export function paymentAmountInput(raw: string): string {
  let text = raw.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0)
    text = `${text.slice(0, dot + 1)}${text
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, 2)}`;
  return text.slice(0, 13);
}

export type AmountCheck =
  { readonly ok: true; readonly amount: string } | { readonly ok: false; readonly error: 'enterAmount' | 'belowMin' | 'aboveMax' | 'aboveBalance' };

/**
 * A typed amount against the server's smallest and largest payment and the wallet's balance, in the
 * order the server checks them (format, the loan's maximum and minimum, then the balance).
 */
export function checkPaymentAmount(text: string, limits: { readonly min: string; readonly max: string; readonly balance: string }): AmountCheck {
  const parsed = repaymentAmountSchema.safeParse(text);
  const amount = parsed.success ? parseAmount(parsed.data) : null;
  if (amount === null || amount <= 0n) return { ok: false, error: 'enterAmount' };
  const at = (s: string): Centavos => parseAmount(s) ?? 0n;
  if (amount > at(limits.max)) return { ok: false, error: 'aboveMax' };
  if (amount < at(limits.min)) return { ok: false, error: 'belowMin' };
  if (amount > at(limits.balance)) return { ok: false, error: 'aboveBalance' };
  return { ok: true, amount: toDecimalString(amount) };
}
