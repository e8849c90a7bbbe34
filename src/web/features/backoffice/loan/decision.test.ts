import { describe, expect, it } from 'vitest';
import { en } from '../../../../shared/i18n/en';
import { fil } from '../../../../shared/i18n/fil';
import { INTERNAL_NOTE_MAX } from '../../../../shared/reasons/catalogue';
import { approveBody, isCounterOffer, rejectBody, type DecisionForm } from './decision';

const loan = { requestedAmount: '250000.00', requestedTerm: 24 };
const asApplied: DecisionForm = { offerAmount: '250000.00', offerTerm: 24, reasonCode: '', note: '' };

/** The text an i18n key names in a catalogue. */
function textOf(catalogue: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe("the officer's decision form, checked with the routes' schemas before any request", () => {
  it('approves the application as applied for, without a reason, the note trimmed', () => {
    expect(approveBody({ ...asApplied, note: '  checked payslip  ' }, loan)).toEqual({
      ok: true,
      body: { amount: '250000.00', term: 24, note: 'checked payslip' },
    });
    expect(isCounterOffer(asApplied, loan)).toBe(false);
  });

  it('refuses an amount the route would refuse, with the message key beside the amount', () => {
    const checked = approveBody({ ...asApplied, offerAmount: 'two hundred thousand' }, loan);
    expect(checked).toEqual({ ok: false, errors: { amount: 'loans.admin.fieldErrors.amount' } });
  });

  it('needs a catalogue reason for a lower or shorter offer, and sends it only then', () => {
    const lower = { ...asApplied, offerAmount: '200000.00' };
    expect(isCounterOffer(lower, loan)).toBe(true);
    expect(approveBody(lower, loan)).toEqual({ ok: false, errors: { reasonCode: 'loans.admin.fieldErrors.reasonCode' } });
    expect(approveBody({ ...lower, reasonCode: 'FIRST_LOAN_LIMIT' }, loan)).toEqual({
      ok: true,
      body: { amount: '200000.00', term: 24, reasonCode: 'FIRST_LOAN_LIMIT' },
    });
    expect(approveBody({ ...asApplied, offerTerm: 12, reasonCode: 'NOT_A_REASON' }, loan)).toEqual({
      ok: false,
      errors: { reasonCode: 'loans.admin.fieldErrors.reasonCode' },
    });
    // A reason left chosen on an offer as applied for is not sent (the server would refuse it).
    expect(approveBody({ ...asApplied, reasonCode: 'FIRST_LOAN_LIMIT' }, loan)).toEqual({ ok: true, body: { amount: '250000.00', term: 24 } });
  });

  it('refuses a rejection without a catalogue reason, and a note longer than the limit', () => {
    expect(rejectBody(asApplied)).toEqual({ ok: false, errors: { reasonCode: 'loans.admin.fieldErrors.reasonCode' } });
    expect(rejectBody({ ...asApplied, reasonCode: 'INCOME_NOT_VERIFIED', note: 'x'.repeat(INTERNAL_NOTE_MAX + 1) })).toEqual({
      ok: false,
      errors: { note: 'loans.admin.fieldErrors.note' },
    });
  });

  it('shows every field message in English and in Filipino', () => {
    for (const field of ['amount', 'term', 'reasonCode', 'note']) {
      const key = `loans.admin.fieldErrors.${field}`;
      expect(typeof textOf(en, key)).toBe('string');
      expect(typeof textOf(fil, key)).toBe('string');
      expect(textOf(fil, key)).not.toBe(textOf(en, key));
    }
  });
});
