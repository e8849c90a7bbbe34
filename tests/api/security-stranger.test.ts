import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { APPLICATION, apply, createActivatedMember, createStaff, expectLedgerSound, newKey } from '../fixtures/loans';
import { confirmWithdrawal, fundedMember, requestWithdrawal, withdrawalCode } from '../fixtures/withdrawals';
import { loadConfig } from '../../src/server/config';
import { freshPhone, registrationBody } from './identity-helpers';

/**
 * What a stranger (no account) or a member acting against another can do through the HTTP API,
 * from the sec-stranger audit: the client address every per-address limit counts is the one the
 * proxy saw, never one the client wrote into X-Forwarded-For; an Idempotency-Key another member
 * used never replays their answer.
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

describe("another member's Idempotency-Key", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { PAYOUT_SETTLE_SECONDS: '20', PAYOUT_FAILURE_RATE: '0' });
  });
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('is a fresh key for me: a loan application, a withdrawal and its confirmation answer my own, never theirs', async () => {
    const approver = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
    const disburser = await createStaff(t, 'OFFICER', 'Officer Ben Lim');

    const key = newKey();
    const [x, y] = [await createActivatedMember(t), await createActivatedMember(t, { fullName: 'Jose Protacio Rizal' })];
    const theirs = await apply(t, x.cookie, { ...APPLICATION }, key);
    const mine = await apply(t, y.cookie, { ...APPLICATION }, key);
    expect(theirs.statusCode).toBe(201);
    expect(mine.statusCode, mine.body).toBe(201);
    expect(mine.headers['idempotent-replayed']).not.toBe('true');
    expect(mine.json().loan.id).not.toBe(theirs.json().loan.id);

    const a = await fundedMember(t, approver, disburser);
    const b = await fundedMember(t, approver, disburser);
    const requestKey = newKey();
    const first = await requestWithdrawal(t, a.cookie, '500.00', requestKey);
    expect(first.statusCode).toBe(201);
    const second = await requestWithdrawal(t, b.cookie, '500.00', requestKey);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('false');
    expect(second.json().id).not.toBe(first.json().id);

    const confirmKey = newKey();
    const confirmed = await confirmWithdrawal(t, a.cookie, first.json().id, await withdrawalCode(t, a.phone), confirmKey);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // B replays A's confirmation (same key, same body): it is B's request, about a withdrawal B cannot see.
    const replayed = await confirmWithdrawal(t, b.cookie, first.json().id, await withdrawalCode(t, a.phone), confirmKey);
    expect(replayed.statusCode).toBe(404);
    expect(replayed.json().error.code).toBe('NOT_FOUND');
  });
});
