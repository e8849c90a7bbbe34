import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../fixtures/app';
import { loans, sessions } from '../../src/server/db/schema';
import { loanNumber } from '../../src/shared/company/references';
import { DAY, HOUR } from '../../src/server/clock';
import { createActivatedMember, createStaff, disburse, expectLedgerSound, get, ok, post, signedLoan } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';

/**
 * The hot reads that read the session in their own statement (route option sessionInStatement,
 * decision 038) make the same checks as the session hook of every other route: a forged, over-long,
 * empty, revoked, idle-expired or expired session answers 401, the idle expiry slides while used,
 * and what the statement found is the session's own member's, never another's (a staff-only
 * route: a member's session is refused 403, and its statement reads nothing for it). One table of
 * routes: a new hot read joins it here.
 */
type Body = Record<string, unknown>;

/** Whose answer a route gave: the loan number it shows (null for none) and/or the member's phone. */
interface Whose {
  loanNumber?: unknown;
  phone?: unknown;
}

const HOT_READS: readonly { url: string; staffOnly?: true; whose: (body: Body) => Whose }[] = [
  { url: '/api/wallet', whose: (body) => ({ loanNumber: body.hasLoan === true ? body.loanNumber : null }) },
  { url: '/api/loans/current', whose: (body) => ({ loanNumber: (body.loan as { loanNumber: string } | null)?.loanNumber ?? null }) },
  { url: '/api/member/account', whose: (body) => ({ phone: body.phoneNumber }) },
  // The back office's queue: every member's applications, for staff only.
  { url: '/api/admin/loans', staffOnly: true, whose: () => ({}) },
];

let staffCount = 0;

/** The facts of `who` a route's answer may show, limited to what `whose` reads of it. */
function expected(found: Whose, who: { phone: string; loanNumber: string | null }): Whose {
  return Object.fromEntries(Object.keys(found).map((k) => [k, who[k as keyof Whose]]));
}

let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe.each(HOT_READS)('$url reads the session in its own statement', ({ url, staffOnly, whose }) => {
  /** Someone the route answers: a member, or for a staff-only route a new officer. */
  const signIn = () => (staffOnly ? createStaff(t, 'OFFICER', `Officer ${(staffCount += 1)} ${url}`) : createActivatedMember(t));

  // Staff signed in afresh for each route: the last test moves the clock past every earlier session's expiry.
  beforeAll(async () => {
    officer = await createStaff(t, 'OFFICER', `Officer Ana Reyes ${url}`);
    checker = await createStaff(t, 'OFFICER', `Officer Ben Cruz ${url}`);
  });

  it('answers 401 without a session or with a forged, over-long or empty one', async () => {
    expect((await get(t, undefined, url)).statusCode).toBe(401);
    for (const cookie of ['tapat_sid=forged-token', `tapat_sid=${'x'.repeat(101)}`, 'tapat_sid=']) {
      const res = await get(t, cookie, url);
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it("shows the session's own member's data and loan, never another member's", async () => {
    const member = await createActivatedMember(t);
    const { loanId } = await signedLoan(t, officer, { member });
    ok(await disburse(t, checker.cookie, loanId));
    if (staffOnly) {
      // A member's session is refused (and the statement read no page for it); staff read the queue.
      for (const cookie of [member.cookie, (await createActivatedMember(t)).cookie]) {
        const res = await get(t, cookie, url);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('FORBIDDEN');
      }
      ok(await get(t, officer.cookie, url));
      return;
    }
    const [loan] = await t.deps.db.select({ number: loans.number }).from(loans).where(eq(loans.id, loanId));
    const owner = whose(ok(await get(t, member.cookie, url)));
    expect(owner).toEqual(expected(owner, { phone: member.phone, loanNumber: loanNumber(t.deps.config.company.shortName, loan!.number) }));
    const stranger = await createActivatedMember(t);
    const theirs = whose(ok(await get(t, stranger.cookie, url)));
    expect(theirs).toEqual(expected(theirs, { phone: stranger.phone, loanNumber: null }));
    // A staff account has no loan of its own.
    const staff = whose(ok(await get(t, officer.cookie, url)));
    expect(staff).toEqual(expected(staff, { phone: officer.phone, loanNumber: null }));
  });

  it('refuses a revoked session, slides the idle expiry and refuses an idle-expired or expired one', async () => {
    const signedOut = await signIn();
    ok(await get(t, signedOut.cookie, url));
    expect((await post(t, signedOut.cookie, '/api/auth/logout')).statusCode).toBe(204);
    expect((await get(t, signedOut.cookie, url)).statusCode).toBe(401);

    const member = await signIn();
    const key = (await t.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, member.userId)))[0]!.id;
    await t.deps.db.update(sessions).set({ persistent: false }).where(eq(sessions.id, key));
    t.clock.advance(11 * HOUR);
    ok(await get(t, member.cookie, url));
    const [slid] = await t.deps.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, key));
    expect(slid!.expiresAt.getTime()).toBe(t.clock.now().getTime() + 12 * HOUR);
    t.clock.advance(12 * HOUR + 60_000);
    expect((await get(t, member.cookie, url)).statusCode).toBe(401);

    // A persistent (Remember me) session past its expiry.
    const remembered = await signIn();
    ok(await get(t, remembered.cookie, url));
    t.clock.advance(31 * DAY);
    expect((await get(t, remembered.cookie, url)).statusCode).toBe(401);
  });
});
