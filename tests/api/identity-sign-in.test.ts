import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { sessions, signInAttempts } from '../../src/server/db/schema';
import { DAY, HOUR, MINUTE } from '../../src/server/clock';
import { errors } from '../../src/shared/i18n/en/errors';
import { validation } from '../../src/shared/i18n/en/validation';
import { cookieFor, freshPhone, getSession, post, registerMember, setCookieOf, signIn } from './identity-helpers';
import { translateEn } from '../../src/shared/i18n/lookup';

let t: TestApp;
let member: Awaited<ReturnType<typeof registerMember>>;
let other: Awaited<ReturnType<typeof registerMember>>;
beforeAll(async () => {
  t = await createTestApp();
  member = await registerMember(t);
  other = await registerMember(t, { fullName: 'Maria Clara Santos' });
});
afterAll(async () => t.close());

const GENERIC = { error: { code: 'INVALID_CREDENTIALS', message: 'Incorrect phone number or password.' } };
const tokenOf = (setCookie: string | undefined) => setCookie?.split(';')[0]?.split('=')[1];

describe('sign-in', () => {
  it('signs in with the national or E.164 number and answers the user', async () => {
    for (const phone of [member.body.phone as string, member.phone]) {
      const res = await signIn(t, phone, member.password);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ user: { fullName: 'Juan Dela Cruz', phone: member.phone, role: 'MEMBER', accountState: 'PERSONAL_INFO', language: 'en' } });
    }
  });

  it('answers the same generic refusal for an unknown phone and for a wrong password', async () => {
    const unknown = await signIn(t, freshPhone().national, member.password);
    const wrong = await signIn(t, member.phone, `${member.password}x`);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(GENERIC);
    expect(wrong.json()).toEqual(GENERIC);
    expect(unknown.headers['set-cookie']).toBeUndefined();
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('checks the fields: phone rule, a password is required, unknown fields refused', async () => {
    const badPhone = await post(t, '/api/auth/login', { phone: '12345', password: 'whatever' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields).toEqual({ phone: translateEn('validation.phone') });
    const noPassword = await post(t, '/api/auth/login', { phone: member.phone, password: '' });
    expect(noPassword.json().error.fields).toEqual({ password: validation.passwordRequired });
    const extra = await post(t, '/api/auth/login', { phone: member.phone, password: member.password, userId: 'x' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toEqual({ userId: validation.unknownField });
    const notBool = await post(t, '/api/auth/login', { phone: member.phone, password: member.password, remember: 'yes' });
    expect(notBool.statusCode).toBe(400);
    expect(Object.keys(notBool.json().error.fields)).toEqual(['remember']);
  });

  it('records each attempt in the database', async () => {
    const { e164 } = freshPhone();
    await signIn(t, e164, 'Wrong-Password-1', false, '192.0.2.50');
    const rows = await t.deps.db.select().from(signInAttempts).where(eq(signInAttempts.phone, e164));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: '192.0.2.50', succeeded: false });
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, not Secure outside production, and ends with the browser without Remember me', async () => {
    const res = await signIn(t, member.phone, member.password, false);
    const c = setCookieOf(res, 'tapat_sid');
    expect(c).toBeDefined();
    expect(c).toMatch(/; HttpOnly/i);
    expect(c).toMatch(/; SameSite=Lax/i);
    expect(c).toMatch(/; Path=\/(;|$)/);
    expect(c).not.toMatch(/Secure/i);
    expect(c).not.toMatch(/Expires|Max-Age/i);
    expect(tokenOf(c)!.length).toBeGreaterThanOrEqual(40);
  });

  it('lasts 30 days with Remember me', async () => {
    const res = await signIn(t, member.phone, member.password, true);
    const c = setCookieOf(res, 'tapat_sid')!;
    const expires = c.match(/Expires=([^;]+)/i)?.[1];
    expect(expires).toBeDefined();
    const delta = new Date(expires!).getTime() - t.clock.now().getTime();
    expect(Math.abs(delta - 30 * DAY)).toBeLessThan(2000);
    expect(c).toMatch(/; HttpOnly/i);
    expect(c).toMatch(/; SameSite=Lax/i);
  });

  it('is Secure in production', async () => {
    const prod = await createTestApp({ production: true, devTools: false });
    try {
      // The code is read from the outbox table: the outbox API does not exist in production.
      const m = await registerMember(prod);
      const res = await signIn(prod, m.phone, m.password, true);
      expect(res.statusCode).toBe(200);
      expect(setCookieOf(res, 'tapat_sid')).toMatch(/; Secure/i);
      expect(setCookieOf(res, 'tapat_sid')).toMatch(/; HttpOnly/i);
      // The device cookie too (decision 050).
      expect(setCookieOf(res, 'tapat_dev')).toMatch(/; Secure/i);
      const logout = await post(prod, '/api/auth/logout', undefined, cookieFor(res, 'tapat_sid'));
      expect(setCookieOf(logout, 'tapat_sid')).toMatch(/; Secure/i);
    } finally {
      await prod.close();
    }
  });

  it('gets a new session id at every sign-in, even when a session cookie is sent along', async () => {
    const a = await signIn(t, member.phone, member.password);
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone: member.phone, password: member.password },
      headers: { cookie: cookieFor(a, 'tapat_sid') },
    });
    const ta = tokenOf(setCookieOf(a, 'tapat_sid'));
    const tb = tokenOf(setCookieOf(b, 'tapat_sid'));
    expect(ta).toBeDefined();
    expect(tb).toBeDefined();
    expect(ta).not.toBe(tb);
    // Only hashes of tokens are stored.
    const stored = await t.deps.db.select({ id: sessions.id }).from(sessions);
    expect(stored.map((s) => s.id)).not.toContain(ta);
    expect(stored.map((s) => s.id)).not.toContain(tb);
  });
});

