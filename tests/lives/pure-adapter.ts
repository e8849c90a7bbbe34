import { lateChargesForDay } from '../../src/shared/loan/late-charges';
import { closeLoan, payoffQuote } from '../../src/shared/loan/payoff';
import type { ProductConfig } from '../../src/shared/loan/product';
import { buildSchedule, type Schedule } from '../../src/shared/loan/schedule';
import {
  allocatePayment,
  lineRemainder,
  lineStatus,
  scaledRate,
  totalOutstanding,
  unpaidLines,
  type ExcessChoice,
  type ServicingLine,
} from '../../src/shared/loan/servicing';
import { maximumPayment, smallestPayment } from '../../src/server/modules/repayments/service';
import type { ProdSnapshot } from './checks';
import type { Choice } from './model';

/**
 * The one binding of the generated lives to the production shared functions (allocation, line
 * status, late charges, payoff): what the server's services and daily job do with them, without a
 * database. When the allocation's API changes (the borrower's choice, another minimum), this file
 * alone follows it.
 */

/** The borrower's choices production offers, and their production names. */
export const PURE_CHOICES: readonly Choice[] = ['NEXT', 'PRINCIPAL'];
const EXCESS: Record<Choice, ExcessChoice> = { NEXT: 'NEXT_INSTALMENTS', PRINCIPAL: 'REDUCE_PRINCIPAL' };

export interface PureCharge {
  readonly id: string;
  readonly lineNumber: number;
  readonly kind: string;
  readonly day: string;
  readonly amount: bigint;
  paid: bigint;
  waived: boolean;
}

export interface PureLoan {
  readonly product: ProductConfig;
  readonly schedule: Schedule;
  readonly startDate: string;
  lines: ServicingLine[];
  readonly charges: PureCharge[];
  repaid: boolean;
  allocated: bigint;
  /** The arrears tolerance in centavos (ARREARS_TOLERANCE, as the server's config gives it to the daily job and the views). */
  readonly arrearsTolerance: bigint;
}

export function openPureLoan(product: ProductConfig, principal: bigint, term: number, startDate: string, arrearsTolerance = 0n): PureLoan {
  const schedule = buildSchedule(product, principal, term, startDate);
  return { product, schedule, startDate, lines: unpaidLines(schedule.lines), charges: [], repaid: false, allocated: 0n, arrearsTolerance };
}

export function rateOf(loan: PureLoan): bigint {
  return scaledRate(loan.schedule.contractualMonthlyRate);
}

const open = (loan: PureLoan) =>
  loan.charges.filter((c) => !c.waived && c.paid < c.amount).map((c) => ({ id: c.id, lineNumber: c.lineNumber, outstanding: c.amount - c.paid }));

/** The server's own limits (service.ts checkAmount): the least and the most accepted today. */
function limits(loan: PureLoan, today: string): { min: bigint; max: bigint } {
  const state = { lines: loan.lines, openCharges: open(loan), startDate: loan.startDate, schedule: loan.schedule };
  return { min: smallestPayment(state, today), max: maximumPayment(state, today) };
}

export type PayOutcome = { readonly refused: string } | { readonly allocated: bigint; readonly unallocated: bigint };

/** A payment as a service takes it: refused outside the limits, else allocated (the choice: when production offers one). */
export function payPure(loan: PureLoan, amount: bigint, today: string, choice: Choice): PayOutcome {
  if (loan.repaid) return { refused: 'LOAN_REPAID' };
  const { min, max } = limits(loan, today);
  if (amount > max) return { refused: `AMOUNT_ABOVE_OUTSTANDING (max ${max})` };
  if (amount < min) return { refused: `AMOUNT_TOO_SMALL (min ${min})` };
  const r = allocatePayment({
    lines: loan.lines,
    charges: open(loan),
    amount,
    startDate: loan.startDate,
    today,
    excess: EXCESS[choice],
    monthlyRate: loan.schedule.contractualMonthlyRate,
  });
  for (const a of r.allocations) {
    if (a.component !== 'CHARGE') continue;
    const c = loan.charges.find((x) => x.id === a.chargeId)!;
    c.paid += a.amount;
  }
  loan.lines = r.lines.map((l) => ({ ...l }));
  const allocated = r.allocations.reduce((s, a) => s + a.amount, 0n);
  loan.allocated += allocated;
  if (totalOutstanding(loan.lines, open(loan)) === 0n) loan.repaid = true;
  return { allocated, unallocated: r.unallocated };
}

