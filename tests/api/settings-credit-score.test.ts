import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createMember } from '../fixtures/members';
import { createActivatedMember, createStaff, get, ok, signedLoan } from '../fixtures/loans';
import { loans } from '../../src/server/db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Component = { id: string; points: number; max: number; hasData: boolean; reason: string; facts: Record<string, number> };

function byId(body: Record<string, unknown>): Record<string, Component> {
  return Object.fromEntries((body.components as Component[]).map((c) => [c.id, c]));
}

describe('GET /api/member/credit-score', () => {
  it('needs a session', async () => {
    const res = await get(t, undefined, '/api/member/credit-score');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHENTICATED');
  });

  it('gives an activated member the profile points and says no instalment has fallen due (no loan yet)', async () => {
    const m = await createActivatedMember(t);
    const res = await get(t, m.cookie, '/api/member/credit-score');
    const body = ok(res);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(body).toMatchObject({ score: 200, max: 1000, asOf: '2026-11-22' });
    const c = byId(body);
    expect(Object.keys(c)).toEqual(['profile', 'onTime', 'early', 'loansRepaid', 'daysOverdue']);
    expect(c.profile).toEqual({ id: 'profile', points: 200, max: 200, hasData: true, reason: 'COMPLETE', facts: { done: 5, total: 5 } });
    expect(c.loansRepaid).toMatchObject({ points: 0, max: 250, hasData: true, reason: 'NONE', facts: { count: 0 } });
    for (const id of ['onTime', 'early', 'daysOverdue']) expect(c[id]).toMatchObject({ points: 0, hasData: true, reason: 'NOTHING_DUE' });
    expect((body.components as Component[]).reduce((sum, x) => sum + x.max, 0)).toBe(1000);
  });

  it('counts the activation steps of a member still activating', async () => {
    const fresh = await createMember(t, { accountState: 'PERSONAL_INFO' });
    expect(ok(await get(t, fresh.cookie, '/api/member/credit-score'))).toMatchObject({ score: 0 });
    const halfway = await createMember(t, { accountState: 'REFERENCES_INFO' });
    const body = ok(await get(t, halfway.cookie, '/api/member/credit-score'));
    expect(body.score).toBe(80);
    expect(byId(body).profile).toMatchObject({ points: 80, reason: 'PARTIAL', facts: { done: 2, total: 5 } });
  });

  it("counts the member's own repaid loans (125 each, at most 250) and nobody else's", async () => {
    const officer = await createStaff(t);
    const m = await createActivatedMember(t);
    const other = await createActivatedMember(t);
    // A loan in progress gives nothing yet.
    const first = await signedLoan(t, officer, { member: m });
    expect(ok(await get(t, m.cookie, '/api/member/credit-score')).score).toBe(200);
    await t.deps.db.update(loans).set({ status: 'REPAID' }).where(eq(loans.id, first.loanId));
    let body = ok(await get(t, m.cookie, '/api/member/credit-score'));
    expect(body.score).toBe(325);
    expect(byId(body).loansRepaid).toMatchObject({ points: 125, reason: 'PARTIAL', facts: { count: 1 } });

    for (let i = 0; i < 2; i++) {
      const next = await signedLoan(t, officer, { member: m });
      await t.deps.db.update(loans).set({ status: 'REPAID' }).where(eq(loans.id, next.loanId));
    }
    body = ok(await get(t, m.cookie, '/api/member/credit-score'));
    expect(body.score).toBe(450);
    expect(byId(body).loansRepaid).toMatchObject({ points: 250, reason: 'COMPLETE', facts: { count: 3 } });

    expect(ok(await get(t, other.cookie, '/api/member/credit-score')).score).toBe(200);
  });

  it('takes no member from the query', async () => {
    const a = await createActivatedMember(t);
    const b = await createMember(t, { accountState: 'PERSONAL_INFO' });
    const res = await get(t, b.cookie, `/api/member/credit-score?userId=${a.userId}`);
    expect(ok(res).score).toBe(0);
  });
});
