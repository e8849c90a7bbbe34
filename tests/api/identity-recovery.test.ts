import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { otpChallenges, recoveryAttempts, users } from '../../src/server/db/schema';
import { HOUR, MINUTE } from '../../src/server/clock';
import { errors } from '../../src/shared/i18n/en/errors';
import { translateEn } from '../../src/shared/i18n/lookup';
import { codeTextValues } from '../../src/shared/codes/rules';
import { validation } from '../../src/shared/i18n/en/validation';
import { cookieFor, freshPhone, getSession, latestCode, post, registerMember, setCookieOf, signIn, smsTo } from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Bagong-Tahanan-88';
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function startRecovery(phone: string) {
  const res = await post(t, '/api/auth/recovery/start', { phone });
  return { res, cookie: cookieFor(res, 'tapat_rec') };
}

/** The parts of an answer that must not depend on whether the phone is registered. */
function shape(res: Awaited<ReturnType<typeof post>>) {
  const body = res.json();
  const now = t.clock.now().getTime();
  return {
    status: res.statusCode,
    keys: Object.keys(body).sort(),
    message: body.message ?? body.error?.message,
    code: body.error?.code,
    expiresIn: body.codeExpiresAt ? new Date(body.codeExpiresAt).getTime() - now : undefined,
    resendIn: body.resendAvailableAt ? new Date(body.resendAvailableAt).getTime() - now : undefined,
    cookie: setCookieOf(res, 'tapat_rec')?.replace(/^tapat_rec=[^;]*/, 'tapat_rec=<id>'),
    retryAfter: res.headers['retry-after'],
  };
}

