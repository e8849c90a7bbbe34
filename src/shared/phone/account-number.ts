import { maskKeepFirst3 } from './phone';

/**
 * The one way an account number is shown to anyone (member, staff, SMS, e-mail, PDF): a payout
 * account's number as its owner knows it, then masked but its first 3 characters (specification
 * section 3, "Masking"). An e-wallet's number is stored in E.164 (+639171234567) but a member knows
 * it as 0917 123 4567: both the full and the masked forms use that national form, so the masked
 * number in Settings, on a withdrawal, in its SMS and on the back office's card read the same
 * ("091********"), and a reveal shows the number the mask hides. A bank account's digits are shown
 * as they are.
 */
export function accountNumberShown(kind: string, accountNumber: string): string {
  return kind === 'EWALLET' && accountNumber.startsWith('+63') ? `0${accountNumber.slice(3)}` : accountNumber;
}

/** An account number masked but its first 3 characters, in the form its owner knows (accountNumberShown). */
export function maskAccountNumber(kind: string, accountNumber: string): string {
  return maskKeepFirst3(accountNumberShown(kind, accountNumber));
}
