export type { PayoutCallback, PayoutMode, PayoutOrder, PayoutOutcome, PayoutProvider, Submission } from './types';
export { SIMULATED_FAILURE_REASON, SIMULATED_FAILURE_REASON_CODE, simulatedFails, simulatedPayoutProvider } from './simulated';
export { manualPayoutProvider } from './manual';
export { parseXenditPayoutCallback, xenditPayoutProvider } from './xendit';
