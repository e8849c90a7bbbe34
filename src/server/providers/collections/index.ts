export type * from './types';
export { simulatedCollectionProvider, simulatedExpires } from './simulated';
export { parseXenditPaymentCallback, xenditCollectionProvider } from './xendit';