/** The daily job's late charges for one day, fed as modules/repayments/daily.ts feeds them. */
export function runJobDay(loan: PureLoan, day: string): void {
  if (loan.repaid) return;
  const chargedByLine = new Map<number, bigint>();
  for (const c of loan.charges) chargedByLine.set(c.lineNumber, (chargedByLine.get(c.lineNumber) ?? 0n) + (c.waived ? c.paid : c.amount));
  const dayCharges = lateChargesForDay({
    product: loan.product,
    schedule: loan.schedule,
    lines: loan.lines,
    startDate: loan.startDate,
    day,
    finesAlreadyCharged: loan.charges.reduce((s, c) => s + (c.waived ? c.paid : c.amount), 0n),
    collectionCharged: new Set(loan.charges.filter((c) => c.kind === 'COLLECTION').map((c) => c.lineNumber)),
    chargedByLine,
    arrearsTolerance: loan.arrearsTolerance,
  });
  for (const c of dayCharges)
    loan.charges.push({ id: `c${loan.charges.length + 1}`, lineNumber: c.lineNumber, kind: c.kind, day, amount: c.amount, paid: 0n, waived: false });
}

export function waivePure(loan: PureLoan, pick: number): string | null {
  const candidates = loan.charges.filter((c) => !c.waived && c.paid < c.amount);
  const c = candidates[pick % Math.max(1, candidates.length)];
  if (!c) return null;
  c.waived = true;
  return c.id;
}

/** A payoff quote and its payment, as the server's payoff service applies it. */
export function payoffPure(
  loan: PureLoan,
  today: string,
): { total: bigint; principal: bigint; charges: bigint; interestByLine: Map<number, bigint>; feesByLine: Map<number, bigint> } | null {
  if (loan.repaid) return null;
  const q = payoffQuote({ lines: loan.lines, charges: open(loan), startDate: loan.startDate, asOf: today, monthlyRate: loan.schedule.contractualMonthlyRate });
  for (const c of loan.charges) if (!c.waived) c.paid = c.amount;
  loan.lines = closeLoan({ lines: loan.lines, charges: open(loan), startDate: loan.startDate }, q, today).lines.map((l) => ({ ...l }));
  loan.allocated += q.total;
  loan.repaid = true;
  return {
    total: q.total,
    principal: q.principal,
    charges: q.charges,
    interestByLine: new Map(q.lines.map((l) => [l.number, l.interest])),
    feesByLine: new Map(q.lines.map((l) => [l.number, l.fees])),
  };
}

export function snapshotPure(loan: PureLoan, today: string): ProdSnapshot {
  const left = new Map<number, bigint>();
  for (const c of loan.charges) if (!c.waived) left.set(c.lineNumber, (left.get(c.lineNumber) ?? 0n) + c.amount - c.paid);
  const chargesOn = (n: number) => left.get(n) ?? 0n;
  return {
    lines: loan.lines.map((l) => {
      const st = lineStatus(loan.lines, l, chargesOn(l.number), loan.startDate, today, loan.arrearsTolerance);
      return {
        number: l.number,
        dueDate: l.dueDate,
        owed: lineRemainder(l).total,
        principalLeft: l.principal - l.principalPaid,
        interestAsked: l.interest - l.interestRebated,
        fees: l.fees - l.feesRebated,
        status: st.status,
        daysPastDue: st.daysPastDue,
      };
    }),
    charges: loan.charges,
    repaid: loan.repaid,
    outstanding: totalOutstanding(loan.lines, open(loan)),
    recordedPaid: loan.lines.reduce((s, l) => s + l.principalPaid + l.interestPaid + l.feesPaid, 0n) + loan.charges.reduce((s, c) => s + c.paid, 0n),
    allocated: loan.allocated,
    feesDeducted: loan.schedule.feesDeducted,
  };
}
