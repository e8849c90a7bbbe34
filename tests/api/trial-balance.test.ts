import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/server/ledger';
import { trialBalanceLines, trialBalances } from '../../src/server/db/schema';
import { CLOSE_SETTLE_MS, closeLedgerDays, postedSumsAsOf, startOfManilaDay } from '../../src/server/ledger/trial-balance';
import { philippineDate } from '../../src/shared/activation/age';
import { addDays } from '../../src/shared/loan/day';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createActivatedMember, createStaff, expectLedgerSound, get, newKey, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, relogin, travelTo } from '../fixtures/repayments';

/**
 * The ledger's closed days: after each Philippine day ends (and CLOSE_SETTLE_MS more), its trial
 * balance is stored once: every account kind with its posted debits and credits as of the day's
 * end, debits equal to credits; a closed day never changes afterwards; the back office lists the
 * days and gives each as CSV with the chart of accounts.
 */

let t: TestApp;
let officer: TestMember;
let checker: TestMember;
let memberId: string;
let memberCookie: string;
let firstDay: string;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const endOf = (date: string) => new Date(startOfManilaDay(date).getTime() + 24 * 3_600_000);
const storedDays = async () => (await t.deps.db.select().from(trialBalances)).sort((a, b) => a.businessDate.localeCompare(b.businessDate));
const storedLines = async () => t.deps.db.select().from(trialBalanceLines);