describe('account recovery', () => {
  it('answers identically for a registered and an unregistered phone; only the registered one gets an SMS', async () => {
    const m = await registerMember(t);
    // Codes are limited per phone whatever their purpose: compare two phones with the same recent
    // history (the registration code has left the one-hour window).
    t.clock.advance(HOUR);
    const unknown = freshPhone().e164;
    const a = await startRecovery(m.phone);
    const b = await startRecovery(unknown);
    expect(a.res.statusCode).toBe(202);
    expect(shape(a.res)).toEqual(shape(b.res));
    expect(shape(a.res)).toMatchObject({ keys: ['codeExpiresAt', 'message', 'resendAvailableAt'], expiresIn: 5 * MINUTE, resendIn: MINUTE });
    expect(a.res.json().message).toBe('If this phone number is registered, we have sent a code to it by SMS.');

    const cookie = setCookieOf(a.res, 'tapat_rec')!;
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\/api\/auth\/recovery(;|$)/);
    expect(cookie).toMatch(/Max-Age=900/);

    const sms = await smsTo(t, m.phone);
    expect(sms[0]).toMatch(/^Your TAPAT password reset code is \d{6}\. It expires in 5 minutes\. Never share it\./);
    expect(await smsTo(t, unknown)).toEqual([]);

    // The limits are the same too: a second request within the minute is refused for both.
    const a2 = await startRecovery(m.phone);
    const b2 = await startRecovery(unknown);
    expect(a2.res.statusCode).toBe(429);
    expect(shape(a2.res)).toEqual(shape(b2.res));
    expect(a2.res.json().error).toEqual({ code: 'RATE_LIMITED', message: translateEn('errors.CODE_RESEND_WAIT', codeTextValues()) });

    // And five an hour for both.
    for (let i = 0; i < 4; i++) {
      t.clock.advance(MINUTE);
      const ra = await startRecovery(m.phone);
      const rb = await startRecovery(unknown);
      expect(shape(ra.res)).toEqual(shape(rb.res));
    }
    t.clock.advance(MINUTE);
    const a6 = await startRecovery(m.phone);
    const b6 = await startRecovery(unknown);
    expect(shape(a6.res)).toEqual(shape(b6.res));
    expect(a6.res.statusCode).toBe(429);
    expect(a6.res.json().error.message).toBe(errors.CODE_HOURLY_LIMIT);
  });

  it('resets the password with the code and revokes every session of the account', async () => {
    const m = await registerMember(t);
    const remembered = cookieFor(await signIn(t, m.phone, m.password, true), 'tapat_sid');
    const browser = cookieFor(await signIn(t, m.phone, m.password, false), 'tapat_sid');
    t.clock.advance(MINUTE);
    const { cookie } = await startRecovery(m.phone);
    const code = await latestCode(t, m.phone);

    const res = await post(t, '/api/auth/recovery/reset', { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, `${cookie}; ${browser}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password has been changed. Please sign in with your new password.' });
    expect(setCookieOf(res, 'tapat_rec')).toMatch(/tapat_rec=;/);
    expect(setCookieOf(res, 'tapat_sid')).toMatch(/tapat_sid=;/);

    for (const c of [remembered, browser, m.cookie]) expect((await getSession(t, c)).json().user).toBeNull();
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(401);
    const fresh = await signIn(t, m.phone, NEW_PASSWORD);
    expect(fresh.statusCode).toBe(200);
    const [user] = await t.deps.db.select().from(users).where(eq(users.phone, m.phone));
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await smsTo(t, m.phone))[0]).toMatch(/password was changed/);

    // The attempt is spent.
    const replay = await post(t, '/api/auth/recovery/reset', { code, password: 'Another-Strong-77', confirmPassword: 'Another-Strong-77' }, cookie);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toEqual({ code: 'RECOVERY_EXPIRED', message: errors.RECOVERY_EXPIRED });
  });

  it('refuses wrong, expired and over-tried codes, each with its own code', async () => {
    const m = await registerMember(t);
    t.clock.advance(MINUTE);
    let { cookie } = await startRecovery(m.phone);
    let code = await latestCode(t, m.phone);
    const body = (c: string) => ({ code: c, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });

    const bad = await post(t, '/api/auth/recovery/reset', body(wrong(code)), cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toEqual({ code: 'CODE_INVALID', message: 'Invalid OTP. 4 tries left.' });
    for (let i = 0; i < 3; i++) await post(t, '/api/auth/recovery/reset', body(wrong(code)), cookie);
    const fifth = await post(t, '/api/auth/recovery/reset', body(wrong(code)), cookie);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('CODE_LOCKED');
    const sixth = await post(t, '/api/auth/recovery/reset', body(code), cookie);
    expect(sixth.json().error).toEqual({ code: 'CODE_LOCKED', message: errors.CODE_LOCKED });

    t.clock.advance(MINUTE);
    ({ cookie } = await startRecovery(m.phone));
    code = await latestCode(t, m.phone);
    t.clock.advance(5 * MINUTE);
    const expired = await post(t, '/api/auth/recovery/reset', body(code), cookie);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toEqual({ code: 'CODE_EXPIRED', message: errors.CODE_EXPIRED });

    // The password never changed.
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(200);
  });

  it('applies the password policy before using up the code', async () => {
    const m = await registerMember(t);
    t.clock.advance(MINUTE);
    const { cookie } = await startRecovery(m.phone);
    const code = await latestCode(t, m.phone);
    const common = await post(t, '/api/auth/recovery/reset', { code, password: 'password123', confirmPassword: 'password123' }, cookie);
    expect(common.statusCode).toBe(400);
    expect(common.json().error.fields).toEqual({ password: validation.passwordCommon });
    const short = await post(t, '/api/auth/recovery/reset', { code, password: 'Kx9#mQ2', confirmPassword: 'Kx9#mQ2' }, cookie);
    expect(short.json().error.fields).toEqual({ password: translateEn('validation.passwordLength') });
    const mismatch = await post(t, '/api/auth/recovery/reset', { code, password: NEW_PASSWORD, confirmPassword: 'x' }, cookie);
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: validation.passwordMismatch });
    // Neither a try nor the code was used up by the refused passwords.
    const [challenge] = await t.deps.db
      .select()
      .from(otpChallenges)
      .where(and(eq(otpChallenges.phone, m.phone), eq(otpChallenges.purpose, 'PASSWORD_RESET')));
    expect(challenge).toMatchObject({ attempts: 0, consumedAt: null });
    const ok = await post(t, '/api/auth/recovery/reset', { code, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, cookie);
    expect(ok.statusCode).toBe(200);
  });

  it("an unregistered phone's attempt never succeeds and behaves like a registered one", async () => {
    const unknown = freshPhone().e164;
    const { cookie } = await startRecovery(unknown);
    const res = await post(t, '/api/auth/recovery/reset', { code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('CODE_INVALID');
    expect(res.json().error.message).toBe('Invalid OTP. 4 tries left.');
    const [attempt] = await t.deps.db.select().from(recoveryAttempts).where(eq(recoveryAttempts.phone, unknown));
    expect(attempt!.userId).toBeNull();
    expect(attempt!.completedAt).toBeNull();
  });

  it('refuses a reset without a live attempt, or after 15 minutes', async () => {
    const none = await post(t, '/api/auth/recovery/reset', { code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('RECOVERY_EXPIRED');
    const forged = await post(t, '/api/auth/recovery/reset', { code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }, 'tapat_rec=../../etc');
    expect(forged.json().error.code).toBe('RECOVERY_EXPIRED');

    const m = await registerMember(t);
    t.clock.advance(MINUTE);
    const { cookie } = await startRecovery(m.phone);
    t.clock.advance(15 * MINUTE);
    const late = await post(
      t,
      '/api/auth/recovery/reset',
      { code: await latestCode(t, m.phone), password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      cookie,
    );
    expect(late.json().error.code).toBe('RECOVERY_EXPIRED');
  });

  it('takes no identity in the reset body and checks the phone on start', async () => {
    const m = await registerMember(t);
    t.clock.advance(MINUTE);
    const { cookie } = await startRecovery(m.phone);
    const res = await post(t, '/api/auth/recovery/reset', { code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, phone: m.phone }, cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ phone: validation.unknownField });
    const badPhone = await post(t, '/api/auth/recovery/start', { phone: '12' });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields).toEqual({ phone: translateEn('validation.phone') });
    expect(setCookieOf(badPhone, 'tapat_rec')).toBeUndefined();
  });
});
