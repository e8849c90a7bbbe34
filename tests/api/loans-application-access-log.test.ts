import { strFromU8, unzipSync } from 'fflate';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documentAccessLog, memberDocuments } from '../../src/server/db/schema';
import { exportMemberData } from '../../src/server/modules/privacy/service';
import { createTestApp, type TestApp } from '../fixtures/app';
import { APPLICATION, apply, createActivatedMember, createStaff, get, ok } from '../fixtures/loans';

/**
 * Opening an application in the back office shows the member's birth date,
 * address, ID number and references; every such view is in the access log (as image views are),
 * in the audit log, and in the member's data export.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const viewsOf = (memberId: string) =>
  t.deps.db
    .select()
    .from(documentAccessLog)
    .where(and(eq(documentAccessLog.memberId, memberId), eq(documentAccessLog.kind, 'APPLICATION')));

describe('GET /api/admin/loans/:loanId writes the access log', () => {
  it('one entry per view, with the officer, their role and the address; audited; in the member export', async () => {
    const officer = await createStaff(t, 'OFFICER', 'Officer Lina Cruz');
    const member = await createActivatedMember(t);
    const loanId = ok(await apply(t, member.cookie, { ...APPLICATION }), 201).loan.id as string;
    expect(await viewsOf(member.userId)).toHaveLength(0);

    const first = ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}`));
    expect(first.member).toBeTruthy();
    let views = await viewsOf(member.userId);
    expect(views).toHaveLength(1);
    expect(views[0]).toMatchObject({ staffUserId: officer.userId, staffRole: 'OFFICER', documentId: null, ip: '127.0.0.1' });
    expect(views[0]!.createdAt.getTime()).toBe(t.clock.now().getTime());

    t.clock.advance(1000);
    ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}`));
    views = await viewsOf(member.userId);
    expect(views).toHaveLength(2);

    const audited = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'APPLICATION_VIEW'), eq(auditLog.subjectId, loanId)));
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ actorUserId: officer.userId, actorRole: 'OFFICER', subjectType: 'LOAN' });

    // The fixture's documents point at no stored image: the export here is about the access log only.
    await t.deps.db.delete(memberDocuments).where(eq(memberDocuments.userId, member.userId));
    const { zip } = await exportMemberData(t.deps, member.userId);
    const data = JSON.parse(strFromU8(unzipSync(zip)['documents.json']!)) as { documentViewsByStaff: { kind: string; staffRole: string }[] };
    expect(data.documentViewsByStaff.filter((v) => v.kind === 'APPLICATION')).toEqual([
      { viewedAt: views[0]!.createdAt.toISOString(), kind: 'APPLICATION', staffRole: 'OFFICER' },
      { viewedAt: views[1]!.createdAt.toISOString(), kind: 'APPLICATION', staffRole: 'OFFICER' },
    ]);
  });

  it('writes nothing when the view is refused: the member themself (403), signed out (401), an unknown loan (404)', async () => {
    const member = await createActivatedMember(t);
    const officer = await createStaff(t, 'OFFICER', 'Officer Rey Santos');
    const loanId = ok(await apply(t, member.cookie, { ...APPLICATION }), 201).loan.id as string;
    expect((await get(t, member.cookie, `/api/admin/loans/${loanId}`)).statusCode).toBe(403);
    expect((await get(t, undefined, `/api/admin/loans/${loanId}`)).statusCode).toBe(401);
    expect((await get(t, officer.cookie, '/api/admin/loans/00000000-0000-4000-8000-000000000009')).statusCode).toBe(404);
    expect(await viewsOf(member.userId)).toHaveLength(0);
  });
});
