import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, loanCharges, loanEvents, loanInstalments, loanPaymentAllocations, loanPayments, loanReservicings, loans } from '../../src/server/db/schema';
import { checkLedger, ensureMemberWallet, memberWalletBalance } from '../../src/server/ledger';
import { loadState, postPayment, type AppliedPayment } from '../../src/server/modules/repayments/core';
import { todayPh } from '../../src/server/domain/day';
import { runServicing } from '../../src/server/modules/repayments/daily';
import { reserviceLoan, runReservicing } from '../../src/server/modules/repayments/reservice';
import { addDays } from '../../src/shared/loan/day';
import { reamortiseFutureInterest, type Allocation, type ServicingLine } from '../../src/shared/loan/servicing';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, newKey, ok } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';

/**
 * Decision 066 (amends 061 and 012): loans allocated by the rule before decision 061 are re-serviced
 * once. A loan is built as such a loan was: a payment made before the next instalment's period
 * went, as the old rule did, to the principal of the LAST lines (with the interest rebate), then the
 * daily job charged the unpaid next instalment late. The re-servicing replays it under today's rule.
 *
 * Loans: PHP 200,000 over 6 months, disbursed 2026-11-22 (Manila), due the 22nd; 3 days of grace,
 * a 5 % collection charge once, 0.5 % a day of the overdue amount.
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
beforeEach(async () => {
  [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
});
afterAll(async () => {
  await expectLedgerSound(t);
  await t.close();
});

/** The old rule (before decision 061) for a payment made while no line is payable: principal from the last line back, interest rebated. */
function oldRulePrepayment(lines: readonly ServicingLine[], amount: bigint, startDate: string, today: string, rate: number): AppliedPayment {
  const work = lines.map((l) => ({ ...l }));
  const allocations: Allocation[] = [];
  let left = amount;
  for (const line of [...work].sort((a, b) => b.number - a.number)) {
    const owed = line.principal - line.principalPaid;
    const paid = owed < left ? owed : left;
    if (paid <= 0n) continue;
    line.principalPaid += paid;
    left -= paid;
    allocations.push({ lineNumber: line.number, component: 'PRINCIPAL', chargeId: null, amount: paid, prepayment: true });
  }
  if (left !== 0n) throw new Error('the test pays less than the principal');
  return {
    lines: reamortiseFutureInterest(work, startDate, today, rate),
    allocations,
    charges: 0n,
    fees: 0n,
    interest: 0n,
    principal: amount,
    prepaidPrincipal: amount,
  };
}

/** Posts a wallet payment allocated by the old rule, as the app did before decision 061. */
async function oldRuleWalletPayment(loanId: string, memberId: string, amount: bigint): Promise<void> {
  await t.deps.db.transaction(async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update');
    const state = await loadState(tx, t.deps, loan!);
    const applied = oldRulePrepayment(state.lines, amount, state.startDate, todayPh(t.deps), state.schedule.contractualMonthlyRate);
    const [payment] = await tx
      .insert(loanPayments)
      .values({
        loanId,
        source: 'WALLET',
        kind: 'PAYMENT',
        status: 'POSTED',
        amount,
        idempotencyKey: newKey(),
        receivedAt: t.clock.now(),
        actorUserId: memberId,
        actorRole: 'MEMBER',
      })
      .returning();
    await postPayment(t.deps, tx, state, payment!, applied, await ensureMemberWallet(tx, memberId), { causedByMember: true, requestId: null });
  });
}

/** What migration 0031 does for every loan with a posted payment. */
async function markOldRule(loanId: string): Promise<void> {
  await t.deps.db.insert(loanReservicings).values({ loanId }).onConflictDoNothing();
}

async function rowsOf(loanId: string) {
  const lines = await t.deps.db.select().from(loanInstalments).where(eq(loanInstalments.loanId, loanId)).orderBy(asc(loanInstalments.number));
  const charges = await t.deps.db
    .select()
    .from(loanCharges)
    .where(eq(loanCharges.loanId, loanId))
    .orderBy(asc(loanCharges.businessDate), asc(loanCharges.kind));
  const allocations = await t.deps.db.select().from(loanPaymentAllocations).where(eq(loanPaymentAllocations.loanId, loanId));
  const payments = await t.deps.db.select().from(loanPayments).where(eq(loanPayments.loanId, loanId));
  const [loan] = await t.deps.db.select().from(loans).where(eq(loans.id, loanId));
  return { lines, charges, allocations, payments, loan: loan! };
}

