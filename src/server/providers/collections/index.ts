import type { AppConfig } from '../../config';
import { simulatedCollectionProvider } from './simulated';
import { xenditCollectionProvider } from './xendit';
import type { CollectionProvider, CollectionProviderName } from './types';

export type * from './types';
export { simulatedCollectionProvider, simulatedExpires } from './simulated';
export { parseXenditPaymentCallback, xenditCollectionProvider } from './xendit';

/** The collection adapter of a provider under this configuration (COLLECTION_PROVIDER and its keys). */
export function collectionProviderFor(config: AppConfig, name: CollectionProviderName | 'NONE' = config.collections.provider): CollectionProvider | null {
  if (name === 'NONE') return null;
  if (name === 'XENDIT') {
    if (!config.xendit) throw new Error('COLLECTION_PROVIDER=xendit needs XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN');
    return xenditCollectionProvider({ ...config.xendit, returnUrl: `${config.publicOrigins[0] ?? 'http://localhost'}/loan` });
  }
  return simulatedCollectionProvider({ confirmSeconds: config.collections.confirmSeconds, expireRate: config.collections.expireRate });
}
