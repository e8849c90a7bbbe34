import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { apply, createActivatedMember, createStaff, expectLedgerSound, get, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { available, fundedMember, requestWithdrawal, type FundedMember } from '../fixtures/withdrawals';
import { toDecimalString } from '../../src/shared/money/money';

/**
 * Lists that scale: the staff queues and the wallet history page by an opaque keyset
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

  it('the extension requests: every request once, by (requested_at, id), open ones oldest first, the others newest first', async () => {
    // Five declined requests of the member's loan (three at the same instant: the id breaks the tie)
    // and one open request on each of three pending applications.
    const at = t.clock.now().getTime();
    const [loan] = (await t.deps.db.execute<{ id: string }>(sql`select id from loans where member_id = ${member.userId}`)).rows;
    const insert = (loanId: string, memberId: string, status: string, offsetMs: number) =>
      t.deps.db
        .execute(sql`insert into loan_extensions (loan_id, member_id, status, new_term, from_line, remaining_principal, new_end_date, requested_at, updated_at)
        values (${loanId}, ${memberId}, ${status}, 9, 2, 1500000, '2027-09-22', ${new Date(at + offsetMs).toISOString()}, ${new Date(at).toISOString()})`);
    for (const offset of [0, 0, 0, 1_000, 2_000]) await insert(loan!.id, member.userId, 'DECLINED', offset);
    const pendingLoans = (await t.deps.db.execute<{ id: string; member_id: string }>(sql`select id, member_id from loans where status = 'PENDING' limit 3`))
      .rows;
    expect(pendingLoans).toHaveLength(3);
    for (const [i, l] of pendingLoans.entries()) await insert(l.id, l.member_id, 'REQUESTED', i === 2 ? 1_000 : 0);
    const [ordered] = (
      await t.deps.db.execute<{ declined: string[]; requested: string[]; all: string[] }>(sql`select
        (select array_agg(id::text order by requested_at desc, id desc) from loan_extensions where status = 'DECLINED') as declined,
        (select array_agg(id::text order by requested_at, id) from loan_extensions where status = 'REQUESTED') as requested,
        (select array_agg(id::text order by requested_at desc, id desc) from loan_extensions) as all`)
    ).rows;
    const cases: [string, string[]][] = [
      ['/api/admin/extensions?status=DECLINED', ordered!.declined],
      ['/api/admin/extensions?status=REQUESTED', ordered!.requested],
      ['/api/admin/extensions', ordered!.all],
    ];
    for (const [url, ids] of cases) {
      const whole = ok(await get(t, officer.cookie, `${url}${url.includes('?') ? '&' : '?'}limit=100`));
      expect(
        whole.items.map((r: Row) => r.id),
        url,
      ).toEqual(ids);
      expect(whole.nextCursor).toBeNull();
      for (const limit of [1, 2, 3]) {
        const { rows, pages } = await pageThrough(t, officer.cookie, url, 'items', limit);
        expect(
          rows.map((r) => r.id),
          `${url} by ${limit}`,
        ).toEqual(ids);
        expect(pages).toBe(Math.ceil(ids.length / limit));
      }
    }
    expect(ordered!.all).toHaveLength(8);
    // A garbled cursor is a 400 naming it; a member may not read the list, with or without a cursor.
    for (const cursor of ['abc', '1', `${ordered!.all[0]}' or 1=1 --`]) {
      const res = await get(t, officer.cookie, `/api/admin/extensions?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.fields).toHaveProperty('cursor');
    }
    expect((await get(t, member.cookie, `/api/admin/extensions?cursor=${ordered!.all[0]}`)).statusCode).toBe(403);
    expect((await get(t, undefined, '/api/admin/extensions')).statusCode).toBe(401);
  });

  it("the member's payment references: every one once, newest first; a cursor reads only the member's own", async () => {
    const [loan] = (await t.deps.db.execute<{ id: string }>(sql`select id from loans where member_id = ${member.userId}`)).rows;
    await t.deps.db.execute(
      sql`insert into channel_payments (loan_id, member_id, provider, method, channel_code, amount, idempotency_key, status, expires_at, created_at, updated_at)
        select ${loan!.id}, ${member.userId}, 'SIMULATED', 'VIRTUAL_ACCOUNT', 'BPI', 100000 + g, 'paging-' || g, 'EXPIRED',
               ${t.clock.now().toISOString()}::timestamptz, ${t.clock.now().toISOString()}::timestamptz, ${t.clock.now().toISOString()}::timestamptz
        from generate_series(1, 7) g`,
    );
    const url = '/api/loans/current/channel-payments';
    const whole = ok(await get(t, member.cookie, `${url}?limit=100`));
    expect(whole.payments).toHaveLength(7);
    expect(whole.nextCursor).toBeNull();
    const references = whole.payments.map((p: Row) => p.reference as string);
    expect([...references].sort().reverse()).toEqual(references);
    for (const limit of [1, 2, 3]) {
      const { rows, pages } = await pageThrough(t, member.cookie, url, 'payments', limit);
      expect(rows).toEqual(whole.payments);
      expect(pages).toBe(Math.ceil(7 / limit));
    }
    // Without a limit: the newest 20 (all seven here).
    expect(ok(await get(t, member.cookie, url)).payments).toEqual(whole.payments);
    for (const cursor of ['abc', '0', '-1', '1e3', '9223372036854775808']) {
      const res = await get(t, member.cookie, `${url}?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.fields).toHaveProperty('cursor');
    }
    const cursor = ok(await get(t, member.cookie, `${url}?limit=1`)).nextCursor as string;
    expect((await get(t, undefined, `${url}?cursor=${cursor}`)).statusCode).toBe(401);
    const other = await createActivatedMember(t, { fullName: 'Another Member' });
    expect(ok(await get(t, other.cookie, `${url}?cursor=${cursor}`)).payments).toEqual([]);
  });
});
