import { createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { otpChallenges, outboxMessages, pendingRegistrations, sessions, users } from '../../src/server/db/schema';
import { MINUTE } from '../../src/server/clock';
import { registerStartResponseSchema, sessionResponseSchema } from '../../src/shared/schemas/auth';
import { validation } from '../../src/shared/i18n/en/validation';
import { errors } from '../../src/shared/i18n/en/errors';
import { translateEn } from '../../src/shared/i18n/lookup';
import { codeTextValues } from '../../src/shared/codes/rules';
import { duplicateAsFieldError } from '../../src/server/modules/identity/service';
import { uniqueViolation } from '../../src/server/db/errors';
import { cookieFor, freshPhone, getSession, latestCode, post, registerMember, registrationBody, setCookieOf, smsTo, STRONG_PASSWORD } from './identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const e164Of = (national: unknown) => `+63${String(national).replace(/^0/, '')}`;

async function countFor(phone: string) {
  const [p, o, c] = await Promise.all([
    t.deps.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.phone, phone)),
    t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, phone)),
    t.deps.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone)),
  ]);
  return { pending: p.length, outbox: o.length, codes: c.length };
}

describe('registration happy path', () => {
  it('keeps the details pending, texts a code, then creates the account and signs in', async () => {
    const body = registrationBody({ referralCode: 'friend-2026' });
    const phone = e164Of(body.phone);
    const start = await post(t, '/api/auth/register', body, undefined, { 'x-forwarded-for': '198.51.100.1' });
    expect(start.statusCode, start.body).toBe(201);
    const started = registerStartResponseSchema.parse(start.json());
    expect(Object.keys(start.json()).sort()).toEqual(['codeExpiresAt', 'phoneMasked', 'resendAvailableAt']);
    expect(started.phoneMasked).toBe(`+63 ${phone.slice(3, 6)}${'*'.repeat(phone.length - 6)}`);
    const now = t.clock.now().getTime();
    expect(new Date(started.codeExpiresAt).getTime()).toBe(now + 5 * MINUTE);
    expect(new Date(started.resendAvailableAt).getTime()).toBe(now + MINUTE);

    // The pending id travels only in an HttpOnly cookie scoped to the registration endpoints.
    const reg = setCookieOf(start, 'tapat_reg');
    expect(reg).toBeDefined();
    expect(reg).toMatch(/HttpOnly/i);
    expect(reg).toMatch(/SameSite=Lax/i);
    expect(reg).toMatch(/Path=\/api\/auth\/register(;|$)/);
    expect(reg).toMatch(/Max-Age=1800/);
    expect(reg).not.toMatch(/Secure/i);
    expect(start.body).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);

    // Nothing is in users yet; the pending registration holds the details.
    expect(await t.deps.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(0);
    const [pending] = await t.deps.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.phone, phone));
    expect(pending).toBeDefined();
    expect(pending!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(pending!.passwordHash).not.toContain(STRONG_PASSWORD);
    expect(pending!.monthlyNetIncome).toBe(3_500_000n);
    expect(pending!.registrationIp).toBe('127.0.0.1');
    expect(pending!.registrationCountry).toBe('PH');
    expect(pending!.email).toBe(body.email);
    expect(pending!.referralCode).toBe('FRIEND-2026');
    expect(pending!.expiresAt.getTime()).toBe(now + 30 * MINUTE);

    // The SMS, and the code stored only as a hash.
    const [sms] = await smsTo(t, phone);
    const code = await latestCode(t, phone);
    expect(sms).toBe(`Your TAPAT verification code is ${code}. It expires in 5 minutes. Never share it.`);
    const [challenge] = await t.deps.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone));
    expect(challenge!.purpose).toBe('REGISTRATION');
    expect(challenge!.subject).toBe(pending!.id);
    expect(challenge!.codeHash).not.toContain(code);

    const verify = await post(t, '/api/auth/register/verify', { code }, cookieFor(start, 'tapat_reg'));
    expect(verify.statusCode, verify.body).toBe(201);
    expect(sessionResponseSchema.parse(verify.json())).toEqual({
      user: { fullName: 'Juan Dela Cruz', phone, role: 'MEMBER', accountState: 'PERSONAL_INFO', language: 'en' },
    });
    // The registration cookie is cleared; a browser-session cookie is set.
    expect(setCookieOf(verify, 'tapat_reg')).toMatch(/tapat_reg=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/);
    const sid = setCookieOf(verify, 'tapat_sid');
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).not.toMatch(/Expires|Max-Age/i);

    const [user] = await t.deps.db.select().from(users).where(eq(users.phone, phone));
    expect(user).toMatchObject({
      role: 'MEMBER',
      accountState: 'PERSONAL_INFO',
      email: body.email,
      monthlyNetIncome: 3_500_000n,
      registrationIp: '127.0.0.1',
      registrationCountry: 'PH',
      employmentCountry: 'PH',
      jobCategory: 'Accounting / Finance',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await t.deps.db.select().from(pendingRegistrations).where(eq(pendingRegistrations.phone, phone))).toHaveLength(0);
    const userSessions = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(userSessions).toHaveLength(1);
    expect(userSessions[0]!.persistent).toBe(false);

    const session = await getSession(t, cookieFor(verify, 'tapat_sid'));
    expect(session.statusCode).toBe(200);
    expect(session.json().user.phone).toBe(phone);

    // The new member can sign in with the password chosen at registration.
    const login = await post(t, '/api/auth/login', { phone: body.phone, password: STRONG_PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('accepts a number typed in international form and stores its E.164 form', async () => {
    const { e164 } = freshPhone();
    const res = await post(t, '/api/auth/register', registrationBody({ phone: `+${e164.slice(1, 3)} ${e164.slice(3, 6)} ${e164.slice(6)}` }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await countFor(e164)).pending).toBe(1);
  });
});

describe('registration field rules, through the API', () => {
  const long = (n: number, ch = 'a') => ch.repeat(n);
  // [field, value, expected message] — each refused with 400, its own field message, and nothing stored.
  const refused: [string, unknown, string][] = [
    ['phone', '09171234', translateEn('validation.phone')], // 8 digits
    ['phone', '0917123456789012', translateEn('validation.phone')], // 16 digits
    ['phone', '0917-abc-4567', translateEn('validation.phone')],
    ['phone', '123456789', validation.phoneInvalid], // 9 digits but not a number anywhere
    ['phone', 9171234567, translateEn('validation.phone')],
    ['email', 'juan@example.c', validation.email], // TLD of 1
    ['email', `juan@example.${long(21)}`, validation.email], // TLD of 21
    ['email', `${long(90)}@example.com`, validation.email], // 102 characters
    ['email', 'juan.example.com', validation.email],
    ['fullName', 'Juan', validation.fullName], // 4
    ['fullName', long(101), validation.fullName],
    ['fullName', 'Juan D3la Cruz', validation.fullName],
    ['password', 'Kx9#mQ2', translateEn('validation.passwordLength')], // 7
    ['password', `Kx9#mQ2v${long(57)}`, translateEn('validation.passwordLength')], // 65
    ['password', 'password', validation.passwordCommon],
    ['password', 'iloveyou1', validation.passwordCommon],
    ['password', '12345678', validation.passwordCommon],
    ['password', 'juandelacruz', validation.passwordCommon], // the person's own name
    ['password', 'JuanDelaCruz1', validation.passwordCommon],
    ['password', 'passwrod12', validation.passwordCommon], // two edits from a common password
    ['password', 'aaaaaaaa', validation.passwordCommon], // easy to guess (score below 2)
    ['employmentCountry', 'XX', validation.employmentCountry],
    ['employmentCountry', '', validation.employmentCountry],
    ['employmentLocation', 'Ma', validation.employmentLocation], // 2
    ['employmentLocation', long(101), validation.employmentLocation],
    ['employmentLocation', 'Makati #1', validation.employmentLocation],
    ['jobTitle', 'IT', validation.jobTitle],
    ['jobTitle', long(101), validation.jobTitle],
    ['jobCategory', 'Astronaut', validation.jobCategory],
    ['monthlyNetIncome', '99', validation.monthlyIncome], // 2 digits
    ['monthlyNetIncome', '12345678', validation.monthlyIncome], // 8 digits
    ['monthlyNetIncome', '35000.50', validation.monthlyIncome],
    ['monthlyNetIncome', 35000, validation.monthlyIncome],
    ['referralCode', long(21, 'A'), translateEn('validation.referralCode')],
    ['referralCode', 'FRIEND 1', translateEn('validation.referralCode')],
  ];

  it.each(refused)('refuses %s = %j', async (field, value, message) => {
    const body = registrationBody({ [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) });
    const phone = field === 'phone' ? null : e164Of(body.phone);
    const res = await post(t, '/api/auth/register', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: errors.VALIDATION_FAILED, fields: { [field]: message } } });
    expect(setCookieOf(res, 'tapat_reg')).toBeUndefined();
    if (phone) expect(await countFor(phone)).toEqual({ pending: 0, outbox: 0, codes: 0 });
  });

  it('refuses a confirmation that does not match, and a missing field, with per-field messages', async () => {
    const mismatch = await post(t, '/api/auth/register', registrationBody({ confirmPassword: `${STRONG_PASSWORD}!` }));
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields).toEqual({ confirmPassword: validation.passwordMismatch });

    const { fullName: _drop, ...missing } = registrationBody();
    const res = await post(t, '/api/auth/register', missing);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ fullName: validation.fullName });

    const many = await post(t, '/api/auth/register', registrationBody({ email: 'x', fullName: 'Jo', monthlyNetIncome: '1' }));
    expect(many.json().error.fields).toEqual({ email: validation.email, fullName: validation.fullName, monthlyNetIncome: validation.monthlyIncome });
  });

  // Each boundary that is accepted, with a phone of its own (a phone gets one code a minute).
  const accepted: [string, unknown][] = [
    ['email', 'j@example.ph'], // TLD of 2
    ['email', `juan@example.${long(20)}`], // TLD of 20
    ['email', `${long(88)}@example.com`], // 100 characters
    ['fullName', 'Jo Li'], // 5
    ['fullName', `Juan ${long(95)}`], // 100
    ['fullName', "Ma. Lourdes O'Brien-Santos, Jr."],
    ['password', 'Kx9#mQ2v'], // 8
    ['password', `Kx9#mQ2v ${'Tz7!'.repeat(13)}sq4`], // 64, with a space
    ['employmentLocation', 'Ilo'], // 3
    ['employmentLocation', `Quezon City (Diliman)/${long(78)}`], // 100
    ['jobTitle', 'Cook'],
    ['monthlyNetIncome', '100'], // 3 digits
    ['monthlyNetIncome', '9999999'], // 7 digits
    ['referralCode', long(20, 'A')],
    ['employmentCountry', 'AE'],
  ];

  it.each(accepted)('accepts %s = %j', async (field, value) => {
    if (field === 'password') expect(String(value).length).toBeGreaterThanOrEqual(8);
    const body = registrationBody({ [field]: value, ...(field === 'password' ? { confirmPassword: value } : {}) });
    const res = await post(t, '/api/auth/register', body);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('checks the 64-character password boundary exactly', () => {
    expect(`Kx9#mQ2v ${'Tz7!'.repeat(13)}sq4`).toHaveLength(64);
    expect(`Kx9#mQ2v${long(57)}`).toHaveLength(65);
    expect(`${long(88)}@example.com`).toHaveLength(100);
    expect(`${long(90)}@example.com`).toHaveLength(102);
  });
});