async function memberWallet(userId: string) {
  return (await memberWalletBalance(t.deps.db, userId))?.posted;
}

/** The loans tests share one database: each test's own loans are re-serviced alone. */
async function reservice(loanId: string) {
  return reserviceLoan(t.deps, loanId);
}

describe('a loan whose early payment went to its last instalments (the old rule)', () => {
  it('gets its payment re-applied to the next instalment, its late charges reversed with a reason, its status cured; a second run changes nothing', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 5_000_000n);
    const before = await rowsOf(loanId);
    const l1 = before.lines[0]!;
    const instalment = l1.principal + l1.interest + l1.fees;
    // Disbursement day (line 1's period has not begun): the old rule prepaid the last lines' principal.
    await oldRuleWalletPayment(loanId, member.userId, instalment);
    const old = await rowsOf(loanId);
    expect(old.lines[0]!.principalPaid + old.lines[0]!.interestPaid + old.lines[0]!.feesPaid).toBe(0n);
    expect(old.allocations.every((a) => a.prepayment && a.component === 'PRINCIPAL' && a.lineNumber >= 5)).toBe(true);

    // Five days past line 1's due date (2026-12-22): the daily job charged it late and marked the loan overdue.
    travelTo(t, '2026-12-27');
    await runServicing(t.deps);
    const charged = await rowsOf(loanId);
    expect(charged.loan.status).toBe('OVERDUE');
    // The old rule also rebated line 1's interest (its period had not begun): line 1 owed its instalment less that rebate.
    const o1 = old.lines[0]!;
    const overdue = o1.principal + o1.interest - o1.interestRebated + o1.fees;
    expect(o1.interestRebated).toBeGreaterThan(0n);
    const oldRebate = old.lines.reduce((s, l) => s + l.interestRebated, 0n);
    // 2026-12-26 (4 days late, past the 3 days of grace): collection 5 % and 0.5 % of what line 1 owed; 2026-12-27: 0.5 % again.
    expect(charged.charges.map((c) => [c.businessDate, c.kind, c.amount])).toEqual([
      ['2026-12-26', 'COLLECTION', (overdue * 500n) / 10_000n],
      ['2026-12-26', 'PENALTY_INTEREST', (overdue * 50n) / 10_000n],
      ['2026-12-27', 'PENALTY_INTEREST', (overdue * 50n) / 10_000n],
    ]);
    const chargedTotal = charged.charges.reduce((s, c) => s + c.amount, 0n);

    await markOldRule(loanId);
    const r = await reservice(loanId);
    expect(r).toEqual({ status: 'DONE', changed: true, chargesReversed: 3, chargesReduced: 0 });

    const after = await rowsOf(loanId);
    // (a) The payment now pays line 1 in full (fees, interest, principal), on the day it was made: on time.
    const payment = after.payments[0]!;
    const mine = after.allocations.filter((a) => a.paymentId === payment.id);
    expect(mine.every((a) => a.lineNumber === 1 && !a.prepayment)).toBe(true);
    expect(Object.fromEntries(mine.map((a) => [a.component, a.amount]))).toEqual(
      Object.fromEntries(
        [
          ['FEES', l1.fees],
          ['INTEREST', l1.interest],
          ['PRINCIPAL', l1.principal],
        ].filter(([, v]) => (v as bigint) > 0n),
      ),
    );
    expect(after.lines[0]).toMatchObject({ principalPaid: l1.principal, interestPaid: l1.interest, feesPaid: l1.fees, paidOn: '2026-11-22' });
    // The last lines are owed again as scheduled: no principal prepaid, no interest rebated.
    for (const line of after.lines.slice(1)) expect(line).toMatchObject({ principalPaid: 0n, interestRebated: 0n, paidOn: null });
    expect(payment.returnedToWallet).toBe(0n);
    // What is owed: before, the schedule less the payment and the old rule's rebate, plus the charges; now the schedule less the payment.
    const scheduled = before.lines.reduce((s, l) => s + l.principal + l.interest + l.fees, 0n);
    const owedOf = (x: typeof after) =>
      x.lines.reduce((s, l) => s + l.principal + l.interest + l.fees - l.principalPaid - l.interestPaid - l.feesPaid - l.interestRebated - l.feesRebated, 0n) +
      x.charges.filter((c) => c.waivedAt === null).reduce((s, c) => s + c.amount - c.paid, 0n);
    expect(owedOf(charged)).toBe(scheduled - instalment - oldRebate + chargedTotal);
    expect(owedOf(after)).toBe(scheduled - instalment);
    // Figures of decision 066 (PHP 200,000 / 6 months): the charges reversed and the old rebate withdrawn.
    // Instalment PHP 34,334.00; charges 1,702.08 + 170.20 + 170.20 = 2,042.48 (5 % and 0.5 % of 34,041.77, line 1 less its 292.23 rebate); rebate withdrawn 1,750.88.
    expect([instalment, chargedTotal, oldRebate, o1.interestRebated]).toEqual([3_433_400n, 170_208n + 17_020n + 17_020n, 175_088n, 29_223n]);
    expect(payment.reallocationTransferId).not.toBeNull();

    // (b) Every charge reversed with the reason the borrower reads.
    expect(after.charges.every((c) => c.waivedAt !== null && c.waiveReasonCode === 'FAIR_ALLOCATION' && c.waivedBy === null && c.paid === 0n)).toBe(true);
    const m = await relogin(t, member);
    const view = ok(await servicing(t, m.cookie));
    expect(view.charges.map((c: { waived: boolean; waiveReasonCode: string; outstanding: string }) => [c.waived, c.waiveReasonCode, c.outstanding])).toEqual([
      [true, 'FAIR_ALLOCATION', '0.00'],
      [true, 'FAIR_ALLOCATION', '0.00'],
      [true, 'FAIR_ALLOCATION', '0.00'],
    ]);
    expect(view.lines[0].status).toBe('PAID');

    // (c) Cured through the state machine with a system reason naming what was reversed.
    expect(after.loan.status).toBe('ACTIVE');
    const [cure] = await t.deps.db
      .select()
      .from(loanEvents)
      .where(and(eq(loanEvents.loanId, loanId), eq(loanEvents.action, 'CURE')));
    expect(cure).toMatchObject({ fromStatus: 'OVERDUE', toStatus: 'ACTIVE', actorRole: 'SYSTEM' });
    const amount = `${(chargedTotal / 100n).toLocaleString('en-US')}.${String(chargedTotal % 100n).padStart(2, '0')}`;
    expect(cure!.data).toMatchObject({ systemReason: 'CURED_BY_RESERVICING', systemValues: { count: '3', amount } });

    // Audited: each charge and the loan.
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, loanId));
    expect(audits.filter((a) => a.action === 'LOAN_CHARGE_REVERSED')).toHaveLength(3);
    expect(audits.filter((a) => a.action === 'LOAN_RESERVICED')).toHaveLength(1);
    const [record] = await t.deps.db.select().from(loanReservicings).where(eq(loanReservicings.loanId, loanId));
    expect(record).toMatchObject({ status: 'DONE' });
    expect((record!.previous as { allocations: unknown[] }).allocations).toHaveLength(old.allocations.length);

    // The ledger agrees (allocations, lines, receivables, the reallocation and the reversals).
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);

    // A second run changes nothing; the next daily pass charges nothing more.
    expect(await reservice(loanId)).toEqual({ status: 'DONE', changed: false, chargesReversed: 0, chargesReduced: 0 });
    travelTo(t, '2026-12-28');
    await runServicing(t.deps);
    const again = await rowsOf(loanId);
    expect(again.charges).toHaveLength(3);
    expect(again.loan.status).toBe('ACTIVE');
    expect(again.allocations.map((a) => a.id).sort()).toEqual(after.allocations.map((a) => a.id).sort());
  });
});

