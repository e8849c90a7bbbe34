/**
 * The time the loan contract promises between the borrower's signature and the net proceeds in
 * their wallet (the contract's clause "3. Disbursement", src/server/modules/loans/contract.ts), and
 * which the status message and the signing SMS repeat by the catalogue value {{disbursementHours}}
 * (src/shared/i18n/values.ts). An officer disburses by hand; no job enforces it (decision 076).
 * Imports nothing: the web's i18n loads it on every page.
 */
export const DISBURSEMENT_PROMISE_HOURS = 24;
