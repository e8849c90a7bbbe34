import { describe, expect, it } from 'vitest';
import { CODE_DIGITS, CODE_INPUT_MAX_DIGITS, CODE_INPUT_MIN_DIGITS, CODE_RESEND_AFTER_MINUTES, CODE_TTL_MINUTES, codeTextValues, isCodeShaped } from './rules';

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
    expect(codeTextValues()).toEqual({ minutes: CODE_TTL_MINUTES, digits: CODE_DIGITS, resendSeconds: CODE_RESEND_AFTER_MINUTES * 60 });
  });
});

describe('code texts state the numbers from the rules', () => {
  const codeTexts = async () => {
    const texts = [];
    for (const language of ['en', 'fil'] as const) {
      const [m, w, x, st] = await Promise.all([
        import(`../i18n/${language}/messages.ts`),
        import(`../i18n/${language}/withdrawals.ts`),
        import(`../i18n/${language}/extensions.ts`),
        import(`../i18n/${language}/settings.ts`),
      ]);
      const { codes, loans, payout } = m.messages as typeof import('../i18n/en/messages').messages;
      texts.push(
        codes.verification,
        codes.passwordReset,
        loans.signingCode,
        payout.changeCode,
        (w.withdrawals as typeof import('../i18n/en/withdrawals').withdrawals).notify.requested.sms,
        (x.extensions as typeof import('../i18n/en/extensions').extensions).sms.code,
        (st.settings as typeof import('../i18n/en/settings').settings).payout.sent,
      );
    }
    return texts;
  };

  it('every text about a code life takes {{minutes}} and states no number of its own', async () => {
    const texts = await codeTexts();
    expect(texts).toHaveLength(14);
    for (const text of texts) {
      expect(text).toContain('{{minutes}}');
      expect(text).not.toMatch(/\b\d+ (minutes|minuto)\b/);
    }
  });
});
