import { describe, expect, it } from 'vitest';
import { en } from '../../../shared/i18n/en';
import { fil } from '../../../shared/i18n/fil';
import { translate, translateEn } from '../../../shared/i18n/lookup';
import { adminPaidSchema } from '../../../shared/schemas/withdrawals';
import { failedBody, MARK_FIELD_ERRORS, paidBody, serverFieldErrors, withdrawBody } from './withdrawal-marks';

function textOf(catalogue: unknown, key: string): string {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue) as string;
}

describe("the officer's manual payout forms, checked with the routes' schemas before any request", () => {
  it('sends a bank reference of 3 to 100 characters, trimmed', () => {
    expect(paidBody('  BDO-2026-0001 ')).toEqual({ ok: true, body: { bankReference: 'BDO-2026-0001' } });
    expect(paidBody('ab')).toEqual({ ok: false, errors: { bankReference: MARK_FIELD_ERRORS.bankReference } });
    expect(paidBody('x'.repeat(101)).ok).toBe(false);
  });

  it('needs a reason of the catalogue to mark failed; an empty note is left out, a long one refused', () => {
    expect(failedBody('', '')).toEqual({ ok: false, errors: { reasonCode: MARK_FIELD_ERRORS.reasonCode } });
    expect(failedBody('MADE_UP', '')).toEqual({ ok: false, errors: { reasonCode: MARK_FIELD_ERRORS.reasonCode } });
    expect(failedBody('RECEIVING_LIMIT', '   ')).toEqual({ ok: true, body: { reasonCode: 'RECEIVING_LIMIT' } });
    expect(failedBody('RECEIVING_LIMIT', ' wallet limit ')).toEqual({ ok: true, body: { reasonCode: 'RECEIVING_LIMIT', note: 'wallet limit' } });
    expect(failedBody('RECEIVING_LIMIT', 'x'.repeat(501))).toEqual({ ok: false, errors: { note: MARK_FIELD_ERRORS.note } });
  });

  it('needs a reason of 3 to 500 characters to withdraw a failure request (decision 052)', () => {
    expect(withdrawBody('  Wrong payout ')).toEqual({ ok: true, body: { reason: 'Wrong payout' } });
    expect(withdrawBody('  ')).toEqual({ ok: false, errors: { reason: MARK_FIELD_ERRORS.reason } });
    expect(withdrawBody('x'.repeat(501))).toEqual({ ok: false, errors: { reason: MARK_FIELD_ERRORS.reason } });
  });

  it('shows the catalogue message in English and Filipino, with the limits the schema checks', () => {
    for (const error of Object.values(MARK_FIELD_ERRORS)) {
      expect(textOf(en, error.key)).toBeTruthy();
      expect(textOf(fil, error.key)).toBeTruthy();
      const english = translate('en', error.key, error.values);
      const filipino = translate('fil', error.key, error.values);
      expect(english).toBeTruthy();
      expect(filipino).toBeTruthy();
      expect(filipino).not.toBe(english);
      expect(filipino).not.toContain('{{');
    }
    // The schema gives the same key, which the server answers in the caller's language, with the schema's limits.
    const refused = adminPaidSchema.safeParse({ bankReference: 'x' });
    expect(refused.success ? null : refused.error.issues[0]!.message).toBe(MARK_FIELD_ERRORS.bankReference.key);
    expect(translateEn(MARK_FIELD_ERRORS.bankReference.key)).toBe(
      'Enter the bank reference as the bank shows it: 3 to 100 letters, digits, spaces or punctuation.',
    );
  });

  it("puts the server's field refusals on the form's fields", () => {
    expect(
      serverFieldErrors({ bankReference: 'Enter the bank reference as the bank shows it: 3 to 100 letters, digits, spaces or punctuation.', other: 'x' }),
    ).toEqual({
      bankReference: MARK_FIELD_ERRORS.bankReference,
    });
  });
});
