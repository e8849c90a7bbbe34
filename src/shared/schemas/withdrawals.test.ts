import { describe, expect, it } from 'vitest';
import {
  adminPaidSchema,
  bankReferenceKey,
  withdrawalAmountSchema,
  withdrawalConfirmSchema,
  withdrawalRequestSchema,
  WITHDRAWAL_MESSAGES,
} from './withdrawals';

function amountError(value: unknown): string | null {
  const result = withdrawalAmountSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'error');
}

describe('the withdrawal amount field', () => {
  it('accepts digits with at most one dot and 2 decimals', () => {
    for (const ok of ['1', '100', '100.5', '100.50', '0.01', '50000.00', ' 250.00 ']) expect(amountError(ok), ok).toBeNull();
    expect(withdrawalAmountSchema.parse(' 250.00 ')).toBe('250.00');
  });

  it('refuses non-numeric text, signs, grouping, exponents and a third decimal', () => {
    for (const bad of ['', 'abc', '-5', '+5', '1,000', '1e3', '10.123', '1.2.3', '.50', '100.', 'NaN', '１００'])
      expect(amountError(bad), bad).toBe(WITHDRAWAL_MESSAGES.amount);
    expect(amountError(100)).toBe(WITHDRAWAL_MESSAGES.amount);
    expect(amountError(null)).toBe(WITHDRAWAL_MESSAGES.amount);
  });

  it('refuses zero', () => {
    for (const zero of ['0', '0.0', '0.00', '000']) expect(amountError(zero), zero).toBe(WITHDRAWAL_MESSAGES.amountPositive);
  });
});

describe('the withdrawal bodies', () => {
  it('are strict', () => {
    expect(withdrawalRequestSchema.safeParse({ amount: '100.00' }).success).toBe(true);
    expect(withdrawalRequestSchema.safeParse({ amount: '100.00', memberId: 'x' }).success).toBe(false);
    expect(withdrawalConfirmSchema.safeParse({ code: '123456' }).success).toBe(true);
    expect(withdrawalConfirmSchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(withdrawalConfirmSchema.safeParse({ code: '123456', extra: 1 }).success).toBe(false);
  });

  it('check the code with the one code validator: digits only, 6 to 12, as every other code', () => {
    expect(withdrawalConfirmSchema.safeParse({ code: '123456789012' }).success).toBe(true);
    expect(withdrawalConfirmSchema.safeParse({ code: '1234567890123' }).success).toBe(false);
    expect(withdrawalConfirmSchema.safeParse({ code: '12345a' }).success).toBe(false);
  });
});

describe('bankReferenceKey (decisions 052, 060)', () => {
  it('compares bank references by their letters and digits, without case', () => {
    expect(bankReferenceKey(' ub-PesoNet 0099\ta1 ')).toBe('UBPESONET0099A1');
    expect(bankReferenceKey('UB-PESONET 0099-A1')).not.toBe(bankReferenceKey('UB-PESONET 0099-A2'));
    // One transfer however the bank's reference is spelled: hyphens, spaces, dots, slashes, anything else.
    const key = bankReferenceKey('GCASH-0003');
    for (const spelling of ['GCASH 0003', 'gcash.0003', 'GCash/0003', 'G-C-A-S-H 0 0 0 3', 'gcash_0003', '(GCASH)#0003', 'GCASH0003']) {
      expect(bankReferenceKey(spelling), spelling).toBe(key);
    }
  });

  it('a reference without at least 3 letters or digits is refused (it would match every other such one)', () => {
    expect(adminPaidSchema.safeParse({ bankReference: '---' }).success).toBe(false);
    expect(adminPaidSchema.safeParse({ bankReference: 'A./1' }).success).toBe(false);
    expect(adminPaidSchema.safeParse({ bankReference: 'A-1-2' }).success).toBe(true);
  });
});
