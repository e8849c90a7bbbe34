import { describe, expect, it } from 'vitest';
import { accountNumberShown, maskAccountNumber } from './account-number';

describe('maskAccountNumber: one mask for every account number shown (decision 060)', () => {
  it("an e-wallet's number in the national form its owner knows, masked but its first 3 characters", () => {
    expect(accountNumberShown('EWALLET', '+639171234567')).toBe('09171234567');
    expect(maskAccountNumber('EWALLET', '+639171234567')).toBe('091********');
  });

  it("a bank account's digits as they are, masked but the first 3", () => {
    expect(accountNumberShown('BANK', '001234567890')).toBe('001234567890');
    expect(maskAccountNumber('BANK', '001234567890')).toBe('001*********');
  });

  it('the mask hides the characters the shown form has, so a reveal shows the same number', () => {
    for (const [kind, number] of [
      ['EWALLET', '+639181112222'],
      ['BANK', '1234567'],
    ] as const) {
      const shown = accountNumberShown(kind, number);
      const masked = maskAccountNumber(kind, number);
      expect(masked.length).toBe(shown.length);
      expect(masked.slice(0, 3)).toBe(shown.slice(0, 3));
    }
    expect(maskAccountNumber('BANK', '123')).toBe('123');
  });
});
