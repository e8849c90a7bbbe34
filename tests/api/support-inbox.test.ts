import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outboxMessages, users } from '../../src/server/db/schema';
import { SUPPORT_REPLY_MAX } from '../../src/shared/schemas/support-inbox';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, get, post } from '../fixtures/loans';
import { createMember, type TestMember } from '../fixtures/members';

/** The support inbox (status machine, filter, cursor paging, assignment, reply by e-mail, audit). */
let t: TestApp;
let officer: TestMember;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
}, 60_000);
afterAll(async () => t.close());

let ipCounter = 0;
async function contact(message: string, email = 'juan@example.com', cookie?: string): Promise<string> {
  ipCounter += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Juan Cruz', email, message, agree: true },
    remoteAddress: `203.0.113.${ipCounter}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(201);
  const inbox = (await get(t, officer.cookie, '/api/admin/support/messages?limit=1')).json();
  return inbox.messages[0].id as string;
}

const auditsOf = (id: string) => t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, id)).orderBy(auditLog.seq);

describe('support inbox', () => {
  it('lists new messages first, filters by status and pages with the cursor', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push(await contact(`Question number ${i} about my loan`));
    const first = (await get(t, officer.cookie, '/api/admin/support/messages?status=NEW&limit=2')).json();
    expect(first.messages.map((m: { id: string }) => m.id)).toEqual([ids[2], ids[1]]);
    expect(first.messages[0]).toMatchObject({ status: 'NEW', assignedTo: null, email: 'juan@example.com', message: 'Question number 2 about my loan' });
    expect(first.staff.map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(['Officer Ana Reyes', 'Admin Carla Tan']));
    const second = (await get(t, officer.cookie, `/api/admin/support/messages?status=NEW&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.messages[0].id).toBe(ids[0]);
    expect((await get(t, officer.cookie, '/api/admin/support/messages?status=CLOSED')).json().messages).toEqual([]);
    expect((await get(t, officer.cookie, '/api/admin/support/messages?status=DONE')).statusCode).toBe(400);
    expect((await get(t, officer.cookie, '/api/admin/support/messages?cursor=99999999999999999999')).statusCode).toBe(400);
  });

  it('assigns to staff, replies by plain-text e-mail to the given address, closes, reopens; each step audited', async () => {
    const id = await contact('<b>How</b> do I change my payout account?', 'Ana.B@Example.com');
    const assigned = await post(t, officer.cookie, `/api/admin/support/messages/${id}/assign`, { staffId: admin.userId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().message).toMatchObject({ status: 'IN_PROGRESS', assignedTo: { id: admin.userId, name: 'Admin Carla Tan' } });

    const text = 'Open Settings, then Payout account. <script>alert(1)</script> stays text.';
    const replied = await post(t, admin.cookie, `/api/admin/support/messages/${id}/reply`, { text });
    expect(replied.statusCode, replied.body).toBe(200);
    expect(replied.json().message.status).toBe('ANSWERED');
    const emails = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, 'ana.b@example.com'), eq(outboxMessages.channel, 'EMAIL')));
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toBe('Your message to TAPAT');
    // The officer's words quoted under their name (decision 060), the standing warning after them.
    expect(emails[0]!.body.startsWith('Admin Carla Tan of ')).toBe(true);
    expect(emails[0]!.body).toContain(`\n\n> ${text}\n\n`);
    expect(emails[0]!.body).toContain('never asks for a payment to release, unlock or withdraw a loan');

    expect((await post(t, officer.cookie, `/api/admin/support/messages/${id}/close`)).json().message.status).toBe('CLOSED');
    const again = await post(t, officer.cookie, `/api/admin/support/messages/${id}/reply`, { text: 'One more thing.' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('SUPPORT_STATE');
    expect((await post(t, officer.cookie, `/api/admin/support/messages/${id}/close`)).statusCode).toBe(409);
    expect((await post(t, officer.cookie, `/api/admin/support/messages/${id}/reopen`)).json().message.status).toBe('IN_PROGRESS');

    const audits = await auditsOf(id);
    expect(audits.map((a) => [a.action, a.actorUserId])).toEqual([
      ['SUPPORT_ASSIGN', officer.userId],
      ['SUPPORT_REPLY', admin.userId],
      ['SUPPORT_CLOSE', officer.userId],
      ['SUPPORT_REOPEN', officer.userId],
    ]);
    expect(audits[1]!.details).toMatchObject({ from: 'IN_PROGRESS', to: 'ANSWERED', text });
  });

  it('a signed-in member gets the reply subject and footer in their language', async () => {
    // The member's own verified address (decision 051: a signed-in sender's reply goes only there).
    const member = await createMember(t, { email: 'pedro@example.com' });
    await t.deps.db.update(users).set({ language: 'fil' }).where(eq(users.id, member.userId));
    const id = await contact('Paano magbayad gamit ang GCash?', 'pedro@example.com', member.cookie);
    expect((await post(t, officer.cookie, `/api/admin/support/messages/${id}/reply`, { text: 'Buksan ang app at piliin ang GCash.' })).statusCode).toBe(200);
    const [email] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'pedro@example.com'));
    expect(email!.subject).toBe('Ang mensahe mo sa TAPAT');
  });

  it('refuses members, a reply too short or too long, an unknown assignee or a member as assignee, an unknown message; nothing sent or audited', async () => {
    const member = await createMember(t);
    const id = await contact('Please call me about my application.', 'refused@example.com');
    expect((await get(t, member.cookie, '/api/admin/support/messages')).statusCode).toBe(403);
    expect((await get(t, undefined, '/api/admin/support/messages')).statusCode).toBe(401);
    expect((await post(t, member.cookie, `/api/admin/support/messages/${id}/reply`, { text: 'I answer myself.' })).statusCode).toBe(403);
    expect((await post(t, officer.cookie, `/api/admin/support/messages/${id}/reply`, { text: '  ok ' })).statusCode).toBe(400);
    const long = await post(t, officer.cookie, `/api/admin/support/messages/${id}/reply`, { text: 'x'.repeat(SUPPORT_REPLY_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toHaveProperty('text');
    expect((await post(t, officer.cookie, `/api/admin/support/messages/${id}/reply`, { text: 'Hello there', to: 'evil@example.com' })).statusCode).toBe(400);
    expect((await post(t, officer.cookie, `/api/admin/support/messages/${id}/assign`, { staffId: member.userId })).statusCode).toBe(400);
    expect((await post(t, officer.cookie, `/api/admin/support/messages/${id}/assign`, { staffId: '00000000-0000-4000-8000-000000000001' })).statusCode).toBe(
      400,
    );
    expect((await post(t, officer.cookie, '/api/admin/support/messages/00000000-0000-4000-8000-000000000002/close')).statusCode).toBe(404);
    expect((await post(t, officer.cookie, '/api/admin/support/messages/not-an-id/close')).statusCode).toBe(400);
    expect(await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, 'refused@example.com'))).toHaveLength(0);
    expect(await auditsOf(id)).toHaveLength(0);
    const [row] = (await get(t, officer.cookie, '/api/admin/support/messages?status=NEW&limit=1')).json().messages;
    expect(row).toMatchObject({ id, status: 'NEW', assignedTo: null });
  });
});
