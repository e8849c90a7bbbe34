import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { contactMessages, users } from '../../src/server/db/schema';
import { HOUR, MINUTE } from '../../src/server/clock';
import { errors } from '../../src/shared/i18n/en/errors';
import { validation } from '../../src/shared/i18n/en/validation';
import { registerMember } from './identity-helpers';
import { translateEn } from '../../src/shared/i18n/lookup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Reyes',
  email: 'Ana.Reyes@Example.com',
  message: 'How long does the officer verification take?',
  agree: true,
  ...overrides,
});

function send(payload: unknown, remoteAddress = '198.51.100.20', cookie?: string) {
  return t.app.inject({ method: 'POST', url: '/api/contact', payload: payload as Record<string, unknown>, remoteAddress, headers: cookie ? { cookie } : {} });
}

async function storedFrom(ip: string) {
  return t.deps.db.select().from(contactMessages).where(eq(contactMessages.ip, ip));
}

describe('contact form', () => {
  it('stores the message with the consent time and address, then acknowledges it', async () => {
    const res = await send(message(), '198.51.100.21');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent.' });
    const [row] = await storedFrom('198.51.100.21');
    expect(row).toMatchObject({
      name: 'Ana Reyes',
      email: 'ana.reyes@example.com',
      message: 'How long does the officer verification take?',
      userId: null,
      handledAt: null,
    });
    expect(row!.consentAt.getTime()).toBe(t.clock.now().getTime());
  });

  it('records the signed-in member, from the session only', async () => {
    const m = await registerMember(t);
    const res = await send(message(), '198.51.100.22', m.cookie);
    expect(res.statusCode).toBe(201);
    const [row] = await storedFrom('198.51.100.22');
    const [user] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, m.phone));
    expect(row!.userId).toBe(user!.id);
    const spoof = await send(message({ userId: user!.id }), '198.51.100.22');
    expect(spoof.statusCode).toBe(400);
    expect(spoof.json().error.fields).toEqual({ userId: validation.unknownField });
  });

  const refused: [string, unknown, string][] = [
    ['name', 'A', validation.contactName],
    ['name', '   ', validation.contactName],
    ['name', 'A'.repeat(101), validation.contactName],
    ['email', 'ana@example', validation.email],
    ['message', 'Hey', translateEn('validation.contactMessage')],
    ['message', 'x'.repeat(2001), translateEn('validation.contactMessage')],
    ['agree', false, validation.contactAgree],
    ['agree', 'true', validation.contactAgree],
  ];
  it.each(refused)('refuses %s = %j with its message and stores nothing', async (field, value, text) => {
    const ip = '198.51.100.30';
    const res = await send(message({ [field]: value }), ip);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: errors.VALIDATION_FAILED, fields: { [field]: text } } });
    expect(await storedFrom(ip)).toHaveLength(0);
  });

  it('refuses a message without the consent box', async () => {
    const { agree: _agree, ...rest } = message();
    const res = await send(rest, '198.51.100.31');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ agree: validation.contactAgree });
  });

  it('holds the limit under a burst', async () => {
    const ip = '198.51.100.50';
    const results = await Promise.all(Array.from({ length: 8 }, () => send(message(), ip)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    expect(await storedFrom(ip)).toHaveLength(5);
  });

  it('accepts five messages an hour from one address', async () => {
    const ip = '198.51.100.40';
    for (let i = 0; i < 5; i++) {
      t.clock.advance(MINUTE);
      expect((await send(message(), ip)).statusCode).toBe(201);
    }
    const sixth = await send(message(), ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: { code: 'RATE_LIMITED', message: errors.RATE_LIMITED } });
    expect(Number(sixth.headers['retry-after'])).toBe(56 * 60);
    expect(await storedFrom(ip)).toHaveLength(5);
    // Another address is not affected; after the hour the first may send again.
    expect((await send(message(), '198.51.100.41')).statusCode).toBe(201);
    t.clock.advance(HOUR - 4 * MINUTE);
    expect((await send(message(), ip)).statusCode).toBe(201);
  });
});
