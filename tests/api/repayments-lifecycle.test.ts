import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanCharges, loanReminders, outboxMessages, users } from '../../src/server/db/schema';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { addDays } from '../../src/shared/loan/day';
import { isWithinSendingHours } from '../../src/shared/notify/quiet-hours';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, payoff, quote, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';

/**
 * A whole loan life with the ManualClock: three PHP 200,000 loans over 6 months disbursed on
 * 2026-11-22 (due dates the 22nd of each month), the daily job run every day at noon in Manila and
 * the ledger checked after each day:
 * - ON_TIME pays every instalment on its due date;
 * - LATE pays instalment 1 ten days late (after the 3 grace days: a collection charge and daily
 *   penalty interest), then on time;
 * - PREPAID pays instalment 1, then pays the loan off on 2027-01-10 with a payoff quote.
 * The server is "down" from 2027-03-01 to 2027-03-05: the job catches the days up on the 6th.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;
const REFERENCE_PHONES = ['+639171234567', '+639197654321'];

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => {
  await t.close();
});

describe('the daily job over a whole loan life', () => {
  it('on time, late and prepaid loans, with the ledger sound every day', { timeout: 600_000 }, async () => {
    const onTime = await disbursedLoan(t, officer, checker);
    const late = await disbursedLoan(t, officer, checker);
    const prepaid = await disbursedLoan(t, officer, checker);
    for (const loan of [onTime, late, prepaid]) await topUp(t, loan.member.userId, 3_000_000n);
    const dues = ['2026-12-22', '2027-01-22', '2027-02-22', '2027-03-22', '2027-04-22', '2027-05-22'];
    const statuses: Record<string, string[]> = { onTime: [], late: [], prepaid: [] };
    let day = '2026-11-23';
    while (day <= '2027-05-25') {
      travelTo(t, day);
      const down = day >= '2027-03-01' && day <= '2027-03-05';
      if (!down) {
        const pass = await runServicing(t.deps);
        if (day === '2027-03-06') expect(pass.days).toBeGreaterThanOrEqual(6); // the 5 missed days and today, per open loan
        // Running again the same day does nothing.
        expect((await runServicing(t.deps)).days).toBe(0);
      }
      const m1 = await relogin(t, onTime.member);
      const m2 = await relogin(t, late.member);
      const m3 = await relogin(t, prepaid.member);
      if (dues.includes(day)) {
        const due = ok(await servicing(t, m1.cookie)).nextDue;
        ok(await pay(t, m1.cookie, due.amount), 201);
      }
      if (day === '2027-01-01') {
        // Instalment 1 of LATE, 10 days late: the line and its charges.
        const view = ok(await servicing(t, m2.cookie));
        expect(view.loan.status).toBe('OVERDUE');
        expect(view.lines[0]).toMatchObject({ status: 'OVERDUE', daysPastDue: 10 });
        ok(await pay(t, m2.cookie, view.lines[0].outstanding), 201);
        const after = ok(await servicing(t, m2.cookie));
        expect(after.loan.status).toBe('ACTIVE');
        expect(after.lines[0].status).toBe('PAID_LATE');
      } else if (dues.slice(1).includes(day)) {
        const due = ok(await servicing(t, m2.cookie)).nextDue;
        ok(await pay(t, m2.cookie, due.amount), 201);
      }
      if (day === '2026-12-22') {
        const due = ok(await servicing(t, m3.cookie)).nextDue;
        ok(await pay(t, m3.cookie, due.amount), 201);
      }
      if (day === '2027-01-10') {
        const q = ok(await quote(t, m3.cookie)).quote;
        expect(q).toMatchObject({ asOf: '2027-01-10', method: 'ACTUARIAL', prepaymentPenalty: '0.00', charges: '0.00' });
        expect(Number(q.interestRebate)).toBeGreaterThan(0);
        const paid = ok(await payoff(t, m3.cookie, q.quoteId), 201);
        expect(paid.receipt).toMatchObject({ kind: 'PAYOFF', amount: q.total, remainingBalance: '0.00', loanStatus: 'REPAID' });
      }
      for (const [name, m] of [
        ['onTime', m1],
        ['late', m2],
        ['prepaid', m3],
      ] as const)
        statuses[name]!.push((ok(await servicing(t, m.cookie)).loan.status as string) + '@' + day);
      await expectLedgerSound(t);
      day = addDays(day, 1);
    }

    const seen = (name: string) => statuses[name]!.map((s) => s.split('@')[0]).filter((s, i, all) => i === 0 || all[i - 1] !== s);
    expect(seen('onTime')).toEqual(['ACTIVE', 'REPAID']);
    expect(seen('late')).toEqual(['ACTIVE', 'OVERDUE', 'ACTIVE', 'REPAID']);
    expect(seen('prepaid')).toEqual(['ACTIVE', 'REPAID']);
    expect(statuses.late!.find((s) => s.startsWith('OVERDUE'))).toBe('OVERDUE@2026-12-23');
    expect(statuses.onTime!.find((s) => s.startsWith('REPAID'))).toBe('REPAID@2027-05-22');

    // ON_TIME: no charge; every line PAID; reminders 3 days before and on each due date.
    const m1 = await relogin(t, onTime.member);
    const v1 = ok(await servicing(t, m1.cookie));
    expect(v1.charges).toEqual([]);
    expect(v1.lines.map((l: { status: string }) => l.status)).toEqual(Array(6).fill('PAID'));
    expect(v1.totals.outstanding).toBe('0.00');
    const r1 = await t.deps.db.select().from(loanReminders).where(eq(loanReminders.loanId, onTime.loanId));
    expect(r1.filter((r) => r.template === 'DUE_IN_3_DAYS').map((r) => r.businessDate)).toEqual([
      '2026-12-19',
      '2027-01-19',
      '2027-02-19',
      '2027-03-19',
      '2027-04-19',
      '2027-05-19',
    ]);
    expect(r1.filter((r) => r.template === 'DUE_TODAY')).toHaveLength(6);
    expect(r1.filter((r) => r.template.startsWith('OVERDUE'))).toEqual([]);

    // LATE: charges from day 4 (12-26) to day 10 (01-01): one collection charge, 7 days of penalty interest.
    const charges = await t.deps.db.select().from(loanCharges).where(eq(loanCharges.loanId, late.loanId));
    expect(charges.filter((c) => c.kind === 'COLLECTION').map((c) => [c.businessDate, c.amount])).toEqual([['2026-12-26', 171_670n]]);
    const penalties = charges.filter((c) => c.kind === 'PENALTY_INTEREST');
    expect(penalties.map((c) => c.businessDate)).toEqual(['2026-12-26', '2026-12-27', '2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01']);
    expect(penalties.every((c) => c.amount === 17_167n && c.paid === 17_167n)).toBe(true);
    const r2 = await t.deps.db.select().from(loanReminders).where(eq(loanReminders.loanId, late.loanId));
    expect(r2.filter((r) => r.template === 'OVERDUE_1_DAY').map((r) => r.businessDate)).toEqual(['2026-12-23']);
    expect(r2.filter((r) => r.template === 'OVERDUE_WEEKLY').map((r) => r.businessDate)).toEqual(['2026-12-30']);
    const m2 = await relogin(t, late.member);
    const v2 = ok(await servicing(t, m2.cookie));
    expect(v2.charges[0].basis).toMatchObject({ overdueAmount: '34334.00', daysLate: 4, ratePercent: '5', capped: false });
    expect(v2.lines[0].paid.charges).toBe('2918.39');

    // PREPAID: no reminders after the payoff; missed days during the downtime were not reminded.
    const r3 = await t.deps.db.select().from(loanReminders).where(eq(loanReminders.loanId, prepaid.loanId));
    expect(r3.every((r) => r.businessDate <= '2027-01-10')).toBe(true);

    // Reminders: only to the borrowers' own phones, at most REMINDERS_PER_DAY a loan and day, within 06:00-22:00.
    const phones = (
      await t.deps.db
        .select({ id: users.id, phone: users.phone })
        .from(users)
        .where(inArray(users.id, [onTime.member.userId, late.member.userId, prepaid.member.userId]))
    ).map((u) => u.phone);
    const all = await t.deps.db.select().from(loanReminders);
    expect(all.every((r) => phones.includes(r.recipient))).toBe(true);
    const perDay = new Map<string, number>();
    for (const r of all) perDay.set(`${r.loanId}:${r.businessDate}`, (perDay.get(`${r.loanId}:${r.businessDate}`) ?? 0) + 1);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(t.deps.config.servicing.remindersPerDay);
    const sms = await t.deps.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'SMS'));
    expect(sms.some((s) => REFERENCE_PHONES.includes(s.recipient))).toBe(false);
    for (const s of sms) expect(s.sendAfter === null || isWithinSendingHours(s.sendAfter)).toBe(true);
  });

  it('holds a reminder computed at night until 06:00 in Manila', { timeout: 120_000 }, async () => {
    const fresh = await createTestApp();
    try {
      const o = await createStaff(fresh, 'OFFICER', 'Officer Ana Reyes');
      const c = await createStaff(fresh, 'OFFICER', 'Officer Ben Cruz');
      const { loanId } = await disbursedLoan(fresh, o, c);
      // 23:30 on 2026-12-19 in Manila: 3 days before the first due date.
      fresh.clock.advance(Date.parse('2026-12-19T23:30:00+08:00') - fresh.clock.now().getTime());
      await runServicing(fresh.deps);
      const [reminder] = await fresh.deps.db
        .select()
        .from(loanReminders)
        .where(and(eq(loanReminders.loanId, loanId), eq(loanReminders.template, 'DUE_IN_3_DAYS')));
      expect(reminder!.sendAfter!.toISOString()).toBe(new Date('2026-12-20T06:00:00+08:00').toISOString());
      const sms = (await fresh.deps.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, reminder!.recipient))).find((m) =>
        m.body.includes('reminder:'),
      );
      expect(sms!.sendAfter!.toISOString()).toBe(reminder!.sendAfter!.toISOString());
    } finally {
      await fresh.close();
    }
  });
});
