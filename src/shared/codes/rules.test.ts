import { describe, expect, it } from 'vitest';
import { CODE_DIGITS, CODE_INPUT_MAX_DIGITS, CODE_INPUT_MIN_DIGITS, CODE_TTL_MINUTES, codeTextValues, isCodeShaped } from './rules';

describe('one-time code rules', () => {
  it('accepts digits only, from the smallest to the largest length a person may type', () => {
    expect(isCodeShaped('1'.repeat(CODE_INPUT_MIN_DIGITS))).toBe(true);
    expect(isCodeShaped('9'.repeat(CODE_INPUT_MAX_DIGITS))).toBe(true);
    expect(isCodeShaped('1'.repeat(CODE_INPUT_MIN_DIGITS - 1))).toBe(false);
    expect(isCodeShaped('1'.repeat(CODE_INPUT_MAX_DIGITS + 1))).toBe(false);
    expect(isCodeShaped('12345a')).toBe(false);
    expect(isCodeShaped(' 123456')).toBe(false);
    expect(isCodeShaped('')).toBe(false);
  });

  it('issues codes a person can type', () => {
    expect(CODE_DIGITS).toBeGreaterThanOrEqual(CODE_INPUT_MIN_DIGITS);
    expect(CODE_DIGITS).toBeLessThanOrEqual(CODE_INPUT_MAX_DIGITS);
  });

  it('gives the texts the numbers it enforces', () => {
    expect(codeTextValues()).toEqual({ minutes: CODE_TTL_MINUTES, digits: CODE_DIGITS });
  });
});

describe('code texts state the numbers from the rules', () => {
  const codeTexts = async () => {
    const [en, fil] = await Promise.all([import('../i18n/en/messages'), import('../i18n/fil/messages')]);
    const [enW, filW] = await Promise.all([import('../i18n/en/withdrawals'), import('../i18n/fil/withdrawals')]);
    const [enX, filX] = await Promise.all([import('../i18n/en/extensions'), import('../i18n/fil/extensions')]);
    const [enS, filS] = await Promise.all([import('../i18n/en/settings'), import('../i18n/fil/settings')]);
    return [
      en.messages.codes.verification,
      en.messages.codes.passwordReset,
      en.messages.loans.signingCode,
      en.messages.payout.changeCode,
      enW.withdrawals.notify.requested.sms,
      enX.extensions.sms.code,
      enS.settings.payout.sent,
      fil.messages.codes.verification,
      fil.messages.codes.passwordReset,
      fil.messages.loans.signingCode,
      fil.messages.payout.changeCode,
      filW.withdrawals.notify.requested.sms,
      filX.extensions.sms.code,
      filS.settings.payout.sent,
    ];
  };

  it('every text about a code life takes {{minutes}} and states no number of its own', async () => {
    for (const text of await codeTexts()) {
      expect(text).toContain('{{minutes}}');
      expect(text).not.toMatch(/\b\d+ (minutes|minuto)\b/);
    }
  });
});
