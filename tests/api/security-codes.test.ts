import { strFromU8, unzipSync } from 'fflate';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember } from '../fixtures/loans';
import { memberDocuments, otpChallenges, outboxMessages, users } from '../../src/server/db/schema';
import { HOUR, MINUTE } from '../../src/server/clock';
import { hashPassword } from '../../src/server/sessions/passwords';
import { issueCode } from '../../src/server/otp/service';
import { loadConfig } from '../../src/server/config';
import { isLoopbackAddress } from '../../src/server/http/loopback';
import { errors } from '../../src/shared/i18n/en/errors';
import { validation } from '../../src/shared/i18n/en/validation';
import { cookieFor, post, registerMember, registrationBody, smsTo } from './identity-helpers';

/**
 * One-time codes never leave through anything but the SMS; a session alone does not
 * download the member's data; strangers cannot spend a member's codes; anonymous sends have
 * budgets per address, per number prefix and in all; registration does not reveal accounts; the
 * embedded outbox answers this machine only.
 */

const PASSWORD = 'Sampaguita-Ube-2026';
const NEW_BANK = { institutionCode: 'BPI', accountNumber: '9876-5432-10', accountName: 'Maria Santos Dela Cruz' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function withPassword(app: TestApp, userId: string): Promise<void> {
  await app.deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, userId));
}

function exportData(app: TestApp, cookie: string, password?: string) {
  return app.app.inject({ method: 'POST', url: '/api/privacy/export', ...(password === undefined ? {} : { payload: { password } }), headers: { cookie } });
}

/** Every 6-digit code delivered to a phone, read from what the SMS carried. */
async function deliveredCodes(app: TestApp, phone: string): Promise<string[]> {
  const rows = await app.deps.db.select({ body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.recipient, phone));
  return rows.flatMap((r) => [...r.body.matchAll(/\b(\d{6})\b/g)].map((m) => m[1]!));
}

function recoveryStart(app: TestApp, phone: string, remoteAddress = '127.0.0.1', cookie?: string) {
  return app.app.inject({ method: 'POST', url: '/api/auth/recovery/start', payload: { phone }, remoteAddress, headers: cookie ? { cookie } : {} });
}

function register(app: TestApp, body: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return app.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress });
}

describe('a stolen session does not become a password reset', () => {
  it('the export needs the password, holds no code (live or spent) and tells the member', async () => {
    const m = await registerMember(t);
    // The thief, with the session cookie only: a reset code to the member's phone...
    expect((await recoveryStart(t, m.phone, '203.0.113.66', m.cookie)).statusCode).toBe(202);
    const [resetCode] = (await deliveredCodes(t, m.phone)).slice(-1);
    expect(resetCode).toMatch(/^\d{6}$/);

    // ...then the export: refused without the password, and with a wrong one.
    const bare = await exportData(t, m.cookie);
    expect(bare.statusCode).toBe(400);
    const wrong = await exportData(t, m.cookie, 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ password: 'Your password is not correct.' });
    expect(wrong.headers['content-type']).not.toBe('application/zip');

    // The member, with their password: the file shows every message, each code masked.
    const res = await exportData(t, m.cookie, m.password);
    expect(res.statusCode, res.body).toBe(200);
    const json = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['messages.json']!);
    const messages = JSON.parse(json) as { body: string }[];
    const codes = await deliveredCodes(t, m.phone);
    expect(codes.length).toBeGreaterThanOrEqual(2); // the registration code and the reset code
    for (const code of codes) expect(json).not.toContain(code);
    const bodies = messages.map((x) => x.body);
    expect(bodies).toEqual(
      expect.arrayContaining([expect.stringContaining('verification code is ••••••'), expect.stringContaining('password reset code is ••••••')]),
    );

    // Told by SMS and e-mail that a copy of the data was made.
    const [notice] = await smsTo(t, m.phone);
    expect(notice).toContain('a copy of your data was downloaded from your account');
    const mails = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, String(m.body.email)));
    expect(mails.map((x) => x.subject)).toContain('A copy of your TAPAT data was downloaded');
  });

  it('counts wrong passwords against the sign-in limit: the fifth locks the export', async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 5; i++) expect((await exportData(t, m.cookie, `wrong ${i}`)).statusCode).toBe(400);
    const locked = await exportData(t, m.cookie, m.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('SIGN_IN_LOCKED');
    expect((await smsTo(t, m.phone)).filter((body) => body.includes('a copy of your data was downloaded'))).toEqual([]);
  });

  it('stores every SMS that carries a code with a redacted copy (registration, reset, payout change)', async () => {
    const m = await createActivatedMember(t);
    await withPassword(t, m.userId);
    const code = await t.app.inject({ method: 'POST', url: '/api/member/payout-account/code', payload: NEW_BANK, headers: { cookie: m.cookie } });
    expect(code.statusCode, code.body).toBe(200);
    t.clock.advance(MINUTE);
    await recoveryStart(t, m.phone);
    const rows = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, m.phone));
    const withCode = rows.filter((r) => /\b\d{6}\b/.test(r.body));
    expect(withCode.length).toBe(2);
    for (const row of withCode) {
      expect(row.redactedBody).toBe(row.body.replace(/\b\d{6}\b/, '••••••'));
    }
    // The loans fixture's document rows point at no stored image: not what this test is about.
    await t.deps.db.delete(memberDocuments).where(eq(memberDocuments.userId, m.userId));
    const res = await exportData(t, m.cookie, PASSWORD);
    expect(res.statusCode, res.body).toBe(200);
    const json = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['messages.json']!);
    for (const c of await deliveredCodes(t, m.phone)) expect(json).not.toContain(c);
    expect(json).toContain('•••••• is your code to change your payout account');
  });
});

