import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { dataDeletionRequests, outboxMessages, pendingRegistrations, users } from '../../src/server/db/schema';
import { APPLICATION, apply, createActivatedMember, createStaff, get, ok, post } from '../fixtures/loans';
import { createMember, type TestMember } from '../fixtures/members';
import { cookieFor, latestCode, post as postAs, registrationBody } from './identity-helpers';

/**
 * Decision 055 (after 051): an e-mail address is a member's only once they verified it. What a
 * deletion erases by address, and what the conflict-of-interest check matches by address, follow.
 */
let t: TestApp;
let admin: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createStaff(t, 'ADMIN', 'Admin Carla Tan');
});
afterAll(async () => t.close());

let n = 0;
const freshEmail = () => `owned.${process.pid}.${(n += 1)}@example.com`;

async function completeDeletionOf(m: TestMember): Promise<void> {
  ok(await post(t, m.cookie, '/api/privacy/deletion-request', { reason: 'Please erase my data.' }), 201);
  const [row] = await t.deps.db.select({ id: dataDeletionRequests.id }).from(dataDeletionRequests).where(eq(dataDeletionRequests.userId, m.userId));
  ok(await post(t, admin.cookie, `/api/admin/deletion-requests/${row!.id}/complete`));
}

/** Starts a sign-up through the API (the phone code sent, the account not yet created). */
async function startSignUp(overrides: Record<string, unknown>) {
  const body = registrationBody(overrides);
  const start = await postAs(t, '/api/auth/register', body);
  expect(start.statusCode, start.body).toBe(201);
  return { phone: `+63${String(body.phone).replace(/^0/, '')}`, cookie: cookieFor(start, 'tapat_reg') };
}

const pendingWith = (column: 'phone' | 'email', value: string) =>
  t.deps.db.select({ id: pendingRegistrations.id }).from(pendingRegistrations).where(eq(pendingRegistrations[column], value));

const requestEmailCode = (cookie: string) => postAs(t, '/api/auth/email/code', undefined, cookie);

async function emailedCode(address: string): Promise<string> {
  const rows = await t.deps.db
    .select({ body: outboxMessages.body, at: outboxMessages.createdAt })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, address), eq(outboxMessages.channel, 'EMAIL')));
  const code = rows
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .map((r) => /\b(\d{6})\b/.exec(r.body)?.[1])
    .find(Boolean);
  if (!code) throw new Error(`no code was e-mailed to ${address}`);
  return code;
}

describe("a deletion erases by e-mail address only what is the member's own", () => {
  it("keeps another person's unfinished sign-up with the same address (it removes the one with the member's phone)", async () => {
    const email = freshEmail();
    const m = await createMember(t, { email, emailVerified: false, fullName: 'Dolores Ramos' });
    const stranger = await startSignUp({ email });
    // A sign-up with the member's own phone (someone, perhaps the member, started it): it goes.
    await t.deps.db.insert(pendingRegistrations).values({
      phone: m.phone,
      email: freshEmail(),
      fullName: 'Dolores Ramos',
      passwordHash: '$argon2id$placeholder',
      employmentCountry: 'PH',
      employmentLocation: 'Makati City',
      jobTitle: 'Nurse',
      jobCategory: 'Healthcare',
      monthlyNetIncome: 3_000_000n,
      expiresAt: new Date(t.clock.now().getTime() + 600_000),
    });

    await completeDeletionOf(m);

    expect(await pendingWith('phone', m.phone)).toEqual([]);
    expect(await pendingWith('phone', stranger.phone)).toHaveLength(1);
    // The stranger finishes their sign-up as if nothing happened.
    const verify = await postAs(t, '/api/auth/register/verify', { code: await latestCode(t, stranger.phone) }, stranger.cookie);
    expect(verify.statusCode, verify.body).toBe(201);
  });

  it('keeps the messages to an address another account verified when the deleted member only typed it', async () => {
    const email = freshEmail();
    const owner = await createMember(t, { email, fullName: 'Owner Lito Cruz' });
    const typist = await createMember(t, { email, emailVerified: false, fullName: 'Typist Nena Cruz' });
    const [kept] = await t.deps.db
      .insert(outboxMessages)
      .values({ channel: 'EMAIL', recipient: email, subject: 'Your receipt', body: 'For the owner of this address.' })
      .returning({ id: outboxMessages.id });

    await completeDeletionOf(typist);

    const [row] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.id, kept!.id));
    expect(row).toMatchObject({ recipient: email, body: 'For the owner of this address.', status: 'QUEUED' });
    const [ownerRow] = await t.deps.db.select().from(users).where(eq(users.id, owner.userId));
    expect(ownerRow).toMatchObject({ email });
    expect(ownerRow!.emailVerifiedAt).not.toBeNull();
  });

  it('erases the messages to the address the member verified themselves', async () => {
    const email = freshEmail();
    const m = await createMember(t, { email, fullName: 'Verified Rosa Lim' });
    const [mine] = await t.deps.db
      .insert(outboxMessages)
      .values({ channel: 'EMAIL', recipient: email, subject: 'Your receipt', body: 'For Rosa.' })
      .returning({ id: outboxMessages.id });
    await completeDeletionOf(m);
    const [row] = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.id, mine!.id));
    expect(row!.recipient).not.toBe(email);
    expect(row!.body).not.toContain('Rosa');
  });

  it('clears the verified timestamp with the address, so another account can verify that address', async () => {
    const email = freshEmail();
    const m = await createMember(t, { email, fullName: 'Leaving Ana Diaz' });
    const next = await createMember(t, { email, emailVerified: false, fullName: 'Next Ben Diaz' });
    // While the member holds it verified, the other account's request gets the notice, never a code.
    ok(await requestEmailCode(next.cookie));
    await expect(emailedCode(email)).rejects.toThrow(/no code/);
    t.clock.advance(61_000);

    await completeDeletionOf(m);

    const [gone] = await t.deps.db.select().from(users).where(eq(users.id, m.userId));
    expect(gone!.email).not.toBe(email);
    expect(gone!.emailVerifiedAt).toBeNull();
    ok(await requestEmailCode(next.cookie));
    const res = await postAs(t, '/api/auth/email/verify', { code: await emailedCode(email) }, next.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email, verified: true });
  });
});

describe('conflict of interest matches e-mail addresses only when the member verified theirs', () => {
  async function appliedLoan(member: TestMember): Promise<string> {
    const created = ok(await apply(t, member.cookie, { ...APPLICATION }), 201);
    return created.loan.id as string;
  }

  it("a member who types an officer's address (unverified) does not keep that officer from deciding their loan", async () => {
    const officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
    const member = await createActivatedMember(t, { email: officer.email, emailVerified: false });
    const loanId = await appliedLoan(member);
    expect(ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}`)).permissions.conflictOfInterest).toBeNull();
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {}));
    ok(await post(t, officer.cookie, `/api/admin/loans/${loanId}/approve`, { amount: APPLICATION.amount, term: APPLICATION.term }));
  });

  it("a member who verified the address a staff account carries is that officer's conflict", async () => {
    const officer = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
    // A staff account from before decision 051: its address never marked verified.
    await t.deps.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, officer.userId));
    const member = await createActivatedMember(t, { email: officer.email });
    const loanId = await appliedLoan(member);
    expect(ok(await get(t, officer.cookie, `/api/admin/loans/${loanId}`)).permissions.conflictOfInterest).toEqual(expect.any(String));
    const refused = await post(t, officer.cookie, `/api/admin/loans/${loanId}/review`, {});
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('CONFLICT_OF_INTEREST');
  });
});
