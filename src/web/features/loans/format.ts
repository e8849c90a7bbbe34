import { parseAmount } from '../../../shared/money/money';
import { formatCurrency } from '../public/format';
import { PESO_SYMBOL } from '../public/facts';

/** An API amount ("200000.00") as "₱200,000.00"; another currency's symbol or code when given. */
export function money(amount: string, symbol: string = PESO_SYMBOL): string {
  const value = parseAmount(amount.replace(/^-/, ''));
  if (value === null) return amount;
  return formatCurrency(amount.startsWith('-') ? -value : value, symbol);
}

/**
 * An API percentage ("0.851134...") rounded half up to at most `digits` decimals, without trailing
 * zeros (exact decimal arithmetic on the string; the figure itself is the server's).
 */
export function percent(value: string, digits = 4): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
  if (!match) return value;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const scale = 10n ** BigInt(digits);
  let scaled = BigInt(whole) * scale + BigInt(fraction.slice(0, digits).padEnd(digits, '0') || '0');
  if ((fraction[digits] ?? '0') >= '5') scaled += 1n;
  const intPart = scaled / scale;
  const fracPart = (scaled % scale).toString().padStart(digits, '0').replace(/0+$/, '');
  const text = fracPart ? `${intPart}.${fracPart}` : `${intPart}`;
  return scaled === 0n ? text : `${sign}${text}`;
}

/** An ISO date-time as a short date and time in the Philippines. */
export function dateTime(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'fil' ? 'fil-PH' : 'en-PH', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Manila' }).format(date);
}

/** An ISO date-time as a date in the Philippines. */
export function dateOnly(iso: string, language: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'fil' ? 'fil-PH' : 'en-PH', { dateStyle: 'long', timeZone: 'Asia/Manila' }).format(date);
}