describe('closing the ledger day by day', () => {
  it('nothing to close before the ledger has an entry, nor for a day that has not ended', async () => {
    expect(await closeLedgerDays(t.deps.db, t.clock)).toEqual([]);
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    expect(loanId).toBeTruthy();
    memberId = member.userId;
    memberCookie = member.cookie;
    firstDay = philippineDate(t.clock.now());
    // The day of the disbursement has not ended: nothing is closed yet.
    expect(await closeLedgerDays(t.deps.db, t.clock)).toEqual([]);
  });

  it('a day is closed only CLOSE_SETTLE_MS after its midnight, then once, balanced, equal to every entry summed from scratch', async () => {
    const end = endOf(firstDay);
    t.clock.advance(end.getTime() + CLOSE_SETTLE_MS - 1_000 - t.clock.now().getTime());
    expect(await closeLedgerDays(t.deps.db, t.clock)).toEqual([]);
    t.clock.advance(2_000);
    expect(await closeLedgerDays(t.deps.db, t.clock)).toEqual([firstDay]);
    expect(await closeLedgerDays(t.deps.db, t.clock)).toEqual([]);

    const [day] = await storedDays();
    expect(day).toMatchObject({ businessDate: firstDay });
    expect(day!.totalDebits).toBe(day!.totalCredits);
    expect(day!.totalDebits).toBeGreaterThan(0n);
    expect(day!.entries).toBeGreaterThan(0);
    const reference = await postedSumsAsOf(t.deps.db, end);
    const lines = (await storedLines()).filter((l) => l.businessDate === firstDay);
    expect(
      lines.map((l) => ({ kind: l.kind, normalBalance: l.normalBalance, debits: l.debits, credits: l.credits })).sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([...reference].sort((a, b) => a.kind.localeCompare(b.kind)));
    // The disbursement: principal receivable debited, the member's wallet credited.
    expect(lines.find((l) => l.kind === 'LOANS_RECEIVABLE')!.debits).toBeGreaterThan(0n);
    expect(lines.find((l) => l.kind === 'MEMBER_WALLET')!.credits).toBeGreaterThan(0n);
  });

  it('days without movement are closed too; later entries fall on later days and never change a closed one', async () => {
    const before = await storedDays();
    const beforeLines = await storedLines();
    // Four days later, the member pays from the wallet.
    travelTo(t, addDays(firstDay, 4));
    const member = await relogin(t, { userId: memberId, cookie: memberCookie } as TestMember);
    ok(await post(t, member.cookie, '/api/loans/current/payments', { amount: '1000.00' }, { 'idempotency-key': newKey() }), 201);
    const paidOn = philippineDate(t.clock.now());
    travelTo(t, addDays(paidOn, 1));
    const closed = await closeLedgerDays(t.deps.db, t.clock);
    expect(closed).toEqual([1, 2, 3, 4].map((n) => addDays(firstDay, n)));

    const after = await storedDays();
    expect(after.slice(0, before.length)).toEqual(before);
    expect((await storedLines()).filter((l) => l.businessDate === firstDay)).toEqual(beforeLines.filter((l) => l.businessDate === firstDay));
    // Quiet days: no entries, the same balances as the day before.
    for (const quiet of after.slice(1, 4)) {
      expect(quiet.entries).toBe(0);
      expect(quiet.totalDebits).toBe(before[0]!.totalDebits);
    }
    const payday = after.find((d) => d.businessDate === paidOn)!;
    expect(payday.entries).toBeGreaterThan(0);
    expect(payday.totalDebits).toBe(payday.totalCredits);
    expect(payday.totalDebits - before[0]!.totalDebits).toBe(100_000n); // the PHP 1,000.00 payment, one debit and its credits
    const reference = await postedSumsAsOf(t.deps.db, endOf(paidOn));
    const lines = (await storedLines()).filter((l) => l.businessDate === paidOn);
    for (const r of reference) expect(lines.find((l) => l.kind === r.kind)).toMatchObject({ debits: r.debits, credits: r.credits });
  });

  it('two processes closing at once close each day once', async () => {
    travelTo(t, addDays(philippineDate(t.clock.now()), 3));
    const [a, b] = await Promise.all([closeLedgerDays(t.deps.db, t.clock), closeLedgerDays(t.deps.db, t.clock)]);
    const both = [...a, ...b].sort();
    expect(both).toEqual([...new Set(both)]);
    expect(both).toHaveLength(3);
    const days = (await storedDays()).map((d) => d.businessDate);
    expect(days).toEqual([...Array(days.length).keys()].map((n) => addDays(firstDay, n)));
  });
});

describe('ledger:check reads the closed days', () => {
  it('holds on the closed days, and reports a line or a total that no longer matches the entries', async () => {
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    const [latest] = (await storedDays()).slice(-1);
    const [line] = await t.deps.db.select().from(trialBalanceLines).where(eq(trialBalanceLines.businessDate, latest!.businessDate)).limit(1);
    // Tampered: one line's debits moved by a centavo (the stored totals no longer equal the lines, nor the line the entries).
    await t.deps.db
      .update(trialBalanceLines)
      .set({ debits: line!.debits + 1n })
      .where(and(eq(trialBalanceLines.businessDate, line!.businessDate), eq(trialBalanceLines.kind, line!.kind)));
    try {
      const problems = (await checkLedger(t.deps.db)).problems;
      expect(problems).toContain(
        `closed day ${latest!.businessDate}: totals debits ${latest!.totalDebits}, credits ${latest!.totalCredits}; its lines debits ${latest!.totalDebits + 1n}, credits ${latest!.totalCredits}`,
      );
      expect(problems.some((p) => p.startsWith(`closed day ${latest!.businessDate}, ${line!.kind}: stored debits ${line!.debits + 1n}`))).toBe(true);
    } finally {
      await t.deps.db
        .update(trialBalanceLines)
        .set({ debits: line!.debits })
        .where(and(eq(trialBalanceLines.businessDate, line!.businessDate), eq(trialBalanceLines.kind, line!.kind)));
    }
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('the back office: closed days and their CSV', () => {
  it('lists the days newest first, page by page; one day by the chart of accounts; a day not closed is 404', async () => {
    const staff = await relogin(t, officer);
    const page = ok(await get(t, staff.cookie, '/api/admin/trial-balances?limit=3'));
    expect(page.days).toHaveLength(3);
    expect(page.days[0].date > page.days[1].date).toBe(true);
    expect(page.days.every((d: { balanced: boolean; totalDebits: string; totalCredits: string }) => d.balanced && d.totalDebits === d.totalCredits)).toBe(true);
    const rest = ok(await get(t, staff.cookie, `/api/admin/trial-balances?limit=100&before=${page.nextBefore}`));
    expect(rest.nextBefore).toBeNull();
    expect(rest.days.at(-1).date).toBe(firstDay);

    const day = ok(await get(t, staff.cookie, `/api/admin/trial-balances/${firstDay}`));
    const receivable = day.lines.find((l: { account: string }) => l.account === 'LOANS_RECEIVABLE');
    expect(receivable).toMatchObject({ name: 'Loans receivable', normalBalance: 'DEBIT', credits: '0.00' });
    expect(receivable.balance).toBe(receivable.debits);
    const wallets = day.lines.find((l: { account: string }) => l.account === 'MEMBER_WALLET');
    expect(wallets).toMatchObject({ name: 'Member wallets', normalBalance: 'CREDIT' });

    const future = addDays(philippineDate(t.clock.now()), 1);
    const missing = await get(t, staff.cookie, `/api/admin/trial-balances/${future}`);
    expect(missing.statusCode).toBe(404);
    expect((await get(t, staff.cookie, '/api/admin/trial-balances/2026-13-45x')).statusCode).toBe(400);
  });

  it('the CSV: a header, one row per account with its amounts, the totals; as a download, never cached', async () => {
    const staff = await relogin(t, officer);
    const res = await get(t, staff.cookie, `/api/admin/trial-balances/${firstDay}/trial-balance.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="trial-balance-${firstDay}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const rows = res.body
      .trimEnd()
      .split('\r\n')
      .map((r) => r.split(','));
    expect(rows[0]).toEqual(['business_date', 'account', 'name', 'normal_balance', 'debits', 'credits', 'balance']);
    const json = ok(await get(t, staff.cookie, `/api/admin/trial-balances/${firstDay}`));
    expect(rows.slice(1, -1)).toEqual(
      json.lines.map((l: Record<string, string>) => [firstDay, l.account, l.name, l.normalBalance, l.debits, l.credits, l.balance]),
    );
    expect(rows.at(-1)).toEqual([firstDay, 'TOTAL', 'Total', '', json.totalDebits, json.totalCredits, '']);
  });

  it('a member gets 403; anonymous 401', async () => {
    const member = await createActivatedMember(t);
    expect((await get(t, member.cookie, '/api/admin/trial-balances')).statusCode).toBe(403);
    expect((await get(t, undefined, `/api/admin/trial-balances/${firstDay}/trial-balance.csv`)).statusCode).toBe(401);
  });
});
