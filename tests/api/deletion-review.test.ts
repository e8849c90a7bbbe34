import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  channelPayments,
  contactMessages,
  dataDeletionRequests,
  documentAccessLog,
  loanPayments,
  loans,
  memberAddresses,
  memberDocuments,
  memberIdentities,
  memberPersonal,
  memberReferences,
  outboxMessages,
  payoutAccounts,
  sessions,
  users,
} from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/sessions/passwords';
import { createStaff, expectLedgerSound, get, post } from '../fixtures/loans';
import { completeSteps, createAppWithUploads, createMember, storedFiles, type TestMember } from '../fixtures/members';
import { fundedMember, requestWithdrawal } from '../fixtures/withdrawals';

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
}, 120_000);
afterAll(async () => t.close());

const PASSWORD = 'Sampaguita-Ube-2026';

/** Files a deletion request as the member and answers its id. */
async function fileRequest(m: TestMember, reason = 'I no longer need a loan.'): Promise<string> {
  const res = await post(t, m.cookie, '/api/privacy/deletion-request', { reason });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await t.deps.db
    .select({ id: dataDeletionRequests.id })
    .from(dataDeletionRequests)
    .where(eq(dataDeletionRequests.userId, m.userId))
    .orderBy(desc(dataDeletionRequests.requestedAt));
  return row!.id;
}

const complete = (cookie: string | undefined, id: string) => post(t, cookie, `/api/admin/deletion-requests/${id}/complete`);
const reject = (cookie: string | undefined, id: string, reasonCode: unknown = 'LEGAL_HOLD') =>
  post(t, cookie, `/api/admin/deletion-requests/${id}/reject`, { reasonCode });

