import type { AppConfig } from '../config';
import type { CollectionProviderName, PayoutProviderName } from '../../shared/providers/names';
import { parseXenditPaymentCallback, simulatedCollectionProvider, xenditCollectionProvider } from './collections';
import type { CollectionProvider, ConfirmationEvent } from './collections';
import { manualPayoutProvider, parseXenditPayoutCallback, simulatedPayoutProvider, xenditPayoutProvider } from './payouts';
import type { PayoutCallback, PayoutProvider } from './payouts';
import { tokenMatches } from './xendit/http';

/**
 * Every payment and payout provider Tapat can use, one line each (decision 079). An
 * adapter builds its client from the configuration and, if the provider calls back, says how its
 * callback is verified and read. The app builds one `Providers` from this registry into its
 * dependencies (deps.providers); modules ask it with their configuration and never name a provider. The callback routes are generic:
 * POST /api/callbacks/<provider>/payments and /payouts, where <provider> is the name in lower case
 * (Xendit's are the paths it always had).
 *
 * Adding a provider: its adapter (providers/collections/<name>.ts or payouts/<name>.ts), its name in
 * src/shared/providers/names.ts (the configuration, the API schemas and the database's CHECK read the
 * list; a migration follows for the CHECK), and its line below: the type checker refuses a name
 * without an adapter.
 */

/** How a provider's callback is verified (before anything else is read) and read (throws ProviderError for garbage). */
export interface CallbackReader<E> {
  verify(headers: Readonly<Record<string, string | string[] | undefined>>, config: AppConfig): boolean;
  read(body: unknown, now: Date): E;
}

interface CollectionAdapter {
  build(config: AppConfig): CollectionProvider;
  readonly callback?: CallbackReader<ConfirmationEvent | null>;
}

interface PayoutAdapter {
  build(config: AppConfig): PayoutProvider;
  readonly callback?: CallbackReader<PayoutCallback>;
}

function xenditConfig(config: AppConfig) {
  if (!config.xendit) throw new Error('A Xendit provider needs XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN');
  return config.xendit;
}

/** Xendit signs nothing: it sends the account's callback verification token in x-callback-token. */
const xenditToken = (headers: Readonly<Record<string, string | string[] | undefined>>, config: AppConfig) =>
  tokenMatches(headers['x-callback-token'], config.xendit?.callbackToken ?? '');

export const COLLECTION_ADAPTERS: Readonly<Record<CollectionProviderName, CollectionAdapter>> = {
  SIMULATED: {
    build: (config) => simulatedCollectionProvider({ confirmSeconds: config.collections.confirmSeconds, expireRate: config.collections.expireRate }),
  },
  XENDIT: {
    build: (config) => xenditCollectionProvider({ ...xenditConfig(config), returnUrl: `${config.publicOrigins[0] ?? 'http://localhost'}/loan` }),
    callback: { verify: xenditToken, read: parseXenditPaymentCallback },
  },
};

export const PAYOUT_ADAPTERS: Readonly<Record<PayoutProviderName, PayoutAdapter>> = {
  SIMULATED: { build: (config) => simulatedPayoutProvider({ settleSeconds: config.payouts.settleSeconds, failureRate: config.payouts.failureRate }) },
  MANUAL: { build: () => manualPayoutProvider },
  XENDIT: { build: (config) => xenditPayoutProvider(xenditConfig(config)), callback: { verify: xenditToken, read: (body) => parseXenditPayoutCallback(body) } },
};

/**
 * The providers of one app. Each adapter is built from the configuration it is asked with (the
 * app's, or a variant a job or test derives from it) once per configuration and name.
 */
export interface Providers {
  /** The collection adapter of `name` (default: the configured one); null when payment channels are off (NONE). */
  collection(config: AppConfig, name?: CollectionProviderName | 'NONE'): CollectionProvider | null;
  /** The payout adapter of `name` (default: the configured mode). */
  payout(config: AppConfig, name?: PayoutProviderName): PayoutProvider;
  /** The provider a callback path names (lower case), with its reader, or null when no such provider calls back. */
  collectionCallback(pathName: string): { readonly name: CollectionProviderName; readonly reader: CallbackReader<ConfirmationEvent | null> } | null;
  payoutCallback(pathName: string): { readonly name: PayoutProviderName; readonly reader: CallbackReader<PayoutCallback> } | null;
}

function byPathName<N extends string, A extends { readonly callback?: unknown }>(adapters: Readonly<Record<N, A>>, pathName: string) {
  const name = (Object.keys(adapters) as N[]).find((n) => n.toLowerCase() === pathName);
  const callback = name ? adapters[name].callback : undefined;
  return name && callback ? { name, reader: callback as NonNullable<A['callback']> } : null;
}

/** `build(config)` once per configuration object and name. */
function builtOnce<N extends string, P>(build: (config: AppConfig, name: N) => P) {
  const cache = new WeakMap<AppConfig, Map<N, P>>();
  return (config: AppConfig, name: N): P => {
    let byName = cache.get(config);
    if (!byName) cache.set(config, (byName = new Map()));
    let built = byName.get(name);
    if (built === undefined) byName.set(name, (built = build(config, name)));
    return built;
  };
}

export function providersFor(): Providers {
  const collection = builtOnce((config, name: CollectionProviderName) => COLLECTION_ADAPTERS[name].build(config));
  const payout = builtOnce((config, name: PayoutProviderName) => PAYOUT_ADAPTERS[name].build(config));
  return {
    collection: (config, name = config.collections.provider) => (name === 'NONE' ? null : collection(config, name)),
    payout: (config, name = config.payouts.mode) => payout(config, name),
    collectionCallback: (pathName) => byPathName(COLLECTION_ADAPTERS, pathName),
    payoutCallback: (pathName) => byPathName(PAYOUT_ADAPTERS, pathName),
  };
}
