import { strFromU8, unzipSync } from 'fflate';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, dataDeletionRequests, users } from '../../src/server/db/schema';
import { writeAudit } from '../../src/server/audit';
import { hashPassword } from '../../src/server/sessions/passwords';
import { createStaff, post } from '../fixtures/loans';
import { createAppWithUploads, createMember, type TestMember } from '../fixtures/members';

/**
 * A dishonest insider, or a crafted input, using the data-rights flows as a channel (the security
 * review of the back office, branch sec-insider): the erasure of a member must not erase what the
 * lender keeps about its own staff and settings, a staff member does not decide their own (or a
 * related member's) request, and one member's export holds nothing of another member.
 */

type App = Awaited<ReturnType<typeof createAppWithUploads>>;
let t: App;
let admin: TestMember;
let otherAdmin: TestMember;

beforeAll(async () => {
  t = await createAppWithUploads();
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
  otherAdmin = await createStaff(t, 'ADMIN', 'Admin Dante Lim');
}, 120_000);
afterAll(async () => t.close());

const PASSWORD = 'Sampaguita-Ube-2026';

async function fileRequest(m: TestMember): Promise<string> {
  const res = await post(t, m.cookie, '/api/privacy/deletion-request', { reason: 'Please delete my data.' });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.deps.db
    .select({ id: dataDeletionRequests.id })
    .from(dataDeletionRequests)
    .where(eq(dataDeletionRequests.userId, m.userId))
    .orderBy(desc(dataDeletionRequests.requestedAt));
  return row!.id;
}

const complete = (cookie: string, id: string) => post(t, cookie, `/api/admin/deletion-requests/${id}/complete`);
const reject = (cookie: string, id: string) => post(t, cookie, `/api/admin/deletion-requests/${id}/reject`, { reasonCode: 'LEGAL_HOLD' });

async function statusOf(id: string): Promise<string> {
  const [row] = await t.deps.db.select({ status: dataDeletionRequests.status }).from(dataDeletionRequests).where(eq(dataDeletionRequests.id, id));
  return row!.status;
}

