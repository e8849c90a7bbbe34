import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { trustedDevices, users } from '../../src/server/db/schema';
import { DAY, MINUTE } from '../../src/server/clock';
import { DEVICES_PER_USER } from '../../src/server/sessions/devices';
import { errors } from '../../src/shared/i18n/en/errors';
import { cookieFor, freshPhone, latestCode, post, registerMember, setCookieOf, smsTo } from './identity-helpers';

/**
 * Decision 050: device cookies. Strangers who know a member's phone number can lock anonymous
 * sign-in of that phone and spend its anonymous reset budget, but not the member's own browser
 * (a device cookie issued to that member); that browser has limits of its own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Member = Awaited<ReturnType<typeof registerMember>>;

let stranger = 0;
/** A new address for a stranger's request: the per-address limits are not what these tests are about. */
const strangerAddress = () => `198.51.100.${(stranger = (stranger % 250) + 1)}`;

function signIn(phone: string, password: string, cookie?: string, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { phone, password },
    headers: cookie ? { cookie } : {},
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

function recoveryStart(phone: string, cookie?: string, remoteAddress = strangerAddress()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/recovery/start', payload: { phone }, remoteAddress, headers: cookie ? { cookie } : {} });
}

/** Five wrong passwords for the phone from strangers (no cookie), each from its own address. */
async function strangersFail(phone: string): Promise<void> {
  for (let i = 0; i < 5; i++) {
    t.clock.advance(10_000);
    expect((await signIn(phone, 'Wrong-Password-1', undefined, strangerAddress())).statusCode).toBe(401);
  }
}

async function devicesOf(userId: string) {
  return t.deps.db.select().from(trustedDevices).where(eq(trustedDevices.userId, userId));
}

async function userIdOf(m: Member): Promise<string> {
  const [row] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, m.phone));
  return row!.id;
}

/** A well-formed device cookie that was never issued. */
const forged = () => `tapat_dev=${randomBytes(32).toString('base64url')}`;