describe('a loan the new rule would also have charged', () => {
  it('keeps its charges and its allocations', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 5_000_000n);
    // Nothing paid early: line 1 (due 2027-01-28 for a loan disbursed on 2026-12-28) is charged late.
    const due = (await rowsOf(loanId)).lines[0]!.dueDate;
    travelTo(t, addDays(due, 5));
    await runServicing(t.deps);
    const charged = await rowsOf(loanId);
    expect(charged.loan.status).toBe('OVERDUE');
    expect(charged.charges).toHaveLength(3);
    // Paid late, after the day's charges: the charges, then line 1 (both rules agree).
    const m = await relogin(t, member);
    const l1 = charged.lines[0]!;
    const owed = charged.charges.reduce((s, c) => s + c.amount, 0n) + l1.principal + l1.interest + l1.fees;
    ok(await pay(t, m.cookie, `${owed / 100n}.${String(owed % 100n).padStart(2, '0')}`), 201);
    const paid = await rowsOf(loanId);
    expect(paid.loan.status).toBe('ACTIVE');

    await markOldRule(loanId);
    expect(await reservice(loanId)).toEqual({ status: 'DONE', changed: false, chargesReversed: 0, chargesReduced: 0 });
    const after = await rowsOf(loanId);
    expect(after.charges.map((c) => [c.waivedAt, c.paid])).toEqual(charged.charges.map((c) => [null, c.amount]));
    expect(after.allocations.map((a) => a.id).sort()).toEqual(paid.allocations.map((a) => a.id).sort());
    expect(after.lines).toEqual(paid.lines);
    expect(after.loan.status).toBe('ACTIVE');
  });
});

