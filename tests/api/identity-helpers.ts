import { and, desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { outboxMessages, users } from '../../src/server/db/schema';
import { cookieHeader, type TestApp } from '../fixtures/app';

/** Shared by the identity, support, outbox and hygiene API tests (not a test file itself). */

let counter = 0;
/** A fresh, valid Philippine mobile number (national format) and its E.164 form. */
export function freshPhone(): { national: string; e164: string } {
  counter += 1;
  const subscriber = String(1_000_000 + ((process.pid * 7919 + counter * 104_729) % 9_000_000));
  return { national: `0917${subscriber}`, e164: `+63917${subscriber}` };
}

export const STRONG_PASSWORD = 'Sampaguita-Ube-2026';

export function registrationBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  const phone = freshPhone().national;
  return {
    phone,
    email: `juan.${counter}.${process.pid}@example.com`,
    fullName: 'Juan Dela Cruz',
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    employmentCountry: 'PH',
    employmentLocation: 'Makati City',
    jobTitle: 'Accountant',
    jobCategory: 'Accounting / Finance',
    monthlyNetIncome: '35000',
    ...overrides,
  };
}

/** The Set-Cookie header of a response, as a list. */
function setCookies(res: { headers: Record<string, unknown> }): string[] {
  const raw = res.headers['set-cookie'];
  return Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
}

/** The Set-Cookie line of one cookie. */
export function setCookieOf(res: { headers: Record<string, unknown> }, name: string): string | undefined {
  return setCookies(res).find((c) => c.startsWith(`${name}=`));
}

/** A Cookie header carrying just the named cookies of a response. */
export function cookieFor(res: { headers: Record<string, unknown> }, ...names: string[]): string {
  return cookieHeader(setCookies(res).filter((c) => names.some((n) => c.startsWith(`${n}=`))));
}

/** The code in the newest SMS to a phone, read from the outbox table. */
export async function latestCode(t: TestApp, e164: string): Promise<string> {
  const rows = await t.deps.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, e164), eq(outboxMessages.channel, 'SMS')))
    .orderBy(desc(outboxMessages.createdAt));
  const withCode = rows.find((r) => /\b\d{6}\b/.test(r.body));
  const code = withCode?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${e164}`);
  return code;
}

export async function smsTo(t: TestApp, e164: string): Promise<string[]> {
  const rows = await t.deps.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, e164))
    .orderBy(desc(outboxMessages.createdAt));
  return rows.map((r) => r.body);
}

export function post(t: TestApp, url: string, payload?: unknown, cookie?: string, extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    headers: { ...(cookie ? { cookie } : {}), ...extra },
  });
}

export function getSession(t: TestApp, cookie?: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/session', headers: cookie ? { cookie } : {} });
}

/**
 * Registers and verifies a member; returns the body sent, the E.164 phone and the session cookie.
 * The e-mail address is then marked verified (as if the member had typed the e-mailed code, decision
 * 051) unless `emailVerified: false`: most tests expect the member's e-mail in the outbox.
 */
export async function registerMember(t: TestApp, overrides: Record<string, unknown> = {}, options: { emailVerified?: boolean } = {}) {
  const body = registrationBody(overrides);
  const start = await post(t, '/api/auth/register', body);
  expect(start.statusCode, start.body).toBe(201);
  const phone = `+63${String(body.phone).replace(/^0/, '')}`;
  const code = await latestCode(t, phone);
  const verify = await post(t, '/api/auth/register/verify', { code }, cookieFor(start, 'tapat_reg'));
  expect(verify.statusCode, verify.body).toBe(201);
  if (options.emailVerified !== false) await markEmailVerified(t, phone);
  return { body, phone, password: String(body.password), cookie: cookieFor(verify, 'tapat_sid'), device: cookieFor(verify, 'tapat_dev') };
}

/** The member's address marked verified directly in the table (a fixture's shortcut; tests/api/email-verification.test.ts tests the real flow). */
export async function markEmailVerified(t: TestApp, phone: string): Promise<void> {
  await t.deps.db.update(users).set({ emailVerifiedAt: t.clock.now() }).where(eq(users.phone, phone));
}

export async function signIn(t: TestApp, phone: string, password: string, remember = false, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { phone, password, remember },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
