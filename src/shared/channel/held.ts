/**
 * Held channel payments (docs/decisions/059-callbacks-are-hints.md). A hold's reason: the provider
 * confirmed another amount than the reference asked, or another currency than PHP (or none). Its
 * status: HELD (nothing posted), RELEASE_REQUESTED (an officer asked to credit it; above the
 * approval threshold a second officer confirms), CREDITED_TO_WALLET (the confirmed amount is in the
 * borrower's wallet).
 */
export const HELD_PAYMENT_REASONS = ['AMOUNT_MISMATCH', 'CURRENCY_MISMATCH'] as const;
export type HeldPaymentReason = (typeof HELD_PAYMENT_REASONS)[number];
export const HELD_PAYMENT_STATUSES = ['HELD', 'RELEASE_REQUESTED', 'CREDITED_TO_WALLET'] as const;
export type HeldPaymentStatus = (typeof HELD_PAYMENT_STATUSES)[number];
