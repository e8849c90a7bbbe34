import { formatAmount, type Centavos } from '../../../shared/money/money';

/** The BCP 47 locale for Intl formatting of the chosen language. */
export function localeOf(language: string | undefined): string {
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

/** "6, 12, 24, 36 or 48" in the chosen language. */
export function formatList(values: readonly (string | number)[], language: string | undefined): string {
  return new Intl.ListFormat(localeOf(language), { style: 'long', type: 'disjunction' }).format(values.map(String));
}
