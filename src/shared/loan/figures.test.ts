import { describe, expect, it } from 'vitest';
import { instalmentsThatFellDue, loanFigures } from './figures';
import type { OpenCharge, ServicingLine } from './servicing';

/** Three lines of PHP 1,000.00 each (800 principal + 200 interest), due on the 22nd. */
function line(number: number, dueDate: string, paid: { principal?: bigint; interest?: bigint } = {}): ServicingLine {
  const principalPaid = paid.principal ?? 0n;
  const interestPaid = paid.interest ?? 0n;
  return {
    number,
    dueDate,
    principal: 80_000n,
    interest: 20_000n,
    fees: 0n,
    principalPaid,
    interestPaid,
    feesPaid: 0n,
    interestRebated: 0n,
    feesRebated: 0n,
    paidOn: principalPaid === 80_000n && interestPaid === 20_000n ? dueDate : null,
  };
}

const charge = (lineNumber: number, outstanding: bigint): OpenCharge => ({ id: `c${lineNumber}`, lineNumber, outstanding });

describe('loanFigures', () => {
  it('on the day of disbursement: nothing due now, the first line next, everything in total', () => {
    const lines = [line(1, '2026-12-22'), line(2, '2027-01-22'), line(3, '2027-02-22')];
    expect(loanFigures(lines, [], '2026-11-22')).toEqual({
      pastDue: 0n,
      dueToday: 0n,
      dueNow: 0n,
      next: { number: 1, dueDate: '2026-12-22', amount: 100_000n },
      total: 300_000n,
    });
  });

  it('one line past due with a charge, the next in its period: due now is the past-due line and its charge only', () => {
    // Line 1 (1,000.00) is 10 days late with a 15.00 charge; line 2 is in its period (due 2027-01-22).
    const lines = [line(1, '2026-12-22'), line(2, '2027-01-22'), line(3, '2027-02-22')];
    const f = loanFigures(lines, [charge(1, 1_500n)], '2027-01-01');
    expect(f).toMatchObject({ pastDue: 101_500n, dueToday: 0n, dueNow: 101_500n, next: { number: 2, dueDate: '2027-01-22', amount: 100_000n } });
    expect(f.total).toBe(301_500n);
  });

  it('on a due date: the line due today is due now; a part already paid is not', () => {
    // Line 1 paid; 300.00 of line 2 paid ahead (its interest 200.00 and 100.00 of principal): 700.00 left, due today.
    const lines = [
      line(1, '2026-12-22', { principal: 80_000n, interest: 20_000n }),
      line(2, '2027-01-22', { interest: 20_000n, principal: 10_000n }),
      line(3, '2027-02-22'),
    ];
    expect(loanFigures(lines, [], '2027-01-22')).toEqual({
      pastDue: 0n,
      dueToday: 70_000n,
      dueNow: 70_000n,
      next: { number: 2, dueDate: '2027-01-22', amount: 70_000n },
      total: 170_000n,
    });
  });

  it('a loan paid in full: nothing anywhere', () => {
    const lines = [line(1, '2026-12-22', { principal: 80_000n, interest: 20_000n })];
    expect(loanFigures(lines, [], '2027-06-01')).toEqual({ pastDue: 0n, dueToday: 0n, dueNow: 0n, next: null, total: 0n });
  });
});

describe('instalmentsThatFellDue', () => {
  it('counts a due date passed, or today once paid; never a line paid ahead of a date to come', () => {
    const all = [
      { dueDate: '2026-10-22', paidOn: null },
      { dueDate: '2026-11-22', paidOn: '2026-11-22' },
      { dueDate: '2026-11-22', paidOn: null },
      { dueDate: '2026-12-22', paidOn: '2026-11-01' },
    ];
    expect(instalmentsThatFellDue(all, '2026-11-22')).toEqual([all[0], all[1]]);
  });
});