describe('session and sign-out', () => {
  it('GET /api/auth/session answers {user: null} without a session (not an error: nobody is signed in)', async () => {
    const res = await getSession(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect((await getSession(t, 'tapat_sid=forged-token')).json().user).toBeNull();
  });

  it('sign-out revokes the session: the old cookie gets 401 afterwards', async () => {
    const res = await signIn(t, member.phone, member.password, true);
    const cookie = cookieFor(res, 'tapat_sid');
    expect((await getSession(t, cookie)).json().user).not.toBeNull();
    const out = await post(t, '/api/auth/logout', undefined, cookie);
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect(setCookieOf(out, 'tapat_sid')).toMatch(/tapat_sid=;/);
    expect(setCookieOf(out, 'tapat_sid')).toMatch(/Path=\//);
    expect((await getSession(t, cookie)).json().user).toBeNull();
    // Signing out again, or without a session, is still 204.
    expect((await post(t, '/api/auth/logout', undefined, cookie)).statusCode).toBe(204);
    expect((await post(t, '/api/auth/logout')).statusCode).toBe(204);
  });

  it('sign-out revokes only that session', async () => {
    const a = cookieFor(await signIn(t, member.phone, member.password), 'tapat_sid');
    const b = cookieFor(await signIn(t, member.phone, member.password), 'tapat_sid');
    await post(t, '/api/auth/logout', undefined, a);
    expect((await getSession(t, a)).json().user).toBeNull();
    expect((await getSession(t, b)).json().user).not.toBeNull();
  });

  it('a session without Remember me expires after 12 hours idle, sliding while used', async () => {
    const cookie = cookieFor(await signIn(t, member.phone, member.password, false), 'tapat_sid');
    t.clock.advance(11 * HOUR);
    expect((await getSession(t, cookie)).json().user).not.toBeNull();
    t.clock.advance(11 * HOUR);
    expect((await getSession(t, cookie)).json().user).not.toBeNull();
    t.clock.advance(12 * HOUR + MINUTE);
    expect((await getSession(t, cookie)).json().user).toBeNull();
  });

  it('a session without Remember me, used every 11 hours, still ends 30 days after sign-in', async () => {
    const cookie = cookieFor(await signIn(t, member.phone, member.password, false), 'tapat_sid');
    // 65 x 11 hours = 29 days 19 hours: still signed in.
    for (let i = 0; i < 65; i += 1) {
      t.clock.advance(11 * HOUR);
      expect((await getSession(t, cookie)).json().user, `after ${(i + 1) * 11} hours`).not.toBeNull();
    }
    // 30 days after sign-in, though it was used 11 hours ago.
    t.clock.advance(5 * HOUR + MINUTE);
    expect((await getSession(t, cookie)).json().user).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: '/api/wallet', headers: { cookie } })).statusCode).toBe(401);
  });

  it('a remembered session survives 12 hours idle and ends after 30 days', async () => {
    const cookie = cookieFor(await signIn(t, member.phone, member.password, true), 'tapat_sid');
    t.clock.advance(13 * HOUR);
    expect((await getSession(t, cookie)).json().user).not.toBeNull();
    t.clock.advance(30 * DAY);
    expect((await getSession(t, cookie)).json().user).toBeNull();
  });
});

