import { describe, expect, it } from 'vitest';
import { pesos } from '../money/money';
import { currentDescriptions, describeProduct, descriptionValues, fillDescription } from './description';
import { PRODUCT_V1, SMALL_PRODUCT_V1 } from './product';

describe('a product description filled with its version’s figures', () => {
  it('says the small loan’s amounts and terms from its configuration, in English and Filipino', () => {
    expect(describeProduct(SMALL_PRODUCT_V1)).toEqual({
      en: 'For a short, small need: ₱1,000.00 to ₱10,000.00, repaid over 1 to 4 months.',
      fil: 'Para sa maliit at panandaliang pangangailangan: ₱1,000.00 hanggang ₱10,000.00, binabayaran sa 1 hanggang 4 buwan.',
    });
    expect(describeProduct(PRODUCT_V1).en).toBe('For larger needs, repaid in monthly instalments over up to 48 months.');
  });

  it('follows a version with other figures: the words never stay behind', () => {
    const next = {
      ...SMALL_PRODUCT_V1,
      version: 2,
      minAmount: pesos(2_000),
      maxAmount: pesos(8_000),
      terms: [1, 2, 3],
      interest: { model: 'DECLINING_BALANCE' as const, monthlyRateBps: 150 },
    };
    expect(describeProduct(next)).toEqual({
      en: 'For a short, small need: ₱2,000.00 to ₱8,000.00, repaid over 1 to 3 months.',
      fil: 'Para sa maliit at panandaliang pangangailangan: ₱2,000.00 hanggang ₱8,000.00, binabayaran sa 1 hanggang 3 buwan.',
    });
    expect(descriptionValues(next)).toEqual({ min: '₱2,000.00', max: '₱8,000.00', termMin: '1', termMax: '3', rate: '1.5' });
  });

  it('fills every value, spaced or not, and leaves a name that is no value as written', () => {
    const values = descriptionValues(PRODUCT_V1);
    expect(fillDescription('{{ min }}-{{max}} at {{rate}} % over {{termMin}} to {{termMax}}', values)).toBe('₱200,000.00-₱5,000,000.00 at 0.5 % over 6 to 48');
    expect(fillDescription('{{fee}} and {{min}}', values)).toBe('{{fee}} and ₱200,000.00');
    expect(fillDescription('No value at all.', values)).toBe('No value at all.');
  });

  it('reads a description the code stated its figures in (copied into a stored draft) as the template that replaced it; an ADMIN’s own text as written', () => {
    const before = {
      en: 'For a short, small need: PHP 1,000 to 10,000, repaid over one to four months.',
      fil: 'Para sa maliit at panandaliang pangangailangan: PHP 1,000 hanggang 10,000, binabayaran sa isa hanggang apat na buwan.',
    };
    expect(currentDescriptions(before)).toEqual(SMALL_PRODUCT_V1.descriptions);
    expect(
      currentDescriptions({
        en: 'For larger needs, repaid in monthly instalments over up to four years.',
        fil: 'Para sa mas malalaking pangangailangan, binabayaran buwan-buwan hanggang apat na taon.',
      }),
    ).toEqual(PRODUCT_V1.descriptions);
    const own = { en: 'For school fees.', fil: 'Para sa matrikula.' };
    expect(currentDescriptions(own)).toBe(own);
    // Only both languages together: half a match is an ADMIN's text.
    expect(currentDescriptions({ en: before.en, fil: 'Iba.' })).toEqual({ en: before.en, fil: 'Iba.' });
  });
});
