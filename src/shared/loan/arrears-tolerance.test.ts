import { describe, expect, it } from 'vitest';
import { toDisclosure } from './disclosure';
import { loanFigures } from './figures';
import { lateChargesForDay } from './late-charges';
import { payoffQuote } from './payoff';
import { PRODUCT_V1 } from './product';
import { buildSchedule } from './schedule';
import { allocatePayment, amountDueNext, isOverdue, lineRemainder, lineStatus, loanIsOverdue, unpaidLines, type ServicingLine } from './servicing';

/**
 * The arrears tolerance (decision 069), with hand-computed figures. The default product:
 * PHP 200,000 over 6 months from 2026-11-22 (3 days of grace, 0.5 % a day, 5 % collection); line 1
 * is due 2026-12-22, so 2026-12-26 is the first day after the grace days (4 days late).
 */
const schedule = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-22');
const START = '2026-11-22';
const DAY = '2026-12-26';

/** The loan with everything of line 1 paid on its due date but `short` centavos of its principal. */
function shortBy(short: bigint): ServicingLine[] {
  return unpaidLines(schedule.lines).map((l) =>
    l.number === 1 ? { ...l, principalPaid: l.principal - short, interestPaid: l.interest, feesPaid: l.fees, paidOn: null } : l,
  );
}

const base = { product: PRODUCT_V1, schedule, startDate: START, day: DAY, finesAlreadyCharged: 0n, collectionCharged: new Set<number>() };

describe('the arrears tolerance', () => {
  it('₱5.00 short under a ₱10.00 tolerance: not overdue, no late charge, no day past due, yet still owed', () => {
    const lines = shortBy(500n);
    const line1 = lines[0]!;
    expect(isOverdue(line1, DAY, 1_000n)).toBe(false);
    expect(loanIsOverdue(lines, [], DAY, 1_000n)).toBe(false);
    expect(lineStatus(lines, line1, 0n, START, DAY, 1_000n)).toEqual({ status: 'DUE', daysPastDue: 0 });
    expect(lateChargesForDay({ ...base, lines, arrearsTolerance: 1_000n })).toEqual([]);
    // Still owed: 5.00 stays on line 1, in the total and in the next amount due (paid first).
    expect(lineRemainder(line1).total).toBe(500n);
    const f = loanFigures(lines, [], DAY, 1_000n);
    expect(f.pastDue).toBe(0n);
    expect(f.withinTolerance).toBe(500n);
    expect(f.dueNow).toBe(500n);
    const line2 = lines[1]!.principal + lines[1]!.interest + lines[1]!.fees;
    expect(amountDueNext(lines, [], DAY)).toBe(500n + line2);
  });

  it('exactly ₱10.00 short under a ₱10.00 tolerance is within it ("at most")', () => {
    const lines = shortBy(1_000n);
    expect(isOverdue(lines[0]!, DAY, 1_000n)).toBe(false);
    expect(lateChargesForDay({ ...base, lines, arrearsTolerance: 1_000n })).toEqual([]);
  });

  it('₱11.00 short under a ₱10.00 tolerance: overdue 4 days, charged on the ₱11.00', () => {
    const lines = shortBy(1_100n);
    expect(isOverdue(lines[0]!, DAY, 1_000n)).toBe(true);
    expect(lineStatus(lines, lines[0]!, 0n, START, DAY, 1_000n)).toEqual({ status: 'OVERDUE', daysPastDue: 4 });
    // 11.00 x 5 % = 0.55; 11.00 x 0.5 % = 0.055, rounded down to 0.05.
    const charges = lateChargesForDay({ ...base, lines, arrearsTolerance: 1_000n });
    expect(charges.map((c) => [c.lineNumber, c.kind, c.amount, c.basis.overdueAmount])).toEqual([
      [1, 'COLLECTION', 55n, 1_100n],
      [1, 'PENALTY_INTEREST', 5n, 1_100n],
    ]);
    expect(loanFigures(lines, [], DAY, 1_000n)).toMatchObject({ pastDue: 1_100n, withinTolerance: 0n, dueNow: 1_100n });
  });

  it('the default (0): ₱5.00 short is overdue and charged, as before', () => {
    const lines = shortBy(500n);
    expect(isOverdue(lines[0]!, DAY)).toBe(true);
    expect(lineStatus(lines, lines[0]!, 0n, START, DAY)).toEqual({ status: 'OVERDUE', daysPastDue: 4 });
    // 5.00 x 5 % = 0.25; 5.00 x 0.5 % = 0.025, rounded down to 0.02.
    expect(lateChargesForDay({ ...base, lines }).map((c) => [c.kind, c.amount])).toEqual([
      ['COLLECTION', 25n],
      ['PENALTY_INTEREST', 2n],
    ]);
    expect(loanFigures(lines, [], DAY)).not.toHaveProperty('withinTolerance');
  });

  it('a late charge still unpaid keeps the instalment overdue, whatever the tolerance', () => {
    const lines = shortBy(500n);
    expect(isOverdue(lines[0]!, DAY, 1_000n, 25n)).toBe(true);
    expect(loanIsOverdue(lines, [{ id: 'c1', lineNumber: 1, outstanding: 25n }], DAY, 1_000n)).toBe(true);
    expect(lineStatus(lines, lines[0]!, 25n, START, DAY, 1_000n).status).toBe('OVERDUE');
  });

  it('the next payment takes the shortfall first; a payoff collects it', () => {
    const lines = shortBy(500n);
    const paid = allocatePayment({ lines, charges: [], amount: 500n, startDate: START, today: DAY, monthlyRate: schedule.contractualMonthlyRate });
    expect(paid.allocations).toEqual([{ lineNumber: 1, component: 'PRINCIPAL', chargeId: null, amount: 500n, prepayment: false }]);
    expect(paid.lines[0]!.paidOn).toBe(DAY);
    const q = payoffQuote({ lines, charges: [], startDate: START, asOf: DAY, monthlyRate: schedule.contractualMonthlyRate });
    expect(q.lines.find((l) => l.number === 1)).toEqual({ number: 1, principal: 500n, interest: 0n, fees: 0n });
    const principalLeft = lines.reduce((s, l) => s + l.principal - l.principalPaid, 0n);
    expect(q.principal).toBe(principalLeft);
  });

  it('is refused below 0', () => {
    expect(() => isOverdue(shortBy(500n)[0]!, DAY, -1n)).toThrow(RangeError);
  });
});

describe('the disclosure statement says the tolerance only when it is set', () => {
  it('₱10.00 set: under the late charges; 0: nothing', () => {
    expect(toDisclosure(PRODUCT_V1, schedule, null, null, 1_000n).penalties.arrearsTolerance).toBe('10.00');
    expect(toDisclosure(PRODUCT_V1, schedule).penalties).not.toHaveProperty('arrearsTolerance');
    expect(toDisclosure(PRODUCT_V1, schedule, null, null, 0n)).toEqual(toDisclosure(PRODUCT_V1, schedule));
  });
});