describe('identity comes from the session cookie only', () => {
  it("GET /api/auth/session answers the cookie's user whatever the query says", async () => {
    const cookie = cookieFor(await signIn(t, member.phone, member.password), 'tapat_sid');
    const q = new URLSearchParams({ phone: other.phone, phoneNumber: other.phone, myPhoneNumber: other.phone, userId: 'x' });
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/session?${q}`, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.phone).toBe(member.phone);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/auth/session?${q}` });
    expect(anonymous.json()).toEqual({ user: null });
  });

  it('refuses identity fields in the bodies of session-bound routes', async () => {
    const cookie = cookieFor(await signIn(t, member.phone, member.password), 'tapat_sid');
    const out = await post(t, '/api/auth/logout', { phone: other.phone }, cookie);
    expect(out.statusCode).toBe(400);
    expect(out.json().error.fields).toEqual({ phone: validation.unknownField });
    const outId = await post(t, '/api/auth/logout', { userId: 'x', sessionId: 'y' }, cookie);
    expect(outId.json().error.fields).toEqual({ userId: validation.unknownField, sessionId: validation.unknownField });
    expect((await getSession(t, cookie)).json().user).not.toBeNull();
  });
});

describe('sign-in limits', () => {
  it('locks a phone for 15 minutes after 5 failures, even with the right password', async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(30_000);
      const res = await signIn(t, m.phone, 'Wrong-Password-1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(GENERIC);
    }
    const locked = await signIn(t, m.phone, m.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: { code: 'SIGN_IN_LOCKED', message: 'Too many failed sign-in attempts for this phone number. Please try again in 15 minutes.' },
    });
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    expect(locked.headers['set-cookie']).toBeUndefined();

    // Still locked just before 15 minutes from the 5th failure; tries while locked do not extend it.
    t.clock.advance(15 * MINUTE - 1000);
    const stillLocked = await signIn(t, m.phone, m.password);
    expect(stillLocked.statusCode).toBe(429);
    expect(Number(stillLocked.headers['retry-after'])).toBe(1);
    t.clock.advance(1000);
    const released = await signIn(t, m.phone, m.password);
    expect(released.statusCode).toBe(200);
    // Other phones were never affected.
    expect((await signIn(t, other.phone, other.password)).statusCode).toBe(200);
  });

  it('holds the limit under parallel guesses: five failures, then refusals', async () => {
    const m = await registerMember(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => signIn(t, m.phone, 'Wrong-Password-1')));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(429);
    t.clock.advance(15 * MINUTE);
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(200);
  });

  it('does not lock for failures spread wider than 15 minutes, and a success resets the count', async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 6; i++) {
      expect((await signIn(t, m.phone, 'Wrong-Password-1')).statusCode).toBe(401);
      t.clock.advance(4 * MINUTE);
    }
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(t, m.phone, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(t, m.phone, 'Wrong-Password-1')).statusCode).toBe(401);
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(200);
  });

  it('locks an unknown phone the same way (no enumeration)', async () => {
    const { e164 } = freshPhone();
    for (let i = 0; i < 5; i++) expect((await signIn(t, e164, 'Wrong-Password-1')).statusCode).toBe(401);
    const locked = await signIn(t, e164, 'Wrong-Password-1');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('SIGN_IN_LOCKED');
  });

  it('refuses an address after 30 failures in 15 minutes, across phones', async () => {
    const ip = '203.0.113.9';
    t.clock.advance(HOUR);
    // Eight phones, at most four failures each: no phone is locked, the address is.
    const phones = Array.from({ length: 8 }, () => freshPhone().e164);
    for (let i = 0; i < 30; i++) {
      const res = await signIn(t, phones[Math.floor(i / 4)]!, 'Wrong-Password-1', false, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    const refused = await signIn(t, member.phone, member.password, false, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: { code: 'RATE_LIMITED', message: errors.RATE_LIMITED } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await signIn(t, member.phone, member.password, false, '203.0.113.10')).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await signIn(t, member.phone, member.password, false, ip)).statusCode).toBe(200);
  });
});