describe('duplicates', () => {
  it('answers a registered phone exactly as a new one, texts its owner a notice instead of the code, and the code step fails', async () => {
    const first = registrationBody();
    const start = await post(t, '/api/auth/register', first);
    const phone = e164Of(first.phone);
    await post(t, '/api/auth/register/verify', { code: await latestCode(t, phone) }, cookieFor(start, 'tapat_reg'));
    t.clock.advance(2 * MINUTE);
    const before = await countFor(phone);

    const fresh = await post(t, '/api/auth/register', registrationBody());
    const samePhone = await post(t, '/api/auth/register', registrationBody({ phone: first.phone }));
    expect(samePhone.statusCode, samePhone.body).toBe(201);
    expect(fresh.statusCode).toBe(201);
    // The same answer: the same fields, the same timers, a flow cookie.
    expect(Object.keys(samePhone.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(samePhone.json().codeExpiresAt).toBe(fresh.json().codeExpiresAt);
    expect(samePhone.json().resendAvailableAt).toBe(fresh.json().resendAvailableAt);
    expect(setCookieOf(samePhone, 'tapat_reg')).toBeDefined();

    // The owner is told by SMS, without a code; no account changes.
    const [notice] = await smsTo(t, phone);
    expect(notice).toContain('someone tried to register a new account with your phone number');
    expect(notice).not.toMatch(/\d{6}/);
    expect(await countFor(phone)).toEqual({ pending: before.pending + 1, outbox: before.outbox + 1, codes: before.codes + 1 });

    // A resend sends the owner nothing more, and answers like any resend.
    t.clock.advance(MINUTE);
    const resend = await post(t, '/api/auth/register/resend', undefined, cookieFor(samePhone, 'tapat_reg'));
    expect(resend.statusCode).toBe(200);
    expect((await countFor(phone)).outbox).toBe(before.outbox + 1);

    // Whatever code the impostor tries, the code step fails as a wrong code does.
    const guess = await post(t, '/api/auth/register/verify', { code: '000000' }, cookieFor(samePhone, 'tapat_reg'));
    expect(guess.statusCode).toBe(400);
    expect(guess.json().error.code).toBe('CODE_INVALID');
    expect(await t.deps.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it('even a right guess of the withheld code registers nothing and reveals nothing', async () => {
    const first = registrationBody();
    const start = await post(t, '/api/auth/register', first);
    const phone = e164Of(first.phone);
    await post(t, '/api/auth/register/verify', { code: await latestCode(t, phone) }, cookieFor(start, 'tapat_reg'));
    t.clock.advance(2 * MINUTE);
    const again = await post(t, '/api/auth/register', registrationBody({ phone: first.phone }));
    // Stand in for a lucky guess: make the withheld challenge's code known.
    const [challenge] = await t.deps.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone)).orderBy(desc(otpChallenges.createdAt)).limit(1);
    const known = '424242';
    await t.deps.db
      .update(otpChallenges)
      .set({ codeHash: createHmac('sha256', t.deps.config.otpPepper).update(`${challenge!.id}:${known}`).digest('hex') })
      .where(eq(otpChallenges.id, challenge!.id));
    const res = await post(t, '/api/auth/register/verify', { code: known }, cookieFor(again, 'tapat_reg'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'CODE_INVALID', message: errors.CODE_INVALID });
    expect(await t.deps.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it('never refuses an e-mail address another account uses (decision 051): the account is created, its address unverified', async () => {
    const first = registrationBody();
    const start = await post(t, '/api/auth/register', first);
    await post(t, '/api/auth/register/verify', { code: await latestCode(t, e164Of(first.phone)) }, cookieFor(start, 'tapat_reg'));

    const sameEmail = registrationBody({ email: String(first.email).toUpperCase() });
    const res = await post(t, '/api/auth/register', sameEmail);
    expect(res.statusCode).toBe(201);
    const phone = e164Of(sameEmail.phone);
    const verify = await post(t, '/api/auth/register/verify', { code: await latestCode(t, phone) }, cookieFor(res, 'tapat_reg'));
    expect(verify.statusCode, verify.body).toBe(201);
    const created = await t.deps.db.select().from(users).where(eq(users.phone, phone));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ email: String(first.email).toLowerCase(), emailVerifiedAt: null });

    // A common password is still refused at once, and alone.
    const both = await post(
      t,
      '/api/auth/register',
      registrationBody({ phone: first.phone, email: first.email, password: 'password', confirmPassword: 'password' }),
    );
    expect(both.statusCode).toBe(400);
    expect(both.json().error.fields).toEqual({ password: validation.passwordCommon });
  });

  it('turns a phone taken between code and verification into a field error; the spent code is then CODE_USED', async () => {
    const a = registrationBody();
    const phone = e164Of(a.phone);
    const startA = await post(t, '/api/auth/register', a);
    const codeA = await latestCode(t, phone);
    t.clock.advance(MINUTE);
    const b = registrationBody({ phone: a.phone });
    const startB = await post(t, '/api/auth/register', b);
    expect(startB.statusCode).toBe(201);
    const codeB = await latestCode(t, phone);
    expect((await post(t, '/api/auth/register/verify', { code: codeB }, cookieFor(startB, 'tapat_reg'))).statusCode).toBe(201);

    const lateA = await post(t, '/api/auth/register/verify', { code: codeA }, cookieFor(startA, 'tapat_reg'));
    expect(lateA.statusCode).toBe(400);
    expect(lateA.json().error.fields).toEqual({ phone: validation.phoneTaken });
    const again = await post(t, '/api/auth/register/verify', { code: codeA }, cookieFor(startA, 'tapat_reg'));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'CODE_USED', message: errors.CODE_USED });
    expect(await t.deps.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });

  it('never answers 500 when two verifications race for the same phone', async () => {
    const a = registrationBody();
    const phone = e164Of(a.phone);
    const startA = await post(t, '/api/auth/register', a);
    const codeA = await latestCode(t, phone);
    t.clock.advance(MINUTE);
    const startB = await post(t, '/api/auth/register', registrationBody({ phone: a.phone }));
    const codeB = await latestCode(t, phone);
    const [ra, rb] = await Promise.all([
      post(t, '/api/auth/register/verify', { code: codeA }, cookieFor(startA, 'tapat_reg')),
      post(t, '/api/auth/register/verify', { code: codeB }, cookieFor(startB, 'tapat_reg')),
    ]);
    const statuses = [ra.statusCode, rb.statusCode].sort();
    expect(statuses).toEqual([201, 400]);
    const loser = ra.statusCode === 400 ? ra : rb;
    expect(loser.json().error.fields).toEqual({ phone: validation.phoneTaken });
    expect(await t.deps.db.select().from(users).where(eq(users.phone, phone))).toHaveLength(1);
  });
});

describe('registration codes', () => {
  async function start(overrides: Record<string, unknown> = {}) {
    const body = registrationBody(overrides);
    const res = await post(t, '/api/auth/register', body);
    expect(res.statusCode, res.body).toBe(201);
    const phone = e164Of(body.phone);
    return { phone, cookie: cookieFor(res, 'tapat_reg'), code: await latestCode(t, phone) };
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('refuses a wrong code with the tries left, then locks it at the fifth wrong try', async () => {
    const s = await start();
    for (let left = 4; left >= 1; left--) {
      const res = await post(t, '/api/auth/register/verify', { code: wrong(s.code) }, s.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'CODE_INVALID', message: `Invalid OTP. ${left} ${left === 1 ? 'try' : 'tries'} left.` });
    }
    const fifth = await post(t, '/api/auth/register/verify', { code: wrong(s.code) }, s.cookie);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().error.code).toBe('CODE_LOCKED');
    // The sixth try is refused even with the right code.
    const sixth = await post(t, '/api/auth/register/verify', { code: s.code }, s.cookie);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toEqual({ code: 'CODE_LOCKED', message: errors.CODE_LOCKED });
    expect(await t.deps.db.select().from(users).where(eq(users.phone, s.phone))).toHaveLength(0);
    // A new code can be asked for after the minute.
    t.clock.advance(MINUTE);
    const resend = await post(t, '/api/auth/register/resend', undefined, s.cookie);
    expect(resend.statusCode).toBe(200);
    const ok = await post(t, '/api/auth/register/verify', { code: await latestCode(t, s.phone) }, s.cookie);
    expect(ok.statusCode).toBe(201);
  });

  it('refuses an expired code', async () => {
    const s = await start();
    t.clock.advance(5 * MINUTE);
    const res = await post(t, '/api/auth/register/verify', { code: s.code }, s.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'CODE_EXPIRED', message: errors.CODE_EXPIRED });
  });

  it('accepts the code just before it expires', async () => {
    const s = await start();
    t.clock.advance(5 * MINUTE - 1000);
    expect((await post(t, '/api/auth/register/verify', { code: s.code }, s.cookie)).statusCode).toBe(201);
  });

  it('refuses a code that is not 6 to 12 digits with the field message', async () => {
    const s = await start();
    for (const code of ['12345', '1234567890123', '12345a', 123456]) {
      const res = await post(t, '/api/auth/register/verify', { code }, s.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ code: '6 up to 12 digit OTP code. Only numbers are allowed.' });
    }
  });

  it('refuses verification and resend without a live registration', async () => {
    const none = await post(t, '/api/auth/register/verify', { code: '123456' });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toEqual({ code: 'REGISTRATION_EXPIRED', message: errors.REGISTRATION_EXPIRED });
    const forged = await post(t, '/api/auth/register/resend', undefined, 'tapat_reg=not-a-uuid');
    expect(forged.json().error.code).toBe('REGISTRATION_EXPIRED');
    const unknown = await post(t, '/api/auth/register/resend', undefined, 'tapat_reg=0b0e6a0e-6f4e-4a36-9a55-1d3c0f1f0a11');
    expect(unknown.json().error.code).toBe('REGISTRATION_EXPIRED');

    const s = await start();
    t.clock.advance(30 * MINUTE);
    const late = await post(t, '/api/auth/register/resend', undefined, s.cookie);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('REGISTRATION_EXPIRED');
    expect((await post(t, '/api/auth/register/verify', { code: s.code }, s.cookie)).json().error.code).toBe('REGISTRATION_EXPIRED');
  });

  it('resends at most once a minute and five times an hour per phone; a new code replaces the old', async () => {
    const s = await start();
    const tooSoon = await post(t, '/api/auth/register/resend', undefined, s.cookie);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error).toEqual({ code: 'RATE_LIMITED', message: translateEn('errors.CODE_RESEND_WAIT', codeTextValues()) });
    expect(Number(tooSoon.headers['retry-after'])).toBe(60);

    t.clock.advance(MINUTE - 1000);
    expect((await post(t, '/api/auth/register/resend', undefined, s.cookie)).statusCode).toBe(429);
    t.clock.advance(1000);
    const first = await post(t, '/api/auth/register/resend', undefined, s.cookie);
    expect(first.statusCode).toBe(200);
    expect(Object.keys(first.json()).sort()).toEqual(['codeExpiresAt', 'resendAvailableAt']);
    expect(new Date(first.json().resendAvailableAt).getTime()).toBe(t.clock.now().getTime() + MINUTE);
    const newCode = await latestCode(t, s.phone);

    for (let i = 0; i < 3; i++) {
      t.clock.advance(MINUTE);
      expect((await post(t, '/api/auth/register/resend', undefined, s.cookie)).statusCode).toBe(200);
    }
    // Five codes in this hour (the first and four resends): the sixth is refused.
    t.clock.advance(MINUTE);
    const hourly = await post(t, '/api/auth/register/resend', undefined, s.cookie);
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().error).toEqual({ code: 'RATE_LIMITED', message: errors.CODE_HOURLY_LIMIT });
    expect(await smsTo(t, s.phone)).toHaveLength(5);

    // Only the newest code counts.
    const old = await post(t, '/api/auth/register/verify', { code: s.code === newCode ? wrong(newCode) : s.code }, s.cookie);
    expect(old.json().error.code).toBe('CODE_INVALID');
    const latest = await post(t, '/api/auth/register/verify', { code: await latestCode(t, s.phone) }, s.cookie);
    expect(latest.statusCode).toBe(201);
  });

  it('limits codes per phone across registrations too', async () => {
    const s = await start();
    const again = await post(t, '/api/auth/register', registrationBody({ phone: s.phone }));
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(translateEn('errors.CODE_RESEND_WAIT', codeTextValues()));
    expect(setCookieOf(again, 'tapat_reg')).toBeUndefined();
    expect((await countFor(s.phone)).pending).toBe(1);
  });
});

