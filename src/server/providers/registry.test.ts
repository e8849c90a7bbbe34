import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { COLLECTION_PROVIDERS, PAYOUT_PROVIDERS } from '../../shared/providers/names';
import { COLLECTION_ADAPTERS, PAYOUT_ADAPTERS, providersFor } from './registry';

const TOKEN = 'callback-token-of-the-dashboard-0123456789';
const withXendit = loadConfig({ COLLECTION_PROVIDER: 'xendit', PAYOUT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k', XENDIT_CALLBACK_TOKEN: TOKEN });

describe('the providers registry', () => {
  it('has one adapter for each provider the configuration may name, and no other', () => {
    expect(Object.keys(COLLECTION_ADAPTERS).sort()).toEqual([...COLLECTION_PROVIDERS].sort());
    expect(Object.keys(PAYOUT_ADAPTERS).sort()).toEqual([...PAYOUT_PROVIDERS].sort());
    // The configuration accepts exactly those names, in lower case.
    for (const name of COLLECTION_PROVIDERS)
      expect(() => loadConfig({ COLLECTION_PROVIDER: name.toLowerCase(), XENDIT_SECRET_KEY: 'k', XENDIT_CALLBACK_TOKEN: TOKEN })).not.toThrow();
    expect(() => loadConfig({ COLLECTION_PROVIDER: 'paymongo' })).toThrow();
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'XENDIT' })).toThrow();
  });

  it('builds the configured adapter once, another by name, and none when channels are off', () => {
    const providers = providersFor();
    expect(providers.collection(withXendit)?.name).toBe('XENDIT');
    expect(providers.collection(withXendit)).toBe(providers.collection(withXendit, 'XENDIT'));
    expect(providers.collection(withXendit, 'SIMULATED')?.name).toBe('SIMULATED');
    expect(providers.collection(withXendit, 'NONE')).toBeNull();
    expect(providers.payout(withXendit).mode).toBe('XENDIT');
    expect(providers.payout(withXendit, 'MANUAL').mode).toBe('MANUAL');
    // Another configuration (a job's or a test's variant) gets adapters built from it.
    const plain = loadConfig({});
    expect(providers.collection(plain)?.name).toBe('SIMULATED');
    expect(providers.collection(plain, 'SIMULATED')).not.toBe(providers.collection(withXendit, 'SIMULATED'));
  });

  it('finds a callback reader by the lower-case name in the path, only for a provider that calls back', () => {
    const providers = providersFor();
    expect(providers.collectionCallback('xendit')?.name).toBe('XENDIT');
    expect(providers.payoutCallback('xendit')?.name).toBe('XENDIT');
    for (const path of ['simulated', 'manual', 'XENDIT', 'paymongo', '']) {
      expect(providers.collectionCallback(path), path).toBeNull();
      expect(providers.payoutCallback(path), path).toBeNull();
    }
  });

  it("verifies Xendit's callbacks by the account's token, and nothing else", () => {
    const reader = providersFor().collectionCallback('xendit')!.reader;
    expect(reader.verify({ 'x-callback-token': TOKEN }, withXendit)).toBe(true);
    expect(reader.verify({ 'x-callback-token': `${TOKEN}x` }, withXendit)).toBe(false);
    expect(reader.verify({}, withXendit)).toBe(false);
    expect(reader.verify({ 'x-callback-token': [TOKEN, TOKEN] }, withXendit)).toBe(false);
    // Without Xendit configured, no token is right (not even an empty one).
    expect(reader.verify({ 'x-callback-token': '' }, loadConfig({}))).toBe(false);
  });
});
