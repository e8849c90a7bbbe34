import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './day';
import { payoffQuote } from './payoff';
import { allocatePayment, amountPayableNow, isPayable, lineRemainder, totalOutstanding, unpaidLines, type OpenCharge, type ServicingLine } from './servicing';
import { buildSchedule } from './schedule';
import { PRODUCT_V1, type FeeTreatment, type ProductConfig } from './product';

/** The loan of servicing.test.ts: 900.00 PHP at 1 % a month from 2026-01-01, principal 300.00 a line; interest 9.00, 6.00, 3.00. */
const START = '2026-01-01';
function line(number: number, dueDate: string, principal: bigint, interest: bigint): ServicingLine {
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
  };
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
      excess: 'REDUCE_PRINCIPAL',
      monthlyRate: RATE,
    }).lines;
    // 2026-02-15: 200.00 x 1 % x 14/28 = 1.00; rebate 2.00 - 1.00.
    const q = payoffQuote({ lines: after, charges: [], startDate: START, asOf: '2026-02-15', monthlyRate: RATE });
    expect([q.principal, q.interest, q.total, q.interestRebate]).toEqual([20_000n, 100n, 20_100n, 100n]);
  });

  it('the default product: PHP 200,000 over 6 months, paid off the day after disbursement', () => {
    const s = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-22');
    const lines = unpaidLines(s.lines);
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

/**
 * Financed fees (treatment ADDED_TO_SCHEDULE: part of later instalments). The contract's section 9
 * and decision 012 owe, of the lines not yet due, only the principal (and the current period's
 * interest earned): their fees are not charged on payoff (decision 053). Lines 1-3 carry 5.00 each.
 */
const FEE_LINES: ServicingLine[] = LINES.map((l) => ({ ...l, fees: 500n }));

describe('payoffQuote: financed fees of lines not yet due are not charged', () => {
  it('the day after disbursement: principal and one day of interest, no fee', () => {
    const q = payoffQuote({ lines: FEE_LINES, charges: [], startDate: START, asOf: '2026-01-02', monthlyRate: RATE });
    expect([q.principal, q.interest, q.fees, q.total, q.interestRebate, q.feeRebate]).toEqual([90_000n, 29n, 0n, 90_029n, 1_771n, 1_500n]);
    expect(q.lines.map((l) => l.fees)).toEqual([0n, 0n, 0n]);
  });

  it('mid-term with line 1 overdue: its fee is owed with it, the fees of lines 2 and 3 are not', () => {
    const q = payoffQuote({ lines: FEE_LINES, charges: [], startDate: START, asOf: '2026-02-15', monthlyRate: RATE });
    // Line 1: 300.00 + 9.00 + 5.00; line 2: 300.00 + 3.00 earned; line 3: 300.00.
    expect([q.principal, q.interest, q.fees, q.total, q.feeRebate]).toEqual([90_000n, 1_200n, 500n, 91_700n, 1_000n]);
    expect(q.lines.map((l) => l.fees)).toEqual([500n, 0n, 0n]);
  });

  it('on a due date the line falling due that day owes its fee; on the last one every fee is owed', () => {
    expect(payoffQuote({ lines: FEE_LINES, charges: [], startDate: START, asOf: '2026-02-01', monthlyRate: RATE }).fees).toBe(500n);
    const last = payoffQuote({ lines: FEE_LINES, charges: [], startDate: START, asOf: '2026-04-01', monthlyRate: RATE });
    expect([last.fees, last.feeRebate, last.total]).toEqual([1_500n, 0n, 93_300n]);
  });

  it('a fee already paid in its period stays paid (no refund), the later fees are not charged', () => {
    // 2026-02-10: line 1 paid in full and 5.00 of line 2 (its fee comes first within the line).
    const paid = allocatePayment({
      lines: FEE_LINES,
      charges: [],
      amount: 31_900n,
      startDate: START,
      today: '2026-02-10',
      monthlyRate: RATE,
    }).lines;
    expect(paid.find((l) => l.number === 2)!.feesPaid).toBe(500n);
    const q = payoffQuote({ lines: paid, charges: [], startDate: START, asOf: '2026-02-15', monthlyRate: RATE });
    expect([q.fees, q.feeRebate, q.total]).toEqual([0n, 500n, 60_300n]);
  });
});

/** A product with fees of both treatments (deducted from the proceeds: paid at disbursement, on no line). */
const productWithFees: fc.Arbitrary<ProductConfig> = fc
  .record({
    model: fc.constantFrom('ADD_ON' as const, 'DECLINING_BALANCE' as const),
    rateBps: fc.integer({ min: 0, max: 200 }),
    fees: fc.array(
      fc.record({
        treatment: fc.constantFrom<FeeTreatment>('ADDED_TO_SCHEDULE', 'DEDUCTED_FROM_PROCEEDS'),
        flat: fc.bigInt({ min: 0n, max: 200_000n }),
        bps: fc.integer({ min: 0, max: 300 }),
      }),
      { maxLength: 3 },
    ),
  })
  .map(({ model, rateBps, fees }) => ({
    ...PRODUCT_V1,
    interest: { model, monthlyRateBps: rateBps },
    fees: fees.map((f) => ({ code: 'SERVICE', label: 'Service fee', treatment: f.treatment, flat: f.flat, bpsOfPrincipal: f.bps })),
  }));

/** A loan of such a product in any state reached by payments (partial, exact, prepayments) and charges, and a later payoff day. */
const servicedLoan = fc
  .record({
    product: productWithFees,
    principal: fc.bigInt({ min: PRODUCT_V1.minAmount, max: PRODUCT_V1.maxAmount }),
    term: fc.constantFrom(...PRODUCT_V1.terms),
    payments: fc.array(
      fc.record({ days: fc.integer({ min: 0, max: 40 }), share: fc.integer({ min: 0, max: 1_000_000 }), charge: fc.bigInt({ min: 0n, max: 500_000n }) }),
      {
        maxLength: 8,
      },
    ),
    lastDays: fc.integer({ min: 0, max: 200 }),
  })
  .map(({ product, principal, term, payments, lastDays }) => {
    const start = '2026-01-31';
    const schedule = buildSchedule(product, principal, term, start);
    let lines: ServicingLine[] = unpaidLines(schedule.lines);
    let charges: OpenCharge[] = [];
    let today = start;
    for (const step of payments) {
      today = addDays(today, step.days);
      const overdue = lines.find((l) => l.dueDate < today && lineRemainder(l).total > 0n);
      if (overdue && step.charge > 0n) charges.push({ id: `c${charges.length}`, lineNumber: overdue.number, outstanding: step.charge });
      const future = lines.filter((l) => !isPayable(lines, l.number, start, today)).reduce((s, l) => s + l.principal - l.principalPaid, 0n);
      const max = amountPayableNow(lines, charges, start, today) + future;
      if (max === 0n) continue;
      const amount = 1n + ((max - 1n) * BigInt(step.share)) / 1_000_000n;
      const r = allocatePayment({
        lines,
        charges,
        amount,
        startDate: start,
        today,
        excess: step.share % 2 === 0 ? 'REDUCE_PRINCIPAL' : 'NEXT_INSTALMENTS',
        monthlyRate: schedule.contractualMonthlyRate,
      });
      const paidOf = (id: string) => r.allocations.filter((a) => a.chargeId === id).reduce((s, a) => s + a.amount, 0n);
      charges = charges.map((c) => ({ ...c, outstanding: c.outstanding - paidOf(c.id) })).filter((c) => c.outstanding > 0n);
      lines = [...r.lines];
    }
    return { product, principal, schedule, lines, charges, start, asOf: addDays(today, lastDays) };
  });

describe('payoffQuote (property, fees of both treatments)', () => {
  it('charges exactly what the contract says: lines due in full, charges, principal of the rest and the interest earned; never a fee of a line not yet due', () => {
    fc.assert(
      fc.property(servicedLoan, ({ product, principal, schedule, lines, charges, start, asOf }) => {
        // Deducted fees are on no line: the lines carry exactly the financed ones.
        const financed = product.fees.filter((f) => f.treatment === 'ADDED_TO_SCHEDULE');
        if (financed.length === 0) expect(schedule.lines.every((l) => l.fees === 0n)).toBe(true);
        expect(schedule.lines.reduce((s, l) => s + l.fees, 0n)).toBe(schedule.feesFinanced);
        expect(schedule.netProceeds).toBe(principal - schedule.feesDeducted);

        const q = payoffQuote({ lines, charges, startDate: start, asOf, monthlyRate: schedule.contractualMonthlyRate });
        const due = lines.filter((l) => l.dueDate <= asOf);
        const notDue = lines.filter((l) => l.dueDate > asOf);
        const contract =
          due.reduce((s, l) => s + lineRemainder(l).total, 0n) +
          charges.reduce((s, c) => s + c.outstanding, 0n) +
          notDue.reduce((s, l) => s + lineRemainder(l).principal, 0n) +
          (q.accrual?.amount ?? 0n);
        expect(q.total).toBe(contract);
        expect(q.fees).toBe(due.reduce((s, l) => s + lineRemainder(l).fees, 0n));
        for (const l of q.lines) if (notDue.some((n) => n.number === l.number)) expect(l.fees).toBe(0n);
        expect(q.feeRebate).toBe(notDue.reduce((s, l) => s + lineRemainder(l).fees, 0n));
        // Nothing owed is lost and nothing is invented: the quote plus both rebates is what the schedule still holds.
        expect(q.total + q.interestRebate + q.feeRebate).toBe(totalOutstanding(lines, charges));
        expect(q.interestRebate >= 0n && q.feeRebate >= 0n && q.total <= totalOutstanding(lines, charges)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