describe('a loan paid exactly on time', () => {
  it('is untouched, and the servicing pass re-services every loan still marked', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 5_000_000n);
    const l1 = (await rowsOf(loanId)).lines[0]!;
    travelTo(t, l1.dueDate);
    const m = await relogin(t, member);
    const instalment = l1.principal + l1.interest + l1.fees;
    ok(await pay(t, m.cookie, `${instalment / 100n}.${String(instalment % 100n).padStart(2, '0')}`), 201);
    travelTo(t, addDays(l1.dueDate, 6));
    await markOldRule(loanId);
    const before = await rowsOf(loanId);
    // The pass re-services it first (runServicing calls runReservicing), then services its days.
    await runServicing(t.deps);
    const after = await rowsOf(loanId);
    expect(after.charges).toEqual([]);
    expect(after.lines).toEqual(before.lines);
    expect(after.allocations.map((a) => a.id).sort()).toEqual(before.allocations.map((a) => a.id).sort());
    expect(after.payments[0]!.reallocationTransferId).toBeNull();
    expect(after.loan.status).toBe('ACTIVE');
    const [record] = await t.deps.db.select().from(loanReservicings).where(eq(loanReservicings.loanId, loanId));
    expect(record).toMatchObject({ status: 'DONE', result: { changed: false } });
    expect(await runReservicing(t.deps)).toEqual({ loans: 0, changed: 0, skipped: 0, chargesReversed: 0, chargesReduced: 0 });
  });
});

describe('an old-rule prepayment never charged for', () => {
  it('is left as it is: the interest rebate the old rule gave is not taken back', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 5_000_000n);
    const l1 = (await rowsOf(loanId)).lines[0]!;
    const instalment = l1.principal + l1.interest + l1.fees;
    // A prepayment by the old rule (principal of the last lines, its interest rebated), then line 1 paid on its due date.
    await oldRuleWalletPayment(loanId, member.userId, instalment);
    travelTo(t, l1.dueDate);
    const m = await relogin(t, member);
    const owedOnLine1 = instalment - (await rowsOf(loanId)).lines[0]!.interestRebated;
    ok(await pay(t, m.cookie, `${owedOnLine1 / 100n}.${String(owedOnLine1 % 100n).padStart(2, '0')}`), 201);
    await markOldRule(loanId);
    const before = await rowsOf(loanId);
    expect(before.charges).toEqual([]);
    const result = await reservice(loanId);
    expect(result).toMatchObject({ changed: false, chargesReversed: 0 });
    const after = await rowsOf(loanId);
    expect(after.lines).toEqual(before.lines);
    expect(after.allocations.map((a) => a.id).sort()).toEqual(before.allocations.map((a) => a.id).sort());
    expect(after.payments.every((p) => p.reallocationTransferId === null)).toBe(true);
    await expectLedgerSound(t);
  });
});