describe('deletion requests and the staff', () => {
  it('an ADMIN does not decide their own request (403 CONFLICT_OF_INTEREST), and no ADMIN erases a staff account (409 DELETION_BLOCKED STAFF_ACCOUNT)', async () => {
    const own = await createStaff(t, 'ADMIN', 'Admin Erwin Go');
    const requestId = await fileRequest(own);
    const self = await complete(own.cookie, requestId);
    expect(self.statusCode, self.body).toBe(403);
    expect(self.json().error.code).toBe('CONFLICT_OF_INTEREST');
    const selfReject = await reject(own.cookie, requestId);
    expect(selfReject.statusCode, selfReject.body).toBe(403);
    expect(selfReject.json().error.code).toBe('CONFLICT_OF_INTEREST');

    const byOther = await complete(admin.cookie, requestId);
    expect(byOther.statusCode, byOther.body).toBe(409);
    expect(byOther.json().error.code).toBe('DELETION_BLOCKED');
    expect(Object.keys(byOther.json().error.fields)).toEqual(['STAFF_ACCOUNT']);
    // The detail page says why beforehand.
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/deletion-requests/${requestId}`, headers: { cookie: admin.cookie } });
    expect(detail.json().blockers).toEqual(['STAFF_ACCOUNT']);

    // Nothing moved: the staff account keeps its name (the audit log's actor), the request stays open.
    const [row] = await t.deps.db.select({ fullName: users.fullName, role: users.role }).from(users).where(eq(users.id, own.userId));
    expect(row).toEqual({ fullName: 'Admin Erwin Go', role: 'ADMIN' });
    expect(await statusOf(requestId)).toBe('OPEN');
  });

  it('an ADMIN does not decide the request of a member who shares their e-mail address (any letter case)', async () => {
    const member = await createMember(t, { fullName: 'Lorna Villanueva' });
    await t.deps.db
      .update(users)
      .set({ email: `X.${admin.email.toUpperCase()}` })
      .where(eq(users.id, member.userId));
    await t.deps.db
      .update(users)
      .set({ email: `x.${admin.email}` })
      .where(eq(users.id, admin.userId));
    try {
      const requestId = await fileRequest(member);
      for (const res of [await complete(admin.cookie, requestId), await reject(admin.cookie, requestId)]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().error.code).toBe('CONFLICT_OF_INTEREST');
      }
      expect(await statusOf(requestId)).toBe('OPEN');
      // Another ADMIN may.
      const res = await reject(otherAdmin.cookie, requestId);
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await t.deps.db.update(users).set({ email: admin.email }).where(eq(users.id, admin.userId));
    }
  });
});

describe("a member's erasure cuts the member's words out of the audit rows about members only", () => {
  it("a member named like a staff member or the signatory does not erase the staff's or the settings' audit rows", async () => {
    // The member picks a name that also stands in the lender's own records (any letters are a valid name).
    const member = await createMember(t, { fullName: 'Ramon Bautista' });
    const at = t.clock.now();
    const actor = { userId: admin.userId, role: 'ADMIN' };
    await writeAudit(t.deps.db, {
      actor,
      action: 'STAFF_CREATE',
      subjectType: 'USER',
      subjectId: admin.userId,
      details: { role: 'OFFICER', name: 'Ramon Bautista', via: 'cli' },
      ip: null,
      at,
    });
    await writeAudit(t.deps.db, {
      actor,
      action: 'COMPANY_PROFILE_UPDATE',
      subjectType: 'COMPANY_PROFILE',
      subjectId: null,
      details: { changed: ['disclosureSignatory'], after: { disclosureSignatory: { name: 'Ramon Bautista', position: 'President' } } },
      ip: null,
      at,
    });
    // A row about the member that quotes them: this one is cut, as before.
    await writeAudit(t.deps.db, {
      actor,
      action: 'DOCUMENT_VIEW',
      subjectType: 'MEMBER',
      subjectId: member.userId,
      details: { kind: 'SELFIE', remark: 'checked Ramon Bautista' },
      ip: null,
      at,
    });
    const requestId = await fileRequest(member);
    const res = await complete(admin.cookie, requestId);
    expect(res.statusCode, res.body).toBe(200);

    const rows = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorUserId, admin.userId)));
    const byAction = (action: string) => rows.filter((r) => r.action === action).map((r) => JSON.stringify(r.details));
    expect(byAction('STAFF_CREATE').join()).toContain('Ramon Bautista');
    expect(byAction('COMPANY_PROFILE_UPDATE').join()).toContain('Ramon Bautista');
    const aboutMember = rows.filter((r) => r.action === 'DOCUMENT_VIEW' && r.subjectId === member.userId);
    expect(aboutMember).toHaveLength(1);
    expect(JSON.stringify(aboutMember[0]!.details)).not.toContain('Ramon Bautista');
  });
});

describe("one member's data export", () => {
  it('does not carry the id of the member who referred them', async () => {
    const referrer = await createMember(t, { fullName: 'Teresita Ocampo' });
    const member = await createMember(t, { fullName: 'Nestor Aquino' });
    await t.deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD), referralCode: 'FRIEND01', referredBy: referrer.userId })
      .where(eq(users.id, member.userId));
    const res = await t.app.inject({ method: 'POST', url: '/api/privacy/export', payload: { password: PASSWORD }, headers: { cookie: member.cookie } });
    expect(res.statusCode, res.body).toBe(200);
    const json = strFromU8(unzipSync(new Uint8Array(res.rawPayload))['data.json']!);
    expect(json).toContain('FRIEND01');
    expect(json).not.toContain(referrer.userId);
    expect(JSON.parse(json).account).toMatchObject({ referred: true });
  });
});
