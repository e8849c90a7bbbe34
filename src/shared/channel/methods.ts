/**
 * Payment channels a borrower may pay a loan through (docs/decisions/013-payment-channels.md):
 * a bank virtual account, an e-wallet checkout, or an over-the-counter payment code. The channel
 * codes are Xendit's Philippine channel codes; the simulated provider answers for the same ones.
 */
export const CHANNEL_METHODS = ['VIRTUAL_ACCOUNT', 'EWALLET', 'OVER_THE_COUNTER'] as const;
export type ChannelMethod = (typeof CHANNEL_METHODS)[number];

export const CHANNEL_CODES = {
  VIRTUAL_ACCOUNT: ['BPI', 'UBP', 'RCBC'],
  EWALLET: ['GCASH', 'PAYMAYA'],
  OVER_THE_COUNTER: ['7ELEVEN', 'CEBUANA', 'ECPAY'],
} as const satisfies Record<ChannelMethod, readonly string[]>;
export type ChannelCode = (typeof CHANNEL_CODES)[ChannelMethod][number];

export const ALL_CHANNEL_CODES: readonly ChannelCode[] = Object.values(CHANNEL_CODES).flat();

export function isCodeOfMethod(method: ChannelMethod, code: string): code is ChannelCode {
  return (CHANNEL_CODES[method] as readonly string[]).includes(code);
}

/**
 * A channel payment's status. PENDING: waiting for the borrower to pay; PAID: the provider confirmed
 * it and it was applied (to the loan, any excess to the wallet); EXPIRED: not paid in time; FAILED:
 * the provider refused it; CREDITED_TO_WALLET: money arrived but could not be applied as asked
 * (after expiry, the loan was already repaid, or an officer credited a held payment): it is in the
 * borrower's wallet; HELD: the provider confirmed another amount or currency than asked: nothing is
 * applied until an officer checks it (docs/decisions/059).
 */
export const CHANNEL_PAYMENT_STATUSES = ['PENDING', 'PAID', 'EXPIRED', 'FAILED', 'CREDITED_TO_WALLET', 'HELD'] as const;
export type ChannelPaymentStatus = (typeof CHANNEL_PAYMENT_STATUSES)[number];
