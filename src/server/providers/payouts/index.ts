import type { AppConfig } from '../../config';
import { manualPayoutProvider } from './manual';
import { simulatedPayoutProvider } from './simulated';
import type { PayoutMode, PayoutProvider } from './types';

export type { PayoutMode, PayoutOrder, PayoutOutcome, PayoutProvider, Submission } from './types';
export { SIMULATED_FAILURE_REASON, SIMULATED_FAILURE_REASON_CODE, simulatedFails, simulatedPayoutProvider } from './simulated';
export { manualPayoutProvider } from './manual';

/** The adapter of a payout mode under this configuration (PAYOUT_PROVIDER, PAYOUT_SETTLE_SECONDS, PAYOUT_FAILURE_RATE). */
export function payoutProviderFor(config: AppConfig, mode: PayoutMode = config.payouts.mode): PayoutProvider {
  return mode === 'MANUAL'
    ? manualPayoutProvider
    : simulatedPayoutProvider({ settleSeconds: config.payouts.settleSeconds, failureRate: config.payouts.failureRate });
}
