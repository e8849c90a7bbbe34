import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { loadConfig } from '../../src/server/config';
import { freshPhone, registrationBody } from './identity-helpers';

/**
 * What a stranger (no account) can do through the HTTP API, found by the sec-stranger audit and
 * kept here: the client address every per-address limit counts is the one the proxy saw, never
 * one the client wrote into X-Forwarded-For.
 */

/** A request as the reverse proxy forwards it: the client's own X-Forwarded-For, then the address the proxy saw (appended). */
function viaProxy(clientSays: string | null, seenByProxy: string): Record<string, string> {
  return { 'x-forwarded-for': clientSays ? `${clientSays}, ${seenByProxy}` : seenByProxy };
}

const PROXY = '10.0.0.5';

describe('behind a trusted reverse proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { TRUST_PROXY: 'true', OTP_ANON_PER_ADDRESS_HOURLY: '3' });
  });
  afterAll(async () => t.close());

  const login = (headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone: freshPhone().e164, password: 'Wrong-Password-1' },
      remoteAddress: PROXY,
      headers,
    });

  it('limits sign-in failures by the address the proxy saw, whatever X-Forwarded-For the client wrote', async () => {
    const attacker = '203.0.113.66';
    for (let i = 0; i < 30; i++) {
      const res = await login(viaProxy(`198.18.${i}.${i + 1}`, attacker));
      expect(res.statusCode, res.body).toBe(401);
    }
    const blocked = await login(viaProxy('198.18.200.1', attacker));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    // Another client behind the same proxy is not held back by the attacker's failures.
    expect((await login(viaProxy(null, '203.0.113.67'))).statusCode).toBe(401);
  });

  it('counts anonymous code sends against the address the proxy saw (SMS pumping)', async () => {
    const attacker = '203.0.113.77';
    const register = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registrationBody(), remoteAddress: PROXY, headers });
    for (let i = 0; i < 3; i++) expect((await register(viaProxy(`198.19.${i}.1`, attacker))).statusCode).toBe(201);
    const fourth = await register(viaProxy('198.19.99.1', attacker));
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default; true trusts one proxy hop; a number of hops or the proxies addresses may be given; anything else fails at start', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/8, 192.168.1.4' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.4']);
    for (const bad of ['yes', '0', '-1', '10.0.0.0/99', 'proxy.example.com', '']) {
      expect(() => loadConfig({ NODE_ENV: 'test', TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
