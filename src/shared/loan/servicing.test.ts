import { describe, expect, it } from 'vitest';
import { lateChargesForDay } from './late-charges';
import { PRODUCT_V1 } from './product';
import { buildSchedule } from './schedule';
import {
  MINIMUM_PAYMENT,
  allocatePayment,
  allocationPurposes,
  amountDueNext,
  amountPayableNow,
  dueNextLines,
  lineRemainder,
  lineStatus,
  minimumPayment,
  totalOutstanding,
  unpaidLines,
  type ServicingLine,
} from './servicing';

/**
 * Hand-computed vectors on a small declining-balance loan: 900.00 PHP (90,000 centavos) at 1 % a
 * month, disbursed 2026-01-01, three lines of 300.00 principal: interest 9.00, 6.00, 3.00.
 */
const START = '2026-01-01';
function line(number: number, dueDate: string, principal: bigint, interest: bigint, paid: Partial<ServicingLine> = {}): ServicingLine {
  return {
    number,
    dueDate,
    principal,
    interest,
    fees: 0n,
    principalPaid: 0n,
    interestPaid: 0n,
    feesPaid: 0n,
    interestRebated: 0n,
    feesRebated: 0n,
    paidOn: null,
    ...paid,
  };
}
const LINES: ServicingLine[] = [line(1, '2026-02-01', 30_000n, 900n), line(2, '2026-03-01', 30_000n, 600n), line(3, '2026-04-01', 30_000n, 300n)];
const RATE = 0.01;

