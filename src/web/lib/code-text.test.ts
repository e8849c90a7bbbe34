import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/en';
import { fil } from '../../shared/i18n/fil';
import { CODE_DIGITS, CODE_INPUT_MAX_DIGITS, CODE_INPUT_MIN_DIGITS } from '../../shared/codes/rules';
import { CODE_TEXT_VARIABLES } from './code-text';

const CODE_TEXTS = [
  'auth.register.codeSentTo',
  'auth.register.codeHint',
  'withdrawals.flow.review.codeNote',
  'withdrawals.flow.code.hint',
  'withdrawals.flow.code.reopened',
];

describe('code texts take their numbers from the code rules', () => {
  it('no code text writes a number of digits itself', () => {
    for (const catalogue of [en, fil]) {
      for (const key of CODE_TEXTS) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue);
        expect(text, key).toMatch(/\{\{(digits|codeMinDigits)\}\}/);
        expect(text, key).not.toMatch(/\b6\b/);
      }
    }
  });

  it("the web's default variables fill them from the rules, in both languages", async () => {
    const i18n = createInstance();
    await i18n.init({
      resources: { en: { translation: en }, fil: { translation: fil } },
      lng: 'en',
      interpolation: { escapeValue: false, defaultVariables: { ...CODE_TEXT_VARIABLES } },
      showSupportNotice: false,
    });
    expect(i18n.t('auth.register.codeSentTo', { phone: '0917 *** 4567' })).toBe(`Enter the ${CODE_DIGITS}-digit code we sent to 0917 *** 4567.`);
    expect(i18n.t('auth.register.codeHint')).toBe(`${CODE_INPUT_MIN_DIGITS} up to ${CODE_INPUT_MAX_DIGITS} digit OTP code. Only numbers are allowed.`);
    expect(i18n.t('withdrawals.flow.code.hint', { lng: 'fil' })).toBe(`${CODE_DIGITS} na numerong OTP code. Mga numero lamang ang pinapayagan.`);
  });
});
