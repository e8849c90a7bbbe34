import { describe, expect, it } from 'vitest';
import { planExtension } from './extension';
import { closeLoan, closingCost, payoffQuote } from './payoff';
import { PRODUCT_V1 } from './product';
import { buildSchedule } from './schedule';
import { allocatePayment, lineRemainder, maximumPayable, totalOutstanding, type ServicingLine } from './servicing';

/**
 * What closing the loan costs on a day (docs/decisions/074-one-closing-rule.md), by hand, on a
 * small declining-balance loan: 900.00 PHP at 1 % a month, disbursed 2026-01-01, three lines of
 * 300.00 principal due 02-01, 03-01, 04-01 with interest 9.00, 6.00, 3.00. The payoff quote, the
 * most a payment may be and the amount that closes the loan as an ordinary payment are one figure.
 */
const START = '2026-01-01';
const RATE = 0.01;
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

const cost = (lines: readonly ServicingLine[], asOf: string, charges: { id: string; lineNumber: number; outstanding: bigint }[] = []) =>
  closingCost({ lines, charges, startDate: START, asOf, monthlyRate: RATE });

/** The one figure, three ways: the quote, the most a payment may be, and a payment of it closes the loan with nothing left. */
function expectOneFigure(
  lines: readonly ServicingLine[],
  asOf: string,
  expected: bigint,
  charges: { id: string; lineNumber: number; outstanding: bigint }[] = [],
) {
  expect(cost(lines, asOf, charges)).toBe(expected);
  expect(payoffQuote({ lines, charges, startDate: START, asOf, monthlyRate: RATE }).total).toBe(expected);
  expect(maximumPayable({ lines, charges, startDate: START, today: asOf, monthlyRate: RATE })).toBe(expected);
  for (const excess of ['NEXT_INSTALMENTS', 'REDUCE_PRINCIPAL'] as const) {
    const r = allocatePayment({ lines, charges, amount: expected, startDate: START, today: asOf, excess, monthlyRate: RATE });
    expect([r.unallocated, totalOutstanding(r.lines, [])]).toEqual([0n, 0n]);
    expect(r.allocations.reduce((s, a) => s + a.amount, 0n)).toBe(expected);
    expect(r.lines.every((l) => l.paidOn !== null)).toBe(true);
  }
}

describe('what closing the loan costs (one rule for the payoff and every payment)', () => {
  it('on the disbursement day: the principal alone (no interest earned yet): 900.00', () => {
    expectOneFigure(LINES, START, 90_000n);
  });

  it('mid-period: line 1 earns 900.00 x 1 % x 9 / 31 days = 2.6129.. -> 2.61 (down): 902.61', () => {
    expectOneFigure(LINES, '2026-01-10', 90_261n);
    const q = payoffQuote({ lines: LINES, charges: [], startDate: START, asOf: '2026-01-10', monthlyRate: RATE });
    expect(q.accrual).toEqual({ lineNumber: 1, balance: 90_000n, days: 9, periodDays: 31, amount: 261n });
    // One centavo less is an ordinary payment: it does not close the loan.
    const short = allocatePayment({ lines: LINES, charges: [], amount: 90_260n, startDate: START, today: '2026-01-10', monthlyRate: RATE });
    expect(totalOutstanding(short.lines, []) > 0n).toBe(true);
  });

  it('on a due date: that line in full (309.00), the later lines their principal (600.00): 909.00', () => {
    expectOneFigure(LINES, '2026-02-01', 90_900n);
  });

  it('mid-period after line 1 paid: 600.00 x 1 % x 14 / 28 days = 3.00: 603.00', () => {
    const paid = [line(1, '2026-02-01', 30_000n, 900n, { principalPaid: 30_000n, interestPaid: 900n, paidOn: '2026-02-01' }), LINES[1]!, LINES[2]!];
    expectOneFigure(paid, '2026-02-15', 60_300n);
  });

  it('with a late charge and a line past due: the charge, the past-due line in full, the running line as earned', () => {
    // 2026-02-15, line 1 unpaid (309.00, owed in full) with a 5.00 charge; line 2 earns interest on the principal owed
    // on it and after it, 600.00 x 1 % x 14 / 28 = 3.00; line 3 300.00: 5.00 + 309.00 + 303.00 + 300.00 = 917.00.
    expectOneFigure(LINES, '2026-02-15', 91_700n, [{ id: 'c1', lineNumber: 1, outstanding: 500n }]);
  });

  it('after a "reduce my principal" prepayment: the reduced balance earns the running interest, and paying that amount closes the loan', () => {
    // 2026-02-01: 509.00 "to reduce my principal": line 1 in full (309.00), 200.00 of line 3's principal. Lines 2 and 3
    // are recomputed on the reduced balance: line 2 on 400.00 -> 4.00 (2.00 rebated), line 3 on 100.00 -> 1.00 (2.00 rebated).
    const r = allocatePayment({
      lines: LINES,
      charges: [],
      amount: 50_900n,
      startDate: START,
      today: '2026-02-01',
      excess: 'REDUCE_PRINCIPAL',
      monthlyRate: RATE,
    });
    expect(r.lines.map((l) => [l.interest - l.interestRebated, l.principal - l.principalPaid])).toEqual([
      [900n, 0n],
      [400n, 30_000n],
      [100n, 10_000n],
    ]);
    // 2026-02-15: line 2's principal 300.00 and 400.00 x 1 % x 14 / 28 = 2.00, line 3's principal 100.00: 402.00.
    // Before decision 074 a payment closed the loan only at 404.00 (line 2's whole interest): paying the quote's
    // 402.00 left 2.00 owing.
    expectOneFigure(r.lines, '2026-02-15', 40_200n);
    const after = allocatePayment({ lines: r.lines, charges: [], amount: 40_200n, startDate: START, today: '2026-02-15', monthlyRate: RATE });
    expect(after.lines.map((l) => l.interestPaid)).toEqual([900n, 200n, 0n]);
    expect(after.interestRebated).toBe(300n);
  });

  it('never below the interest already paid on the running line (nothing refunded within the period)', () => {
    // Line 1 paid in full on 2026-01-05 (its 9.00 included); on 01-10 closing is the principal of lines 2 and 3 only.
    const r = allocatePayment({ lines: LINES, charges: [], amount: 30_900n, startDate: START, today: '2026-01-05', monthlyRate: RATE });
    expectOneFigure(r.lines, '2026-01-10', 60_000n);
  });

  it('above it: what is above is unallocated (refused from the wallet, to the wallet from a channel)', () => {
    const r = allocatePayment({ lines: LINES, charges: [], amount: 90_262n, startDate: START, today: '2026-01-10', monthlyRate: RATE });
    expect([r.unallocated, totalOutstanding(r.lines, [])]).toEqual([1n, 0n]);
  });

  it('closeLoan leaves every line paid, the unasked interest and fees rebated, and is the payoff allocation', () => {
    const fees = LINES.map((l) => ({ ...l, fees: 100n }));
    const q = payoffQuote({ lines: fees, charges: [], startDate: START, asOf: '2026-01-10', monthlyRate: RATE });
    const c = closeLoan({ lines: fees, charges: [], startDate: START }, q, '2026-01-10');
    expect(c.lines.every((l) => lineRemainder(l).total === 0n && l.paidOn === '2026-01-10')).toBe(true);
    expect(c.lines.map((l) => [l.interestRebated, l.feesRebated])).toEqual([
      [639n, 100n],
      [600n, 100n],
      [300n, 100n],
    ]);
    expect(c.allocations.reduce((s, a) => s + a.amount, 0n)).toBe(q.total);
    expect(() => closeLoan({ lines: fees, charges: [], startDate: START }, q, '2026-01-11')).toThrow(RangeError);
  });
});