describe('allocatePayment', () => {
  const rows = (r: { allocations: readonly { lineNumber: number; component: string; amount: bigint; prepayment: boolean }[] }) =>
    r.allocations.map((a) => [a.lineNumber, a.component, a.amount, a.prepayment]);

  it('pays late charges first, then what is past due oldest first (fees, interest, principal), then the next instalment', () => {
    // 2026-03-05: line 1 overdue with a 5.00 charge, line 2 overdue with a 2.00 charge, line 3 next (due 04-01).
    const charges = [
      { id: 'c2', lineNumber: 2, outstanding: 200n },
      { id: 'c1', lineNumber: 1, outstanding: 500n },
    ];
    const r = allocatePayment({ lines: LINES, charges, amount: 32_000n, startDate: START, today: '2026-03-05', monthlyRate: RATE });
    // 5.00 + 2.00 of charges, 309.00 of line 1, then 4.00 of line 2's interest.
    expect(rows(r)).toEqual([
      [1, 'CHARGE', 500n, false],
      [2, 'CHARGE', 200n, false],
      [1, 'INTEREST', 900n, false],
      [1, 'PRINCIPAL', 30_000n, false],
      [2, 'INTEREST', 400n, false],
    ]);
    expect(r.unallocated).toBe(0n);
    expect([r.charges, r.interest, r.principal]).toEqual([700n, 1_300n, 30_000n]);
    expect(r.lines[0]!.paidOn).toBe('2026-03-05');
    expect(r.lines[1]!.paidOn).toBeNull();
    // Late charges alone can be paid: 7.00 pays both charges and nothing else.
    const chargesOnly = allocatePayment({ lines: LINES, charges, amount: 700n, startDate: START, today: '2026-03-05', monthlyRate: RATE });
    expect(rows(chargesOnly)).toEqual([
      [1, 'CHARGE', 500n, false],
      [2, 'CHARGE', 200n, false],
    ]);
  });

  it('a payment before the next instalment period pays that instalment (not the last line), so it is paid on time', () => {
    // Disbursement day: 309.00 (line 1's amount) pays line 1's interest and principal.
    const r = allocatePayment({ lines: LINES, charges: [], amount: 30_900n, startDate: START, today: START, monthlyRate: RATE });
    expect(rows(r)).toEqual([
      [1, 'INTEREST', 900n, false],
      [1, 'PRINCIPAL', 30_000n, false],
    ]);
    expect(r.lines[0]!.paidOn).toBe(START);
    // Past its due date it is PAID (on time), never overdue.
    expect(lineStatus(r.lines, r.lines[0]!, 0n, START, '2026-02-06')).toEqual({ status: 'PAID', daysPastDue: 0 });
  });

  it('more than the next instalment goes to the next instalments in full, as they fall due (the default)', () => {
    // 2026-01-10, 700.00: line 1 (309.00), line 2 (306.00), then line 3's 3.00 interest and 82.00 of its principal.
    const r = allocatePayment({ lines: LINES, charges: [], amount: 70_000n, startDate: START, today: '2026-01-10', monthlyRate: RATE });
    expect(rows(r)).toEqual([
      [1, 'INTEREST', 900n, false],
      [1, 'PRINCIPAL', 30_000n, false],
      [2, 'INTEREST', 600n, false],
      [2, 'PRINCIPAL', 30_000n, false],
      [3, 'INTEREST', 300n, false],
      [3, 'PRINCIPAL', 8_200n, false],
    ]);
    expect(r.lines.map((l) => l.paidOn)).toEqual(['2026-01-10', '2026-01-10', null]);
    expect([r.prepaidPrincipal, r.interestRebated]).toEqual([0n, 0n]);
    expect(totalOutstanding(r.lines, [])).toBe(21_800n);
    // Line 2 stays paid on time through its due date and after.
    expect(lineStatus(r.lines, r.lines[1]!, 0n, START, '2026-03-10').status).toBe('PAID');
  });

  it('two small payments toward one instalment: each pays interest first, then principal, of the same line', () => {
    const first = allocatePayment({ lines: LINES, charges: [], amount: 10_000n, startDate: START, today: '2026-01-10', monthlyRate: RATE });
    expect(rows(first)).toEqual([
      [1, 'INTEREST', 900n, false],
      [1, 'PRINCIPAL', 9_100n, false],
    ]);
    const second = allocatePayment({ lines: first.lines, charges: [], amount: 10_000n, startDate: START, today: '2026-01-20', monthlyRate: RATE });
    expect(rows(second)).toEqual([[1, 'PRINCIPAL', 10_000n, false]]);
    // 309.00 - 200.00 = 109.00 still owed on line 1, which is still only due.
    expect(lineRemainder(second.lines[0]!).total).toBe(10_900n);
    expect(lineStatus(second.lines, second.lines[0]!, 0n, START, '2026-01-20').status).toBe('DUE');
  });

  it('"reduce my principal": the excess pays principal from the last line backwards and lowers later interest', () => {
    // 2026-02-01: line 1 (309.00, due today) paid, 400.00 more: line 3's 300.00, then 100.00 of line 2.
    const r = allocatePayment({
      lines: LINES,
      charges: [],
      amount: 70_900n,
      startDate: START,
      today: '2026-02-01',
      excess: 'REDUCE_PRINCIPAL',
      monthlyRate: RATE,
    });
    expect(rows(r)).toEqual([
      [1, 'INTEREST', 900n, false],
      [1, 'PRINCIPAL', 30_000n, false],
      [3, 'PRINCIPAL', 30_000n, true],
      [2, 'PRINCIPAL', 10_000n, true],
    ]);
    expect(r.prepaidPrincipal).toBe(40_000n);
    // Line 2's period starts 02-01: interest on 200.00 at 1 % = 2.00 (rebate 4.00). Line 3: balance 0, interest 0 (rebate 3.00).
    expect(r.lines[1]).toMatchObject({ interestRebated: 400n, principalPaid: 10_000n, paidOn: null });
    expect(r.lines[2]).toMatchObject({ interestRebated: 300n, principalPaid: 30_000n, paidOn: '2026-02-01' });
    expect(r.interestRebated).toBe(700n);
    expect(totalOutstanding(r.lines, [])).toBe(20_200n);
    // The same amount to the next instalments: line 2 in full (306.00), line 3's 3.00 and 91.00 of principal; 209.00 left, no rebate.
    const next = allocatePayment({ lines: LINES, charges: [], amount: 70_900n, startDate: START, today: '2026-02-01', monthlyRate: RATE });
    expect([next.prepaidPrincipal, next.interestRebated, totalOutstanding(next.lines, [])]).toEqual([0n, 0n, 20_900n]);
  });

  it('"reduce my principal" mid-period keeps the current period interest', () => {
    // 2026-01-10: line 1 payable (309.00); 100.00 more reduces line 3; line 1's interest stays 9.00.
    const r = allocatePayment({
      lines: LINES,
      charges: [],
      amount: 40_900n,
      startDate: START,
      today: '2026-01-10',
      excess: 'REDUCE_PRINCIPAL',
      monthlyRate: RATE,
    });
    expect(r.lines[0]).toMatchObject({ interestRebated: 0n, paidOn: '2026-01-10' });
    // Line 2 (period from 02-01): balance 300 + 200 = 500.00 -> 5.00 (rebate 1.00); line 3: 200.00 -> 2.00 (rebate 1.00).
    expect(r.lines[1]!.interestRebated).toBe(100n);
    expect(r.lines[2]!.interestRebated).toBe(100n);
    expect(r.interestRebated).toBe(200n);
  });

  it('what is above everything that may be paid is left unallocated', () => {
    // 2026-01-10: what closing costs (the payoff quote, decision 074): all principal (900.00) and line 1's interest
    // earned in 9 of its 31 days: 900.00 x 1 % x 9 / 31 = 2.6129.. -> 2.61 (rounded down). 902.61 closes the loan,
    // whichever the choice; the rest of the interest (18.00 - 2.61 = 15.39) is rebated. Of 919.00, 16.39 is left.
    // (Before decision 074 the whole 9.00 of line 1 was asked: 909.00, 10.00 left.)
    const all = allocatePayment({ lines: LINES, charges: [], amount: 91_900n, startDate: START, today: '2026-01-10', monthlyRate: RATE });
    expect(all.unallocated).toBe(1_639n);
    expect(rows(all)).toEqual([
      [1, 'INTEREST', 261n, false],
      [1, 'PRINCIPAL', 30_000n, false],
      [2, 'PRINCIPAL', 30_000n, true],
      [3, 'PRINCIPAL', 30_000n, true],
    ]);
    expect([all.interestRebated, totalOutstanding(all.lines, [])]).toEqual([1_539n, 0n]);
    expect(all.lines.every((l) => l.paidOn === '2026-01-10')).toBe(true);
    // On the disbursement day the principal alone (900.00) closes the loan (no interest earned yet); of 910.00, 10.00 is left.
    const reduce = allocatePayment({
      lines: LINES,
      charges: [],
      amount: 91_000n,
      startDate: START,
      today: START,
      excess: 'REDUCE_PRINCIPAL',
      monthlyRate: RATE,
    });
    expect(reduce.unallocated).toBe(1_000n);
    expect(totalOutstanding(reduce.lines, [])).toBe(0n);
  });

  it('refuses a zero payment', () => {
    expect(() => allocatePayment({ lines: LINES, charges: [], amount: 0n, startDate: START, today: '2026-01-10', monthlyRate: RATE })).toThrow(RangeError);
  });
});

