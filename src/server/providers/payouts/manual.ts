import type { PayoutProvider } from './types';

/**
 * Manual payout mode: an officer sends the money from the company's bank and marks the withdrawal
 * paid (with the bank's reference) or failed (with the reason) in the back office. The provider
 * itself never settles anything.
 */
export const manualPayoutProvider: PayoutProvider = {
  mode: 'MANUAL',
  async submit() {
    return { providerReference: null, checkAfter: null };
  },
  async outcome() {
    return { state: 'PENDING', checkAfter: null };
  },
};
