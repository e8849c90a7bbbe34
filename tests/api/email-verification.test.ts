import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { outboxMessages, users } from '../../src/server/db/schema';
import { MINUTE } from '../../src/server/clock';
import { CODE_MASK } from '../../src/server/providers/notify';
import { approvedLoan, createActivatedMember, createStaff, disburse, ok, signedLoan } from '../fixtures/loans';
import { requestWithdrawal } from '../fixtures/withdrawals';
import { cookieFor, latestCode, markEmailVerified, post, registerMember, registrationBody } from './identity-helpers';
import type { TestMember } from '../fixtures/members';

/** Decision 051: e-mail addresses are verified by a code e-mailed to them; e-mail goes only to verified ones. */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => t.close());

let n = 0;
const freshEmail = () => `verify.${process.pid}.${(n += 1)}@example.com`;

function getStatus(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/email', headers: { cookie } });
}
const requestCode = (cookie: string) => post(t, '/api/auth/email/code', undefined, cookie);
const submit = (cookie: string, code: string) => post(t, '/api/auth/email/verify', { code }, cookie);

async function emailsTo(address: string) {
  return t.deps.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body, redactedBody: outboxMessages.redactedBody })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, address), eq(outboxMessages.channel, 'EMAIL')))
    .orderBy(desc(outboxMessages.createdAt));
}

async function smsTo(phone: string) {
  const rows = await t.deps.db
    .select({ body: outboxMessages.body })
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, phone), eq(outboxMessages.channel, 'SMS')));
  return rows.map((r) => r.body);
}

/** The code in the newest e-mail to an address. */
async function emailedCode(address: string): Promise<string> {
  const code = (await emailsTo(address)).map((r) => /\b(\d{6})\b/.exec(r.body)?.[1]).find(Boolean);
  if (!code) throw new Error(`no code was e-mailed to ${address}`);
  return code;
}

async function verifiedAt(phone: string) {
  const [row] = await t.deps.db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.phone, phone));
  return row?.at ?? null;
}

/** A member signed up through the API, address not verified. */
const unverifiedMember = (email: string) => registerMember(t, { email }, { emailVerified: false });

describe('registration', () => {
  it('accepts an address another account uses (verified or not) with the same answers as a fresh one', async () => {
    const shared = freshEmail();
    const first = await unverifiedMember(shared);
    await markEmailVerified(t, first.phone);

    const answers = [];
    for (const email of [shared, freshEmail()]) {
      const body = registrationBody({ email });
      const start = await post(t, '/api/auth/register', body);
      expect(start.statusCode, start.body).toBe(201);
      const phone = `+63${String(body.phone).replace(/^0/, '')}`;
      const verify = await post(t, '/api/auth/register/verify', { code: await latestCode(t, phone) }, cookieFor(start, 'tapat_reg'));
      expect(verify.statusCode, verify.body).toBe(201);
      answers.push({ start: Object.keys(start.json()).sort(), verify: verify.json().user.accountState, verified: await verifiedAt(phone) });
    }
    expect(answers[0]).toEqual(answers[1]);
    // The new account's address is unverified; the first account keeps its own.
    expect(answers[0]!.verified).toBeNull();
    expect(await verifiedAt(first.phone)).not.toBeNull();
  });
});