describe('the device cookie', () => {
  it('is set at registration and at sign-in: HttpOnly, SameSite=Lax, for /api/auth, 180 days; only its hash is stored', async () => {
    const m = await registerMember(t);
    expect(m.device).toMatch(/^tapat_dev=[A-Za-z0-9_-]{43}$/);
    const res = await signIn(m.phone, m.password, m.device);
    expect(res.statusCode, res.body).toBe(200);
    const line = setCookieOf(res, 'tapat_dev')!;
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\/api\/auth(;|$)/);
    const expires = new Date(/Expires=([^;]+)/i.exec(line)![1]!).getTime();
    expect(Math.abs(expires - (t.clock.now().getTime() + 180 * DAY))).toBeLessThan(2000);

    // A new token at each sign-in; the one it replaces is forgotten. The rows hold a hash only.
    const token = cookieFor(res, 'tapat_dev').split('=')[1]!;
    expect(`tapat_dev=${token}`).not.toBe(m.device);
    const rows = await devicesOf(await userIdOf(m));
    expect(rows.map((r) => r.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
  });

  it('keeps the newest ten of a member', async () => {
    const m = await registerMember(t);
    for (let i = 0; i < DEVICES_PER_USER + 2; i++) {
      t.clock.advance(1000);
      expect((await signIn(m.phone, m.password)).statusCode).toBe(200);
    }
    expect(await devicesOf(await userIdOf(m))).toHaveLength(DEVICES_PER_USER);
  });
});

describe("strangers cannot lock a member's browser out of sign-in", () => {
  it("a stranger's five failures lock anonymous sign-in; the member's browser still signs in", async () => {
    const m = await registerMember(t);
    await strangersFail(m.phone);
    const anonymous = await signIn(m.phone, m.password, undefined, strangerAddress());
    expect(anonymous.statusCode).toBe(429);
    expect(anonymous.json()).toEqual({
      error: { code: 'SIGN_IN_LOCKED', message: 'Too many failed sign-in attempts for this phone number. Please try again in 15 minutes.' },
    });
    const mine = await signIn(m.phone, m.password, m.device);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(setCookieOf(mine, 'tapat_sid')).toBeDefined();
  });

  it("the device's own five failures lock it, for 15 minutes; the member's other browser is not locked", async () => {
    const m = await registerMember(t);
    const other = cookieFor(await signIn(m.phone, m.password), 'tapat_dev');
    for (let i = 0; i < 5; i++) {
      t.clock.advance(10_000);
      const res = await signIn(m.phone, 'Wrong-Password-1', m.device);
      expect(res.statusCode).toBe(401);
      expect(setCookieOf(res, 'tapat_dev')).toBeUndefined();
    }
    const locked = await signIn(m.phone, m.password, m.device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('SIGN_IN_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBe(15 * 60);
    expect(locked.headers['set-cookie']).toBeUndefined();
    // Its failures were failures of the phone too: anonymous sign-in is locked as before.
    expect((await signIn(m.phone, m.password, undefined, strangerAddress())).statusCode).toBe(429);
    // Another browser of the member counts only its own.
    expect((await signIn(m.phone, m.password, other)).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE);
    expect((await signIn(m.phone, m.password, m.device)).statusCode).toBe(200);
  });

  it("a forged cookie, or another member's, gives no exemption (and its failures count as a stranger's)", async () => {
    const m = await registerMember(t);
    const someoneElse = await registerMember(t, { fullName: 'Maria Clara Santos' });
    await strangersFail(m.phone);
    for (const cookie of [forged(), someoneElse.device, 'tapat_dev=not-a-token']) {
      const res = await signIn(m.phone, m.password, cookie, strangerAddress());
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('SIGN_IN_LOCKED');
    }
    // Failures made with another member's cookie lock that phone's anonymous sign-in like any stranger's.
    const n = await registerMember(t);
    for (let i = 0; i < 5; i++) expect((await signIn(n.phone, 'Wrong-Password-1', someoneElse.device, strangerAddress())).statusCode).toBe(401);
    expect((await signIn(n.phone, n.password, someoneElse.device, strangerAddress())).statusCode).toBe(429);
    expect((await signIn(n.phone, n.password, n.device)).statusCode).toBe(200);
    // The other member's own browser was never affected.
    expect((await signIn(someoneElse.phone, someoneElse.password, someoneElse.device)).statusCode).toBe(200);
  });

  it('an expired device cookie is no device', async () => {
    const m = await registerMember(t);
    t.clock.advance(181 * DAY);
    await strangersFail(m.phone);
    expect((await signIn(m.phone, m.password, m.device)).statusCode).toBe(429);
  });

  it('the per-address limit holds for the device too', async () => {
    const m = await registerMember(t);
    const address = '203.0.113.250';
    for (let i = 0; i < 30; i++) expect((await signIn(freshPhone().e164, 'Wrong-Password-1', undefined, address)).statusCode).toBe(401);
    const res = await signIn(m.phone, m.password, m.device, address);
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('RATE_LIMITED');
    t.clock.advance(15 * MINUTE);
  });
});

describe("strangers cannot spend the member's browser's reset codes", () => {
  async function strangersSpend(phone: string): Promise<void> {
    for (let i = 0; i < 5; i++) {
      expect((await recoveryStart(phone)).statusCode).toBe(202);
      t.clock.advance(MINUTE + 1000);
    }
    const sixth = await recoveryStart(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(errors.CODE_HOURLY_LIMIT);
  }

  it("after strangers spent the phone's budget, the member's browser is sent a code, and resets", async () => {
    const m = await registerMember(t);
    await strangersSpend(m.phone);
    const start = await recoveryStart(m.phone, m.device);
    expect(start.statusCode, start.body).toBe(202);
    const code = await latestCode(t, m.phone);
    const reset = await post(
      t,
      '/api/auth/recovery/reset',
      { code, password: 'Kalamansi-Tsokolate-77', confirmPassword: 'Kalamansi-Tsokolate-77' },
      cookieFor(start, 'tapat_rec'),
    );
    expect(reset.statusCode, reset.body).toBe(200);
    // The reset forgot every device of the member and binds this browser anew.
    const fresh = cookieFor(reset, 'tapat_dev');
    expect(fresh).toMatch(/^tapat_dev=/);
    const rows = await devicesOf(await userIdOf(m));
    expect(rows).toHaveLength(1);
    await strangersFail(m.phone);
    expect((await signIn(m.phone, 'Kalamansi-Tsokolate-77', m.device)).statusCode).toBe(429);
    expect((await signIn(m.phone, 'Kalamansi-Tsokolate-77', fresh)).statusCode).toBe(200);
  });

  it("the device's own budget holds: one a minute, five an hour", async () => {
    const m = await registerMember(t);
    const before = (await smsTo(t, m.phone)).length;
    for (let i = 0; i < 5; i++) {
      expect((await recoveryStart(m.phone, m.device)).statusCode).toBe(202);
      const again = await recoveryStart(m.phone, m.device);
      expect(again.statusCode).toBe(429);
      expect(again.headers['retry-after']).toBeDefined();
      t.clock.advance(MINUTE + 1000);
    }
    const sixth = await recoveryStart(m.phone, m.device);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(errors.CODE_HOURLY_LIMIT);
    expect((await smsTo(t, m.phone)).length - before).toBe(5);
    // The anonymous budget is its own: untouched by the device's requests.
    expect((await recoveryStart(m.phone)).statusCode).toBe(202);
  });

  it("a forged or another member's cookie spends nothing but the anonymous budget, and is refused with it", async () => {
    const m = await registerMember(t);
    const someoneElse = await registerMember(t, { fullName: 'Maria Clara Santos' });
    await strangersSpend(m.phone);
    for (const cookie of [forged(), someoneElse.device]) {
      const res = await recoveryStart(m.phone, cookie);
      expect(res.statusCode).toBe(429);
      expect(res.json().error.message).toBe(errors.CODE_HOURLY_LIMIT);
    }
    // The member's browser still can.
    expect((await recoveryStart(m.phone, m.device)).statusCode).toBe(202);
  });

  it('a device cookie answers a phone without an account exactly as no cookie does (no enumeration)', async () => {
    const m = await registerMember(t);
    const nobody = freshPhone().e164;
    const withCookie = await recoveryStart(nobody, m.device);
    const without = await recoveryStart(freshPhone().e164);
    expect([withCookie.statusCode, without.statusCode]).toEqual([202, 202]);
    expect(Object.keys(withCookie.headers).sort()).toEqual(Object.keys(without.headers).sort());
    // The unregistered phone's request went to its anonymous budget: a second within the minute is refused.
    const again = await recoveryStart(nobody, m.device);
    expect(again.statusCode).toBe(429);
    expect(await smsTo(t, nobody)).toEqual([]);
    t.clock.advance(MINUTE + 1000);
  });
});

describe('a password change keeps only the browser that made it', () => {
  it("the other browsers' device cookies are forgotten; this one's stays", async () => {
    const m = await registerMember(t);
    const other = cookieFor(await signIn(m.phone, m.password), 'tapat_dev');
    const res = await post(
      t,
      '/api/auth/password',
      { currentPassword: m.password, newPassword: 'Kalamansi-Tsokolate-77', confirmPassword: 'Kalamansi-Tsokolate-77' },
      `${m.cookie}; ${m.device}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await devicesOf(await userIdOf(m))).toHaveLength(1);
    await strangersFail(m.phone);
    expect((await signIn(m.phone, 'Kalamansi-Tsokolate-77', other)).statusCode).toBe(429);
    expect((await signIn(m.phone, 'Kalamansi-Tsokolate-77', m.device)).statusCode).toBe(200);
  });

  it("strangers' lock does not stop the member changing their password from their browser", async () => {
    const m = await registerMember(t);
    await strangersFail(m.phone);
    const body = { currentPassword: m.password, newPassword: 'Kalamansi-Tsokolate-77', confirmPassword: 'Kalamansi-Tsokolate-77' };
    const withoutDevice = await post(t, '/api/auth/password', body, m.cookie);
    expect(withoutDevice.statusCode).toBe(429);
    const withDevice = await post(t, '/api/auth/password', body, `${m.cookie}; ${m.device}`);
    expect(withDevice.statusCode, withDevice.body).toBe(200);
  });
});

describe("the member's browser and the anonymous send budgets", () => {
  it('a device reset is held by the budget in all, not by the address or number block strangers spent', async () => {
    const u = await createTestApp({}, { OTP_ANON_PER_ADDRESS_HOURLY: '3', OTP_ANON_PER_PREFIX_HOURLY: '3', OTP_ANON_GLOBAL_HOURLY: '7' });
    try {
      const start = (phone: string, remoteAddress: string, cookie?: string) =>
        u.app.inject({ method: 'POST', url: '/api/auth/recovery/start', payload: { phone }, remoteAddress, headers: cookie ? { cookie } : {} });
      // The member's number is in block 917 555 (the registration's code: one of each budget).
      const m = await registerMember(u, { phone: '09175551001' });
      // A stranger at the member's address spends its budget and the block's.
      const shared = '203.0.113.77';
      expect((await start('+639175551002', shared)).statusCode).toBe(202);
      expect((await start('+639175551003', shared)).statusCode).toBe(202);
      expect((await start('+639176661001', shared)).statusCode).toBe(202);
      const anonymous = await start(m.phone, shared);
      expect(anonymous.statusCode).toBe(429);
      expect(anonymous.json().error).toEqual({ code: 'RATE_LIMITED', message: errors.CODE_SENDS_BUSY });
      // The member's browser there is sent its code.
      expect((await start(m.phone, shared, m.device)).statusCode).toBe(202);
      // The budget in all (7: five spent, two more now) holds it like everyone.
      expect((await start('+639177771001', '198.51.100.201')).statusCode).toBe(202);
      expect((await start('+639178881001', '198.51.100.202')).statusCode).toBe(202);
      u.clock.advance(MINUTE + 1000);
      const past = await start(m.phone, shared, m.device);
      expect(past.statusCode).toBe(429);
      expect(past.json().error).toEqual({ code: 'RATE_LIMITED', message: errors.CODE_SENDS_BUSY });
    } finally {
      await u.close();
    }
  });
});