describe('data-deletion review: completion anonymises the member and keeps what the law requires', () => {
  let m: TestMember;
  let requestId: string;

  beforeAll(async () => {
    m = await createMember(t);
    await t.deps.db
      .update(users)
      .set({ passwordHash: await hashPassword(PASSWORD), language: 'fil' })
      .where(eq(users.id, m.userId));
    await completeSteps(t, m.cookie);
    await t.deps.db
      .insert(contactMessages)
      .values({ name: 'Maria', email: m.email, message: 'Please delete my data.', consentAt: t.clock.now(), userId: m.userId });
    requestId = await fileRequest(m);
  }, 60_000);

  it('staff see it in the list, filtered by status; a member cannot reach the list or the detail', async () => {
    const open = await get(t, officer.cookie, '/api/admin/deletion-requests?status=OPEN');
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json().requests).toContainEqual(
      expect.objectContaining({ id: requestId, memberId: m.userId, status: 'OPEN', reason: 'I no longer need a loan.' }),
    );
    const done = await get(t, officer.cookie, '/api/admin/deletion-requests?status=COMPLETED');
    expect(done.json().requests.map((r: { id: string }) => r.id)).not.toContain(requestId);
    expect((await get(t, m.cookie, '/api/admin/deletion-requests')).statusCode).toBe(403);
    expect((await get(t, m.cookie, `/api/admin/deletion-requests/${requestId}`)).statusCode).toBe(403);
    expect((await get(t, undefined, `/api/admin/deletion-requests/${requestId}`)).statusCode).toBe(401);
    expect((await get(t, officer.cookie, '/api/admin/deletion-requests?cursor=garbage')).statusCode).toBe(400);
  });

  it('the detail lists what would be erased and kept, with no blocker, and the view is in the access log and the audit log', async () => {
    const before = await t.deps.db
      .select()
      .from(documentAccessLog)
      .where(and(eq(documentAccessLog.memberId, m.userId), eq(documentAccessLog.kind, 'DELETION_REQUEST')));
    const res = await get(t, officer.cookie, `/api/admin/deletion-requests/${requestId}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.member).toMatchObject({ phone: m.phone, email: m.email });
    expect(detail.blockers).toEqual([]);
    const erased = Object.fromEntries(detail.erased.map((e: { category: string; count: number }) => [e.category, e.count]));
    expect(erased).toMatchObject({
      ACCOUNT: 1,
      PERSONAL: 1,
      ADDRESS: 1,
      REFERENCES: 2,
      IDENTITY: 1,
      DOCUMENTS: 3,
      PAYOUT_ACCOUNT: 1,
      CONTACT_MESSAGES: 1,
      SESSIONS: 1,
    });
    expect(detail.kept.map((k: { category: string }) => k.category)).toEqual(['LOANS', 'LEDGER', 'CONSENTS', 'AUDIT', 'MESSAGES_SENT', 'REQUEST']);
    expect(detail.retentionYears).toBe(t.deps.config.recordRetentionYears);
    expect(detail.keptUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const after = await t.deps.db
      .select()
      .from(documentAccessLog)
      .where(and(eq(documentAccessLog.memberId, m.userId), eq(documentAccessLog.kind, 'DELETION_REQUEST')));
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ staffUserId: officer.userId, staffRole: 'OFFICER', documentId: null });
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, requestId), eq(auditLog.action, 'DELETION_REQUEST_VIEW')));
    expect(audits.length).toBeGreaterThan(0);
  });

  it('an officer may not decide (ADMIN only), nor may the member', async () => {
    expect((await complete(officer.cookie, requestId)).statusCode).toBe(403);
    expect((await reject(officer.cookie, requestId)).statusCode).toBe(403);
    expect((await complete(m.cookie, requestId)).statusCode).toBe(403);
    const [row] = await t.deps.db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.id, requestId));
    expect(row!.status).toBe('OPEN');
  });

  it('an ADMIN completes it: personal data erased in one go, sessions revoked, sign-in impossible, the member told in Filipino', async () => {
    const filesBefore = await storedFiles(t.uploadsDir);
    const keys = (await t.deps.db.select({ key: memberDocuments.storageKey }).from(memberDocuments).where(eq(memberDocuments.userId, m.userId))).map(
      (d) => d.key,
    );
    expect(keys).toHaveLength(3);

    const res = await complete(admin.cookie, requestId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({
      id: requestId,
      status: 'COMPLETED',
      handledBy: { id: admin.userId, name: 'Admin Carla Tan' },
      memberName: m.fullName,
    });

    const [user] = await t.deps.db.select().from(users).where(eq(users.id, m.userId));
    expect(user).toMatchObject({ fullName: '[deleted]', jobTitle: '', employmentLocation: '', registrationIp: null, inviteCode: null });
    expect(user!.phone).not.toBe(m.phone);
    expect(user!.email).not.toBe(m.email);
    expect(user!.passwordHash).not.toMatch(/^\$argon2/);
    for (const table of [memberPersonal, memberAddresses, memberIdentities, payoutAccounts]) {
      expect(await t.deps.db.select().from(table).where(eq(table.userId, m.userId))).toEqual([]);
    }
    expect(await t.deps.db.select().from(memberReferences).where(eq(memberReferences.userId, m.userId))).toEqual([]);
    expect(await t.deps.db.select().from(memberDocuments).where(eq(memberDocuments.userId, m.userId))).toEqual([]);
    expect(await t.deps.db.select().from(contactMessages).where(eq(contactMessages.userId, m.userId))).toEqual([]);
    // The image files are gone from storage.
    const filesAfter = await storedFiles(t.uploadsDir);
    expect(filesAfter.length).toBe(filesBefore.length - 3);
    for (const key of keys) expect(filesAfter.join('\n')).not.toContain(key);

    // Every session revoked: the member's cookie no longer works, and the old phone and password sign nobody in.
    const live = await t.deps.db.select().from(sessions).where(eq(sessions.userId, m.userId));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    expect((await get(t, m.cookie, '/api/member/account')).statusCode).toBe(401);
    const signIn = await post(t, undefined, '/api/auth/login', { phone: m.phone, password: PASSWORD });
    expect(signIn.statusCode).toBe(401);

    // Told by SMS and e-mail, in their language, to the contact details they had.
    const told = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(inArray(outboxMessages.recipient, [m.phone, m.email]));
    const sms = told.find((o) => o.channel === 'SMS' && o.body.includes('binura na namin'));
    expect(sms, JSON.stringify(told.map((o) => o.body))).toBeDefined();
    expect(told.some((o) => o.channel === 'EMAIL' && o.subject?.includes('Nabura na'))).toBe(true);

    // Audited, with the kept request.
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, requestId), eq(auditLog.action, 'DELETION_REQUEST_COMPLETE')));
    expect(audit).toMatchObject({ actorUserId: admin.userId, actorRole: 'ADMIN' });

    // The detail now says the member is anonymised.
    const detail = (await get(t, admin.cookie, `/api/admin/deletion-requests/${requestId}`)).json();
    expect(detail.member).toBeNull();
    expect(detail.erased.every((e: { count: number }) => e.count === 0)).toBe(true);
  });

  it('a second completion, or a rejection after it, is refused (409 DELETION_REQUEST_STATE); an unknown request is 404', async () => {
    const again = await complete(admin.cookie, requestId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DELETION_REQUEST_STATE');
    expect((await reject(admin.cookie, requestId)).json().error.code).toBe('DELETION_REQUEST_STATE');
    expect((await complete(admin.cookie, '00000000-0000-4000-8000-000000000009')).statusCode).toBe(404);
  });
});

describe('data-deletion review: completion refused while money or a loan is outstanding', () => {
  it('with an open loan and a wallet balance, then a withdrawal in progress: 409 DELETION_BLOCKED naming each, nothing erased', async () => {
    const m = await fundedMember(t, officer, checker);
    const requestId = await fileRequest(m);
    const detail = (await get(t, admin.cookie, `/api/admin/deletion-requests/${requestId}`)).json();
    expect(detail.blockers).toEqual(['OPEN_LOAN', 'WALLET_BALANCE']);

    const refused = await complete(admin.cookie, requestId);
    expect(refused.statusCode).toBe(409);
    const body = refused.json();
    expect(body.error.code).toBe('DELETION_BLOCKED');
    expect(Object.keys(body.error.fields).sort()).toEqual(['OPEN_LOAN', 'WALLET_BALANCE']);
    expect(body.error.message).toMatch(/cannot be deleted yet/);

    // In Filipino for a Filipino-speaking admin.
    const fil = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deletion-requests/${requestId}/complete`,
      headers: { cookie: admin.cookie, 'accept-language': 'fil' },
    });
    expect(fil.json().error.message).toMatch(/Hindi pa mabubura/);

    const withdrawal = await requestWithdrawal(t, m.cookie, '1000.00');
    expect(withdrawal.statusCode, withdrawal.body).toBe(201);
    const blocked = await complete(admin.cookie, requestId);
    expect(Object.keys(blocked.json().error.fields).sort()).toEqual(['OPEN_LOAN', 'PENDING_WITHDRAWAL', 'WALLET_BALANCE']);

    const [user] = await t.deps.db.select().from(users).where(eq(users.id, m.userId));
    expect(user).toMatchObject({ phone: m.phone, fullName: m.fullName });
    const [row] = await t.deps.db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.id, requestId));
    expect(row!.status).toBe('OPEN');
    expect((await get(t, m.cookie, '/api/wallet')).statusCode).toBe(200);
    await expectLedgerSound(t);
  }, 60_000);

  it('a closed loan no longer blocks; money left in the wallet still does, and the ledger balances', async () => {
    const m = await fundedMember(t, officer, checker);
    // The loan marked closed by hand (repaying it is another module's test); the balance stays.
    await t.deps.db.update(loans).set({ status: 'REPAID' }).where(eq(loans.memberId, m.userId));
    const requestId = await fileRequest(m);
    const refused = await complete(admin.cookie, requestId);
    expect(Object.keys(refused.json().error.fields)).toEqual(['WALLET_BALANCE']);
    await expectLedgerSound(t);
  }, 60_000);
});

