import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelPaymentEvents, payoutCallbacks } from '../../src/server/db/schema';
import { createTestApp, type TestApp } from '../fixtures/app';

/**
 * The providers' callbacks are one route per capability, the provider named in the path (decision
 * 079): the registry's adapter verifies and reads the body. A provider that does not call back, or
 * no provider of that name, is 404 before anything is read or recorded; a wrong token 401.
 */
const TOKEN = 'callback-token-of-the-fake-dashboard-0123456789';
let t: TestApp;

beforeAll(async () => {
  // Xendit's keys are configured (its callbacks verify) while the simulated providers serve: no call leaves this machine.
  t = await createTestApp({}, { XENDIT_SECRET_KEY: 'xnd_development_unused', XENDIT_CALLBACK_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
});

function callback(provider: string, capability: 'payments' | 'payouts', token: string | null, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/callbacks/${provider}/${capability}`,
    payload,
    headers: token === null ? {} : { 'x-callback-token': token },
  });
}

describe('one callback route per capability', () => {
  it('answers 404 for a provider that does not call back or does not exist, whatever the token, and records nothing', async () => {
    for (const provider of ['simulated', 'manual', 'paymongo', 'xendit-x'])
      for (const capability of ['payments', 'payouts'] as const) {
        const res = await callback(provider, capability, TOKEN, { event: 'payment.succeeded', data: {} });
        expect([res.statusCode, res.json().error.code], `${provider}/${capability}`).toEqual([404, 'NOT_FOUND']);
      }
    // A name the path schema refuses (not lower case letters, digits and dashes): 400 before any lookup.
    for (const provider of ['XENDIT', 'a%20b']) {
      const odd = await callback(provider, 'payments', TOKEN, {});
      expect([odd.statusCode, odd.json().error.code], provider).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await t.deps.db.select().from(channelPaymentEvents)).toEqual([]);
    expect(await t.deps.db.select().from(payoutCallbacks)).toEqual([]);
  });

  it("verifies Xendit's token before reading the body (401), then reads it (400 for garbage, 200 for an event it ignores)", async () => {
    for (const capability of ['payments', 'payouts'] as const) {
      for (const token of [null, '', `${TOKEN}x`]) {
        const res = await callback('xendit', capability, token, { nonsense: true });
        expect([res.statusCode, res.json().error.code], `${capability} ${token}`).toEqual([401, 'CALLBACK_UNVERIFIED']);
      }
    }
    const garbage = await callback('xendit', 'payouts', TOKEN, { nonsense: true });
    expect([garbage.statusCode, garbage.json().error.code]).toEqual([400, 'BAD_REQUEST']);
    const ignored = await callback('xendit', 'payments', TOKEN, { event: 'capture.succeeded', data: { id: 'x' } });
    expect([ignored.statusCode, ignored.json()]).toEqual([200, { received: true, outcome: 'IGNORED' }]);
  });
});
