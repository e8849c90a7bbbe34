import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config';
import { centavosOfProviderNumber, jsonWithAmount, tokenMatches } from '../xendit/http';
import { providersFor } from '../registry';
import { parseXenditPaymentCallback, simulatedCollectionProvider, simulatedExpires, xenditCollectionProvider } from './index';

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u@localhost/db',
  OTP_PEPPER: 'x'.repeat(40),
  PUBLIC_ORIGIN: 'https://example.com',
} as const;

describe('collection configuration', () => {
  it('defaults to the simulated provider outside production: 60 s, never expiring, 24-hour references', () => {
    const config = loadConfig({});
    expect(config.collections).toEqual({ provider: 'SIMULATED', confirmSeconds: 60, expireRate: 0, expiryHours: 24 });
    expect(config.xendit).toBeNull();
    expect(providersFor().collection(config)?.name).toBe('SIMULATED');
  });

  it('reads the Xendit keys, and refuses xendit without them', () => {
    const config = loadConfig({
      COLLECTION_PROVIDER: 'xendit',
      XENDIT_SECRET_KEY: 'k',
      XENDIT_CALLBACK_TOKEN: 'callback-token-of-the-dashboard-0123456789',
      XENDIT_TIMEOUT_MS: '2000',
    });
    expect(config.xendit).toEqual({
      baseUrl: 'https://api.xendit.co',
      secretKey: 'k',
      callbackToken: 'callback-token-of-the-dashboard-0123456789',
      timeoutMs: 2000,
    });
    expect(providersFor().collection(config)?.name).toBe('XENDIT');
    expect(() => loadConfig({ COLLECTION_PROVIDER: 'xendit' })).toThrow(/XENDIT_SECRET_KEY and XENDIT_CALLBACK_TOKEN/);
    expect(() => loadConfig({ PAYOUT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k' })).toThrow(/XENDIT_CALLBACK_TOKEN/);
    expect(
      loadConfig({ PAYOUT_PROVIDER: 'xendit', XENDIT_SECRET_KEY: 'k', XENDIT_CALLBACK_TOKEN: 'callback-token-of-the-dashboard-0123456789' }).payouts.mode,
    ).toBe('XENDIT');
  });

  it('refuses the simulated provider in production, and offers no channel there without xendit', () => {
    expect(() => loadConfig({ ...production, COLLECTION_PROVIDER: 'simulated' })).toThrow(/COLLECTION_PROVIDER=simulated/);
    expect(() => loadConfig({ ...production, COLLECTION_EXPIRE_RATE: '2' })).toThrow();
  });
});

describe('the simulated collection provider', () => {
  const t0 = new Date('2026-11-22T04:00:00Z');
  const payment = {
    id: 'a1b2c3',
    reference: 'TAPAT-C000001',
    providerPaymentId: 'sim-a1b2c3',
    amount: 100_00n,
    createdAt: t0,
    expiresAt: new Date(t0.getTime() + 86_400_000),
  };

  it('confirms the amount asked for after the delay, through a status answer', async () => {
    const p = simulatedCollectionProvider({ confirmSeconds: 60, expireRate: 0 });
    expect(await p.status(payment, new Date(t0.getTime() + 59_999))).toEqual({ kind: 'PENDING', checkAfter: new Date(t0.getTime() + 60_000) });
    expect(await p.status(payment, new Date(t0.getTime() + 60_000))).toMatchObject({
      kind: 'SUCCEEDED',
      amount: 100_00n,
      currency: 'PHP',
      providerPaymentId: 'sim-a1b2c3',
    });
  });

  it('expires the configured share at the expiry, the same way every time', async () => {
    const p = simulatedCollectionProvider({ confirmSeconds: 0, expireRate: 1 });
    expect((await p.status(payment, new Date(t0.getTime() + 3_600_000))).kind).toBe('PENDING');
    expect((await p.status(payment, payment.expiresAt)).kind).toBe('EXPIRED');
    const ids = Array.from({ length: 2000 }, (_, i) => `ref-${i}`);
    const expired = ids.filter((id) => simulatedExpires(id, 0.2)).length;
    expect(expired).toBeGreaterThan(300);
    expect(expired).toBeLessThan(500);
    expect(ids.filter((id) => simulatedExpires(id, 0.2)).length).toBe(expired);
  });

  it('answers instructions of the method', async () => {
    const p = simulatedCollectionProvider({ confirmSeconds: 0, expireRate: 0 });
    const order = { id: 'x', reference: 'TAPAT-C000002', amount: 1n, customerName: 'M', expiresAt: t0 };
    expect((await p.create({ ...order, method: 'VIRTUAL_ACCOUNT', channelCode: 'BPI' }, t0)).instructions.accountNumber).toMatch(/^9999\d{10}$/);
    expect((await p.create({ ...order, method: 'OVER_THE_COUNTER', channelCode: 'ECPAY' }, t0)).instructions.paymentCode).toMatch(/^SIM\d{9}$/);
  });
});

describe('the Xendit helpers', () => {
  it('writes amounts as exact JSON numbers from centavos and reads back only plain amounts', () => {
    expect(jsonWithAmount({ currency: 'PHP' }, 3_433_450n)).toBe('{"currency":"PHP","amount":34334.50}');
    expect(jsonWithAmount({}, 1n)).toBe('{"amount":0.01}');
    expect(centavosOfProviderNumber(34334.5)).toBe(3_433_450n);
    expect(centavosOfProviderNumber(0.1)).toBe(10n);
    expect(centavosOfProviderNumber(100)).toBe(10_000n);
    expect(centavosOfProviderNumber('12.34')).toBe(1_234n);
    for (const bad of [1.005, -5, 1e21, Number.NaN, 'lots', null, undefined, {}]) expect(centavosOfProviderNumber(bad), String(bad)).toBeNull();
  });

  it('compares callback tokens in constant time, refusing missing, empty and other tokens of any length', () => {
    expect(tokenMatches('secret-token', 'secret-token')).toBe(true);
    for (const bad of [undefined, '', 'secret-tokem', 'secret-token ', 's', ['secret-token']])
      expect(tokenMatches(bad, 'secret-token'), String(bad)).toBe(false);
    expect(tokenMatches('anything', '')).toBe(false);
  });

  it('parses the documented payment callbacks, and refuses garbage', () => {
    const now = new Date('2026-11-22T04:00:00Z');
    const ok = parseXenditPaymentCallback(
      {
        event: 'payment.succeeded',
        data: { id: 'py-1', payment_request_id: 'pr-1', reference_id: 'TAPAT-C000001', amount: 500.25, currency: 'PHP', status: 'SUCCEEDED' },
      },
      now,
    );
    expect(ok).toMatchObject({
      provider: 'XENDIT',
      source: 'CALLBACK',
      kind: 'SUCCEEDED',
      providerPaymentId: 'pr-1',
      referenceId: 'TAPAT-C000001',
      amount: 50_025n,
      paidAt: now,
    });
    expect(parseXenditPaymentCallback({ event: 'payment.failed', data: { payment_request_id: 'pr-1', status: 'FAILED' } }, now)?.kind).toBe('FAILED');
    expect(parseXenditPaymentCallback({ event: 'payment_request.expiry', data: { id: 'pr-2', status: 'EXPIRED' } }, now)).toMatchObject({
      kind: 'EXPIRED',
      providerPaymentId: 'pr-2',
    });
    expect(parseXenditPaymentCallback({ event: 'payment.awaiting_capture', data: { payment_request_id: 'pr-1', status: 'AWAITING_CAPTURE' } }, now)).toBeNull();
    for (const garbage of [
      null,
      'text',
      {},
      { event: 'payment.succeeded' },
      { event: 'payment.succeeded', data: { payment_request_id: 'pr-1', status: 'SUCCEEDED', amount: 'x' } },
    ])
      expect(() => parseXenditPaymentCallback(garbage, now), JSON.stringify(garbage)).toThrow();
  });
});

describe("Xendit's e-wallet checkout address", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const provider = xenditCollectionProvider({
    baseUrl: 'https://xendit.test',
    secretKey: 'k',
    callbackToken: 't',
    timeoutMs: 1000,
    returnUrl: 'https://tapat.test/loan',
  });
  const order = {
    id: 'a1b2c3',
    reference: 'TAPAT-C000001',
    amount: 50_000n,
    method: 'EWALLET' as const,
    channelCode: 'GCASH' as const,
    customerName: 'Juan Dela Cruz',
    expiresAt: new Date('2026-11-23T04:00:00Z'),
  };
  const answering = (url: string) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ id: 'pr-1', status: 'REQUIRES_ACTION', actions: [{ action: 'AUTH', url_type: 'WEB', method: 'GET', url }] }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );

  it('keeps an https checkout address', async () => {
    answering('https://checkout.xendit.test/pr-1');
    const created = await provider.create(order, new Date('2026-11-22T04:00:00Z'));
    expect(created.instructions.checkoutUrl).toBe('https://checkout.xendit.test/pr-1');
  });

  // The member's page renders it as a link: a javascript: or data: address would run in their session.
  for (const url of [
    'javascript:alert(document.cookie)',
    'JavaScript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'http://checkout.xendit.test/pr-1',
    ' https://x.test',
  ]) {
    it(`never keeps ${JSON.stringify(url)} as the checkout address: no instructions, a provider fault`, async () => {
      answering(url);
      await expect(provider.create(order, new Date('2026-11-22T04:00:00Z'))).rejects.toThrow(/no payment instructions/);
    });
  }
});
