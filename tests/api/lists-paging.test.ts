import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { apply, createActivatedMember, createStaff, expectLedgerSound, get, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { available, fundedMember, requestWithdrawal, type FundedMember } from '../fixtures/withdrawals';
import { toDecimalString } from '../../src/shared/money/money';

/**
 * Lists that scale (issue 13): the staff queues and the wallet history page by an opaque keyset
 * cursor. Paging through returns every row exactly once, in the order of one long list; a forged or
 * garbled cursor is a 400; who may read each list is unchanged.
 */

type Row = Record<string, unknown>;

async function pageThrough(t: TestApp, cookie: string, url: string, key: string, limit: number): Promise<{ rows: Row[]; pages: number }> {
  const rows: Row[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const body = ok(await get(t, cookie, `${url}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)) as Record<string, unknown>;
    const page = body[key] as Row[];
    expect(page.length).toBeLessThanOrEqual(limit);
    rows.push(...page);
    cursor = body.nextCursor as string | null;
    pages += 1;
    expect(pages).toBeLessThan(100);
  } while (cursor);
  return { rows, pages };
}

describe('paging by cursor', () => {
  let t: TestApp;
  let officer: TestMember;
  let member: FundedMember;
  const withdrawalIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { PAYOUT_PROVIDER: 'manual' });
    officer = await createStaff(t, 'OFFICER', 'Officer Ana Cruz');
    member = await fundedMember(t, officer, await createStaff(t, 'ADMIN', 'Admin Ben Lim'));
    // Five pending applications; the first three at the same instant (the cursor's number breaks the tie).
    for (let i = 0; i < 5; i += 1) {
      const applicant = await createActivatedMember(t, { fullName: `Applicant ${i}` });
      ok(await apply(t, applicant.cookie), 201);
      if (i >= 2) t.clock.advance(1_000);
    }
    // Four withdrawals, each cancelled: the wallet reads nine lines (the loan, four holds, four returns).
    for (let i = 0; i < 4; i += 1) {
      const id = ok(await requestWithdrawal(t, member.cookie, `${100 + i}.00`), 201).id as string;
      ok(await post(t, member.cookie, `/api/withdrawals/${id}/cancel`));
      withdrawalIds.push(id);
      t.clock.advance(61_000);
    }
  }, 60_000);
  afterAll(async () => {
    await expectLedgerSound(t);
    await t.close();
  });

  it('the loans queue: every application once, oldest first, the same as one long page', async () => {
    const whole = ok(await get(t, officer.cookie, '/api/admin/loans?status=PENDING&limit=200'));
    expect(whole.items).toHaveLength(5);
    expect(whole.nextCursor).toBeNull();
    for (const limit of [1, 2, 3]) {
      const { rows, pages } = await pageThrough(t, officer.cookie, '/api/admin/loans?status=PENDING', 'items', limit);
      expect(rows.map((r) => r.id)).toEqual(whole.items.map((r: Row) => r.id));
      expect(new Set(rows.map((r) => r.id)).size).toBe(5);
      expect(pages).toBe(Math.ceil(5 / limit));
    }
    // The counts by status stay the whole table's, whatever the page.
    const first = ok(await get(t, officer.cookie, '/api/admin/loans?status=PENDING&limit=2'));
    const second = ok(await get(t, officer.cookie, `/api/admin/loans?status=PENDING&limit=2&cursor=${encodeURIComponent(first.nextCursor)}`));
    expect(second.items).toHaveLength(2);
    expect(second.counts).toEqual(whole.counts);
    expect(whole.counts.PENDING).toBe(5);
  });

  it('the default queue (several statuses) pages as one list, each status read in index order; the counts stop at a cap', async () => {
    const pending = ok(await get(t, officer.cookie, '/api/admin/loans?status=PENDING&limit=200')).items as Row[];
    // The second oldest application moves on to UNDER_REVIEW: the default queue mixes two statuses.
    ok(await post(t, officer.cookie, `/api/admin/loans/${String(pending[1]!.id)}/review`, {}));
    const whole = ok(await get(t, officer.cookie, '/api/admin/loans?limit=200'));
    expect(whole.items.map((r: Row) => r.id)).toEqual(pending.map((r) => r.id));
    expect(whole.items.map((r: Row) => r.status)).toEqual(['PENDING', 'UNDER_REVIEW', 'PENDING', 'PENDING', 'PENDING']);
    for (const limit of [1, 2]) {
      const { rows } = await pageThrough(t, officer.cookie, '/api/admin/loans', 'items', limit);
      expect(rows.map((r) => r.id)).toEqual(pending.map((r) => r.id));
    }
    expect(whole.countCap).toBe(1000);
    expect(whole.counts).toMatchObject({ PENDING: 4, UNDER_REVIEW: 1, DISBURSED: 1 });
  });

  it('the withdrawals queue: every withdrawal once, oldest first', async () => {
    const whole = ok(await get(t, officer.cookie, '/api/admin/withdrawals?status=CANCELLED&limit=500'));
    expect(whole.withdrawals.map((w: Row) => w.id)).toEqual(withdrawalIds);
    expect(whole.nextCursor).toBeNull();
    for (const limit of [1, 3]) {
      const { rows } = await pageThrough(t, officer.cookie, '/api/admin/withdrawals?status=CANCELLED', 'withdrawals', limit);
      expect(rows.map((r) => r.id)).toEqual(withdrawalIds);
    }
    // All statuses (the default) page the same way.
    const { rows } = await pageThrough(t, officer.cookie, '/api/admin/withdrawals', 'withdrawals', 2);
    expect(rows.map((r) => r.id)).toEqual(withdrawalIds);
  });

  it('the wallet history: every line once, newest first, with the same balance after each line as one long statement', async () => {
    const whole = ok(await get(t, member.cookie, '/api/wallet/transactions?limit=200'));
    expect(whole.transactions).toHaveLength(9);
    expect(whole.nextCursor).toBeNull();
    expect(whole.transactions[0].balanceAfter).toBe(toDecimalString(await available(t, member.userId)));
    for (const limit of [1, 2, 4]) {
      const { rows } = await pageThrough(t, member.cookie, '/api/wallet/transactions', 'transactions', limit);
      expect(rows).toEqual(whole.transactions);
    }
    // Without a limit: the first 50 lines (all nine here).
    expect(ok(await get(t, member.cookie, '/api/wallet/transactions')).transactions).toEqual(whole.transactions);
  });

  it('refuses a forged or garbled cursor with 400, naming the cursor', async () => {
    const first = ok(await get(t, officer.cookie, '/api/admin/loans?status=PENDING&limit=1')).nextCursor as string;
    const forged = [
      'abc',
      first.replace(/_\d+$/, '_0'),
      first.replace(/_\d+$/, '_9223372036854775808'),
      first.replace(/^\d{4}-\d{2}/, '2026-13'),
      first.replace('Z_', '_'),
      `${first}' or 1=1 --`,
      '2026-02-30T00:00:00.000Z_1',
    ];
    for (const cursor of forged) {
      for (const url of ['/api/admin/loans', '/api/admin/withdrawals']) {
        const res = await get(t, officer.cookie, `${url}?cursor=${encodeURIComponent(cursor)}`);
        expect(res.statusCode, `${url} ${cursor}`).toBe(400);
        expect(res.json().error.fields).toHaveProperty('cursor');
      }
    }
    for (const cursor of ['abc', '0', '-1', '1e3', '9223372036854775808', first]) {
      const res = await get(t, member.cookie, `/api/wallet/transactions?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.fields).toHaveProperty('cursor');
    }
    // A blank cursor is the first page.
    expect(ok(await get(t, officer.cookie, '/api/admin/loans?status=PENDING&limit=1&cursor=')).items[0].id).toBe(
      ok(await get(t, officer.cookie, '/api/admin/loans?status=PENDING&limit=1')).items[0].id,
    );
  });

  it('keeps who may read each list: a cursor opens nothing', async () => {
    const loansCursor = ok(await get(t, officer.cookie, '/api/admin/loans?status=PENDING&limit=1')).nextCursor as string;
    const withdrawalsCursor = ok(await get(t, officer.cookie, '/api/admin/withdrawals?limit=1')).nextCursor as string;
    expect((await get(t, member.cookie, `/api/admin/loans?cursor=${encodeURIComponent(loansCursor)}`)).statusCode).toBe(403);
    expect((await get(t, member.cookie, `/api/admin/withdrawals?cursor=${encodeURIComponent(withdrawalsCursor)}`)).statusCode).toBe(403);
    expect((await get(t, undefined, `/api/admin/loans?cursor=${encodeURIComponent(loansCursor)}`)).statusCode).toBe(401);
    const walletCursor = ok(await get(t, member.cookie, '/api/wallet/transactions?limit=1')).nextCursor as string;
    expect((await get(t, undefined, `/api/wallet/transactions?cursor=${walletCursor}`)).statusCode).toBe(401);
    // Another member's wallet with the first member's cursor reads only their own (empty) history.
    const other = await createActivatedMember(t, { fullName: 'Other Member' });
    expect(ok(await get(t, other.cookie, `/api/wallet/transactions?cursor=${walletCursor}`))).toEqual({ transactions: [], nextCursor: null });
  });
});