describe('data-deletion review: nothing that can still move money for the member may be erased (decision 060)', () => {
  it('a payment reference that can still be paid blocks (creating or pending), an expired or paid one does not; listed in the detail, named in the refusal (en, fil)', async () => {
    const m = await fundedMember(t, officer, checker);
    const [loan] = await t.deps.db.select({ id: loans.id }).from(loans).where(eq(loans.memberId, m.userId));
    await t.deps.db.update(loans).set({ status: 'REPAID' }).where(eq(loans.id, loan!.id));
    const requestId = await fileRequest(m);
    const now = t.clock.now();
    const [reference] = await t.deps.db
      .insert(channelPayments)
      .values({
        loanId: loan!.id,
        memberId: m.userId,
        provider: 'SIMULATED',
        method: 'OVER_THE_COUNTER',
        channelCode: '7ELEVEN',
        amount: 1_766_700n,
        idempotencyKey: `erase-${m.userId}`,
        status: 'PENDING',
        expiresAt: new Date(now.getTime() + 86_400_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: channelPayments.id });
    const blockers = async () => (await get(t, admin.cookie, `/api/admin/deletion-requests/${requestId}`)).json().blockers;
    expect(await blockers()).toEqual(['WALLET_BALANCE', 'OPEN_PAYMENT_REFERENCE']);
    const refused = await complete(admin.cookie, requestId);
    expect([refused.statusCode, refused.json().error.code]).toEqual([409, 'DELETION_BLOCKED']);
    expect(refused.json().error.fields.OPEN_PAYMENT_REFERENCE).toMatch(/payment reference that can still be paid/);
    const fil = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deletion-requests/${requestId}/complete`,
      headers: { cookie: admin.cookie, 'accept-language': 'fil' },
    });
    expect(fil.json().error.fields.OPEN_PAYMENT_REFERENCE).toMatch(/payment reference ang miyembro na puwede pang bayaran/);
    await t.deps.db.update(channelPayments).set({ status: 'CREATING' }).where(eq(channelPayments.id, reference!.id));
    expect(await blockers()).toContain('OPEN_PAYMENT_REFERENCE');
    for (const closed of ['EXPIRED', 'FAILED', 'PAID', 'CREDITED_TO_WALLET']) {
      await t.deps.db.update(channelPayments).set({ status: closed }).where(eq(channelPayments.id, reference!.id));
      expect(await blockers(), closed).toEqual(['WALLET_BALANCE']);
    }
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, m.userId));
    expect(user).toMatchObject({ phone: m.phone, fullName: m.fullName });
  }, 60_000);

  it('an officer payment awaiting a second officer blocks (approved later it would credit the wallet); posted, it does not', async () => {
    const m = await fundedMember(t, officer, checker);
    const [loan] = await t.deps.db.select({ id: loans.id }).from(loans).where(eq(loans.memberId, m.userId));
    await t.deps.db.update(loans).set({ status: 'REPAID' }).where(eq(loans.id, loan!.id));
    const requestId = await fileRequest(m);
    const [payment] = await t.deps.db
      .insert(loanPayments)
      .values({
        loanId: loan!.id,
        source: 'OFFICER',
        channel: 'CASH',
        kind: 'PAYMENT',
        status: 'PENDING_APPROVAL',
        amount: 6_000_000n,
        idempotencyKey: `erase-officer-${m.userId}`,
        receivedAt: t.clock.now(),
        actorUserId: officer.userId,
        actorRole: 'OFFICER',
      })
      .returning({ id: loanPayments.id });
    const refused = await complete(admin.cookie, requestId);
    expect(Object.keys(refused.json().error.fields).sort()).toEqual(['OFFICER_PAYMENT_AWAITING_APPROVAL', 'WALLET_BALANCE']);
    expect(refused.json().error.fields.OFFICER_PAYMENT_AWAITING_APPROVAL).toMatch(/waits for a second officer/);
    await t.deps.db.update(loanPayments).set({ status: 'POSTED' }).where(eq(loanPayments.id, payment!.id));
    expect((await get(t, admin.cookie, `/api/admin/deletion-requests/${requestId}`)).json().blockers).toEqual(['WALLET_BALANCE']);
  }, 60_000);
});

describe('data-deletion review: rejection', () => {
  it('an ADMIN rejects with a reason of the catalogue; the member is told in their language and keeps the account', async () => {
    const m = await createMember(t);
    const requestId = await fileRequest(m);
    expect((await reject(admin.cookie, requestId, 'BECAUSE_I_SAY_SO')).statusCode).toBe(400);
    expect((await post(t, admin.cookie, `/api/admin/deletion-requests/${requestId}/reject`, { reasonCode: 'LEGAL_HOLD', note: 'x' })).statusCode).toBe(400);
    const res = await reject(admin.cookie, requestId, 'WITHDRAWN_BY_MEMBER');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().request).toMatchObject({ status: 'REJECTED', rejectionReasonCode: 'WITHDRAWN_BY_MEMBER' });
    const [sms] = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, m.phone), eq(outboxMessages.channel, 'SMS')))
      .orderBy(desc(outboxMessages.createdAt));
    expect(sms!.body).toContain('You told us that you no longer want your data deleted.');
    // The member's privacy screen reads the catalogue's reason (its code; the text in their language), never staff's words.
    expect((await get(t, m.cookie, '/api/privacy/deletion-request')).json().request).toMatchObject({
      status: 'REJECTED',
      rejectionReasonCode: 'WITHDRAWN_BY_MEMBER',
    });
    expect((await reject(admin.cookie, requestId)).statusCode).toBe(409);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, requestId), eq(auditLog.action, 'DELETION_REQUEST_REJECT')));
    expect(audit!.details).toMatchObject({ reasonCode: 'WITHDRAWN_BY_MEMBER' });
  });
});

describe('data-deletion review: the list pages by cursor, newest first', () => {
  it('walks every request once', async () => {
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(1000);
      await fileRequest(await createMember(t));
    }
    const seen: string[] = [];
    let cursor = '';
    for (let page = 0; page < 50; page += 1) {
      const res = await get(t, officer.cookie, `/api/admin/deletion-requests?limit=2&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      seen.push(...body.requests.map((r: { id: string }) => r.id));
      if (!body.nextCursor) break;
      cursor = body.nextCursor;
    }
    const all = await t.deps.db
      .select({ id: dataDeletionRequests.id })
      .from(dataDeletionRequests)
      .orderBy(desc(dataDeletionRequests.requestedAt), desc(dataDeletionRequests.id));
    expect(seen).toEqual(all.map((r) => r.id));
  });
});