describe("strangers cannot spend a member's codes", () => {
  it("one anonymous reset request does not make the owner's registration wait", async () => {
    const body = registrationBody();
    const phone = `+63${String(body.phone).slice(1)}`;
    expect((await recoveryStart(t, phone, '203.0.113.9')).statusCode).toBe(202);
    const res = await register(t, body);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('reset requests up to their own limit leave the payout-change code of the member untouched', async () => {
    const m = await createActivatedMember(t);
    for (let i = 0; i < 5; i++) {
      expect((await recoveryStart(t, m.phone, `203.0.113.${20 + i}`)).statusCode).toBe(202);
      t.clock.advance(MINUTE + 1000);
    }
    // The reset budget of this phone is spent...
    const sixth = await recoveryStart(t, m.phone, '203.0.113.40');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error.message).toBe(errors.CODE_HOURLY_LIMIT);
    // ...the member's own codes are not.
    const code = await t.app.inject({ method: 'POST', url: '/api/member/payout-account/code', payload: NEW_BANK, headers: { cookie: m.cookie } });
    expect(code.statusCode, code.body).toBe(200);
  });

  it('answers a reset for a phone without an account exactly as for one with an account, and sends nothing', async () => {
    const member = await registerMember(t);
    t.clock.advance(MINUTE);
    const nobody = `+63917${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const a = await recoveryStart(t, member.phone, '203.0.113.50');
    const b = await recoveryStart(t, nobody, '203.0.113.51');
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    expect(b.json()).toEqual(a.json());
    expect(Object.keys(b.headers).sort()).toEqual(Object.keys(a.headers).sort());
    expect(await smsTo(t, nobody)).toEqual([]);
    // And the same limits: a second request within the minute is refused for both.
    const a2 = await recoveryStart(t, member.phone, '203.0.113.52');
    const b2 = await recoveryStart(t, nobody, '203.0.113.53');
    expect([a2.statusCode, b2.statusCode]).toEqual([429, 429]);
    expect(b2.json()).toEqual(a2.json());
  });
});

describe('anonymous send budgets (SMS pumping)', () => {
  async function appWith(env: Record<string, string>) {
    return createTestApp({}, env);
  }
  let n = 0;
  /** A fresh mobile number in its own 6-digit block (917 + a block + 4 digits), or in `block`. */
  function number(block?: string): string {
    n += 1;
    const b = block ?? String(100 + ((process.pid + n * 37) % 900));
    return `0917${b}${String(1000 + n).slice(-4)}`;
  }

  it('refuses a client address its budget, not another address', async () => {
    const app = await appWith({ OTP_ANON_PER_ADDRESS_HOURLY: '3' });
    try {
      for (let i = 0; i < 3; i++) expect((await register(app, registrationBody({ phone: number() }), '203.0.113.7')).statusCode).toBe(201);
      const fourth = await register(app, registrationBody({ phone: number() }), '203.0.113.7');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().error).toEqual({ code: 'RATE_LIMITED', message: errors.CODE_SENDS_BUSY });
      // Password resets share the anonymous budget of the address.
      expect((await recoveryStart(app, `+63${number().slice(1)}`, '203.0.113.7')).statusCode).toBe(429);
      expect((await register(app, registrationBody({ phone: number() }), '198.51.100.9')).statusCode).toBe(201);
      // The window slides.
      app.clock.advance(HOUR);
      expect((await register(app, registrationBody({ phone: number() }), '203.0.113.7')).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('holds under a burst: 20 numbers at once from one address send exactly the budget', async () => {
    const app = await appWith({ OTP_ANON_PER_ADDRESS_HOURLY: '5' });
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => register(app, registrationBody({ phone: number() }), '203.0.113.8')));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      const sms = await app.deps.db.select().from(outboxMessages);
      expect(sms).toHaveLength(5);
    } finally {
      await app.close();
    }
  });

  it('refuses a number block its budget, whatever the address', async () => {
    const app = await appWith({ OTP_ANON_PER_PREFIX_HOURLY: '2' });
    try {
      expect((await register(app, registrationBody({ phone: number('555') }), '203.0.113.10')).statusCode).toBe(201);
      expect((await recoveryStart(app, `+63${number('555').slice(1)}`, '203.0.113.11')).statusCode).toBe(202);
      const third = await register(app, registrationBody({ phone: number('555') }), '203.0.113.12');
      expect(third.statusCode).toBe(429);
      expect(third.json().error.message).toBe(errors.CODE_SENDS_BUSY);
      expect((await register(app, registrationBody({ phone: number('556') }), '203.0.113.12')).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('refuses everyone once the global budget is spent, but never a member in their session', async () => {
    const app = await appWith({ OTP_ANON_GLOBAL_HOURLY: '2' });
    try {
      expect((await register(app, registrationBody({ phone: number() }), '203.0.113.13')).statusCode).toBe(201);
      expect((await register(app, registrationBody({ phone: number() }), '203.0.113.14')).statusCode).toBe(201);
      expect((await register(app, registrationBody({ phone: number() }), '203.0.113.15')).statusCode).toBe(429);
      const m = await createActivatedMember(app);
      const code = await app.app.inject({ method: 'POST', url: '/api/member/payout-account/code', payload: NEW_BANK, headers: { cookie: m.cookie } });
      expect(code.statusCode, code.body).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('logs a tripped budget as a warning without the phone or the address', async () => {
    const warnings: { details: Record<string, unknown>; message: string }[] = [];
    const log = { warn: (details: Record<string, unknown>, message: string) => warnings.push({ details, message }) };
    const requester = { ip: '203.0.113.77', budgets: { perAddressHourly: 1, perPrefixHourly: 100, globalHourly: 100 }, log };
    const issue = (phone: string, subject: string) =>
      t.deps.db.transaction((tx) => issueCode(tx, t.clock, t.deps.config.otpPepper, { purpose: 'REGISTRATION', phone, subject, requester }));
    await issue('+639175550001', crypto.randomUUID());
    await expect(issue('+639175550002', crypto.randomUUID())).rejects.toMatchObject({ status: 429 });
    expect(warnings).toEqual([
      { details: { event: 'otp_budget_exhausted', budget: 'address', limit: 1, purpose: 'REGISTRATION' }, message: 'one-time code budget exhausted' },
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/203\.0\.113|9175550002/);
    const stored = await t.deps.db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, '+639175550002'), isNull(otpChallenges.consumedAt)));
    expect(stored).toHaveLength(0);
  });
});

describe('numbers that cannot receive SMS', () => {
  it('are refused for registration and password reset with the same message as the form', async () => {
    const reg = await register(t, registrationBody({ phone: '(02) 8123 4567' }));
    expect(reg.statusCode).toBe(400);
    expect(reg.json().error.fields).toEqual({ phone: validation.phoneMobile });
    const reset = await recoveryStart(t, '+63 2 8123 4567');
    expect(reset.statusCode).toBe(400);
    expect(reset.json().error.fields).toEqual({ phone: validation.phoneMobile });
    expect(await t.deps.db.select().from(otpChallenges).where(eq(otpChallenges.phone, '+63281234567'))).toHaveLength(0);
  });
});

describe('registration does not reveal accounts', () => {
  it('answers a registered phone like a new one and texts the owner instead', async () => {
    const m = await registerMember(t);
    t.clock.advance(2 * MINUTE);
    const again = await register(t, registrationBody({ phone: m.body.phone }));
    expect(again.statusCode).toBe(201);
    const [latest] = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, m.phone))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(latest!.body).toContain('someone tried to register');
    const verify = await post(t, '/api/auth/register/verify', { code: '123456' }, cookieFor(again, 'tapat_reg'));
    expect(verify.json().error.code).toBe('CODE_INVALID');
  });
});

describe('the embedded outbox answers this machine only', () => {
  const outbox = (remoteAddress: string, headers: Record<string, string> = {}, app = t) =>
    app.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress, headers });

  it('serves loopback clients and answers 404 to any other address', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '127.0.0.2']) expect((await outbox(address)).statusCode, address).toBe(200);
    for (const address of ['203.0.113.5', '10.0.0.2', '192.168.1.20', '::ffff:10.0.0.2', 'fe80::1']) {
      const res = await outbox(address);
      expect(res.statusCode, address).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
  });

  it('reads the socket, not X-Forwarded-For, even behind a trusted proxy', async () => {
    const proxied = await createTestApp({}, { TRUST_PROXY: 'true' });
    try {
      expect((await outbox('203.0.113.5', { 'x-forwarded-for': '127.0.0.1' }, proxied)).statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });

  it('tells loopback addresses apart', () => {
    expect(isLoopbackAddress(undefined)).toBe(false);
    expect(isLoopbackAddress('127.0.0.1.evil')).toBe(false);
    expect(isLoopbackAddress('::ffff:7f00:1')).toBe(false);
  });

  it('listens on loopback by default in the embedded mode; HOST overrides', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });
});