describe('the next amount due paid early on a PHP 250,000, 12-month loan of the default product', () => {
  // Disbursed 2026-11-22; line 1 due 2026-12-22: principal 19,813.86 + interest 2,270.14 = 22,084.00.
  const schedule = buildSchedule(PRODUCT_V1, 25_000_000n, 12, '2026-11-22');
  const lines = unpaidLines(schedule.lines);

  it('pays instalment 1 and is never late, charged or overdue for it', () => {
    expect([lines[0]!.principal, lines[0]!.interest, lines[0]!.dueDate]).toEqual([1_981_386n, 227_014n, '2026-12-22']);
    const r = allocatePayment({
      lines,
      charges: [],
      amount: 2_208_400n,
      startDate: '2026-11-22',
      today: '2026-11-22',
      monthlyRate: schedule.contractualMonthlyRate,
    });
    expect(rows3(r.allocations)).toEqual([
      [1, 'INTEREST', 227_014n],
      [1, 'PRINCIPAL', 1_981_386n],
    ]);
    // Five days past the due date: paid on time, no late charge.
    expect(lineStatus(r.lines, r.lines[0]!, 0n, '2026-11-22', '2026-12-27')).toEqual({ status: 'PAID', daysPastDue: 0 });
    for (const day of ['2026-12-23', '2026-12-26', '2026-12-27'])
      expect(
        lateChargesForDay({
          product: PRODUCT_V1,
          schedule,
          lines: r.lines,
          startDate: '2026-11-22',
          day,
          finesAlreadyCharged: 0n,
          collectionCharged: new Set(),
        }),
      ).toEqual([]);
    // The next amount due is now instalment 2.
    expect(dueNextLines(r.lines, '2026-11-23').map((l) => l.number)).toEqual([2]);
  });
});