describe('what closing costs after an extension', () => {
  // PHP 200,000 over 6 months of the default product (disbursed 2026-11-22), instalments 1 and 2 paid on their due
  // dates, extended on 2027-02-01 to 12 more months from instalment 3: the lines from 3 on are the engine's schedule of
  // the principal still owed, at the extended schedule's rate, from the period that began on 2027-01-22.
  const original = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-22');
  const paidThrough2: ServicingLine[] = original.lines.map((l) => ({
    ...line(l.number, l.dueDate, l.principal, l.interest),
    fees: l.fees,
    ...(l.number <= 2 ? { principalPaid: l.principal, interestPaid: l.interest, feesPaid: l.fees, paidOn: l.dueDate } : {}),
  }));
  const r = planExtension({
    product: PRODUCT_V1,
    principal: 20_000_000n,
    startDate: '2026-11-22',
    lines: paidThrough2,
    chargesCounted: 0n,
    chargesOwed: 0n,
    today: '2027-02-01',
    newTerm: 12,
    fee: 0n,
  });
  if (!r.ok) throw new Error(r.refusal);
  const extended: ServicingLine[] = [
    ...paidThrough2.filter((l) => l.number < r.plan.fromLine),
    ...r.plan.stored.map((l) => ({
      ...line(l.number, l.dueDate, l.principal, l.interest),
      fees: l.fees,
      principalPaid: l.principalPaid,
      interestPaid: l.interestPaid,
      feesPaid: l.feesPaid,
    })),
  ];
  const rate = r.plan.schedule.contractualMonthlyRate;

  it('mid-period: the principal owed and the extended rate on it for the days elapsed; the quote, the most payable and a closing payment agree', () => {
    const asOf = '2027-02-01';
    const q = payoffQuote({ lines: extended, charges: [], startDate: '2026-11-22', asOf, monthlyRate: rate });
    // Principal owed 134,458.83; the extended rate (about 0.9081 % a month) asks 1,221.00 of instalment 3 for its whole
    // period (2027-01-22 to 02-22, 31 days); 10 days have elapsed: 1,220.9995.. x 10 / 31 = 393.8708.. -> 393.87 (down).
    // Closing costs 134,458.83 + 393.87 = 134,852.70 (the old payment rule closed only at 135,679.83).
    expect([r.plan.remainingPrincipal, r.plan.schedule.lines[0]!.interest]).toEqual([13_445_883n, 122_100n]);
    expect(q.accrual).toEqual({ lineNumber: 3, balance: 13_445_883n, days: 10, periodDays: 31, amount: 39_387n });
    expect(q.total).toBe(13_485_270n);
    expect(closingCost({ lines: extended, charges: [], startDate: '2026-11-22', asOf, monthlyRate: rate })).toBe(13_485_270n);
    expect(maximumPayable({ lines: extended, charges: [], startDate: '2026-11-22', today: asOf, monthlyRate: rate })).toBe(q.total);
    const paid = allocatePayment({ lines: extended, charges: [], amount: q.total, startDate: '2026-11-22', today: asOf, monthlyRate: rate });
    expect([paid.unallocated, totalOutstanding(paid.lines, [])]).toEqual([0n, 0n]);
  });
});
