/**
 * Messages of the 'reasons' namespace: the fixed catalogue of reasons a borrower may be given
 * (src/shared/reasons; docs/decisions/010-reason-catalogue.md). Staff choose one of these codes in
 * the back office; they never type what the borrower reads. The back office shows the same text as
 * the label of each choice, so the officer sees exactly what the borrower will read.
 */
export const reasons = {
  /** Why an application was not approved. */
  loanRejection: {
    INCOME_NOT_VERIFIED: 'We could not verify the income you declared.',
    INCOME_INSUFFICIENT: 'Your verified income does not support the repayments of this loan.',
    IDENTITY_NOT_VERIFIED: 'We could not verify your identity from the ID and the selfie you gave.',
    DOCUMENTS_UNREADABLE: 'Your ID images could not be read. You may upload clear photos and apply again.',
    EMPLOYMENT_NOT_VERIFIED: 'We could not verify your employment.',
    AGE_NOT_ELIGIBLE: 'Your age is outside the range our loan product allows.',
    INFORMATION_INCONSISTENT: 'Some information in your application does not match what we could verify.',
    CREDIT_POLICY: 'Your application does not meet our credit policy at this time.',
  },
  /** Why an extension request was declined (the borrower keeps the current schedule). */
  extensionDecline: {
    REPAYMENT_HISTORY: 'Your repayments so far do not allow an extension at this time.',
    CAPACITY_NOT_IMPROVED: 'A longer term would not make your instalments affordable for your verified income.',
    TERM_TOO_LONG: 'The term you asked for is longer than we can offer on this loan. You may ask for a shorter one.',
    INFORMATION_NEEDED: 'We need more information from you first. Please contact our support team.',
    CREDIT_POLICY: 'Your request does not meet our credit policy at this time.',
  },
  /** Why an offer is lower (or shorter) than what was applied for. */
  counterOffer: {
    REPAYMENT_CAPACITY: 'The monthly instalment of the amount you applied for is too high for your verified income.',
    VERIFIED_INCOME_LOWER: 'Your verified income is lower than the income you declared.',
    FIRST_LOAN_LIMIT: 'We offer a lower amount on a first loan with us.',
    TERM_ADJUSTED: 'We adjusted the term to fit your capacity to repay.',
    CREDIT_POLICY_LIMIT: 'Our credit policy allows a lower amount for your profile at this time.',
  },
  /** Why a payout to the member's own account did not go through (the amount returns to the wallet). */
  payoutFailure: {
    ACCOUNT_NOT_FOUND: 'The receiving bank or e-wallet could not find your account number.',
    ACCOUNT_NAME_MISMATCH: 'The account name does not match the name on the receiving account.',
    ACCOUNT_CLOSED: 'The receiving account is closed or cannot receive transfers.',
    BANK_DECLINED: 'The receiving bank or e-wallet declined the transfer.',
    BANK_UNAVAILABLE: 'The receiving bank or e-wallet was not available. You may withdraw again.',
    RECEIVING_LIMIT: 'The transfer is more than the receiving account can accept.',
  },
  /** What the system records on its own. */
  withdrawalSystem: {
    CODE_NOT_CONFIRMED: 'The code was not confirmed in time, so the withdrawal expired.',
  },
  /** Why a request to delete the member's data was declined (docs/decisions/029-data-deletion-review.md). */
  deletionRejection: {
    OPEN_OBLIGATIONS: 'You still have a loan to repay, money in your wallet or a withdrawal in progress. Once these are settled, you may ask again.',
    IDENTITY_NOT_CONFIRMED: 'We could not confirm that the request came from you. Please contact our Data Protection Officer.',
    LEGAL_HOLD: 'Your records are needed for a legal claim or an investigation that is still open, so we cannot delete them yet.',
    WITHDRAWN_BY_MEMBER: 'You told us that you no longer want your data deleted.',
  },
  /** Back-office labels around the catalogue. */
  admin: {
    choose: 'Choose a reason',
    reasonLabel: 'Reason (the borrower reads this text)',
    noteLabel: 'Internal note (staff only: never shown to the borrower)',
    noteHint: 'Kept in the audit log and the back office. Do not address the borrower here.',
  },
} as const;
