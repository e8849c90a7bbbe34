import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loans } from '../../src/server/db/schema';
import { todayPh } from '../../src/server/domain/day';
import { memberWalletBalance } from '../../src/server/ledger';
import { parseAmount, toDecimalString } from '../../src/shared/money/money';
import { createTestApp, type TestApp } from '../fixtures/app';
import { createStaff, expectLedgerSound, newKey, ok, post } from '../fixtures/loans';
import type { TestMember } from '../fixtures/members';
import { disbursedLoan, pay, quote, relogin, servicing, topUp, travelTo } from '../fixtures/repayments';
import { authOf, payByChannel, payByOfficer } from '../lives/app-adapter';

/**
 * One closing rule (docs/decisions/074-one-closing-rule.md): what the payoff quote asks on a day is
 * what closes the loan, whoever pays it and however. A borrower who pays the quote's amount as an
 * ordinary payment (through a payment channel, or in cash to an officer) after a "reduce my
 * principal" prepayment is REPAID with nothing owing, and the ledger stays sound; the most a
 * payment may be is that amount (above it: refused from the wallet, the excess to the wallet from a
 * channel). PHP 200,000 over 6 months, disbursed 2026-11-22 (due dates on the 22nd).
 */
let t: TestApp;
let officer: TestMember;
let checker: TestMember;

// Each case moves the clock forward from the disbursement: a fresh app each.
beforeEach(async () => {
  t = await createTestApp();
  officer = await createStaff(t, 'OFFICER', 'Officer Ana Reyes');
  checker = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterEach(async () => {
  await expectLedgerSound(t);
  await t.close();
});

const cents = (s: string) => parseAmount(s)!;
const wallet = async (userId: string) => (await memberWalletBalance(t.deps.db, userId))?.available ?? 0n;
const statusOf = async (loanId: string) => (await t.deps.db.select({ status: loans.status }).from(loans).where(eq(loans.id, loanId)))[0]!.status;

/** A loan with a "reduce my principal" prepayment on 2026-12-05, then, on 2027-01-10 (mid-period of instalment 2), the quote. */
async function prepaidLoanAndQuote() {
  const { member, loanId } = await disbursedLoan(t, officer, checker);
  await topUp(t, member.userId, 50_000_00n);
  travelTo(t, '2026-12-05');
  let m = await relogin(t, member);
  [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
  const r = await post(t, m.cookie, '/api/loans/current/payments', { amount: '50000.00', excess: 'REDUCE_PRINCIPAL' }, { 'idempotency-key': newKey() });
  expect(r.statusCode).toBe(201);
  travelTo(t, '2027-01-10');
  m = await relogin(t, member);
  [officer, checker] = [await relogin(t, officer), await relogin(t, checker)];
  const q = ok(await quote(t, m.cookie)).quote;
  const view = ok(await servicing(t, m.cookie));
  // The one figure: the quote, the most a payment may be and the officer's "closes the loan today".
  expect(view.totals.maximumPayment).toBe(q.total);
  expect(view.totals.closingCost).toBe(q.total);
  // Interest earned to the day on instalment 2 (not its whole period's interest): less than the schedule asks of it.
  expect(q.accrual).toMatchObject({ lineNumber: 2, days: 19, periodDays: 31 });
  const line2 = view.lines.find((l: { number: number }) => l.number === 2)!;
  expect(cents(q.accrual!.amount) < cents(line2.scheduled.interest) - cents(line2.interestRebated)).toBe(true);
  return { member: m, loanId, total: cents(q.total) };
}

describe('paying the payoff quote as an ordinary payment closes the loan', () => {
  it('through a payment channel: REPAID, nothing owing, nothing to the wallet; the ledger is sound', async () => {
    const { member, loanId, total } = await prepaidLoanAndQuote();
    const before = await wallet(member.userId);
    const auth = authOf(member, 'MEMBER');
    const outcome = await payByChannel(t, auth, total, total, authOf(officer, 'OFFICER'), authOf(checker, 'OFFICER'));
    expect(outcome).toEqual({ toLoan: total, toWallet: 0n });
    expect(await statusOf(loanId)).toBe('REPAID');
    const view = ok(await servicing(t, member.cookie));
    expect(view.totals.outstanding).toBe('0.00');
    expect(view.lines.every((l: { outstanding: string; status: string }) => l.outstanding === '0.00' && l.status.startsWith('PAID'))).toBe(true);
    expect(await wallet(member.userId)).toBe(before);
    await expectLedgerSound(t);
  });

  it('cash recorded by an officer (approved by a second officer when above the threshold): REPAID, nothing owing; the ledger is sound', async () => {
    const { member, loanId, total } = await prepaidLoanAndQuote();
    const outcome = await payByOfficer(t, authOf(officer, 'OFFICER'), authOf(checker, 'OFFICER'), loanId, total, todayPh(t.deps));
    expect(outcome).toEqual({ toLoan: total, toWallet: 0n });
    expect(await statusOf(loanId)).toBe('REPAID');
    expect(ok(await servicing(t, member.cookie)).totals.outstanding).toBe('0.00');
    await expectLedgerSound(t);
  });

  it('one centavo more than the quote is refused from the wallet before money moves; the quote itself then closes the loan', async () => {
    const { member, loanId, total } = await prepaidLoanAndQuote();
    await topUp(t, member.userId, total + 100n);
    const before = await wallet(member.userId);
    const refused = await pay(t, member.cookie, toDecimalString(total + 1n));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('AMOUNT_ABOVE_OUTSTANDING');
    expect(await wallet(member.userId)).toBe(before);
    const r = ok(await pay(t, member.cookie, toDecimalString(total)), 201);
    expect(r.receipt.remainingBalance).toBe('0.00');
    expect(await statusOf(loanId)).toBe('REPAID');
    expect(await wallet(member.userId)).toBe(before - total);
    await expectLedgerSound(t);
  });
});
