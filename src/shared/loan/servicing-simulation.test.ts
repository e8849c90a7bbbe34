import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Centavos } from '../money/money';
import { costCap } from './charges';
import { monthsElapsedCeil } from './dates';
import { addDays } from './day';
import { lateChargesForDay } from './late-charges';
import { payoffQuote } from './payoff';
import { PRODUCT_V1, type ProductConfig } from './product';
import { buildSchedule } from './schedule';
import {
  allocatePayment,
  lineRemainder,
  maximumPayable,
  minimumPayment,
  totalOutstanding,
  unpaidLines,
  type ExcessChoice,
  type ServicingLine,
} from './servicing';
import { validateProduct } from './validate';

/**
 * A loan's life simulated the way the server runs it (docs/decisions/012-servicing.md): the daily
 * job's late charges for every day (as modules/repayments/daily.ts feeds lateChargesForDay), wallet
 * payments of any amount between one centavo and the most that may be paid, waivers, and payoff
 * quotes, over products of both interest models, with and without fees, small loans included.
 * After every step: nothing negative, every payment fully and exactly allocated, principal and
 * interest never paid beyond the schedule, and interest + fees + fines never above the 25 %-a-year
 * cap (DECISIONS.md invariant 4) at the month reached. Run once with numRuns 20,000 locally.
 */

interface Charge {
  readonly id: string;
  readonly lineNumber: number;
  readonly kind: 'PENALTY_INTEREST' | 'COLLECTION';
  readonly amount: Centavos;
  paid: Centavos;
  waived: boolean;
}

const START = '2026-01-31';

const product: fc.Arbitrary<ProductConfig> = fc
  .record({
    model: fc.constantFrom('ADD_ON' as const, 'DECLINING_BALANCE' as const),
    rateBps: fc.integer({ min: 0, max: 200 }),
    fee: fc.option(
      fc.record({ treatment: fc.constantFrom('DEDUCTED_FROM_PROCEEDS' as const, 'ADDED_TO_SCHEDULE' as const), bps: fc.integer({ min: 0, max: 500 }) }),
      { nil: null },
    ),
    small: fc.boolean(),
    graceDays: fc.integer({ min: 0, max: 5 }),
    dailyRateBps: fc.integer({ min: 0, max: 100 }),
    collectionChargeBps: fc.integer({ min: 0, max: 1000 }),
  })
  .map(({ model, rateBps, fee, small, graceDays, dailyRateBps, collectionChargeBps }) => ({
    ...PRODUCT_V1,
    ...(small
      ? {
          minAmount: 500_000n,
          maxAmount: 1_000_000n,
          terms: [1, 2, 3, 4],
          defaultTerm: 4,
          eligibility: { ...PRODUCT_V1.eligibility, incomeMultipleByTerm: { 1: 1, 2: 1, 3: 1, 4: 1 } },
        }
      : {}),
    interest: { model, monthlyRateBps: rateBps },
    fees: fee ? [{ code: 'SERVICE', label: 'Service fee', treatment: fee.treatment, flat: 0n, bpsOfPrincipal: fee.bps }] : [],
    penalties: { graceDays, dailyRateBps, collectionChargeBps },
  }))
  .filter((p) => validateProduct(p).length === 0);

const step = fc.record({
  days: fc.integer({ min: 0, max: 45 }),
  action: fc.constantFrom('PAY', 'PAY', 'PAY_MIN', 'PAY_ONE', 'WAIVE', 'QUOTE', 'NOTHING'),
  /** Where in [1, max] the amount falls, in millionths. */
  share: fc.integer({ min: 0, max: 1_000_000 }),
});

