import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { auditLog, outboxMessages, users } from '../../src/server/db/schema';
import { queueSms, withCode } from '../../src/server/providers/notify';
import { deliverDue } from '../../src/server/modules/delivery/worker';
import { DeliveryError } from '../../src/server/providers/messages';
import { adminOutboxResponseSchema } from '../../src/shared/schemas/outbox-admin';
import { hashPassword } from '../../src/server/sessions/passwords';
import { latestCode, post, registrationBody, STRONG_PASSWORD } from './identity-helpers';

/**
 * The back office's delivery view (GET /api/admin/outbox) and retry, and the member's language:
 * staff see dead and failing messages masked and redacted and can send one again (audited); a
 * member who uses the app in Filipino gets their SMS in Filipino.
 */
let t: TestApp;
let officer: TestMember;
let member: Awaited<ReturnType<typeof createActivatedMember>>;
beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER');
  member = await createActivatedMember(t);
}, 180_000);
afterAll(async () => t.close());

const failing = { name: 'failing', deliver: async () => Promise.reject(new DeliveryError('gateway answered HTTP 400: invalid number', true)) };

describe('GET /api/admin/outbox', () => {
  it('shows a dead message with a masked recipient, its redacted body and its attempts; retry queues it again, audited', async () => {
    await queueSms(t.deps.db, { to: '+639175550123', body: withCode((c) => `Your code is ${c}.`, '771204') }, { requestId: null });
    await deliverDue(t.deps, { SMS: failing, EMAIL: null });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/outbox?view=DEAD', headers: { cookie: officer.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const page = adminOutboxResponseSchema.parse(res.json());
    expect(res.body).not.toContain('771204');
    expect(res.body).not.toContain('+639175550123');
    const dead = page.messages.find((m) => m.recipient === '+63•••••0123')!;
    expect(dead).toMatchObject({ status: 'DEAD', body: 'Your code is ••••••.', attempts: 1, lastError: 'gateway answered HTTP 400: invalid number' });
    expect(dead.history).toMatchObject([{ attempt: 1, provider: 'failing', outcome: 'DEAD' }]);
    expect(page.counts.dead).toBeGreaterThanOrEqual(1);
    expect(page.providers).toEqual({ sms: 'outbox', email: 'outbox' });

    const retry = await post(t, `/api/admin/outbox/${dead.id}/retry`, undefined, officer.cookie);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ id: dead.id, status: 'QUEUED' });
    const [row] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.id, dead.id));
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 0, nextAttemptAt: null });
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'OUTBOX_RETRY')).orderBy(desc(auditLog.seq)).limit(1);
    expect(audit).toMatchObject({ actorUserId: officer.userId, subjectType: 'OUTBOX_MESSAGE', subjectId: dead.id });
    expect(JSON.stringify(audit!.details)).not.toContain('771204');

    // Queued and not failed: nothing to retry.
    const again = await post(t, `/api/admin/outbox/${dead.id}/retry`, undefined, officer.cookie);
    expect(again.statusCode).toBe(409);
    const missing = await post(t, '/api/admin/outbox/00000000-0000-4000-8000-00000000abcd/retry', undefined, officer.cookie);
    expect(missing.statusCode).toBe(404);
  });

  it('pages by cursor, newest first: every message once at any depth; a forged cursor is a 400; the counts stop at a cap', async () => {
    for (let i = 0; i < 3; i += 1) await queueSms(t.deps.db, { to: '+639175550999', body: `Message ${i}` }, { requestId: null });
    const read = async (url: string) =>
      adminOutboxResponseSchema.parse((await t.app.inject({ method: 'GET', url, headers: { cookie: officer.cookie } })).json());
    const whole = await read('/api/admin/outbox?view=ALL&limit=100');
    expect(whole.messages.length).toBeGreaterThanOrEqual(4);
    expect(whole.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await read(`/api/admin/outbox?view=ALL&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.messages.length).toBeLessThanOrEqual(2);
      seen.push(...page.messages.map((m) => m.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(whole.messages.map((m) => m.id));
    expect(whole.countCap).toBe(1000);
    expect(whole.counts.queued + whole.counts.failing + whole.counts.sending + whole.counts.sent + whole.counts.dead).toBe(whole.messages.length);
    for (const bad of ['/api/admin/outbox?limit=1000', '/api/admin/outbox?cursor=abc', "/api/admin/outbox?cursor=1' or 1=1"]) {
      const res = await t.app.inject({ method: 'GET', url: bad, headers: { cookie: officer.cookie } });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('refuses members and anonymous callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie: member.cookie } })).statusCode).toBe(403);
    const [row] = await t.deps.db.select({ id: outboxMessages.id }).from(outboxMessages).limit(1);
    expect((await post(t, `/api/admin/outbox/${row!.id}/retry`, undefined, member.cookie)).statusCode).toBe(403);
  });
});

describe("the member's language", () => {
  it('a registration made in Filipino gets its code in Filipino; an English one in English', async () => {
    const fil = registrationBody();
    expect((await post(t, '/api/auth/register', fil, undefined, { 'accept-language': 'fil-PH, en;q=0.5' })).statusCode).toBeLessThan(300);
    const filPhone = `+63${String(fil.phone).replace(/^0/, '')}`;
    const [filSms] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, filPhone));
    const code = await latestCode(t, filPhone);
    expect(filSms!.body).toBe(`Ang iyong TAPAT verification code ay ${code}. Mag-e-expire ito sa loob ng 5 minuto. Huwag itong ibigay kaninuman.`);
    expect(filSms!.redactedBody).toContain('ay ••••••.');

    const en = registrationBody();
    await post(t, '/api/auth/register', en, undefined, { 'accept-language': 'en' });
    const enPhone = `+63${String(en.phone).replace(/^0/, '')}`;
    const [enSms] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, enPhone));
    expect(enSms!.body).toMatch(/^Your TAPAT verification code is \d{6}\. It expires in 5 minutes\. Never share it\.$/);
  });

  it('PUT /api/member/language stores it, and the password reset code follows it', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/member/language', payload: { language: 'fil' }, headers: { cookie: member.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ language: 'fil' });
    const [row] = await t.deps.db.select({ language: users.language, phone: users.phone }).from(users).where(eq(users.id, member.userId));
    expect(row!.language).toBe('fil');
    await post(t, '/api/auth/recovery/start', { phone: row!.phone.replace('+63', '0') });
    const [sms] = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, row!.phone))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(sms!.body).toMatch(/^Ang iyong TAPAT code para sa pagpapalit ng password ay \d{6}\./);

    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/member/language', payload: { language: 'es' }, headers: { cookie: member.cookie } })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'PUT', url: '/api/member/language', payload: { language: 'fil' } })).statusCode).toBe(401);
  });

  it("signing in on a browser in another language keeps the member's language, and the answer tells the browser to show it", async () => {
    await t.deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(STRONG_PASSWORD), language: 'fil' })
      .where(eq(users.id, member.userId));
    const [row] = await t.deps.db.select({ phone: users.phone }).from(users).where(eq(users.id, member.userId));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone: row!.phone.replace('+63', '0'), password: STRONG_PASSWORD, remember: false },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.language).toBe('fil');
    const [after] = await t.deps.db.select({ language: users.language }).from(users).where(eq(users.id, member.userId));
    expect(after!.language).toBe('fil');
    // And the session check of that browser says it too (the pages switch to it).
    const cookie = String(res.headers['set-cookie']).match(/tapat_sid=[^;]+/)?.[0] ?? '';
    expect(cookie).not.toBe('');
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie, 'accept-language': 'en' } });
    expect(session.json().user).toMatchObject({ language: 'fil' });
  });
});
