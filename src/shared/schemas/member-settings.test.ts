import { describe, expect, it } from 'vitest';
import { changePasswordSchema, payoutAccountChangeSchema, payoutAccountCodeSchema } from './member-settings';

function fields(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }): Record<string, string> {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('changePasswordSchema', () => {
  const valid = { currentPassword: 'old-password-1', newPassword: 'Kalesa-Bibingka-4417', confirmPassword: 'Kalesa-Bibingka-4417' };

  it('accepts a current password and a matching new one', () => {
    expect(changePasswordSchema.safeParse(valid).success).toBe(true);
  });

  it('needs the current password', () => {
    expect(fields(changePasswordSchema.safeParse({ ...valid, currentPassword: '' }))).toEqual({ currentPassword: 'validation.passwordRequired' });
  });

  it('applies the registration length rule: 8 to 64 characters', () => {
    expect(fields(changePasswordSchema.safeParse({ ...valid, newPassword: 'short', confirmPassword: 'short' }))).toEqual({
      newPassword: 'validation.passwordLength',
    });
    const long = 'x'.repeat(65);
    expect(fields(changePasswordSchema.safeParse({ ...valid, newPassword: long, confirmPassword: long }))).toEqual({
      newPassword: 'validation.passwordLength',
    });
  });

  it('refuses a confirmation that differs and a new password equal to the current one', () => {
    expect(fields(changePasswordSchema.safeParse({ ...valid, confirmPassword: 'something else' }))).toEqual({ confirmPassword: 'validation.passwordMismatch' });
    expect(fields(changePasswordSchema.safeParse({ ...valid, currentPassword: valid.newPassword }))).toEqual({ newPassword: 'settings.password.same' });
  });

  it('refuses unknown fields (identity never comes from the body)', () => {
    expect(changePasswordSchema.safeParse({ ...valid, phone: '+639171234567' }).success).toBe(false);
  });
});

describe('payout account schemas', () => {
  const bank = { institutionCode: 'BPI', accountNumber: '9876-5432 10', accountName: 'Maria Dela Cruz' };

  it('normalises like activation step 5: digits for a bank, E.164 for an e-wallet', () => {
    expect(payoutAccountCodeSchema.parse(bank)).toEqual({ ...bank, accountNumber: '9876543210' });
    expect(payoutAccountCodeSchema.parse({ ...bank, institutionCode: 'GCASH', accountNumber: '0917 555 1234' }).accountNumber).toBe('+639175551234');
  });

  it("reports the step's errors on this request's field names", () => {
    expect(fields(payoutAccountCodeSchema.safeParse({ ...bank, institutionCode: 'NOPE' }))).toEqual({ institutionCode: 'activation.validation.bankCode' });
    expect(fields(payoutAccountCodeSchema.safeParse({ ...bank, accountNumber: '12AB5678' }))).toEqual({
      accountNumber: 'activation.validation.accountNumberBank',
    });
    expect(fields(payoutAccountCodeSchema.safeParse({ ...bank, institutionCode: 'GCASH', accountNumber: '12345678' }))).toEqual({
      accountNumber: 'activation.validation.accountNumberEwallet',
    });
  });

  it('needs a 6 to 12 digit code to change the account', () => {
    expect(payoutAccountChangeSchema.safeParse({ ...bank, code: '123456' }).success).toBe(true);
    expect(fields(payoutAccountChangeSchema.safeParse({ ...bank, code: '12a456' }))).toEqual({ code: 'validation.otp' });
    expect(payoutAccountChangeSchema.safeParse(bank).success).toBe(false);
  });
});