function rows3(allocations: readonly { lineNumber: number; component: string; amount: bigint }[]) {
  return allocations.map((a) => [a.lineNumber, a.component, a.amount]);
}

describe('amounts owed', () => {
  it('payable now, due next, total outstanding and the minimum payment', () => {
    expect(amountPayableNow(LINES, [], START, '2026-01-01')).toBe(0n);
    expect(amountPayableNow(LINES, [], START, '2026-01-02')).toBe(30_900n);
    expect(amountPayableNow(LINES, [{ id: 'c', lineNumber: 1, outstanding: 50n }], START, '2026-02-02')).toBe(30_900n + 30_600n + 50n);
    // Due next on the disbursement day: line 1; on 02-02: line 1 (past due) and line 2 (next), with the charge.
    expect(amountDueNext(LINES, [], START)).toBe(30_900n);
    expect(amountDueNext(LINES, [{ id: 'c', lineNumber: 1, outstanding: 50n }], '2026-02-02')).toBe(30_900n + 30_600n + 50n);
    expect(totalOutstanding(LINES, [])).toBe(91_800n);
    // Any amount from 1.00.
    expect(MINIMUM_PAYMENT).toBe(100n);
    expect(minimumPayment(LINES, [])).toBe(100n);
    const paid = LINES.map((l) => ({ ...l, principalPaid: l.principal, interestPaid: l.interest, paidOn: '2026-01-05' }));
    expect(minimumPayment(paid, [])).toBe(0n);
    // Only 0.50 left: the minimum is what is owed.
    const almost = LINES.map((l, i) =>
      i < 2 ? { ...l, principalPaid: l.principal, interestPaid: l.interest } : { ...l, principalPaid: 29_950n, interestPaid: 300n },
    );
    expect(minimumPayment(almost, [])).toBe(50n);
  });
});

describe('allocationPurposes', () => {
  it('names where each part went', () => {
    // Paid 2026-02-05: line 1 is past due, line 2 the next, line 3 ahead, and principal reduced on line 3.
    const parts = [
      { lineNumber: 1, component: 'CHARGE' as const, prepayment: false },
      { lineNumber: 1, component: 'INTEREST' as const, prepayment: false },
      { lineNumber: 2, component: 'PRINCIPAL' as const, prepayment: false },
      { lineNumber: 3, component: 'INTEREST' as const, prepayment: false },
      { lineNumber: 3, component: 'PRINCIPAL' as const, prepayment: true },
    ];
    expect(allocationPurposes(parts, (n) => LINES[n - 1]?.dueDate, '2026-02-05')).toEqual(['CHARGES', 'PAST_DUE', 'NEXT_DUE', 'AHEAD', 'REDUCE_PRINCIPAL']);
  });
});
