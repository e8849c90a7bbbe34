import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fil } from './fil';
import { interpolate, isCatalogueKey, translate, translateEn } from './lookup';

describe('translate', () => {
  it('resolves a key in the language asked, with its placeholders filled', () => {
    expect(translate('fil', 'validation.required')).toBe(fil.validation.required);
    expect(translate('en', 'withdrawals.errors.belowMinimum', { min: '₱100.00' })).toBe('The minimum withdrawal is ₱100.00.');
    expect(translateEn('errors.codeTriesLeft_other', { count: 4 })).toBe('Invalid OTP. 4 tries left.');
    expect(translate('fil', 'no.such.key')).toBe('no.such.key');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(interpolate('{{a}} and {{ b }}', { a: 1 })).toBe('1 and {{ b }}');
  });
});

describe('isCatalogueKey', () => {
  it('knows the keys of the English catalogue, not their texts', () => {
    expect(isCatalogueKey('validation.required')).toBe(true);
    expect(isCatalogueKey('errors.INVALID_CREDENTIALS')).toBe(true);
    expect(isCatalogueKey(en.errors.INVALID_CREDENTIALS)).toBe(false);
    // A namespace is no text.
    expect(isCatalogueKey('errors')).toBe(false);
    expect(isCatalogueKey('no.such.key')).toBe(false);
  });
});
