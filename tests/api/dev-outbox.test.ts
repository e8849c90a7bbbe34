import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { outboxResponseSchema } from '../../src/shared/schemas/auth';
import { devApi } from '../../src/shared/api/dev';
import { latestCode, post, registrationBody } from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('dev outbox (embedded mode)', () => {
  it('lists the messages newest first, so a person trying the app can read their code', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ messages: [], nextCursor: null });

    const first = registrationBody();
    await post(t, '/api/auth/register', first);
    await new Promise((r) => setTimeout(r, 5));
    const second = registrationBody();
    await post(t, '/api/auth/register', second);

    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { messages } = outboxResponseSchema.parse(res.json());
    expect(messages).toHaveLength(2);
    const e164 = (n: unknown) => `+63${String(n).replace(/^0/, '')}`;
    expect(messages.map((m) => m.recipient)).toEqual([e164(second.phone), e164(first.phone)]);
    expect(messages[0]).toMatchObject({ channel: 'SMS', subject: null });
    expect(messages[0]!.body).toContain(await latestCode(t, e164(second.phone)));
    expect(new Date(messages[0]!.createdAt).getTime()).toBeGreaterThanOrEqual(new Date(messages[1]!.createdAt).getTime());
  });

  it('pages by cursor, newest first: each message once; a garbled cursor is a 400', async () => {
    const whole = outboxResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json());
    expect(whole.nextCursor).toBeNull();
    const first = outboxResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/api/dev/outbox?limit=1' })).json());
    expect(first.messages.map((m) => m.id)).toEqual([whole.messages[0]!.id]);
    const second = outboxResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/api/dev/outbox?limit=1&cursor=${first.nextCursor!}` })).json());
    expect(second.messages.map((m) => m.id)).toEqual([whole.messages[1]!.id]);
    expect(second.nextCursor).toBeNull();
    for (const cursor of ['abc', "x' or 1=1 --"]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/dev/outbox?cursor=${encodeURIComponent(cursor)}` })).statusCode).toBe(400);
    }
  });

  it('is documented in OpenAPI under the dev tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/dev/outbox'].get.tags).toEqual(['dev']);
  });
});

describe('production mode', () => {
  it('has no outbox API', async () => {
    for (const overrides of [{ devTools: false }, { production: true, devTools: false }]) {
      const prod = await createTestApp(overrides);
      try {
        await post(prod, '/api/auth/register', registrationBody());
        const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
        const doc = (await prod.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
        expect(doc.paths['/api/dev/outbox']).toBeUndefined();
      } finally {
        await prod.close();
      }
    }
  });

  it('has none of the development routes (outbox, clock, servicing run), even from this machine', async () => {
    const prod = await createTestApp({ production: true, devTools: false });
    try {
      const doc = (await prod.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      for (const route of Object.values(devApi)) {
        const url = `/api${route.path}`;
        const res = await prod.app.inject({
          method: route.method,
          url,
          remoteAddress: '127.0.0.1',
          ...(route.method === 'POST' ? { payload: { advanceMs: 60_000 } } : {}),
        });
        expect(res.statusCode, `${route.method} ${url}`).toBe(404);
        expect(doc.paths[url], url).toBeUndefined();
      }
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/dev'))).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
