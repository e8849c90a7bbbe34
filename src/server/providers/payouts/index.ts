import type { AppConfig } from '../../config';
import { manualPayoutProvider } from './manual';
import { simulatedPayoutProvider } from './simulated';
import { xenditPayoutProvider } from './xendit';
import type { PayoutMode, PayoutProvider } from './types';

export type { PayoutMode, PayoutOrder, PayoutOutcome, PayoutProvider, Submission } from './types';
export { SIMULATED_FAILURE_REASON, SIMULATED_FAILURE_REASON_CODE, simulatedFails, simulatedPayoutProvider } from './simulated';
export { manualPayoutProvider } from './manual';
export { parseXenditPayoutCallback, xenditPayoutProvider } from './xendit';

/** The adapter of a payout mode under this configuration (PAYOUT_PROVIDER, PAYOUT_SETTLE_SECONDS, PAYOUT_FAILURE_RATE, XENDIT_*). */
export function payoutProviderFor(config: AppConfig, mode: PayoutMode = config.payouts.mode): PayoutProvider {
  if (mode === 'XENDIT') {
    if (!config.xendit) throw new Error('PAYOUT_PROVIDER=xendit needs XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN');
    return xenditPayoutProvider(config.xendit);
  }
  return mode === 'MANUAL'
    ? manualPayoutProvider
    : simulatedPayoutProvider({ settleSeconds: config.payouts.settleSeconds, failureRate: config.payouts.failureRate });
}
