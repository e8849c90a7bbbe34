import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../shared/i18n/en';
import { fil } from '../../shared/i18n/fil';
import { CODE_DIGITS, CODE_INPUT_MAX_DIGITS, CODE_INPUT_MIN_DIGITS, CODE_RESEND_AFTER_MINUTES, codeTextValues } from '../../shared/codes/rules';
import { translate, translateEn } from '../../shared/i18n/lookup';
import { WITHDRAWAL_STATUS_CATALOGUE } from '../../shared/states/withdrawal';
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

  it('no server text on codes writes its numbers itself: the wait between codes and the length come from the rules', () => {
    const texts = [
      'errors.CODE_RESEND_WAIT',
      'withdrawals.errors.resendTooSoon',
      'withdrawals.status.AWAITING_CODE.message',
      'withdrawals.notify.requestedEmail',
    ];
    for (const catalogue of [en, fil]) {
      for (const key of texts) {
        const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogue) as string;
        expect(text, key).toMatch(/\{\{(digits|resendSeconds)\}\}/);
        expect(text, key).not.toMatch(/\b6\b|a minute|isang minuto/);
      }
    }
    expect(translateEn('errors.CODE_RESEND_WAIT', codeTextValues())).toBe(
      `Please wait ${CODE_RESEND_AFTER_MINUTES * 60} seconds after a code before asking for another.`,
    );
    expect(translate('fil', 'errors.CODE_RESEND_WAIT', codeTextValues())).toContain(`${CODE_RESEND_AFTER_MINUTES * 60} segundo`);
    expect(WITHDRAWAL_STATUS_CATALOGUE.AWAITING_CODE.message).toMatch(new RegExp(`^Enter the ${CODE_DIGITS}-digit code`));
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
