/**
 * Contracts of the loans, wallet and back-office loan API, one file per use case
 * as follows: common.ts (error codes, messages, amounts, terms, status fields),
 * disclosure.ts, assessment.ts, quote.ts, apply.ts, view.ts (the borrower's loan), contract.ts,
 * review.ts (the back office) and wallet.ts. Import from here ('schemas/loans').
 */
export { LOAN_ERROR_CODES, LOAN_MESSAGES, moneySchema, IDEMPOTENCY_KEY_PATTERN, loanStatusSchema } from './common';
export * from './disclosure';
export * from './assessment';
export * from './quote';
export * from './apply';
export * from './view';
export * from './contract';
export * from './review';
export * from './wallet';
