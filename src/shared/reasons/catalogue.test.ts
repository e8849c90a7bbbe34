import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { fil } from '../i18n/fil';
import {
  COUNTER_OFFER_REASONS,
  DELETION_REJECTION_REASONS,
  deletionRejectionReasonKey,
  LOAN_REASONS,
  LOAN_REJECTION_REASONS,
  PAYOUT_FAILURE_REASONS,
  WITHDRAWAL_REASONS,
  loanReasonKey,
  loanReasonText,
  withdrawalReasonKey,
  withdrawalReasonText,
} from './catalogue';

function at(node: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((n, part) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[part] : undefined), node);
}

describe('the reason catalogue', () => {
  it('gives every loan reason a text in English and in Filipino', () => {
    for (const code of LOAN_REASONS) {
      const key = loanReasonKey(code);
      expect(at(en, key), key).toBe(loanReasonText(code));
      expect(typeof at(fil, key), key).toBe('string');
      expect(at(fil, key), key).not.toBe(at(en, key));
    }
  });

  it('gives every withdrawal reason a text in English and in Filipino', () => {
    for (const code of WITHDRAWAL_REASONS) {
      const key = withdrawalReasonKey(code);
      expect(at(en, key), key).toBe(withdrawalReasonText(code));
      expect(typeof at(fil, key), key).toBe('string');
    }
  });

  it('gives every deletion rejection reason a text in English and in Filipino', () => {
    for (const code of DELETION_REJECTION_REASONS) {
      const key = deletionRejectionReasonKey(code);
      expect(typeof at(en, key), key).toBe('string');
      expect(typeof at(fil, key), key).toBe('string');
      expect(at(fil, key), key).not.toBe(at(en, key));
    }
  });

  it('keeps the groups apart (a rejection code is no counter-offer code)', () => {
    expect(new Set(LOAN_REASONS).size).toBe(LOAN_REJECTION_REASONS.length + COUNTER_OFFER_REASONS.length);
    expect(new Set(WITHDRAWAL_REASONS).size).toBe(WITHDRAWAL_REASONS.length);
    expect(PAYOUT_FAILURE_REASONS).toContain('BANK_DECLINED');
  });

  it('never asks the borrower to pay anything (no fee, no payment channel in any text)', () => {
    const texts = [...LOAN_REASONS.map(loanReasonText), ...WITHDRAWAL_REASONS.map(withdrawalReasonText)];
    for (const text of texts) expect(text).not.toMatch(/\b(pay|fee|gcash|deposit|unfreeze|frozen|charge)\b/i);
  });
});
