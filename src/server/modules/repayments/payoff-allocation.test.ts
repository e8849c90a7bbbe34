import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/loan/day';
import { payoffQuote } from '../../../shared/loan/payoff';
import { PRODUCT_V1, type ProductConfig } from '../../../shared/loan/product';
import { buildSchedule } from '../../../shared/loan/schedule';
import { allocatePayment, amountPayableNow, isPayable, lineRemainder, totalOutstanding, unpaidLines, type ServicingLine } from '../../../shared/loan/servicing';
import { payoffAllocation } from './service';
import type { ServicingState } from './core';

/**
 * The payoff's allocation (service.ts payoffAllocation, what POST /api/loans/current/payoff posts)
 * on loans in any state reached by earlier payments (partial, exact, prepayments) and charges, on
 * any day: it moves exactly the quote's total, pays every line and charge to zero, never charges
 * interest the quote rebated, never a negative amount. Run once with numRuns 20,000 locally.
 */
const START = '2026-01-31';

const product: fc.Arbitrary<ProductConfig> = fc
  .record({
    model: fc.constantFrom('ADD_ON' as const, 'DECLINING_BALANCE' as const),
    rateBps: fc.integer({ min: 0, max: 200 }),
    feeBps: fc.integer({ min: 0, max: 300 }),
    deductedBps: fc.integer({ min: 0, max: 300 }),
  })
  .map(({ model, rateBps, feeBps, deductedBps }) => ({
    ...PRODUCT_V1,
    interest: { model, monthlyRateBps: rateBps },
    // Fees of both treatments: financed (on the lines) and deducted from the proceeds (on no line).
    fees: [
      ...(feeBps > 0 ? [{ code: 'SERVICE', label: 'Service fee', treatment: 'ADDED_TO_SCHEDULE' as const, flat: 0n, bpsOfPrincipal: feeBps }] : []),
      ...(deductedBps > 0
        ? [
            {
              code: 'DOCUMENTARY_STAMP_TAX',
              label: 'Documentary stamp tax',
              treatment: 'DEDUCTED_FROM_PROCEEDS' as const,
              flat: 0n,
              bpsOfPrincipal: deductedBps,
            },
          ]
        : []),
    ],
  }));

describe('payoffAllocation (property)', () => {
  it('pays exactly the quote and leaves every line and charge at zero', () => {
    fc.assert(
      fc.property(
        product,
        fc.bigInt({ min: PRODUCT_V1.minAmount, max: PRODUCT_V1.maxAmount }),
        fc.constantFrom(...PRODUCT_V1.terms),
        fc.array(
          fc.record({ days: fc.integer({ min: 0, max: 40 }), share: fc.integer({ min: 0, max: 1_000_000 }), charge: fc.bigInt({ min: 0n, max: 500_000n }) }),
          {
            maxLength: 8,
          },
        ),
        fc.integer({ min: 0, max: 60 }),
        (p, principal, term, payments, lastDays) => {
          const schedule = buildSchedule(p, principal, term, START);
          let lines: ServicingLine[] = unpaidLines(schedule.lines);
          let charges: { id: string; lineNumber: number; outstanding: bigint }[] = [];
          let today = START;
          for (const step of payments) {
            today = addDays(today, step.days);
            // A charge on an overdue line, as the daily job would book it.
            const overdue = lines.find((l) => l.dueDate < today && lineRemainder(l).total > 0n);
            if (overdue && step.charge > 0n) charges.push({ id: `c${charges.length}`, lineNumber: overdue.number, outstanding: step.charge });
            const future = lines.filter((l) => !isPayable(lines, l.number, START, today)).reduce((s, l) => s + l.principal - l.principalPaid, 0n);
            const max = amountPayableNow(lines, charges, START, today) + future;
            if (max === 0n) continue;
            const amount = 1n + ((max - 1n) * BigInt(step.share)) / 1_000_000n;
            const r = allocatePayment({
              lines,
              charges,
              amount,
              startDate: START,
              today,
              excess: 'REDUCE_PRINCIPAL',
              monthlyRate: schedule.contractualMonthlyRate,
            });
            const paidOf = (id: string) => r.allocations.filter((a) => a.chargeId === id).reduce((s, a) => s + a.amount, 0n);
            charges = charges.map((c) => ({ ...c, outstanding: c.outstanding - paidOf(c.id) })).filter((c) => c.outstanding > 0n);
            lines = r.lines.map((l) => ({ ...l }));
          }
          today = addDays(today, lastDays);
          if (totalOutstanding(lines, charges) === 0n) return;
          const q = payoffQuote({ lines, charges, startDate: START, asOf: today, monthlyRate: schedule.contractualMonthlyRate });
          const state = { lines, openCharges: charges, startDate: START } as unknown as ServicingState;
          const applied = payoffAllocation(state, q, today);
          const moved = applied.allocations.reduce((s, a) => s + a.amount, 0n);
          expect(moved).toBe(q.total);
          expect(applied.charges + applied.fees + applied.interest + applied.principal).toBe(q.total);
          expect(applied.allocations.every((a) => a.amount > 0n)).toBe(true);
          expect(applied.charges).toBe(charges.reduce((s, c) => s + c.outstanding, 0n));
          for (const l of applied.lines) {
            const rem = lineRemainder(l);
            expect(rem.total).toBe(0n);
            expect(l.interestRebated >= 0n && l.interestPaid <= l.interest).toBe(true);
            expect(l.paidOn).not.toBeNull();
          }
          // The financed fees of a line not yet due are not charged (decision 053): no FEES allocation, the fee rebated.
          for (const l of applied.lines) {
            const before = lines.find((b) => b.number === l.number)!;
            const notDue = l.dueDate > today;
            expect(applied.allocations.some((a) => a.lineNumber === l.number && a.component === 'FEES' && notDue)).toBe(false);
            expect(l.feesPaid + l.feesRebated).toBe(l.fees);
            expect(l.feesRebated).toBe(notDue ? lineRemainder(before).fees : 0n);
          }
          expect(applied.fees).toBe(q.fees);
          // Interest charged by the payoff is never more than the scheduled interest left.
          expect(applied.interest <= lines.reduce((s, l) => s + lineRemainder(l).interest, 0n)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
