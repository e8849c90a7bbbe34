import { describe, expect, it } from 'vitest';
import { en } from './en';
import { fil } from './fil';
import { interpolate, localizeText, translate, translateEn } from './lookup';

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

describe('localizeText', () => {
  it('turns an English catalogue message into Filipino', () => {
    expect(localizeText('fil', en.errors.INVALID_CREDENTIALS)).toBe(fil.errors.INVALID_CREDENTIALS);
    expect(localizeText('fil', en.activation.validation.townChoose)).toBe(fil.activation.validation.townChoose);
  });

  it('carries the values of a filled message over', () => {
    expect(localizeText('fil', 'The minimum withdrawal is ₱100.00.')).toBe('Ang pinakamababang withdrawal ay ₱100.00.');
    expect(localizeText('fil', 'Invalid OTP. 1 try left.')).toBe('Maling OTP. 1 subok na lang ang natitira.');
  });

  it('leaves English, and a text the catalogue does not have, unchanged', () => {
    expect(localizeText('en', en.errors.INVALID_CREDENTIALS)).toBe(en.errors.INVALID_CREDENTIALS);
    expect(localizeText('fil', 'Something only the server says.')).toBe('Something only the server says.');
    // A label's pattern is never used to rewrite an answer: "{{action}} by {{actor}}" is not an answer key.
    expect(localizeText('fil', 'Approved by the officer')).toBe('Approved by the officer');
  });
});
