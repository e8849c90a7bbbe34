import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../fixtures/app';
import { sessions } from '../../src/server/db/schema';
import { PERSISTENT_SESSION_MS } from '../../src/server/sessions/store';
import { DAY, HOUR } from '../../src/server/clock';
import { createActivatedMember, createStaff, expectLedgerSound, get, ok, post } from '../fixtures/loans';
import { fundedMember, requestWithdrawal } from '../fixtures/withdrawals';
import { randomUUID } from 'node:crypto';
import type { TestMember } from '../fixtures/members';

/**
 * The withdrawal status poll's part of tests/api/session-in-statement.test.ts (kept apart when the
 * two were written side by side). The hot reads that read the session in their own statement (route option sessionInStatement,
 * decisions 038 and 043) make the same checks as the session hook of every other route: a forged,
 * over-long, empty, revoked, idle-expired or expired session answers 401, the idle expiry slides
 * while used, and what the statement found is the session's own member's, never another's. One
 * table of routes: a new hot read joins it here.
 */
interface HotRead {
  readonly route: string;
  /** A signed-in member and the URL the route answers 200 for with their session. */
  readonly reader: () => Promise<{ member: TestMember; url: string }>;
  /** The session's own member's answer, never another member's nor a staff account's. */
  readonly onlyOwn: () => Promise<void>;
}

/** A funded member's own withdrawal awaiting its code: the status poll's URL. */
async function withdrawalReader(): Promise<{ member: TestMember; url: string; id: string }> {
  const member = await fundedMember(t, officer, checker);
  const id = ok(await requestWithdrawal(t, member.cookie, '1000.00'), 201).id as string;
  return { member, url: `/api/withdrawals/${id}`, id };
}

const HOT_READS: readonly HotRead[] = [
  {
    route: '/api/withdrawals/:id',
    reader: withdrawalReader,
    onlyOwn: async () => {
      const { member, url, id } = await withdrawalReader();
      const owner = ok(await get(t, member.cookie, url));
      expect(owner.id).toBe(id);
      expect(owner.code).not.toBeNull();
      // The same answer as the list's reads (the session hook, the row, events and code's times read apart).
      expect(owner).toEqual(ok(await get(t, member.cookie, '/api/withdrawals')).withdrawals.find((w: { id: string }) => w.id === id));
      // Another member's withdrawal, and a staff account's read of it, are 404 like one that does not exist.
      const stranger = await createActivatedMember(t);
      for (const cookie of [stranger.cookie, officer.cookie]) {
        const res = await get(t, cookie, url);
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('NOT_FOUND');
      }
      for (const other of [`/api/withdrawals/${randomUUID()}`, '/api/withdrawals/not-a-uuid'])
        expect((await get(t, member.cookie, other)).statusCode, other).toBe(404);
    },
  },
];

let t: TestApp;
let officer: TestMember;
let checker: TestMember;
let officerCount = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

describe.each(HOT_READS)('$route reads the session in its own statement', ({ reader, onlyOwn }) => {
  // Staff signed in afresh for each route: the last test moves the clock past every earlier session's expiry.
  beforeAll(async () => {
    officer = await createStaff(t, 'OFFICER', `Officer Ana Reyes ${officerCount}`);
    checker = await createStaff(t, 'OFFICER', `Officer Ben Cruz ${officerCount++}`);
  });

  it('answers 401 without a session or with a forged, over-long or empty one', async () => {
    const { url } = await reader();
    expect((await get(t, undefined, url)).statusCode).toBe(401);
    for (const cookie of ['tapat_sid=forged-token', `tapat_sid=${'x'.repeat(101)}`, 'tapat_sid=']) {
      const res = await get(t, cookie, url);
      expect(res.statusCode, cookie).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it("shows the session's own member's, never another member's", async () => {
    await onlyOwn();
  });

  it('refuses a revoked session, slides the idle expiry and refuses an idle-expired or expired one', async () => {
    // The three readers first: the clock moves past the staff's sessions below.
    const signedOut = await reader();
    const idle = await reader();
    const remembered = await reader();
    await t.deps.db
      .update(sessions)
      .set({ persistent: true, expiresAt: new Date(t.clock.now().getTime() + PERSISTENT_SESSION_MS) })
      .where(eq(sessions.userId, remembered.member.userId));

    ok(await get(t, signedOut.member.cookie, signedOut.url));
    expect((await post(t, signedOut.member.cookie, '/api/auth/logout')).statusCode).toBe(204);
    expect((await get(t, signedOut.member.cookie, signedOut.url)).statusCode).toBe(401);

    const key = (await t.deps.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, idle.member.userId)))[0]!.id;
    await t.deps.db.update(sessions).set({ persistent: false }).where(eq(sessions.id, key));
    t.clock.advance(11 * HOUR);
    ok(await get(t, idle.member.cookie, idle.url));
    const [slid] = await t.deps.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, key));
    expect(slid!.expiresAt.getTime()).toBe(t.clock.now().getTime() + 12 * HOUR);
    t.clock.advance(12 * HOUR + 60_000);
    expect((await get(t, idle.member.cookie, idle.url)).statusCode).toBe(401);

    // A persistent (Remember me) session (made so above: its 30 days never slide) past its expiry.
    ok(await get(t, remembered.member.cookie, remembered.url));
    t.clock.advance(31 * DAY);
    expect((await get(t, remembered.member.cookie, remembered.url)).statusCode).toBe(401);
  });
});

describe('/api/withdrawals/:id without a session', () => {
  // The id's form is checked before the handler reads the session, as it was when the session hook
  // read it: over 64 characters is 400 with or without a session; any id within that form is 401
  // without one (never 404: nobody learns whether a withdrawal exists without signing in).
  it('answers 400 for an id over 64 characters and 401 for any other id, existing or not', async () => {
    officer = await createStaff(t, 'OFFICER', 'Officer Carla Diaz');
    checker = await createStaff(t, 'OFFICER', 'Officer Dan Lim');
    const { member, url } = await withdrawalReader();
    const long = `/api/withdrawals/${'a'.repeat(65)}`;
    for (const cookie of [undefined, 'tapat_sid=forged-token', member.cookie]) expect((await get(t, cookie, long)).statusCode, cookie).toBe(400);
    for (const other of [url, `/api/withdrawals/${randomUUID()}`, '/api/withdrawals/not-a-uuid']) {
      for (const cookie of [undefined, 'tapat_sid=forged-token']) {
        const res = await get(t, cookie, other);
        expect(res.statusCode, `${other} ${cookie}`).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
      }
    }
  });
});
