import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, loans } from '../../src/server/db/schema';
import { createStaffUser } from '../../scripts/user-create';
import { jpeg } from '../fixtures/images';
import { createActivatedMember, createStaff, disburse, expectLedgerSound, get, ok, post, signedLoan, apply, APPLICATION } from '../fixtures/loans';
import { completeSteps, createAppWithUploads, createMember, uploadDocument, type TestMember } from '../fixtures/members';

type App = Awaited<ReturnType<typeof createAppWithUploads>>;
let t: App;
let officer: TestMember;
let checker: TestMember;
let admin: TestMember;

beforeAll(async () => {
  t = await createAppWithUploads();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

type Entry = {
  id: string;
  at: string;
  actor: { id: string | null; name: string; role: string };
  action: string;
  subjectType: string;
  subjectId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
};
type Page = { entries: Entry[]; nextCursor: string | null; actors: { id: string; name: string; role: string }[] };

async function audit(cookie: string, query = ''): Promise<Page> {
  return ok(await get(t, cookie, `/api/admin/audit${query}`)) as Page;
}

describe('who may read the audit log', () => {
  it('anonymous 401, a member 403, an officer and an admin 200', async () => {
    const member = await createMember(t);
    expect((await get(t, undefined, '/api/admin/audit')).statusCode).toBe(401);
    const asMember = await get(t, member.cookie, '/api/admin/audit');
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json().error.code).toBe('FORBIDDEN');
    expect((await get(t, officer.cookie, '/api/admin/audit')).statusCode).toBe(200);
    expect((await get(t, admin.cookie, '/api/admin/audit')).statusCode).toBe(200);
  });

  it('refuses malformed filters with the field named', async () => {
    for (const [query, field] of [
      ['?actor=someone', 'actor'],
      ['?action=DELETE_EVERYTHING', 'action'],
      ['?subjectType=PLANET', 'subjectType'],
      ['?from=22-11-2026', 'from'],
      ['?from=2026-11-23&to=2026-11-22', 'to'],
      ['?cursor=abc', 'cursor'],
      ['?limit=0', 'limit'],
    ] as const) {
      const res = await get(t, officer.cookie, `/api/admin/audit${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().error.fields), query).toContain(field);
    }
  });
});

describe('what is recorded', () => {
  it('every loan action by staff: review, approve, disburse (with the IP), and reject', async () => {
    const { loanId } = await signedLoan(t, officer);
    ok(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/loans/${loanId}/disburse`,
        payload: {},
        headers: { cookie: checker.cookie, 'idempotency-key': 'audit-disburse-1' },
        remoteAddress: '10.9.8.7',
      }),
    );
    const page = await audit(admin.cookie, `?subjectType=LOAN&subjectId=${loanId}`);
    expect(page.entries.map((e) => e.action)).toEqual(['LOAN_DISBURSE', 'LOAN_APPROVE', 'LOAN_START_REVIEW']);
    const [disbursed, approved, reviewed] = page.entries;
    expect(disbursed).toMatchObject({
      actor: { id: checker.userId, name: 'Officer Ben Cruz', role: 'OFFICER' },
      subjectType: 'LOAN',
      subjectId: loanId,
      ip: '10.9.8.7',
    });
    expect(disbursed!.details).toMatchObject({ from: 'CONTRACT_SIGNED', to: 'DISBURSED', principal: '200000.00', netProceeds: '200000.00' });
    expect(disbursed!.details.loanNumber).toMatch(/^TAPAT-L\d{6}$/);
    expect(approved).toMatchObject({
      actor: { id: officer.userId, role: 'OFFICER' },
      details: { from: 'UNDER_REVIEW', to: 'APPROVED', offer: { amount: '200000.00', term: 6 } },
    });
    expect(reviewed).toMatchObject({ actor: { id: officer.userId }, details: { from: 'PENDING', to: 'UNDER_REVIEW' } });
    // A refused second disbursement changes nothing and records nothing.
    expect((await disburse(t, checker.cookie, loanId)).statusCode).toBe(409);
    expect((await audit(admin.cookie, `?subjectType=LOAN&subjectId=${loanId}`)).entries).toHaveLength(3);

    const member = await createActivatedMember(t);
    const other = ok(await apply(t, member.cookie), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${other}/reject`, { reasonCode: 'INCOME_NOT_VERIFIED', note: 'Payslip looks edited' }));
    const rejected = await audit(officer.cookie, `?action=LOAN_REJECT&subjectId=${other}`);
    expect(rejected.entries).toHaveLength(1);
    expect(rejected.entries[0]!.details).toMatchObject({ from: 'PENDING', to: 'REJECTED', reasonCode: 'INCOME_NOT_VERIFIED', note: 'Payslip looks edited' });
  });

  it('a staff view of a member document, beside the document access log', async () => {
    const owner = await createMember(t);
    await completeSteps(t, owner.cookie, 'references');
    expect((await uploadDocument(t, owner.cookie, 'ID_FRONT', await jpeg(320, 200))).statusCode).toBe(201);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/members/${owner.userId}/documents/ID_FRONT`,
      headers: { cookie: officer.cookie },
      remoteAddress: '10.1.2.3',
    });
    expect(res.statusCode).toBe(200);
    const page = await audit(admin.cookie, `?action=DOCUMENT_VIEW&subjectId=${owner.userId}`);
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      actor: { id: officer.userId, role: 'OFFICER' },
      subjectType: 'MEMBER',
      subjectId: owner.userId,
      ip: '10.1.2.3',
      details: { kind: 'ID_FRONT' },
    });
  });

  it('a staff account created by npm run user:create, as SYSTEM, without the password', async () => {
    const password = 'Audit trail kalamansi lantern 2048';
    const { id } = await createStaffUser(
      t.deps.db,
      { phone: '+639990001234', password, role: 'OFFICER', name: 'Officer Created Here', email: 'created.here@example.com' },
      t.clock.now(),
    );
    const page = await audit(admin.cookie, `?action=STAFF_CREATE&subjectId=${id}`);
    expect(page.entries).toHaveLength(1);
    expect(page.entries[0]).toMatchObject({
      actor: { id: null, role: 'SYSTEM', name: 'Command line' },
      subjectType: 'USER',
      details: { role: 'OFFICER', name: 'Officer Created Here' },
    });
    expect(JSON.stringify(page.entries[0])).not.toContain(password);
    expect(JSON.stringify(page.entries[0])).not.toContain('argon2');
  });
});

