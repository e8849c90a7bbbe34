import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { outboxMessages } from '../../src/server/db/schema';
import { MINUTE } from '../../src/server/clock';
import { settings } from '../../src/shared/i18n/en/settings';
import { validation } from '../../src/shared/i18n/en/validation';
import { getSession, post, registerMember, signIn } from './identity-helpers';
import { translateEn } from '../../src/shared/i18n/lookup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const NEW_PASSWORD = 'Kalesa-Bibingka-4417';

function change(cookie: string | undefined, body: Record<string, unknown>) {
  return post(t, '/api/auth/password', body, cookie);
}

/** A registered member with a second session (another device) beside the registration's one. */
async function memberWithTwoSessions() {
  const m = await registerMember(t);
  const other = await signIn(t, m.phone, m.password);
  expect(other.statusCode, other.body).toBe(200);
  const otherCookie = `tapat_sid=${/tapat_sid=([^;]+)/.exec(String(other.headers['set-cookie']))![1]}`;
  return { ...m, otherCookie };
}

async function outboxTo(recipient: string) {
  return t.deps.db
    .select({ channel: outboxMessages.channel, subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.createdAt));
}

describe('POST /api/auth/password', () => {
  it('changes the password, keeps this session, signs out the others and tells the member', async () => {
    const m = await memberWithTwoSessions();
    const res = await change(m.cookie, { currentPassword: m.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Your password changed successfully.' });
    // No new cookie: the session that asked stays as it is.
    expect(res.headers['set-cookie']).toBeUndefined();

    expect((await getSession(t, m.cookie)).json().user).toMatchObject({ phone: m.phone });
    expect((await getSession(t, m.otherCookie)).json().user).toBeNull();

    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(401);
    const fresh = await signIn(t, m.phone, NEW_PASSWORD);
    expect(fresh.statusCode, fresh.body).toBe(200);

    const sms = (await outboxTo(m.phone)).find((r) => r.channel === 'SMS');
    expect(sms?.body).toContain('password was changed and your other devices were signed out');
    const email = (await outboxTo(String(m.body.email))).find((r) => r.channel === 'EMAIL');
    expect(email?.subject).toBe('Your TAPAT password was changed');
  });

  it('refuses a wrong current password, changes nothing and counts it as a failed sign-in', async () => {
    const m = await memberWithTwoSessions();
    const wrong = { currentPassword: 'not-my-password-1', newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    const res = await change(m.cookie, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { currentPassword: settings.password.wrongCurrent } });
    // Nothing changed: both sessions live, the old password still works.
    expect((await getSession(t, m.otherCookie)).json().user).not.toBeNull();

    // Four more wrong tries make five failures: the phone is locked for sign-in and for this form.
    for (let i = 0; i < 4; i++) expect((await change(m.cookie, wrong)).statusCode).toBe(400);
    const locked = await change(m.cookie, { ...wrong, currentPassword: m.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('SIGN_IN_LOCKED');
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(429);

    // After the lock, the right password works again.
    t.clock.advance(16 * MINUTE);
    const ok = await change(m.cookie, { currentPassword: m.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('applies the registration rule to the new password', async () => {
    const m = await registerMember(t);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ newPassword: 'short', confirmPassword: 'short' }, { newPassword: translateEn('validation.passwordLength') }],
      [{ newPassword: 'x'.repeat(65), confirmPassword: 'x'.repeat(65) }, { newPassword: translateEn('validation.passwordLength') }],
      [{ newPassword: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}!` }, { confirmPassword: validation.passwordMismatch }],
      [{ newPassword: m.password, confirmPassword: m.password }, { newPassword: settings.password.same }],
      [{ newPassword: 'password123', confirmPassword: 'password123' }, { newPassword: validation.passwordCommon }],
      // The member's own name and phone make an easy guess.
      [{ newPassword: 'juandelacruz', confirmPassword: 'juandelacruz' }, { newPassword: validation.passwordCommon }],
    ];
    for (const [body, fields] of cases) {
      const res = await change(m.cookie, { currentPassword: m.password, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields).toMatchObject(fields);
    }
    const missing = await change(m.cookie, { newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(missing.json().error.fields).toMatchObject({ currentPassword: validation.passwordRequired });
    // None of these changed the password.
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(200);
  });

  it('needs a session and takes no identity from the body', async () => {
    const m = await registerMember(t);
    const anonymous = await change(undefined, { currentPassword: m.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(anonymous.statusCode).toBe(401);
    const extra = await change(m.cookie, { currentPassword: m.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, phone: m.phone });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.fields).toHaveProperty('phone');
    expect((await signIn(t, m.phone, m.password)).statusCode).toBe(200);
  });

  it("changes only the signed-in member's password", async () => {
    // Both members have the same password: the session decides whose changes.
    const a = await registerMember(t);
    const b = await registerMember(t);
    expect(a.password).toBe(b.password);
    const res = await change(a.cookie, { currentPassword: b.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect((await signIn(t, a.phone, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await signIn(t, b.phone, b.password)).statusCode).toBe(200);
    expect((await getSession(t, b.cookie)).json().user).toMatchObject({ phone: b.phone });
    const rows = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, b.phone), eq(outboxMessages.channel, 'SMS')));
    expect(rows.some((r) => r.body.includes('password was changed'))).toBe(false);
  });
});