function simulate(p: ProductConfig, principal: Centavos, term: number, steps: readonly { days: number; action: string; share: number }[]): void {
  const schedule = buildSchedule(p, principal, term, START);
  let lines: ServicingLine[] = unpaidLines(schedule.lines);
  const charges: Charge[] = [];
  const open = () => charges.filter((c) => !c.waived && c.paid < c.amount).map((c) => ({ id: c.id, lineNumber: c.lineNumber, outstanding: c.amount - c.paid }));
  const finesCounted = () => charges.reduce((s, c) => s + (c.waived ? c.paid : c.amount), 0n);
  let today = START;
  let lastRun = START;
  let paidIn = 0n;

  const check = () => {
    for (const l of lines) {
      const r = lineRemainder(l); // throws when over-allocated
      expect(r.principal >= 0n && r.interest >= 0n && r.fees >= 0n).toBe(true);
      expect(l.interestRebated >= 0n && l.interestRebated <= l.interest).toBe(true);
    }
    for (const c of charges) expect(c.amount > 0n && c.paid >= 0n && c.paid <= c.amount).toBe(true);
    const principalPaid = lines.reduce((s, l) => s + l.principalPaid, 0n);
    expect(principalPaid <= principal).toBe(true);
    // What the borrower paid equals what the lines and charges record as paid (nothing lost, nothing invented).
    const recorded = lines.reduce((s, l) => s + l.principalPaid + l.interestPaid + l.feesPaid, 0n) + charges.reduce((s, c) => s + c.paid, 0n);
    expect(recorded).toBe(paidIn);
    // Invariant 4: interest still owed or paid (after rebates), fees and fines within the cap of the month reached.
    const interest = lines.reduce((s, l) => s + l.interest - l.interestRebated, 0n);
    const cap = costCap(p, principal, term, monthsElapsedCeil(START, today));
    expect(interest + schedule.totalFees + finesCounted() <= cap).toBe(true);
  };

  const runJob = () => {
    while (lastRun < today) {
      lastRun = addDays(lastRun, 1);
      const chargedByLine = new Map<number, Centavos>();
      for (const c of charges) chargedByLine.set(c.lineNumber, (chargedByLine.get(c.lineNumber) ?? 0n) + (c.waived ? c.paid : c.amount));
      const day = lateChargesForDay({
        product: p,
        schedule,
        lines,
        startDate: START,
        day: lastRun,
        finesAlreadyCharged: finesCounted(),
        collectionCharged: new Set(charges.filter((c) => c.kind === 'COLLECTION').map((c) => c.lineNumber)),
        chargedByLine,
      });
      for (const c of day) {
        expect(c.amount > 0n && c.amount <= c.basis.uncapped && c.amount <= c.basis.headroom).toBe(true);
        charges.push({ id: `c${charges.length}`, lineNumber: c.lineNumber, kind: c.kind, amount: c.amount, paid: 0n, waived: false });
      }
      // The cap holds on every day the job runs, not only on the days a payment is made.
      const interest = lines.reduce((s, l) => s + l.interest - l.interestRebated, 0n);
      expect(interest + schedule.totalFees + finesCounted() <= costCap(p, principal, term, monthsElapsedCeil(START, lastRun))).toBe(true);
    }
  };

  const applyPayment = (amount: Centavos, excess: ExcessChoice) => {
    const before = totalOutstanding(lines, open());
    const r = allocatePayment({ lines, charges: open(), amount, startDate: START, today, excess, monthlyRate: schedule.contractualMonthlyRate });
    expect(r.unallocated).toBe(0n);
    const sum = r.allocations.reduce((s, a) => s + a.amount, 0n);
    expect(sum).toBe(amount);
    expect(r.charges + r.fees + r.interest + r.principal).toBe(amount);
    expect(r.allocations.every((a) => a.amount > 0n)).toBe(true);
    for (const a of r.allocations) {
      if (a.component !== 'CHARGE') continue;
      const c = charges.find((x) => x.id === a.chargeId)!;
      c.paid += a.amount;
    }
    lines = r.lines.map((l) => ({ ...l }));
    paidIn += amount;
    // What is still owed went down by at least the payment (a prepayment also rebates future interest).
    expect(totalOutstanding(lines, open()) <= before - amount).toBe(true);
  };

  for (const s of steps) {
    today = addDays(today, s.days);
    runJob();
    const owed = totalOutstanding(lines, open());
    if (owed === 0n) break;
    // The most that may be paid: what closing costs today (decision 074), never above everything owed.
    const max = maximumPayable({ lines, charges: open(), startDate: START, today, monthlyRate: schedule.contractualMonthlyRate });
    const min = minimumPayment(lines, open());
    expect(min > 0n && min <= owed && max <= owed).toBe(true);
    // Only financed fees of lines not yet begun may be left (after everything else was prepaid): nothing may be paid until a line begins, and a payoff does not charge them (decision 053).
    if (max === 0n && s.action.startsWith('PAY')) expect(lines.every((l) => l.principal === l.principalPaid)).toBe(true);
    else if (s.action === 'PAY') applyPayment(1n + ((max - 1n) * BigInt(s.share)) / 1_000_000n, s.share % 2 === 0 ? 'REDUCE_PRINCIPAL' : 'NEXT_INSTALMENTS');
    else if (s.action === 'PAY_MIN') applyPayment(min < max ? min : max, 'NEXT_INSTALMENTS');
    else if (s.action === 'PAY_ONE') applyPayment(1n, 'REDUCE_PRINCIPAL');
    else if (s.action === 'WAIVE') {
      const c = charges.find((x) => !x.waived && x.paid < x.amount);
      if (c) c.waived = true;
    } else if (s.action === 'QUOTE' && today >= START) {
      const q = payoffQuote({ lines, charges: open(), startDate: START, asOf: today, monthlyRate: schedule.contractualMonthlyRate });
      const outstandingPrincipal = lines.reduce((sum, l) => sum + l.principal - l.principalPaid, 0n);
      expect(q.principal).toBe(outstandingPrincipal);
      expect(q.total).toBe(q.principal + q.interest + q.fees + q.charges + q.prepaymentPenalty);
      expect(q.prepaymentPenalty).toBe(0n);
      expect(q.interest >= 0n && q.interestRebate >= 0n).toBe(true);
      expect(q.total <= owed).toBe(true);
      for (const ql of q.lines) {
        const l = lines.find((x) => x.number === ql.number)!;
        const rem = lineRemainder(l);
        // Of a line not yet due only the principal (and the interest earned) is owed: no financed fee (decision 053).
        const fees = l.dueDate <= today ? rem.fees : 0n;
        expect(ql.principal === rem.principal && ql.fees === fees && ql.interest >= 0n && ql.interest <= rem.interest).toBe(true);
      }
      expect(q.fees + q.feeRebate).toBe(lines.reduce((sum, l) => sum + lineRemainder(l).fees, 0n));
    }
    check();
  }
  runJob();
  check();
}

describe('a loan simulated from disbursement to the end (property)', () => {
  it('conserves every payment, leaves nothing negative and never exceeds the 25 %-a-year cap', () => {
    fc.assert(
      fc.property(
        product.chain((p) =>
          fc.tuple(
            fc.constant(p),
            fc.bigInt({ min: p.minAmount, max: p.maxAmount }),
            fc.constantFrom(...p.terms),
            fc.array(step, { minLength: 1, maxLength: 40 }),
          ),
        ),
        ([p, principal, term, steps]) => {
          // Only offers the product may make: a schedule whose own cost is within the cap.
          const schedule = buildSchedule(p, principal, term, START);
          fc.pre(schedule.totalInterest + schedule.totalFees <= costCap(p, principal, term));
          simulate(p, principal, term, steps);
        },
      ),
      { numRuns: 200 },
    );
  });
});