describe('an old-rule loan whose late charges were paid', () => {
  it('gets the charges unpaid and reversed, their money re-applied to the next instalments, the ledger balanced', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 10_000_000n);
    const l1 = (await rowsOf(loanId)).lines[0]!;
    const instalment = l1.principal + l1.interest + l1.fees;
    await oldRuleWalletPayment(loanId, member.userId, instalment);
    travelTo(t, addDays(l1.dueDate, 5));
    await runServicing(t.deps);
    const charged = await rowsOf(loanId);
    const chargedTotal = charged.charges.reduce((s, c) => s + c.amount, 0n);
    const o1 = charged.lines[0]!;
    const line1Owed = o1.principal + o1.interest - o1.interestRebated + o1.fees;
    // The borrower pays the charges and line 1 (both rules allocate this the same way: charges, then line 1).
    const paidLate = chargedTotal + line1Owed;
    const m = await relogin(t, member);
    ok(await pay(t, m.cookie, `${paidLate / 100n}.${String(paidLate % 100n).padStart(2, '0')}`), 201);
    const paid = await rowsOf(loanId);
    expect(paid.charges.every((c) => c.paid === c.amount && c.waivedAt === null)).toBe(true);
    expect(paid.loan.status).toBe('ACTIVE');
    const wallet = await memberWallet(member.userId);

    await markOldRule(loanId);
    expect(await reservice(loanId)).toEqual({ status: 'DONE', changed: true, chargesReversed: 3, chargesReduced: 0 });
    const after = await rowsOf(loanId);
    // Line 1 paid on disbursement day by the first payment; the charges unpaid, then reversed in full.
    expect(after.lines[0]).toMatchObject({ principalPaid: l1.principal, interestPaid: l1.interest, feesPaid: l1.fees });
    expect(after.lines[0]!.paidOn! <= l1.dueDate).toBe(true);
    expect(after.charges.every((c) => c.paid === 0n && c.waiveReasonCode === 'FAIR_ALLOCATION')).toBe(true);
    // The second payment: line 2 in full (its next instalment, before its due date: paid on time), the rest on line 3 (NEXT_INSTALMENTS).
    const second = after.payments.find((p) => p.amount === paidLate)!;
    const mine = after.allocations.filter((a) => a.paymentId === second.id);
    const l2 = after.lines[1]!;
    const instalment2 = l2.principal + l2.interest + l2.fees;
    expect(mine.filter((a) => a.lineNumber === 2).reduce((s, a) => s + a.amount, 0n)).toBe(instalment2);
    expect(mine.filter((a) => a.lineNumber === 3).reduce((s, a) => s + a.amount, 0n)).toBe(paidLate - instalment2);
    expect(mine.some((a) => a.component === 'CHARGE' || a.prepayment)).toBe(false);
    expect(l2.paidOn! <= l2.dueDate).toBe(true);
    expect(second.returnedToWallet).toBe(0n);
    // Nothing went to or from the wallet; the loan stays ACTIVE (no transition).
    expect(await memberWallet(member.userId)).toBe(wallet);
    expect(after.loan.status).toBe('ACTIVE');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});

describe('an old-rule loan the new rule would have charged less', () => {
  it('keeps smaller charges (reduced, with the reason and the old amount), stays overdue', async () => {
    const { member, loanId } = await disbursedLoan(t, officer, checker);
    await topUp(t, member.userId, 5_000_000n);
    const l1 = (await rowsOf(loanId)).lines[0]!;
    // PHP 10,000 paid on disbursement day: the old rule prepaid it on the last line; the new rule pays line 1 with it.
    await oldRuleWalletPayment(loanId, member.userId, 1_000_000n);
    travelTo(t, addDays(l1.dueDate, 5));
    await runServicing(t.deps);
    const charged = await rowsOf(loanId);
    expect(charged.loan.status).toBe('OVERDUE');

    await markOldRule(loanId);
    expect(await reservice(loanId)).toEqual({ status: 'DONE', changed: true, chargesReversed: 0, chargesReduced: 3 });
    const after = await rowsOf(loanId);
    // Line 1 owes 34,334.00 - 10,000.00 = 24,334.00: collection 5 % = 1,216.70, penalty 0.5 % = 121.67 a day.
    expect(after.lines[0]!.principalPaid + after.lines[0]!.interestPaid + after.lines[0]!.feesPaid).toBe(1_000_000n);
    expect(after.charges.map((c) => [c.kind, c.amount, c.reducedFrom, (c.basis as { overdueAmount: string }).overdueAmount, c.waivedAt])).toEqual([
      ['COLLECTION', 121_670n, charged.charges[0]!.amount, '24334.00', null],
      ['PENALTY_INTEREST', 12_167n, charged.charges[1]!.amount, '24334.00', null],
      ['PENALTY_INTEREST', 12_167n, charged.charges[2]!.amount, '24334.00', null],
    ]);
    const m = await relogin(t, member);
    const view = ok(await servicing(t, m.cookie));
    expect(view.charges.map((c: { reducedFrom: string | null; outstanding: string }) => c.outstanding)).toEqual(['1216.70', '121.67', '121.67']);
    expect(view.charges.every((c: { reducedFrom: string | null }) => c.reducedFrom !== null)).toBe(true);
    // Still overdue (line 1 is not paid): no transition.
    expect(after.loan.status).toBe('OVERDUE');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
    expect(await reservice(loanId)).toEqual({ status: 'DONE', changed: false, chargesReversed: 0, chargesReduced: 0 });
  });
});
