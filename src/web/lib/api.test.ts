import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '../../shared/api/define';
import { identityApi } from '../../shared/api/identity';
import { withdrawalsApi } from '../../shared/api/withdrawals';
import { ApiError, call } from './api';

/** A fetch that answers once with this status and JSON body, recording what it was asked. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(
    async (_url: string, _init: RequestInit) =>
      new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
afterEach(() => {
  vi.unstubAllGlobals();
});

const view = {
  id: 'w1',
  amount: '1000.00',
};

const probe = defineRoute({
  method: 'POST',
  path: '/probe/:id',
  summary: 'a test route',
  tags: ['test'],
  auth: 'session',
  params: z.object({ id: z.string() }),
  query: z.object({ page: z.number().optional(), status: z.string().optional() }),
  body: z.object({ amount: z.string() }),
  response: { 200: z.object({ id: z.string(), amount: z.string() }) },
  errors: [],
});

describe('call(route)', () => {
  it('offline, neither imports a lazily loaded route nor asks the API: FETCH_ERROR at once', async () => {
    const fetch = answer(200, view);
    vi.stubGlobal('navigator', { onLine: false });
    const route = vi.fn(async () => probe);
    const error = await call(route, { params: { id: 'w1' }, body: { amount: '1.00' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'FETCH_ERROR' });
    expect(route).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    // Online again: the same call is sent.
    vi.stubGlobal('navigator', { onLine: true });
    await expect(call(route, { params: { id: 'w1' }, body: { amount: '1.00' } })).resolves.toEqual(view);
    expect(route).toHaveBeenCalledTimes(1);
  });

  it('sends the method, the path with its parameters encoded, the query and the body; answers the checked result', async () => {
    const fetch = answer(200, { ...view, extra: 'dropped by the schema' });
    const result = await call(probe, { params: { id: 'a/b' }, query: { page: 2, status: undefined }, body: { amount: '1000.00' }, idempotencyKey: 'k-1' });
    expect(result).toEqual(view);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/probe/a%2Fb?page=2');
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ amount: '1000.00' }));
    expect((init.headers as Record<string, string>)['idempotency-key']).toBe('k-1');
  });

  it('refuses an answer that does not match the response schema: PARSING_ERROR, never the data', async () => {
    answer(200, { id: 'w1', amount: 1000 });
    const refused = await call(probe, { params: { id: 'w1' }, body: { amount: '1.00' } }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('PARSING_ERROR');
    expect((refused as ApiError).status).toBe(200);
  });

  it('refuses a success status the route does not declare', async () => {
    answer(201, view);
    await expect(call(probe, { params: { id: 'w1' }, body: { amount: '1.00' } })).rejects.toMatchObject({ code: 'PARSING_ERROR', status: 201 });
  });

  it("keeps the API's errors: code, message and fields from the body", async () => {
    answer(409, { error: { code: 'WITHDRAWAL_STATE', message: 'Not now.', fields: { code: 'Invalid OTP' } } });
    await expect(call(withdrawalsApi.cancel, { params: { id: 'w1' } })).rejects.toMatchObject({
      status: 409,
      code: 'WITHDRAWAL_STATE',
      message: 'Not now.',
      fields: { code: 'Invalid OTP' },
    });
  });

  it('answers null for a 204 route, and takes a route that is imported lazily', async () => {
    const fetch = answer(204, null);
    await expect(call(async () => identityApi.logout)).resolves.toBeNull();
    expect(fetch.mock.calls[0]![0]).toBe('/api/auth/logout');
    expect(fetch.mock.calls[0]![1].method).toBe('POST');
  });

  it("fills the path's parameters encoded, and hands on a resent code's times as the server answered them", async () => {
    const times = { expiresAt: '2026-11-24T10:05:00.000Z', resendAvailableAt: '2026-11-24T10:01:00.000Z' };
    const fetch = answer(200, times);
    await expect(call(withdrawalsApi.resendCode, { params: { id: 'w 1' } })).resolves.toEqual(times);
    expect(fetch.mock.calls[0]![0]).toBe('/api/withdrawals/w%201/code');
    expect(fetch.mock.calls[0]![1].method).toBe('POST');
  });

  it("keeps a refusal's Retry-After (a code asked for too soon)", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Please wait' } }), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': '42' },
          }),
      ),
    );
    const refusal = await call(withdrawalsApi.resendCode, { params: { id: 'w1' } }).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).retryAfterSeconds).toBe(42);
  });
});