describe('verifying the address', () => {
  it('e-mails a code (masked in the stored copy), verifies with it, and says so', async () => {
    const email = freshEmail();
    const m = await unverifiedMember(email);
    expect((await getStatus(m.cookie)).json()).toEqual({ email, verified: false });

    const sent = await requestCode(m.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(Object.keys(sent.json()).sort()).toEqual(['codeExpiresAt', 'resendAvailableAt']);
    const [mail] = await emailsTo(email);
    expect(mail?.redactedBody).toContain(CODE_MASK);
    expect(mail?.redactedBody).not.toMatch(/\d{6}/);

    const res = await submit(m.cookie, await emailedCode(email));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ email, verified: true });
    expect((await getStatus(m.cookie)).json()).toEqual({ email, verified: true });
    expect((await requestCode(m.cookie)).json().error.code).toBe('EMAIL_ALREADY_VERIFIED');
  });

  it('limits the sends like the other codes: one a minute', async () => {
    const m = await unverifiedMember(freshEmail());
    expect((await requestCode(m.cookie)).statusCode).toBe(200);
    const again = await requestCode(m.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('RATE_LIMITED');
  });

  it('refuses a wrong code, an expired one and one past its tries, and stays unverified', async () => {
    const email = freshEmail();
    const m = await unverifiedMember(email);
    ok(await requestCode(m.cookie));
    const right = await emailedCode(email);
    const wrong = right === '000000' ? '111111' : '000000';
    const bad = await submit(m.cookie, wrong);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('CODE_INVALID');

    t.clock.advance(6 * MINUTE);
    const expired = await submit(m.cookie, right);
    expect(expired.json().error.code).toBe('CODE_EXPIRED');

    ok(await requestCode(m.cookie));
    const next = await emailedCode(email);
    for (let i = 0; i < 5; i += 1) await submit(m.cookie, next === '000000' ? '111111' : '000000');
    const locked = await submit(m.cookie, next);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('CODE_LOCKED');
    expect(await verifiedAt(m.phone)).toBeNull();
  });

  it("member A's code cannot verify member B", async () => {
    const a = await unverifiedMember(freshEmail());
    const b = await unverifiedMember(freshEmail());
    ok(await requestCode(a.cookie));
    const aCode = await emailedCode(String(a.body.email));
    expect((await submit(b.cookie, aCode)).json().error.code).toBe('CODE_NOT_FOUND');
    ok(await requestCode(b.cookie));
    const bCode = await emailedCode(String(b.body.email));
    if (aCode !== bCode) expect((await submit(b.cookie, aCode)).json().error.code).toBe('CODE_INVALID');
    expect(await verifiedAt(b.phone)).toBeNull();
    // A's own code still verifies A.
    expect((await submit(a.cookie, aCode)).statusCode).toBe(200);
  });

  it('an address another account verified: its mailbox gets a notice, never a code, and the submit never succeeds', async () => {
    const email = freshEmail();
    const owner = await unverifiedMember(email);
    const other = await unverifiedMember(email);
    // The other account asked first (a code went), then the owner verified: the other's right code now fails.
    ok(await requestCode(other.cookie));
    const early = await emailedCode(email);
    t.clock.advance(MINUTE);
    ok(await requestCode(owner.cookie));
    ok(await submit(owner.cookie, await emailedCode(email)));
    expect(await verifiedAt(owner.phone)).not.toBeNull();
    const late = await submit(other.cookie, early);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('CODE_INVALID');

    // Asking now: the same answer's shape, a notice to the mailbox, no code anywhere.
    t.clock.advance(MINUTE);
    const before = (await emailsTo(email)).length;
    const asked = await requestCode(other.cookie);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(Object.keys(asked.json()).sort()).toEqual(['codeExpiresAt', 'resendAvailableAt']);
    const mails = await emailsTo(email);
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toContain('Someone tried to add this address');
    expect(mails[0]!.body).toContain('sign in to your account');
    expect(mails[0]!.body).not.toMatch(/\d{6}/);
    for (const guess of ['000000', '123456']) expect((await submit(other.cookie, guess)).json().error.code).toBe('CODE_INVALID');
    expect(await verifiedAt(other.phone)).toBeNull();
  });

  it('one mailbox gets at most five verification e-mails an hour, however many accounts ask; the answers never differ (review11)', async () => {
    // A spam cannon: accounts that typed a victim's address each had their own five an hour.
    const verifiedVictim = freshEmail();
    const owner = await unverifiedMember(verifiedVictim);
    await markEmailVerified(t, owner.phone);
    const unverifiedVictim = freshEmail();
    for (const email of [verifiedVictim, unverifiedVictim]) {
      const accounts = [await unverifiedMember(email), await unverifiedMember(email), await unverifiedMember(email)];
      const before = (await emailsTo(email)).length;
      const answers: string[] = [];
      for (let round = 0; round < 3; round += 1) {
        for (const account of accounts) {
          const asked = await requestCode(account.cookie);
          expect(asked.statusCode, asked.body).toBe(200);
          answers.push(Object.keys(asked.json()).sort().join());
        }
        t.clock.advance(MINUTE);
      }
      expect(new Set(answers)).toEqual(new Set(['codeExpiresAt,resendAvailableAt']));
      expect((await emailsTo(email)).length - before, email).toBe(5);
      // A code that was not mailed answers like any wrong code, and no guess verifies it.
      const last = accounts.at(-1)!;
      const guess = await submit(last.cookie, '000000');
      expect([guess.statusCode, guess.json().error.code]).toEqual([400, 'CODE_INVALID']);
      expect(await verifiedAt(last.phone)).toBeNull();
      // An hour later the mailbox may be written to again.
      t.clock.advance(60 * MINUTE);
      ok(await requestCode(accounts[0]!.cookie));
      expect((await emailsTo(email)).length - before).toBe(6);
    }
    // The codes that did go still work for the account they were sent for.
    const fresh = freshEmail();
    const member = await unverifiedMember(fresh);
    ok(await requestCode(member.cookie));
    ok(await submit(member.cookie, await emailedCode(fresh)));
  });

  it('many accounts asking for one address at once: still five e-mails (review11)', async () => {
    const email = freshEmail();
    const accounts = [];
    for (let i = 0; i < 8; i += 1) accounts.push(await unverifiedMember(email));
    const answers = await Promise.all(accounts.map((a) => requestCode(a.cookie)));
    expect(answers.map((a) => a.statusCode)).toEqual(accounts.map(() => 200));
    expect((await emailsTo(email)).length).toBe(5);
    t.clock.advance(60 * MINUTE);
  });

  it('two accounts verifying the same address at once: exactly one wins', async () => {
    const email = freshEmail();
    const a = await unverifiedMember(email);
    const b = await unverifiedMember(email);
    ok(await requestCode(a.cookie));
    const aCode = await emailedCode(email);
    ok(await requestCode(b.cookie));
    const bCode = await emailedCode(email);
    const results = await Promise.all([submit(a.cookie, aCode), submit(b.cookie, bCode)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const verified = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const count = (await Promise.all([verifiedAt(a.phone), verifiedAt(b.phone)])).filter(Boolean).length;
    expect(verified.length).toBe(2);
    expect(count).toBe(1);
  });
});

describe('e-mail only to a verified address', () => {
  it('an unverified member gets the loan and withdrawal SMS but no e-mail; once verified, the e-mail goes', async () => {
    const email = freshEmail();
    const member = await createActivatedMember(t, { email, emailVerified: false });
    const { loanId } = await signedLoan(t, officer, { member });
    expect((await smsTo(member.phone)).some((s) => s.includes('is approved'))).toBe(true);
    ok(await disburse(t, checker.cookie, loanId));
    const first = ok(await requestWithdrawal(t, member.cookie, '1000.00'), 201);
    expect((await smsTo(member.phone)).some((s) => /withdrawal code is \d{6}/.test(s))).toBe(true);
    expect(await emailsTo(email)).toEqual([]);

    // The member verifies; the next withdrawal's e-mail goes.
    ok(await requestCode(member.cookie));
    ok(await submit(member.cookie, await emailedCode(email)));
    ok(await post(t, `/api/withdrawals/${first.id as string}/cancel`, undefined, member.cookie));
    const codeMails = (await emailsTo(email)).length;
    t.clock.advance(2 * MINUTE);
    ok(await requestWithdrawal(t, member.cookie, '1000.00'), 201);
    const after = await emailsTo(email);
    expect(after.length).toBe(codeMails + 1);
    expect(after[0]!.subject).toBe('Your withdrawal code');
  });

  it("never sends a member's e-mail to an address only another account verified", async () => {
    const email = freshEmail();
    const owner = await unverifiedMember(email);
    await markEmailVerified(t, owner.phone);
    const squatter = await createActivatedMember(t, { email, emailVerified: false });
    await approvedLoan(t, officer, { member: squatter });
    expect((await smsTo(squatter.phone)).some((s) => s.includes('is approved'))).toBe(true);
    expect((await emailsTo(email)).filter((m) => m.subject?.includes('is approved'))).toEqual([]);
  });

  it('a reply to a signed-in sender whose address is not verified is refused, and the message stays open', async () => {
    const member = await unverifiedMember(freshEmail());
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { cookie: member.cookie },
      payload: { name: 'Juan Dela Cruz', email: String(member.body.email), message: 'How do I repay early?', agree: true },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const inbox = await t.app.inject({ method: 'GET', url: '/api/admin/support/messages?limit=1', headers: { cookie: officer.cookie } });
    const id = inbox.json().messages[0].id as string;
    const reply = await post(t, `/api/admin/support/messages/${id}/reply`, { text: 'From the app, Loan page.' }, officer.cookie);
    expect(reply.statusCode, reply.body).toBe(409);
    expect(reply.json().error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(await emailsTo(String(member.body.email))).toEqual([]);
  });
});
