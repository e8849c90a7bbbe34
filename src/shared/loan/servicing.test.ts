import { describe, expect, it } from 'vitest';
import { philippineDate } from '../activation/age';
import { allocatePayment, amountPayableNow, lineStatus, minimumPayment, totalOutstanding, type ServicingLine } from './servicing';

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
  it('pays the oldest line first: its charges, then interest, then principal; then the next line', () => {
    // 2026-03-05: line 1 overdue with a 5.00 charge, line 2 overdue, line 3 payable (its period began 03-01).
    const charges = [{ id: 'c1', lineNumber: 1, outstanding: 500n }];
    const r = allocatePayment({ lines: LINES, charges, amount: 32_000n, startDate: START, today: '2026-03-05', allowPrepayment: false, monthlyRate: RATE });
    expect(r.allocations.map((a) => [a.lineNumber, a.component, a.amount])).toEqual([
      [1, 'CHARGE', 500n],
      [1, 'INTEREST', 900n],
      [1, 'PRINCIPAL', 30_000n],
      [2, 'INTEREST', 600n],
    ]);
    expect(r.unallocated).toBe(0n);
    expect([r.charges, r.interest, r.principal]).toEqual([500n, 1_500n, 30_000n]);
    expect(r.lines[0]!.paidOn).toBe('2026-03-05');
    // A partial payment stops inside the oldest line: 3.00 of the charge only.
    const partial = allocatePayment({ lines: LINES, charges, amount: 300n, startDate: START, today: '2026-03-05', allowPrepayment: false, monthlyRate: RATE });
    expect(partial.allocations.map((a) => [a.lineNumber, a.component, a.amount])).toEqual([[1, 'CHARGE', 300n]]);
  });

  it('never touches a line before its period unless prepaying; the excess stays unallocated', () => {
    // 2026-01-15: only line 1 is payable (9.00 + 300.00).
    const r = allocatePayment({ lines: LINES, charges: [], amount: 40_000n, startDate: START, today: '2026-01-15', allowPrepayment: false, monthlyRate: RATE });
    expect(r.allocations.map((a) => [a.lineNumber, a.component, a.amount])).toEqual([
      [1, 'INTEREST', 900n],
      [1, 'PRINCIPAL', 30_000n],
    ]);
    expect(r.unallocated).toBe(9_100n);
    expect(r.lines[0]!.paidOn).toBe('2026-01-15');
    expect(r.lines[1]!.paidOn).toBeNull();
  });

  it('a prepayment pays principal from the last line backwards and recomputes later interest on the reduced balance', () => {
    // 2026-02-01: line 1 (309.00) paid on its due date, 400.00 more prepaid: line 3's 300.00, then 100.00 of line 2.
    const r = allocatePayment({ lines: LINES, charges: [], amount: 70_900n, startDate: START, today: '2026-02-01', allowPrepayment: true, monthlyRate: RATE });
    expect(r.allocations.map((a) => [a.lineNumber, a.component, a.amount, a.prepayment])).toEqual([
      [1, 'INTEREST', 900n, false],
      [1, 'PRINCIPAL', 30_000n, false],
      [3, 'PRINCIPAL', 30_000n, true],
      [2, 'PRINCIPAL', 10_000n, true],
    ]);
    expect(r.prepaidPrincipal).toBe(40_000n);
    // Line 2's period starts 02-01: interest on 200.00 at 1 % = 2.00 (rebate 4.00). Line 3: balance 0, interest 0 (rebate 3.00).
    expect(r.lines[1]).toMatchObject({ interestRebated: 400n, principalPaid: 10_000n, paidOn: null });
    expect(r.lines[2]).toMatchObject({ interestRebated: 300n, principalPaid: 30_000n, paidOn: '2026-02-01' });
    expect(totalOutstanding(r.lines, [])).toBe(20_200n);
  });

  it('keeps the current period interest when prepaying mid-period', () => {
    // 2026-01-10: line 1 payable (309.00); 100.00 more prepays line 3; line 1's interest stays 9.00.
    const r = allocatePayment({ lines: LINES, charges: [], amount: 40_900n, startDate: START, today: '2026-01-10', allowPrepayment: true, monthlyRate: RATE });
    expect(r.lines[0]).toMatchObject({ interestRebated: 0n, paidOn: '2026-01-10' });
    // Line 2 (period from 02-01): balance 300 + 200 = 500.00 -> 5.00 (rebate 1.00); line 3: 200.00 -> 2.00 (rebate 1.00).
    expect(r.lines[1]!.interestRebated).toBe(100n);
    expect(r.lines[2]!.interestRebated).toBe(100n);
  });

  it('refuses a zero payment', () => {
    expect(() =>
      allocatePayment({ lines: LINES, charges: [], amount: 0n, startDate: START, today: '2026-01-10', allowPrepayment: true, monthlyRate: RATE }),
    ).toThrow(RangeError);
  });
});