describe("staff members' contacts in the audit log, by role (decision 052)", () => {
  it('an ADMIN reads the phone and e-mail a staff account was created with; an officer reads its name and role only', async () => {
    const phone = '+639990001299';
    const email = 'private.contact@example.com';
    const { id } = await createStaffUser(
      t.deps.db,
      { phone, password: 'Contacts kalamansi lantern 4096', role: 'OFFICER', name: 'Officer Contact Hidden', email },
      t.clock.now(),
    );
    const asAdmin = await audit(admin.cookie, `?action=STAFF_CREATE&subjectId=${id}`);
    expect(asAdmin.entries[0]!.details).toMatchObject({ role: 'OFFICER', name: 'Officer Contact Hidden', phone, email });

    for (const staff of [officer, checker]) {
      const page = await audit(staff.cookie, `?action=STAFF_CREATE&subjectId=${id}`);
      expect(page.entries).toHaveLength(1);
      expect(page.entries[0]!.details).toEqual({ role: 'OFFICER', name: 'Officer Contact Hidden', via: 'npm run user:create' });
      // Nowhere in the answer, the unfiltered page included.
      const all = JSON.stringify(await audit(staff.cookie, '?limit=200'));
      expect(all).not.toContain(phone);
      expect(all).not.toContain(email);
      expect(all).not.toContain('9990001299');
    }
  });
});

describe('the audit row and the change share one transaction', () => {
  it('when the audit row cannot be written, the loan transition is rolled back too', async () => {
    const member = await createActivatedMember(t);
    const loanId = ok(await apply(t, member.cookie, { ...APPLICATION }), 201).loan.id as string;
    await t.deps.db.execute(
      sql.raw(`
      create function audit_refuse() returns trigger language plpgsql as $$
      begin
        if new.action = 'LOAN_REJECT' and new.subject_id = '${loanId}' then raise exception 'audit refused'; end if;
        return new;
      end $$;`),
    );
    await t.deps.db.execute(sql.raw(`create trigger audit_refuse before insert on audit_log for each row execute function audit_refuse();`));
    try {
      const res = await post(t, officer.cookie, `/api/admin/loans/${loanId}/reject`, { reasonCode: 'INCOME_NOT_VERIFIED' });
      expect(res.statusCode).toBe(500);
      const [row] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
      expect(row!.status).toBe('PENDING');
      expect(row!.rejectionReasonCode).toBeNull();
    } finally {
      await t.deps.db.execute(sql.raw('drop trigger audit_refuse on audit_log'));
      await t.deps.db.execute(sql.raw('drop function audit_refuse()'));
    }
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/reject`, { reasonCode: 'INCOME_NOT_VERIFIED' }));
    expect(await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, loanId))).toHaveLength(1);
  });
});

describe('filters and pages', () => {
  it('filters by actor, action and Philippine dates; newest first; pages by cursor without overlap', async () => {
    const page = await audit(admin.cookie, `?actor=${checker.userId}`);
    expect(page.entries.length).toBeGreaterThan(0);
    expect(page.entries.every((e) => e.actor.id === checker.userId)).toBe(true);
    expect(page.actors.map((a) => a.id)).toEqual(expect.arrayContaining([officer.userId, checker.userId]));

    // The test clock stands at 2026-11-22 12:00 in Manila.
    expect((await audit(admin.cookie, '?from=2026-11-22&to=2026-11-22')).entries.length).toBeGreaterThan(0);
    expect((await audit(admin.cookie, '?from=2026-11-23')).entries).toHaveLength(0);
    const early = (await audit(admin.cookie, '?to=2026-11-21')).entries;
    expect(early, JSON.stringify(early)).toHaveLength(0);

    const all = await audit(admin.cookie, '?limit=200');
    expect(all.nextCursor).toBeNull();
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const p: Page = await audit(admin.cookie, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(p.entries.length).toBeLessThanOrEqual(2);
      seen.push(...p.entries.map((e) => e.id));
      cursor = p.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.entries.map((e) => e.id));
    const times = all.entries.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
