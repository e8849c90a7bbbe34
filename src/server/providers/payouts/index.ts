export type { PayoutCallback, PayoutMode, PayoutOrder, PayoutProvider } from './types';
export { simulatedPayoutProvider } from './simulated';
export { manualPayoutProvider } from './manual';
export { parseXenditPayoutCallback, xenditPayoutProvider } from './xendit';
