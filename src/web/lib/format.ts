import { philippineDateTime, philippineLongDate } from '../../shared/i18n/philippine-time';
import { formatAmount, parseAmount, type Centavos } from '../../shared/money/money';

/** The peso sign of the specification's amounts. */
export const PESO_SYMBOL = '₱';

/** The BCP 47 locale for Intl formatting of the chosen language. */
function localeOf(language: string | undefined): string {
  return language === 'fil' ? 'fil-PH' : 'en-PH';
}

/**
 * An amount in minor units with its currency symbol, in US number format with two decimals
 * (specification section 9): "₱200,000.00", "US$3,424.00". Alphabetic symbols get a space: "AED 12.00".
 */
export function formatCurrency(amount: Centavos, symbol: string): string {
  const text = formatAmount(amount < 0n ? -amount : amount);
  const sign = amount < 0n ? '-' : '';
  return /[A-Za-z]$/.test(symbol) ? `${sign}${symbol} ${text}` : `${sign}${symbol}${text}`;
}

/** An ISO date (YYYY-MM-DD) as a long date in the chosen language, without time-zone drift. */
export function formatIsoDate(iso: string, language: string | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * "6, 12, 24, 36, or 48" in the language of `t`, from the catalogue's words (common.listOr), as
 * Intl.ListFormat's disjunction says it in en-PH and fil-PH. Not Intl.ListFormat itself: its first
 * use loads the locale's list data, about 30 ms of main thread (120 ms on a throttled phone) in the
 * landing page's hydration, for one sentence (decision 086).
 */
export function formatList(values: readonly (string | number)[], t: (key: string, values: Record<string, string>) => string): string {
  const texts = values.map(String);
  if (texts.length <= 1) return texts[0] ?? '';
  const last = texts[texts.length - 1]!;
  if (texts.length === 2) return t('common.listOr.two', { first: texts[0]!, last });
  return t('common.listOr.many', { items: texts.slice(0, -1).join(', '), last });
}

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

/** An ISO date-time as a short date and time in the Philippines (src/shared/i18n/philippine-time.ts). */
export function dateTime(iso: string, language: string | undefined): string {
  return philippineDateTime(iso, language);
}

/** An ISO date-time as a date in the Philippines. */
export function dateOnly(iso: string, language: string | undefined): string {
  return philippineLongDate(iso, language);
}