describe('amounts owed', () => {
  it('payable now, total outstanding and the minimum payment', () => {
    expect(amountPayableNow(LINES, [], START, '2026-01-01')).toBe(0n);
    expect(amountPayableNow(LINES, [], START, '2026-01-02')).toBe(30_900n);
    expect(amountPayableNow(LINES, [{ id: 'c', lineNumber: 1, outstanding: 50n }], START, '2026-02-02')).toBe(30_900n + 30_600n + 50n);
    expect(totalOutstanding(LINES, [])).toBe(91_800n);
    // Nothing payable on the disbursement day: the next line's remainder.
    expect(minimumPayment(LINES, [], START, '2026-01-01')).toBe(30_900n);
    // Two lines payable: the smaller remainder (line 2, 306.00).
    expect(minimumPayment(LINES, [], START, '2026-02-02')).toBe(30_600n);
    const paid = LINES.map((l) => ({ ...l, principalPaid: l.principal, interestPaid: l.interest, paidOn: '2026-01-05' }));
    expect(minimumPayment(paid, [], START, '2026-02-02')).toBe(0n);
    // Only the last line left, 3.00 of it: the minimum is what is owed.
    const almost = LINES.map((l, i) =>
      i < 2 ? { ...l, principalPaid: l.principal, interestPaid: l.interest } : { ...l, principalPaid: 29_700n, interestPaid: 300n },
    );
    expect(minimumPayment(almost, [], START, '2026-01-05')).toBe(300n);
  });
});

describe('lineStatus', () => {
  it('upcoming, due, overdue with days past due, paid, paid late', () => {
    expect(lineStatus(LINES, LINES[1]!, 0n, START, '2026-01-20')).toEqual({ status: 'UPCOMING', daysPastDue: 0 });
    expect(lineStatus(LINES, LINES[0]!, 0n, START, '2026-01-20')).toEqual({ status: 'DUE', daysPastDue: 0 });
    expect(lineStatus(LINES, LINES[0]!, 0n, START, '2026-02-01')).toEqual({ status: 'DUE', daysPastDue: 0 });
    expect(lineStatus(LINES, LINES[0]!, 0n, START, '2026-02-11')).toEqual({ status: 'OVERDUE', daysPastDue: 10 });
    const paid = { ...LINES[0]!, principalPaid: 30_000n, interestPaid: 900n };
    expect(lineStatus(LINES, { ...paid, paidOn: '2026-02-01' }, 0n, START, '2026-03-01')).toEqual({ status: 'PAID', daysPastDue: 0 });
    expect(lineStatus(LINES, { ...paid, paidOn: '2026-02-02' }, 0n, START, '2026-03-01')).toEqual({ status: 'PAID_LATE', daysPastDue: 0 });
    // Paid but a late charge is still owed: overdue.
    expect(lineStatus(LINES, { ...paid, paidOn: '2026-02-09' }, 500n, START, '2026-02-10')).toEqual({ status: 'OVERDUE', daysPastDue: 9 });
  });

  it('turns overdue at midnight in Manila, not UTC', () => {
    const lastMinute = philippineDate(new Date('2026-02-01T15:59:59Z')); // 23:59:59 on 1 February in Manila
    const nextDay = philippineDate(new Date('2026-02-01T16:00:00Z')); // 00:00 on 2 February in Manila
    expect(lineStatus(LINES, LINES[0]!, 0n, START, lastMinute).status).toBe('DUE');
    expect(lineStatus(LINES, LINES[0]!, 0n, START, nextDay)).toEqual({ status: 'OVERDUE', daysPastDue: 1 });
  });
});