describe('identity never comes from the body', () => {
  it('refuses a phone or user id sent to the verification and resend steps', async () => {
    const body = registrationBody();
    const start = await post(t, '/api/auth/register', body);
    const cookie = cookieFor(start, 'tapat_reg');
    const code = await latestCode(t, e164Of(body.phone));
    const withPhone = await post(t, '/api/auth/register/verify', { code, phone: body.phone }, cookie);
    expect(withPhone.statusCode).toBe(400);
    expect(withPhone.json().error.fields).toEqual({ phone: validation.unknownField });
    const withId = await post(t, '/api/auth/register/verify', { code, pendingId: '0b0e6a0e-6f4e-4a36-9a55-1d3c0f1f0a11' }, cookie);
    expect(withId.json().error.fields).toEqual({ pendingId: validation.unknownField });
    const resend = await post(t, '/api/auth/register/resend', { phone: body.phone }, cookie);
    expect(resend.statusCode).toBe(400);
    expect(resend.json().error.fields).toEqual({ phone: validation.unknownField });
  });
});

describe('unique indexes', () => {
  it('maps a unique violation on users to the field error it means', async () => {
    const { phone, body } = await registerMember(t);
    const base = {
      fullName: 'Maria Clara',
      passwordHash: 'x',
      employmentCountry: 'PH',
      employmentLocation: 'Cebu',
      jobTitle: 'Nurse',
      jobCategory: 'Health Care / Medical',
      monthlyNetIncome: 100n,
    };
    const samePhone = await t.deps.db
      .insert(users)
      .values({ ...base, phone, email: 'other.person@example.com' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(samePhone).not.toBeNull();
    expect(duplicateAsFieldError(samePhone)?.fields).toEqual({ phone: validation.phoneTaken });
    // registerMember's address is verified: another unverified row may hold it, a second verified one may not (decision 051).
    await t.deps.db.insert(users).values({ ...base, phone: freshPhone().e164, email: String(body.email) });
    const sameVerifiedEmail = await t.deps.db
      .insert(users)
      .values({ ...base, phone: freshPhone().e164, email: String(body.email), emailVerifiedAt: t.clock.now() })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(uniqueViolation(sameVerifiedEmail)).toBe('users_email_verified_key');
    // Not a registration's field error: registration never sets the verified time.
    expect(duplicateAsFieldError(sameVerifiedEmail)).toBeNull();
    expect(duplicateAsFieldError(new Error('other'))).toBeNull();
  });
});
