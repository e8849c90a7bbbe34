import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { en } from '../../shared/i18n/en';
import { fil } from '../../shared/i18n/fil';
import { formatList, money, percent } from './format';

describe('loan display formats', () => {
  it('shows API amounts with the peso sign, grouping and two decimals', () => {
    expect(money('200000.00')).toBe('₱200,000.00');
    expect(money('9334.00')).toBe('₱9,334.00');
    expect(money('0.05')).toBe('₱0.05');
    expect(money('-1500.50')).toBe('-₱1,500.50');
    expect(money('160.00', '$')).toBe('$160.00');
    expect(money('12.00', 'AED')).toBe('AED 12.00');
  });

  it('leaves text that is not an amount as it is', () => {
    expect(money('abc')).toBe('abc');
  });

  it('rounds percentages half up to at most the given decimals, without trailing zeros', () => {
    expect(percent('0.5')).toBe('0.5');
    expect(percent('0.927326114')).toBe('0.9273');
    expect(percent('11.12791337', 2)).toBe('11.13');
    expect(percent('0.99995')).toBe('1');
    expect(percent('0.851134', 0)).toBe('1');
    expect(percent('25.0000')).toBe('25');
    expect(percent('x')).toBe('x');
  });
});

describe('a list of alternatives', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    resources: { en: { translation: en }, fil: { translation: fil } },
    lng: 'en',
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  const inLanguage = (lng: string) => (key: string, values: Record<string, string>) => i18n.t(key, { ...values, lng });

  it('says the terms from the catalogue words as Intl.ListFormat says them in en-PH and fil-PH, without loading it', () => {
    for (const [lng, locale] of [
      ['en', 'en-PH'],
      ['fil', 'fil-PH'],
    ] as const) {
      const intl = new Intl.ListFormat(locale, { style: 'long', type: 'disjunction' });
      for (const values of [[6, 12, 24, 36, 48], [1, 2, 3, 4], [1, 2], [6]]) expect(formatList(values, inLanguage(lng))).toBe(intl.format(values.map(String)));
    }
    expect(formatList([6, 12, 24, 36, 48], inLanguage('en'))).toBe('6, 12, 24, 36, or 48');
    expect(formatList([1, 2], inLanguage('fil'))).toBe('1 o 2');
    expect(formatList([], inLanguage('en'))).toBe('');
  });
});
