import { describe, expect, it } from 'vitest';
import { payoffQuote } from './payoff';
import { allocatePayment, type ServicingLine } from './servicing';
import { buildSchedule } from './schedule';
import { PRODUCT_V1 } from './product';

/** The loan of servicing.test.ts: 900.00 PHP at 1 % a month from 2026-01-01, principal 300.00 a line; interest 9.00, 6.00, 3.00. */
const START = '2026-01-01';
function line(number: number, dueDate: string, principal: bigint, interest: bigint): ServicingLine {
  return { number, dueDate, principal, interest, fees: 0n, principalPaid: 0n, interestPaid: 0n, feesPaid: 0n, interestRebated: 0n, paidOn: null };
}
const LINES: ServicingLine[] = [line(1, '2026-02-01', 30_000n, 900n), line(2, '2026-03-01', 30_000n, 600n), line(3, '2026-04-01', 30_000n, 300n)];
const RATE = 0.01;

describe('payoffQuote (actuarial rebate)', () => {
  it('the day after disbursement: principal plus one day of interest', () => {
    // 900.00 x 1 % x 1/31 = 0.2903 -> 0.29 (rounded down); rebate 18.00 - 0.29 = 17.71.
    const q = payoffQuote({ lines: LINES, charges: [], startDate: START, asOf: '2026-01-02', monthlyRate: RATE });
    expect(q.accrual).toEqual({ lineNumber: 1, balance: 90_000n, days: 1, periodDays: 31, amount: 29n });
    expect([q.principal, q.interest, q.charges, q.prepaymentPenalty, q.total, q.interestRebate]).toEqual([90_000n, 29n, 0n, 0n, 90_029n, 1_771n]);
  });

  it('on the disbursement day itself: no interest earned yet', () => {
    const q = payoffQuote({ lines: LINES, charges: [], startDate: START, asOf: START, monthlyRate: RATE });
    expect([q.total, q.interestRebate]).toEqual([90_000n, 1_800n]);
  });

  it('mid-term after line 1 was paid on time', () => {
    // 2026-02-15: line 2's period 02-01..03-01 is 28 days, 14 elapsed: 600.00 x 1 % x 14/28 = 3.00.
    const paid = allocatePayment({
      lines: LINES,
      charges: [],
      amount: 30_900n,
      startDate: START,
      today: '2026-02-01',
      allowPrepayment: false,
      monthlyRate: RATE,
    }).lines;
    const q = payoffQuote({ lines: paid, charges: [], startDate: START, asOf: '2026-02-15', monthlyRate: RATE });
    expect([q.principal, q.interest, q.total, q.interestRebate]).toEqual([60_000n, 300n, 60_300n, 600n]);
  });

  it('mid-term with line 1 unpaid and a late charge: the overdue line in full, the charge, then the accrual', () => {
    const q = payoffQuote({
      lines: LINES,
      charges: [{ id: 'c', lineNumber: 1, outstanding: 1_545n }],
      startDate: START,
      asOf: '2026-02-15',
      monthlyRate: RATE,
    });
    // Line 1: 309.00; line 2: 600.00 x 1 % x 14/28 = 3.00; line 3: 300.00; charge 15.45.
    expect([q.principal, q.interest, q.charges, q.total, q.interestRebate]).toEqual([90_000n, 1_200n, 1_545n, 92_745n, 600n]);
  });

  it('on the last due date: everything as scheduled, nothing to rebate', () => {
    const q = payoffQuote({ lines: LINES, charges: [], startDate: START, asOf: '2026-04-01', monthlyRate: RATE });
    expect([q.total, q.interestRebate]).toEqual([91_800n, 0n]);
  });

  it('after a partial prepayment', () => {
    // 2026-02-01: line 1 paid and 400.00 prepaid (line 3 in full, 100.00 of line 2); line 2's interest becomes 2.00.
    const after = allocatePayment({
      lines: LINES,
      charges: [],
      amount: 70_900n,
      startDate: START,
      today: '2026-02-01',
      allowPrepayment: true,
      monthlyRate: RATE,
    }).lines;
    // 2026-02-15: 200.00 x 1 % x 14/28 = 1.00; rebate 2.00 - 1.00.
    const q = payoffQuote({ lines: after, charges: [], startDate: START, asOf: '2026-02-15', monthlyRate: RATE });
    expect([q.principal, q.interest, q.total, q.interestRebate]).toEqual([20_000n, 100n, 20_100n, 100n]);
  });

  it('the default product: PHP 200,000 over 6 months, paid off the day after disbursement', () => {
    const s = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-22');
    const lines = s.lines.map((l) => ({ ...l, principalPaid: 0n, interestPaid: 0n, feesPaid: 0n, interestRebated: 0n, paidOn: null }));
    const q = payoffQuote({ lines, charges: [], startDate: s.startDate, asOf: '2026-11-23', monthlyRate: s.contractualMonthlyRate });
    // One day of 30 at the schedule's 0.8511 % a month on 200,000.00: about 56.74.
    const expected = (20_000_000n * BigInt(Math.round(s.contractualMonthlyRate * 1e15))) / (10n ** 15n * 30n);
    expect(q.interest).toBe(expected);
    expect(q.interest).toBeGreaterThan(5_600n);
    expect(q.interest).toBeLessThan(5_800n);
    expect(q.total).toBe(20_000_000n + q.interest);
    expect(q.interestRebate).toBe(600_000n - q.interest);
  });
});
