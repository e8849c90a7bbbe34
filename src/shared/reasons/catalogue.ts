import { reasons as en } from '../i18n/en/reasons';

/**
 * The fixed catalogue of reasons a borrower may be given (DECISIONS.md invariants 5 and 7;
 * docs/decisions/010-reason-catalogue.md). What a borrower reads about a decision on their loan or
 * withdrawal is chosen from these codes, never typed by staff: an officer's free text could speak
 * in the lender's voice ("your loan is FROZEN, pay a fee to unfreeze it"), the tell-tale of an
 * advance-fee scheme. Staff pick a code; an optional internal note stays in the audit log and the
 * back office. Each code has its text in en and fil under the 'reasons' i18n namespace
 * (reasons.<group>.<CODE>); the server answers the English text, the browser shows t(key).
 */

/** Why an application was not approved (REJECT). */
export const LOAN_REJECTION_REASONS = [
  'INCOME_NOT_VERIFIED',
  'INCOME_INSUFFICIENT',
  'IDENTITY_NOT_VERIFIED',
  'DOCUMENTS_UNREADABLE',
  'EMPLOYMENT_NOT_VERIFIED',
  'AGE_NOT_ELIGIBLE',
  'INFORMATION_INCONSISTENT',
  'CREDIT_POLICY',
] as const;
export type LoanRejectionReason = (typeof LOAN_REJECTION_REASONS)[number];

/** Why an offer is lower or shorter than what was applied for (APPROVE with a counter-offer). */
export const COUNTER_OFFER_REASONS = ['REPAYMENT_CAPACITY', 'VERIFIED_INCOME_LOWER', 'FIRST_LOAN_LIMIT', 'TERM_ADJUSTED', 'CREDIT_POLICY_LIMIT'] as const;
export type CounterOfferReason = (typeof COUNTER_OFFER_REASONS)[number];

/** Every reason a loan event may carry. */
export const LOAN_REASONS = [...LOAN_REJECTION_REASONS, ...COUNTER_OFFER_REASONS] as const;
export type LoanReason = (typeof LOAN_REASONS)[number];

/** Why a payout failed: chosen by an officer (manual mode) or mapped from the provider's answer. */
export const PAYOUT_FAILURE_REASONS = [
  'ACCOUNT_NOT_FOUND',
  'ACCOUNT_NAME_MISMATCH',
  'ACCOUNT_CLOSED',
  'BANK_DECLINED',
  'BANK_UNAVAILABLE',
  'RECEIVING_LIMIT',
] as const;
export type PayoutFailureReason = (typeof PAYOUT_FAILURE_REASONS)[number];

/** What the system records on its own about a withdrawal. */
const WITHDRAWAL_SYSTEM_REASONS = ['CODE_NOT_CONFIRMED'] as const;
export type WithdrawalSystemReason = (typeof WITHDRAWAL_SYSTEM_REASONS)[number];

/** Every reason a withdrawal event may carry. */
export const WITHDRAWAL_REASONS = [...PAYOUT_FAILURE_REASONS, ...WITHDRAWAL_SYSTEM_REASONS] as const;
export type WithdrawalReason = (typeof WITHDRAWAL_REASONS)[number];

/** Why an extension request was declined (docs/decisions/016-extensions.md). */
export const EXTENSION_DECLINE_REASONS = ['REPAYMENT_HISTORY', 'CAPACITY_NOT_IMPROVED', 'TERM_TOO_LONG', 'INFORMATION_NEEDED', 'CREDIT_POLICY'] as const;
export type ExtensionDeclineReason = (typeof EXTENSION_DECLINE_REASONS)[number];

/** Why a request to delete the member's data was declined (docs/decisions/029-data-deletion-review.md). */
export const DELETION_REJECTION_REASONS = ['OPEN_OBLIGATIONS', 'IDENTITY_NOT_CONFIRMED', 'LEGAL_HOLD', 'WITHDRAWN_BY_MEMBER'] as const;
export type DeletionRejectionReason = (typeof DELETION_REJECTION_REASONS)[number];

/** An internal note (staff only) is at most this long: src/shared/text-lengths.ts. */
export { INTERNAL_NOTE_MAX } from '../text-lengths';

function includes<T extends string>(list: readonly T[], value: string): value is T {
  return (list as readonly string[]).includes(value);
}

export const isLoanRejectionReason = (v: string): v is LoanRejectionReason => includes(LOAN_REJECTION_REASONS, v);
export const isCounterOfferReason = (v: string): v is CounterOfferReason => includes(COUNTER_OFFER_REASONS, v);
export const isLoanReason = (v: string): v is LoanReason => includes(LOAN_REASONS, v);
export const isPayoutFailureReason = (v: string): v is PayoutFailureReason => includes(PAYOUT_FAILURE_REASONS, v);
export const isExtensionDeclineReason = (v: string): v is ExtensionDeclineReason => includes(EXTENSION_DECLINE_REASONS, v);
export const isDeletionRejectionReason = (v: string): v is DeletionRejectionReason => includes(DELETION_REJECTION_REASONS, v);
export const isWithdrawalReason = (v: string): v is WithdrawalReason => includes(WITHDRAWAL_REASONS, v);

/** The i18n key of a loan reason (reasons.loanRejection.X or reasons.counterOffer.X). */
export function loanReasonKey(code: LoanReason): string {
  return isLoanRejectionReason(code) ? `reasons.loanRejection.${code}` : `reasons.counterOffer.${code}`;
}

/** The i18n key of a withdrawal reason. */
export function withdrawalReasonKey(code: WithdrawalReason): string {
  return isPayoutFailureReason(code) ? `reasons.payoutFailure.${code}` : `reasons.withdrawalSystem.${code}`;
}

/** The English text of a loan reason (what the API answers and the SMS and e-mail say). */
export function loanReasonText(code: LoanReason): string {
  return isLoanRejectionReason(code) ? en.loanRejection[code] : en.counterOffer[code as CounterOfferReason];
}

/** The English text of a withdrawal reason. */
export function withdrawalReasonText(code: WithdrawalReason): string {
  return isPayoutFailureReason(code) ? en.payoutFailure[code] : en.withdrawalSystem[code as WithdrawalSystemReason];
}

/** The i18n key and English text of an extension decline reason. */
export function extensionDeclineReasonKey(code: ExtensionDeclineReason): string {
  return `reasons.extensionDecline.${code}`;
}

export function extensionDeclineReasonText(code: ExtensionDeclineReason): string {
  return en.extensionDecline[code];
}

/** The i18n key of a deletion rejection reason. */
export function deletionRejectionReasonKey(code: DeletionRejectionReason): string {
  return `reasons.deletionRejection.${code}`;
}

// Every code has its English text, and the catalogue has no text without a code (checked by the compiler).
type Exact<A extends string, B extends string> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _checks: [
  Exact<LoanRejectionReason, keyof typeof en.loanRejection>,
  Exact<CounterOfferReason, keyof typeof en.counterOffer>,
  Exact<PayoutFailureReason, keyof typeof en.payoutFailure>,
  Exact<WithdrawalSystemReason, keyof typeof en.withdrawalSystem>,
  Exact<ExtensionDeclineReason, keyof typeof en.extensionDecline>,
  Exact<DeletionRejectionReason, keyof typeof en.deletionRejection>,
] = [true, true, true, true, true, true];
void _checks;
