import { checkDay, formatCentavos as fmt, takeCharges, takeRebates, type Violation } from './checks';
import { amountFor, dayFor, PRODUCTS, type Life } from './life';
import { LoanModel, nextDay, plusDays } from './model';
import { openPureLoan, payoffPure, payPure, rateOf, runJobDay, snapshotPure, waivePure } from './pure-adapter';

/**
 * One generated life through the production shared functions (pure-adapter.ts), day by day,
 * against the reference model. Stops at the first day with a violation; the trace says what was
 * done on which day with which amount.
 */

const STARTS = ['2026-01-31', '2026-02-15', '2026-03-01', '2026-05-29'] as const;

export interface LifeResult {
  readonly violations: readonly Violation[];
  readonly trace: readonly string[];
}

export function runPureLife(life: Life): LifeResult {
  const product = PRODUCTS[life.loan.product];
  const start: string = STARTS[life.loan.pesos % STARTS.length]!;
  const tolerance = BigInt(life.loan.arrearsTolerance ?? 0);
  const loan = openPureLoan(product, BigInt(life.loan.pesos) * 100n, life.loan.term, start, tolerance);
  const model = new LoanModel({
    startDate: start,
    principal: loan.schedule.principal,
    termMonths: loan.schedule.termMonths,
    lines: loan.schedule.lines,
    feesDeducted: loan.schedule.feesDeducted,
    annualCostCapBps: product.annualCostCapBps,
    small: loan.schedule.principal <= 1_000_000n && loan.schedule.termMonths <= 4,
    graceDays: product.penalties.graceDays,
    dailyRateBps: product.penalties.dailyRateBps,
    collectionChargeBps: product.penalties.collectionChargeBps,
    arrearsTolerance: tolerance,
    monthlyRateScaled: rateOf(loan),
  });
  const out: Violation[] = [];
  const trace: string[] = [];
  let today = start;
  let lastJob = start;
  let jobDownUntil = '';
  // After the first violation the life goes on (a wrong allocation shows its consequences at the
  // due date), for 60 days at most.
  const tooLate = () => out.length > 0 && today > plusDays(out[0]!.day, 60);

  const check = () => {
    const snap = snapshotPure(loan, today);
    takeCharges(model, snap, out, today);
    checkDay(model, snap, today, out);
  };
  const advanceTo = (target: string) => {
    while (today < target && !tooLate()) {
      today = nextDay(today);
      if (today > jobDownUntil) {
        while (lastJob < today) {
          lastJob = nextDay(lastJob);
          runJobDay(loan, lastJob);
        }
      }
      check();
    }
  };

  for (const action of life.actions) {
    if (tooLate() || loan.repaid) break;
    switch (action.do) {
      case 'wait':
        advanceTo(plusDays(today, action.days));
        break;
      case 'outage':
        jobDownUntil = plusDays(today, action.days);
        trace.push(`${today}: the daily job is down until ${jobDownUntil}`);
        break;
      case 'waive': {
        const id = waivePure(loan, action.pick);
        if (id) trace.push(`${today}: charge ${id} waived`);
        check();
        break;
      }
      case 'pay': {
        advanceTo(dayFor(model, today, action.when, action.late, action.share));
        const amount = amountFor(model, today, action.how, action.share, action.choice);
        if (amount <= 0n) break;
        const owed = model.mostPayable(today, action.choice);
        const r = payPure(loan, amount, today, action.choice);
        if ('refused' in r) {
          trace.push(`${today}: pay ${fmt(amount)} (${action.how}, ${action.choice}) refused: ${r.refused}`);
          // Any amount from PHP 1 (or everything owed when less) up to what is owed (issue's "any amount" rule).
          if (amount <= owed && (amount >= 100n || amount === owed))
            out.push({ property: 'ANY_AMOUNT', day: today, detail: `${fmt(amount)} refused (${r.refused}) while ${fmt(owed)} is owed` });
          break;
        }
        const m = model.pay(amount, today, action.choice);
        trace.push(`${today}: pay ${fmt(amount)} (${action.how}, ${action.choice}): allocated ${fmt(r.allocated)}, not allocated ${fmt(r.unallocated)}`);
        if (r.allocated + r.unallocated !== amount || r.allocated !== m.applied)
          out.push({
            property: 'ALLOCATIONS_EQUAL_PAYMENTS',
            day: today,
            detail: `paid ${fmt(amount)}: allocated ${fmt(r.allocated)} + not allocated ${fmt(r.unallocated)}; the model applies ${fmt(m.applied)} (excess ${fmt(m.excess)})`,
          });
        if (action.choice === 'PRINCIPAL' || m.closed) takeRebates(model, snapshotPure(loan, today), today, rateOf(loan), out);
        check();
        break;
      }
      case 'payoff': {
        advanceTo(dayFor(model, today, action.when, action.late, 0));
        const q = payoffPure(loan, today);
        if (!q) break;
        trace.push(`${today}: payoff ${fmt(q.total)}`);
        checkPayoff(model, q, today, out);
        const total = model.payoff(today);
        if (total !== q.total) out.push({ property: 'PAYOFF', day: today, detail: `quote ${fmt(q.total)}, the model ${fmt(total)}` });
        check();
        break;
      }
      case 'extend':
        break; // the real app only (tests/api/lives.test.ts)
    }
  }
  // Past the last due date, so that what was paid early meets its due dates.
  if (!loan.repaid) advanceTo(plusDays(model.lines.at(-1)!.dueDate, 10));
  return { violations: firstOfEach(out), trace };
}

export function checkPayoff(
  model: LoanModel,
  q: { total: bigint; principal: bigint; charges: bigint; interestByLine: ReadonlyMap<number, bigint>; feesByLine: ReadonlyMap<number, bigint> },
  today: string,
  out: Violation[],
): void {
  const v = (detail: string) => out.push({ property: 'PAYOFF', day: today, detail });
  if (q.principal !== model.principalLeft()) v(`principal ${fmt(q.principal)}, the model ${fmt(model.principalLeft())}`);
  const charges = model.charges.reduce((s, c) => s + model.chargeLeft(c), 0n);
  if (q.charges !== charges) v(`charges ${fmt(q.charges)}, the model ${fmt(charges)}`);
  for (const l of model.lines) {
    const interest = q.interestByLine.get(l.number) ?? 0n;
    const fees = q.feesByLine.get(l.number) ?? 0n;
    const interestLeft = l.interest - l.paidInterest;
    const feesLeft = l.fees - l.feesForgiven - l.paidFees;
    if (l.dueDate <= today) {
      if (interest !== interestLeft || fees !== feesLeft)
        v(`instalment ${l.number} (due): interest ${fmt(interest)} fees ${fmt(fees)}, the model ${fmt(interestLeft)} ${fmt(feesLeft)}`);
    } else if (l.periodStart < today) {
      if (interest < 0n || interest > interestLeft || fees !== 0n)
        v(`instalment ${l.number} (current): interest ${fmt(interest)} of ${fmt(interestLeft)} left, fees ${fmt(fees)}`);
    } else if (interest !== 0n || fees !== 0n) v(`instalment ${l.number} (not begun): interest ${fmt(interest)}, fees ${fmt(fees)}: unearned`);
  }
}

/** The first violation of each property (what follows a divergence from the model repeats it). */
export function firstOfEach(vs: readonly Violation[]): Violation[] {
  const seen = new Set<string>();
  return vs.filter((v) => (seen.has(v.property) ? false : (seen.add(v.property), true)));
}
