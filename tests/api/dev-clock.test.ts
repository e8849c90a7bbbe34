import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { isAdjustableClock, MINUTE } from '../../src/server/clock';
import { DEV_CLOCK_MAX_ADVANCE_MS, devClockResponseSchema } from '../../src/shared/schemas/dev';
import { post, registrationBody } from './identity-helpers';

/** POST /api/dev/clock from this machine (inject's default address is 127.0.0.1). */
function advance(t: Pick<TestApp, 'app'>, payload: unknown, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: payload as Record<string, unknown>, ...(remoteAddress ? { remoteAddress } : {}) });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('dev clock (development and tests)', () => {
  it("tells the server's time and moves it forward; the server's rules follow it", async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/dev/clock' });
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('no-store');
    const read = devClockResponseSchema.parse(before.json());
    expect(read.now).toBe(t.clock.now().toISOString());

    // One code a minute per phone: refused now, sent once the clock has moved a minute on.
    const body = registrationBody();
    const started = await post(t, '/api/auth/register', body);
    expect(started.statusCode, started.body).toBe(201);
    const cookie = String(started.headers['set-cookie']).split(';')[0]!;
    expect((await post(t, '/api/auth/register/resend', undefined, cookie)).statusCode).toBe(429);

    const moved = await advance(t, { advanceMs: MINUTE });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toEqual({ now: new Date(Date.parse(read.now) + MINUTE).toISOString(), offsetMs: read.offsetMs + MINUTE });
    expect(t.clock.now().toISOString()).toBe(moved.json().now);
    const resent = await post(t, '/api/auth/register/resend', undefined, cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    // Every answer's Date header is the server's clock (the web app counts down by it).
    expect(resent.headers.date).toBe(t.clock.now().toUTCString());
  });

  it('moves only forward, by a positive whole number of milliseconds up to the bound', async () => {
    const at = t.clock.now().toISOString();
    for (const payload of [
      { advanceMs: 0 },
      { advanceMs: -1000 },
      { advanceMs: 1.5 },
      { advanceMs: '60000' },
      { advanceMs: DEV_CLOCK_MAX_ADVANCE_MS + 1 },
      {},
      { advanceMs: 1000, to: 'x' },
    ]) {
      const res = await advance(t, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect(t.clock.now().toISOString(), 'the clock did not move').toBe(at);
    expect((await advance(t, { advanceMs: DEV_CLOCK_MAX_ADVANCE_MS })).statusCode).toBe(200);
  });

  it('answers only this machine (the socket address, not X-Forwarded-For)', async () => {
    const at = t.clock.now().toISOString();
    for (const remoteAddress of ['10.0.0.7', '192.168.1.20', '::ffff:10.0.0.7', '2001:db8::1']) {
      const get = await t.app.inject({ method: 'GET', url: '/api/dev/clock', remoteAddress });
      expect(get.statusCode, remoteAddress).toBe(404);
      expect(get.json().error.code).toBe('NOT_FOUND');
      // Refused before the body is read: an invalid body is not even validated.
      expect((await advance(t, { advanceMs: 60_000 }, remoteAddress)).statusCode).toBe(404);
      expect((await advance(t, { advanceMs: -1 }, remoteAddress)).statusCode).toBe(404);
    }
    const forwarded = await t.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      payload: { advanceMs: 1000 },
      remoteAddress: '10.0.0.7',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(forwarded.statusCode).toBe(404);
    expect(t.clock.now().toISOString()).toBe(at);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/dev/clock', remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
  });

  it('is documented in OpenAPI under the dev tag', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/dev/clock'].get.tags).toEqual(['dev']);
    expect(doc.paths['/api/dev/clock'].post.tags).toEqual(['dev']);
  });
});

describe('the default clock', () => {
  let database: Awaited<ReturnType<typeof openDatabase>>;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(async () => database.close());

  it('is the system time plus an offset in development: the server starts on time and POST moves it forward', async () => {
    const config = loadConfig({ NODE_ENV: 'development', SERVE_WEB: 'false', LOG_LEVEL: 'silent' });
    const { app, deps } = await buildApp({ config, database, logger: false });
    try {
      const read = devClockResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/dev/clock' })).json());
      expect(read.offsetMs).toBe(0);
      expect(Math.abs(Date.parse(read.now) - Date.now())).toBeLessThan(5_000);
      const moved = devClockResponseSchema.parse((await advance({ app }, { advanceMs: 3 * MINUTE })).json());
      expect(moved.offsetMs).toBe(3 * MINUTE);
      expect(Math.abs(deps.clock.now().getTime() - (Date.now() + 3 * MINUTE))).toBeLessThan(5_000);
    } finally {
      await app.close();
    }
  });

  it('is the system clock in production, where no clock API is registered', async () => {
    // Production's settings, as loadConfig makes them from NODE_ENV=production (no movable clock, no dev tools).
    const config = loadConfig({ NODE_ENV: 'test', SERVE_WEB: 'false', LOG_LEVEL: 'silent' }, { env: 'production', production: true, devTools: false });
    expect(config.devTools).toBe(false);
    const { app, deps } = await buildApp({ config, database, logger: false });
    try {
      expect(isAdjustableClock(deps.clock), 'production time cannot be moved').toBe(false);
      for (const res of [await app.inject({ method: 'GET', url: '/api/dev/clock' }), await advance({ app }, { advanceMs: 60_000 })]) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
      }
      const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
      expect(doc.paths['/api/dev/clock']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('is not registered without devTools even when the clock can be moved', async () => {
    const off = await createTestApp({ devTools: false });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/dev/clock' })).statusCode).toBe(404);
      expect((await advance(off, { advanceMs: 60_000 })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
