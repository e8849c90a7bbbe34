import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  contactMessages,
  dataDeletionRequests,
  loanReminders,
  loans,
  memberDocuments,
  memberPersonal,
  outboxMessages,
  payoutAccounts,
  pendingRegistrations,
  recoveryAttempts,
  sessions,
  signInAttempts,
  trustedDevices,
  users,
} from '../../src/server/db/schema';
import { deliverDue } from '../../src/server/modules/delivery/worker';
import type { MessageAdapter } from '../../src/server/providers/messages/types';
import { storageFor } from '../../src/server/providers/storage';
import { jpeg } from '../fixtures/images';
import {
  APPLICATION,
  apply,
  createActivatedMember,
  createStaff,
  disburse,
  expectLedgerSound,
  get,
  newKey,
  ok,
  post,
  signedLoan,
  type ActivatedMember,
} from '../fixtures/loans';
import { apply as applyForLoan } from '../../src/server/modules/loans/service';
import { findSession } from '../../src/server/sessions/store';
import { issueDevice } from '../../src/server/sessions/devices';
import { createAppWithUploads, storedFiles, type TestMember } from '../fixtures/members';
import { payoff, quote, topUp } from '../fixtures/repayments';
import { available, runJobs, withdrawAndConfirm } from '../fixtures/withdrawals';

/**
 * A completed deletion really removes the member's personal data (docs/decisions/029, addendum):
 * after completion, every text and JSON column of every table is searched for the member's phone
 * (both forms), e-mail, name and ID number; what is left is only what the addendum keeps by law.
 */
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

const NAME = 'Ligaya Bituin Macaraeg';

/** An activated member whose name no other row of this database carries. */
async function uniqueMember(): Promise<ActivatedMember> {
  const m = await createActivatedMember(t, { fullName: NAME });
  await t.deps.db.update(memberPersonal).set({ firstName: 'Ligaya', middleName: 'Bituin', lastName: 'Macaraeg' }).where(eq(memberPersonal.userId, m.userId));
  await t.deps.db.update(payoutAccounts).set({ accountName: NAME }).where(eq(payoutAccounts.userId, m.userId));
  return withImages(m);
}

/** Real image objects in storage in place of the fixture's placeholder keys (which the storage adapter refuses). */
async function withImages(m: ActivatedMember): Promise<ActivatedMember> {
  const storage = storageFor(t.deps.config.storage);
  for (const row of await t.deps.db.select().from(memberDocuments).where(eq(memberDocuments.userId, m.userId))) {
    await t.deps.db
      .update(memberDocuments)
      .set({ storageKey: await storage.put(await jpeg(400, 300), { contentType: 'image/jpeg' }) })
      .where(eq(memberDocuments.id, row.id));
  }
  return m;
}

async function fileRequest(m: TestMember): Promise<string> {
  ok(await post(t, m.cookie, '/api/privacy/deletion-request', { reason: `Please erase me, ${NAME}, reachable at ${m.phone}.` }), 201);
  const [row] = await t.deps.db.select({ id: dataDeletionRequests.id }).from(dataDeletionRequests).where(eq(dataDeletionRequests.userId, m.userId));
  return row!.id;
}

/** Every (table.column) of type text, varchar or json(b) in the database's own tables that contains one of `needles`. */
async function whereFound(needles: readonly string[]): Promise<Record<string, string[]>> {
  const columns = (await t.deps.db.execute(
    sql`select table_schema, table_name, column_name from information_schema.columns
        where table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
          and data_type in ('text', 'character varying', 'json', 'jsonb')
        order by table_name, column_name`,
  )) as unknown as { rows: { table_schema: string; table_name: string; column_name: string }[] };
  const found: Record<string, string[]> = {};
  for (const c of columns.rows) {
    for (const needle of needles) {
      const result = (await t.deps.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(c.table_schema)}.${sql.identifier(c.table_name)}
            where position(lower(${needle}) in lower(${sql.identifier(c.column_name)}::text)) > 0`,
      )) as unknown as { rows: { n: number }[] };
      if (Number(result.rows[0]?.n ?? 0) > 0) (found[`${c.table_name}.${c.column_name}`] ??= []).push(needle);
    }
  }
  return found;
}

describe('a completed deletion: only the records the law keeps still name the member', () => {
  let m: ActivatedMember;
  let needles: string[];
  let requestId: string;

  beforeAll(async () => {
    m = await uniqueMember();
    needles = [m.phone, `0${m.phone.slice(3)}`, m.email, NAME, 'Macaraeg', m.identityNumber];

    // A loan signed, disbursed, partly withdrawn to the bank and paid off: every servicing table has rows.
    const { loanId } = await signedLoan(t, officer, { member: m });
    ok(await disburse(t, checker.cookie, loanId));
    await withdrawAndConfirm(t, m, '1000.00');
    t.clock.advance(20_000);
    expect((await runJobs(t)).settled).toBe(1);
    const q = ok(await quote(t, m.cookie)).quote;
    const owed = BigInt(q.total.replace('.', ''));
    const left = await available(t, m.userId);
    expect(owed).toBeGreaterThan(left);
    await topUp(t, m.userId, owed - left);
    ok(await payoff(t, m.cookie, q.quoteId), 201);
    const [loan] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
    expect(loan!.status).toBe('REPAID');
    expect(await available(t, m.userId)).toBe(0n);
    // A reminder logged to the borrower's phone (the servicing job writes these near due dates).
    await t.deps.db.insert(loanReminders).values({
      loanId,
      lineNumber: 1,
      template: 'DUE_IN_3_DAYS',
      businessDate: '2026-12-19',
      recipient: m.phone,
      language: 'en',
      createdAt: t.clock.now(),
    });

    // A wrong password (a sign-in attempt under the phone), a recovery started, a sign-up left half-way with the same e-mail.
    expect((await post(t, undefined, '/api/auth/login', { phone: m.phone, password: 'not-the-password-2026' })).statusCode).toBe(401);
    await t.deps.db
      .insert(recoveryAttempts)
      .values({ phone: m.phone, userId: m.userId, ip: '203.0.113.9', expiresAt: new Date(t.clock.now().getTime() + 600_000) });
    await t.deps.db.insert(pendingRegistrations).values({
      phone: m.phone,
      email: m.email,
      fullName: NAME,
      passwordHash: '$argon2id$placeholder',
      employmentCountry: 'PH',
      employmentLocation: 'Makati City',
      jobTitle: 'Nurse',
      jobCategory: 'Healthcare',
      monthlyNetIncome: 3_000_000n,
      expiresAt: new Date(t.clock.now().getTime() + 600_000),
    });

    // A browser the member signed in with (a device cookie, decision 050).
    await issueDevice(t.deps.db, t.clock, m.userId);
    expect(await t.deps.db.select().from(trustedDevices).where(eq(trustedDevices.userId, m.userId))).toHaveLength(1);

    // A contact-form message sent while signed out (e-mail only), and an officer's reply quoting the member.
    const [contact] = await t.deps.db
      .insert(contactMessages)
      .values({ name: NAME, email: m.email, message: `My ID number is ${m.identityNumber}, phone ${m.phone}.`, consentAt: t.clock.now() })
      .returning();
    ok(
      await post(t, officer.cookie, `/api/admin/support/messages/${contact!.id}/reply`, {
        text: `Dear ${NAME}, we received your message about ID ${m.identityNumber}.`,
      }),
    );
    requestId = await fileRequest(m);
  }, 180_000);

  it('before: the member is found in the tables the completion must clean', async () => {
    const found = await whereFound(needles);
    for (const column of [
      'users.phone',
      'users.email',
      'member_identities.identity_number',
      'outbox_messages.recipient',
      'outbox_messages.body',
      'sign_in_attempts.phone',
      'otp_challenges.phone',
      'contact_messages.email',
      'audit_log.details',
      'loan_reminders.recipient',
      'pending_registrations.email',
      'recovery_attempts.phone',
      'idempotency_keys.response_body',
      'data_deletion_requests.reason',
    ]) {
      expect(found[column], `${column} in ${JSON.stringify(found)}`).toBeDefined();
    }
  });

  it('after completion: only the signed contract, the payout records, the request and the two notices still waiting for delivery', async () => {
    const filesBefore = await storedFiles(t.uploadsDir);
    expect(filesBefore).toHaveLength(3);
    const done = await post(t, admin.cookie, `/api/admin/deletion-requests/${requestId}/complete`);
    expect(done.statusCode, done.body).toBe(200);

    const found = await whereFound(needles);
    expect(Object.keys(found).sort()).toEqual(
      [
        // The signed loan documents, exactly as signed (name, address, ID number): kept for RECORD_RETENTION_YEARS.
        'loan_contracts.contract_json',
        'loan_contracts.contract_text',
        'loan_contracts.disclosure_json',
        // Where the money went: the payout's destination as it was (the account holder's name).
        'withdrawals.dest_account_name',
        // The proof that the request was made and honoured: the name at the time.
        'data_deletion_requests.member_name',
        // The completion notice (SMS and e-mail), until it is delivered.
        'outbox_messages.recipient',
      ].sort(),
    );
    expect(found['outbox_messages.recipient']!.sort()).toEqual([m.email, m.phone].sort());

    // The images are gone from storage.
    expect(await storedFiles(t.uploadsDir)).toEqual([]);

    // The rows that stay, without the member.
    const [request] = await t.deps.db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.id, requestId));
    expect(request).toMatchObject({ reason: null, ip: null, memberName: NAME, status: 'COMPLETED' });
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, m.userId))).toEqual([]);
    expect(await t.deps.db.select().from(trustedDevices).where(eq(trustedDevices.userId, m.userId))).toEqual([]);
    const attempts = await t.deps.db
      .select()
      .from(signInAttempts)
      .where(eq(signInAttempts.phone, `deleted:${m.userId}`));
    expect(attempts.length).toBeGreaterThan(0);
    const [reminder] = await t.deps.db
      .select()
      .from(loanReminders)
      .where(eq(loanReminders.recipient, `deleted:${m.userId}`));
    expect(reminder).toMatchObject({ template: 'DUE_IN_3_DAYS' });
    const replies = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'SUPPORT_REPLY'));
    expect(replies.at(-1)!.details).toMatchObject({ text: '[deleted]' });
    const erased = await t.deps.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, `deleted:${m.userId}`));
    expect(erased.length).toBeGreaterThan(2);
    expect(erased.every((o) => o.body === '[deleted]' && o.redactedBody === null)).toBe(true);
    await expectLedgerSound(t);
  }, 60_000);

  it('once the notices are delivered, their recipient goes too: nothing outside the kept records names the member', async () => {
    const delivered: string[] = [];
    const adapter: MessageAdapter = {
      name: 'test',
      deliver: async (message) => {
        delivered.push(message.recipient);
        return { providerMessageId: null };
      },
    };
    await deliverDue(t.deps, { SMS: adapter, EMAIL: adapter }, 500);
    // The notices reached the member's real phone and e-mail; the erased messages were not sent again.
    expect(delivered).toEqual(expect.arrayContaining([m.phone, m.email]));
    expect(delivered.filter((r) => r === `deleted:${m.userId}` || r.endsWith('@deleted.invalid'))).toEqual([]);

    const found = await whereFound(needles);
    expect(Object.keys(found).sort()).toEqual(
      [
        'data_deletion_requests.member_name',
        'loan_contracts.contract_json',
        'loan_contracts.contract_text',
        'loan_contracts.disclosure_json',
        'withdrawals.dest_account_name',
      ].sort(),
    );
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, m.userId));
    expect(user).toMatchObject({ fullName: '[deleted]', phone: `deleted:${m.userId}` });
  }, 60_000);
});

describe('a loan application racing a completion never leaves a loan for an anonymised member', () => {
  const application = { ...APPLICATION };

  it('applied first: the completion sees the open loan and is refused (OPEN_LOAN)', async () => {
    const m = await withImages(await createActivatedMember(t, { fullName: 'Rosa Tala Villanueva' }));
    const requestId = await fileRequest(m);
    ok(await apply(t, m.cookie, application), 201);
    const refused = await post(t, admin.cookie, `/api/admin/deletion-requests/${requestId}/complete`);
    expect(refused.statusCode).toBe(409);
    expect(Object.keys(refused.json().error.fields)).toEqual(['OPEN_LOAN']);
    const [user] = await t.deps.db.select().from(users).where(eq(users.id, m.userId));
    expect(user!.phone).toBe(m.phone);
  });

  it('completed while the application was in flight (its session already checked): the application is refused, no loan', async () => {
    const m = await withImages(await createActivatedMember(t, { fullName: 'Rosa Tala Villanueva' }));
    const auth = await findSession(t.deps.db, t.clock, m.cookie.split('=')[1]!);
    expect(auth).not.toBeNull();
    const requestId = await fileRequest(m);
    ok(await post(t, admin.cookie, `/api/admin/deletion-requests/${requestId}/complete`));
    // The request that passed the session check before the completion reaches its transaction after it.
    await expect(applyForLoan(t.deps, auth!, application, newKey())).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await t.deps.db.select().from(loans).where(eq(loans.memberId, m.userId))).toEqual([]);
    expect((await get(t, m.cookie, '/api/loans/current')).statusCode).toBe(401);
  });

  it('sent at the same moment, three times over: one of the two wins, never both', async () => {
    for (let i = 0; i < 3; i += 1) {
      const m = await withImages(await createActivatedMember(t, { fullName: 'Rosa Tala Villanueva' }));
      const requestId = await fileRequest(m);
      const [applied, completed] = await Promise.all([
        apply(t, m.cookie, application),
        post(t, admin.cookie, `/api/admin/deletion-requests/${requestId}/complete`),
      ]);
      const open = await t.deps.db.select().from(loans).where(eq(loans.memberId, m.userId));
      const [user] = await t.deps.db.select().from(users).where(eq(users.id, m.userId));
      if (completed.statusCode === 200) {
        expect(applied.statusCode).toBe(401);
        expect(open).toEqual([]);
        expect(user!.fullName).toBe('[deleted]');
      } else {
        expect(completed.statusCode).toBe(409);
        expect(applied.statusCode, applied.body).toBe(201);
        expect(open).toHaveLength(1);
        expect(user!.phone).toBe(m.phone);
      }
    }
  }, 60_000);
});
