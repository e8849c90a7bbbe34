import type { Centavos } from '../money/money';
import { daysBetween } from './dates';
import { RATE_SCALE, divRoundHalfUp, type ScheduleLine } from './schedule';
import { isPayable, lineRemainder, periodStart, scaledRate } from './lines';
import { closeLoan, closingCost, payoffQuote, type Closing } from './payoff';

export { isPayable, lineRemainder, scaledRate };

/**
 * Loan servicing rules (docs/decisions/012-servicing.md, amended by
 * docs/decisions/061-fair-allocation.md): the state of each instalment line, how a payment is
 * allocated across the schedule (`allocatePayment`, the one rule for every source of payment), and
 * what a reduction of principal does to the remaining lines. Integer centavos only; every rounding
 * is a named function below.
 *
 * A line is payable ("due") from the day after the previous line's due date (for line 1, the day
 * after disbursement) through its own due date; later it is overdue until paid. A payment made
 * before a due date covers the next instalments first, as they fall due, so an instalment paid in
 * full on or before its due date is paid on time (DECISIONS.md invariant 12).
 */

// ---------------------------------------------------------------------------------------------
// Named roundings

/** Interest a borrower owes for a period: half up to the centavo (as the schedule engine rounds). */
function roundInterestHalfUp(numerator: bigint, denominator: bigint): Centavos {
  return divRoundHalfUp(numerator, denominator);
}

// ---------------------------------------------------------------------------------------------
// Lines

export interface ServicingLine {
  readonly number: number;
  readonly dueDate: string;
  /** Scheduled amounts. */
  readonly principal: Centavos;
  readonly interest: Centavos;
  readonly fees: Centavos;
  /** Paid so far. */
  readonly principalPaid: Centavos;
  readonly interestPaid: Centavos;
  readonly feesPaid: Centavos;
  /** Interest no longer owed after a partial prepayment (never more than interest - interestPaid). */
  readonly interestRebated: Centavos;
  /** Financed fees of a line not yet due that a payoff does not charge (decision 053; never more than fees - feesPaid). */
  readonly feesRebated: Centavos;
  /** The Philippine date the line was fully paid, else null. */
  readonly paidOn: string | null;
}

/** A schedule's lines as servicing lines with nothing paid or rebated: a loan on the day it is disbursed. */
export function unpaidLines(lines: readonly ScheduleLine[]): ServicingLine[] {
  return lines.map((l) => ({
    number: l.number,
    dueDate: l.dueDate,
    principal: l.principal,
    interest: l.interest,
    fees: l.fees,
    principalPaid: 0n,
    interestPaid: 0n,
    feesPaid: 0n,
    interestRebated: 0n,
    feesRebated: 0n,
    paidOn: null,
  }));
}

/** A late charge on a line, as the allocation sees it. */
export interface OpenCharge {
  readonly id: string;
  readonly lineNumber: number;
  /** What is still owed on it (0 when paid or waived). */
  readonly outstanding: Centavos;
}

/**
 * The arrears tolerance (docs/decisions/069-arrears-tolerance.md; ARREARS_TOLERANCE, ₱0 unless set):
 * the one rule deciding whether an instalment counts as overdue on `today`. It does when its due
 * date has passed and either a late charge of it is still owed or more than `tolerance` of its
 * principal, interest and fees is unpaid. An instalment a few pesos short (at most the tolerance)
 * earns no late charge and no overdue day, but the shortfall is still owed: it is payable, paid
 * first by the next payment (allocatePayment: oldest first) and collected at payoff. With a
 * tolerance of 0 this is "anything unpaid after the due date".
 */
export function isOverdue(line: ServicingLine, today: string, tolerance: Centavos = 0n, chargesOutstanding: Centavos = 0n): boolean {
  if (tolerance < 0n) throw new RangeError('An arrears tolerance is >= 0');
  if (line.dueDate >= today) return false;
  return chargesOutstanding > 0n || lineRemainder(line).total > tolerance;
}

/** Is the loan overdue on `today`: a late charge still owed, or an instalment overdue (isOverdue)? */
export function loanIsOverdue(lines: readonly ServicingLine[], charges: readonly OpenCharge[], today: string, tolerance: Centavos = 0n): boolean {
  return charges.some((c) => c.outstanding > 0n) || lines.some((l) => isOverdue(l, today, tolerance));
}

export const LINE_STATUSES = ['UPCOMING', 'DUE', 'PAID', 'PAID_LATE', 'OVERDUE'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

export interface LineState {
  readonly status: LineStatus;
  /** Days after the due date, when OVERDUE; else 0. */
  readonly daysPastDue: number;
}

/**
 * The status of a line on `today` (a Philippine calendar date: the day boundary is midnight in
 * Manila). PAID when paid on or before its due date, PAID_LATE after; OVERDUE from the day after
 * the due date while it is overdue (isOverdue: a charge unpaid, or more than the arrears tolerance
 * of it); DUE in its period, and after its due date while what is unpaid is within the tolerance
 * (still owed, not overdue); else UPCOMING.
 */
export function lineStatus(
  lines: readonly Pick<ServicingLine, 'number' | 'dueDate'>[],
  line: ServicingLine,
  chargesOutstanding: Centavos,
  startDate: string,
  today: string,
  tolerance: Centavos = 0n,
): LineState {
  const owed = lineRemainder(line).total + chargesOutstanding;
  if (owed === 0n) return { status: line.paidOn !== null && line.paidOn > line.dueDate ? 'PAID_LATE' : 'PAID', daysPastDue: 0 };
  if (isOverdue(line, today, tolerance, chargesOutstanding)) return { status: 'OVERDUE', daysPastDue: daysBetween(line.dueDate, today) };
  if (isPayable(lines, line.number, startDate, today)) return { status: 'DUE', daysPastDue: 0 };
  return { status: 'UPCOMING', daysPastDue: 0 };
}

// ---------------------------------------------------------------------------------------------
// Allocation

export const ALLOCATION_COMPONENTS = ['CHARGE', 'FEES', 'INTEREST', 'PRINCIPAL'] as const;
export type AllocationComponent = (typeof ALLOCATION_COMPONENTS)[number];

/**
 * What the borrower chose at review for an amount above what is due next (DECISIONS.md invariant
 * 12): NEXT_INSTALMENTS (the default) pays the following instalments in full, in order, as they
 * fall due; REDUCE_PRINCIPAL pays principal from the last instalment backwards (the term shortens)
 * and rebates the interest no longer earned on the reduced balance.
 */
export const EXCESS_CHOICES = ['NEXT_INSTALMENTS', 'REDUCE_PRINCIPAL'] as const;
export type ExcessChoice = (typeof EXCESS_CHOICES)[number];
export const DEFAULT_EXCESS_CHOICE: ExcessChoice = 'NEXT_INSTALMENTS';

/** Why a part of a payment went where it went (the receipt's words). */
export const ALLOCATION_PURPOSES = ['CHARGES', 'PAST_DUE', 'NEXT_DUE', 'AHEAD', 'REDUCE_PRINCIPAL'] as const;
export type AllocationPurpose = (typeof ALLOCATION_PURPOSES)[number];

export interface Allocation {
  readonly lineNumber: number;
  readonly component: AllocationComponent;
  /** The charge paid, for CHARGE. */
  readonly chargeId: string | null;
  readonly amount: Centavos;
  /** True for principal paid to reduce the principal (the borrower's REDUCE_PRINCIPAL choice: term shortens, interest rebated). */
  readonly prepayment: boolean;
}

export interface AllocationResult {
  readonly allocations: readonly Allocation[];
  /** Per component. */
  readonly charges: Centavos;
  readonly fees: Centavos;
  readonly interest: Centavos;
  readonly principal: Centavos;
  /** Principal paid to reduce the principal (REDUCE_PRINCIPAL). */
  readonly prepaidPrincipal: Centavos;
  /** Interest no longer owed because of this payment (REDUCE_PRINCIPAL: the rebate of unearned interest). */
  readonly interestRebated: Centavos;
  /** What could not be allocated (amount above everything that may be paid). */
  readonly unallocated: Centavos;
  /** The lines after the payment (paid amounts, rebates and paidOn updated). */
  readonly lines: readonly ServicingLine[];
}

export interface AllocationInput {
  readonly lines: readonly ServicingLine[];
  readonly charges: readonly OpenCharge[];
  readonly amount: Centavos;
  readonly startDate: string;
  /** The Philippine date of the payment. */
  readonly today: string;
  /** Where an amount above what is due next goes (default NEXT_INSTALMENTS). */
  readonly excess?: ExcessChoice;
  /** The rate the schedule's interest column runs at (Schedule.contractualMonthlyRate). */
  readonly monthlyRate: number;
}

type MutableLine = { -readonly [K in keyof ServicingLine]: ServicingLine[K] };

/** What is owed now: late charges plus everything on payable or overdue lines. */
export function amountPayableNow(lines: readonly ServicingLine[], charges: readonly OpenCharge[], startDate: string, today: string): Centavos {
  let total = charges.reduce((s, c) => s + c.outstanding, 0n);
  for (const line of lines) if (isPayable(lines, line.number, startDate, today)) total += lineRemainder(line).total;
  return total;
}

/** Everything still owed under the schedule (no rebate of future interest): charges + all lines. */
export function totalOutstanding(lines: readonly ServicingLine[], charges: readonly OpenCharge[]): Centavos {
  return charges.reduce((s, c) => s + c.outstanding, 0n) + lines.reduce((s, l) => s + lineRemainder(l).total, 0n);
}

/**
 * The lines "due next" on `today`: every line past its due date with something unpaid, and the
 * first unpaid line whose due date is today or later (the "next amount due", whether or not its
 * period has begun). Oldest first.
 */
export function dueNextLines(lines: readonly ServicingLine[], today: string): ServicingLine[] {
  const sorted = [...lines].sort((a, b) => a.number - b.number);
  const unpaid = sorted.filter((l) => lineRemainder(l).total > 0n);
  const past = unpaid.filter((l) => l.dueDate < today);
  const next = unpaid.find((l) => l.dueDate >= today);
  return next ? [...past, next] : past;
}

/** What is due next: every open charge plus the remainder of the lines due next (see dueNextLines). */
export function amountDueNext(lines: readonly ServicingLine[], charges: readonly OpenCharge[], today: string): Centavos {
  return charges.reduce((s, c) => s + c.outstanding, 0n) + dueNextLines(lines, today).reduce((s, l) => s + lineRemainder(l).total, 0n);
}

/**
 * Recomputes the interest of lines whose period starts on or after `today` on the principal still
 * owed on that line and every later line, at the contract's rate, never above the scheduled
 * interest nor below what was already paid on the line. Used after a prepayment.
 */
export function reamortiseFutureInterest(lines: readonly ServicingLine[], startDate: string, today: string, monthlyRate: number): ServicingLine[] {
  const rate = scaledRate(monthlyRate);
  const sorted = [...lines].sort((a, b) => a.number - b.number);
  return sorted.map((line) => {
    if (periodStart(sorted, line.number, startDate) < today) return line;
    const balance = sorted.filter((l) => l.number >= line.number).reduce((s, l) => s + (l.principal - l.principalPaid), 0n);
    let interest = roundInterestHalfUp(balance * rate, RATE_SCALE);
    if (interest > line.interest) interest = line.interest;
    if (interest < line.interestPaid) interest = line.interestPaid;
    return { ...line, interestRebated: line.interest - interest };
  });
}

function markPaid(line: MutableLine, today: string): void {
  if (line.paidOn === null && lineRemainder(line).total === 0n) line.paidOn = today;
}

/**
 * Allocates `amount` (DECISIONS.md invariant 12; docs/decisions/061-fair-allocation.md), the one
 * rule for wallet, channel and officer-recorded payments:
 *
 * 1. every open late charge, oldest line first;
 * 2. the lines past their due date, oldest first, each: financed fees, interest, principal;
 * 3. the next instalment (the first unpaid line due today or later), whether or not its period has
 *    begun: fees, interest, principal. Paid in full on or before its due date, it is PAID on time;
 * 4. what is left, as the borrower chose (`excess`):
 *    - NEXT_INSTALMENTS (default): the following lines in order, each in full (fees, interest,
 *      principal), as they fall due;
 *    - REDUCE_PRINCIPAL: the principal of the remaining lines from the LAST line backwards (the
 *      term shortens); from the next period on each remaining line's interest is recomputed on the
 *      reduced balance at the contract's rate (the difference is rebated on the line as
 *      `interestRebated`). The current period's interest is kept as scheduled.
 * An amount of at least what closing the loan costs today (payoff.ts `closingCost`, the payoff
 * quote's total: interest earned to the day, docs/decisions/074-one-closing-rule.md) closes the
 * loan whatever the choice, allocated as the payoff is (`closeLoan`); what is above it is
 * `unallocated`. Below it, the steps above.
 * A line whose remainder reaches zero gets `paidOn = today` (provided its charges are paid too).
 * What is left after everything that may be paid is `unallocated` (callers refuse it, or credit
 * it to the wallet for a channel payment whose amount the payer chose).
 */
export function allocatePayment(input: AllocationInput): AllocationResult {
  if (input.amount <= 0n) throw new RangeError('A payment is a positive amount');
  // What closing the loan costs today (payoff.ts, the one closing rule): a payment of at least that
  // closes the loan, whichever the choice, exactly as the payoff would.
  if (totalOutstanding(input.lines, input.charges) > 0n) {
    const quote = payoffQuote({ lines: input.lines, charges: input.charges, startDate: input.startDate, asOf: input.today, monthlyRate: input.monthlyRate });
    if (input.amount >= quote.total) return closingResult(input, quote.total, closeLoan(input, quote, input.today));
  }
  const excess = input.excess ?? DEFAULT_EXCESS_CHOICE;
  const lines: MutableLine[] = [...input.lines].sort((a, b) => a.number - b.number).map((l) => ({ ...l }));
  const allocations: Allocation[] = [];
  let left = input.amount;
  const take = (owed: Centavos) => (owed < left ? owed : left);
  const sums = { CHARGE: 0n, FEES: 0n, INTEREST: 0n, PRINCIPAL: 0n };
  const chargesLeft = new Map(input.charges.map((c) => [c.id, c.outstanding]));

  // 1. Late charges, oldest line first.
  for (const charge of [...input.charges].sort((a, b) => a.lineNumber - b.lineNumber)) {
    const paid = take(chargesLeft.get(charge.id) ?? 0n);
    if (paid <= 0n) continue;
    left -= paid;
    chargesLeft.set(charge.id, (chargesLeft.get(charge.id) ?? 0n) - paid);
    sums.CHARGE += paid;
    allocations.push({ lineNumber: charge.lineNumber, component: 'CHARGE', chargeId: charge.id, amount: paid, prepayment: false });
  }
  const payLine = (line: MutableLine) => {
    for (const component of ['FEES', 'INTEREST', 'PRINCIPAL'] as const) {
      const remainder = lineRemainder(line);
      const owed = component === 'FEES' ? remainder.fees : component === 'INTEREST' ? remainder.interest : remainder.principal;
      const paid = take(owed);
      if (paid <= 0n) continue;
      left -= paid;
      if (component === 'FEES') line.feesPaid += paid;
      else if (component === 'INTEREST') line.interestPaid += paid;
      else line.principalPaid += paid;
      sums[component] += paid;
      allocations.push({ lineNumber: line.number, component, chargeId: null, amount: paid, prepayment: false });
    }
  };
  // 2-3. What is past due, then the next instalment.
  const dueNext = new Set(dueNextLines(lines, input.today).map((l) => l.number));
  for (const line of lines) if (dueNext.has(line.number)) payLine(line);
  const mode: ExcessChoice = excess;
  let prepaid = 0n;
  const rebatedBefore = lines.reduce((s, l) => s + l.interestRebated, 0n);
  let result: MutableLine[] = lines;
  const later = lines.filter((l) => !dueNext.has(l.number) && lineRemainder(l).total > 0n);
  if (left > 0n && mode === 'NEXT_INSTALMENTS') {
    // 4a. The following instalments in full, as they fall due.
    for (const line of later) payLine(line);
  } else if (left > 0n) {
    // 4b. Principal of the remaining lines, last line first, and the rebate of unearned interest.
    for (const line of [...later].reverse()) {
      const paid = take(line.principal - line.principalPaid);
      if (paid <= 0n) continue;
      left -= paid;
      line.principalPaid += paid;
      prepaid += paid;
      sums.PRINCIPAL += paid;
      allocations.push({ lineNumber: line.number, component: 'PRINCIPAL', chargeId: null, amount: paid, prepayment: true });
    }
    if (prepaid > 0n) result = reamortiseFutureInterest(lines, input.startDate, input.today, input.monthlyRate).map((l) => ({ ...l }));
  }
  for (const line of result) {
    const charges = input.charges.filter((c) => c.lineNumber === line.number).reduce((s, c) => s + (chargesLeft.get(c.id) ?? 0n), 0n);
    if (charges === 0n) markPaid(line, input.today);
  }
  return {
    allocations,
    charges: sums.CHARGE,
    fees: sums.FEES,
    interest: sums.INTEREST,
    principal: sums.PRINCIPAL,
    prepaidPrincipal: prepaid,
    interestRebated: result.reduce((s, l) => s + l.interestRebated, 0n) - rebatedBefore,
    unallocated: left,
    lines: result,
  };
}

/** A payment that closes the loan: the payoff's allocation, and what is above the closing cost unallocated. */
function closingResult(input: AllocationInput, cost: Centavos, closing: Closing): AllocationResult {
  const sum = (component: AllocationComponent) => closing.allocations.filter((a) => a.component === component).reduce((s, a) => s + a.amount, 0n);
  const rebated = (lines: readonly ServicingLine[]) => lines.reduce((s, l) => s + l.interestRebated, 0n);
  return {
    allocations: closing.allocations,
    charges: sum('CHARGE'),
    fees: sum('FEES'),
    interest: sum('INTEREST'),
    principal: sum('PRINCIPAL'),
    prepaidPrincipal: closing.allocations.filter((a) => a.prepayment).reduce((s, a) => s + a.amount, 0n),
    interestRebated: rebated(closing.lines) - rebated(input.lines),
    unallocated: input.amount - cost,
    lines: closing.lines,
  };
}

/**
 * The most that may be paid on `today` (any source): what closing the loan costs (payoff.ts
 * closingCost). A wallet payment above it is refused before money moves; what a channel payer sent
 * above it goes to their wallet.
 */
export function maximumPayable(input: {
  lines: readonly ServicingLine[];
  charges: readonly OpenCharge[];
  startDate: string;
  today: string;
  monthlyRate: number;
}): Centavos {
  if (totalOutstanding(input.lines, input.charges) === 0n) return 0n;
  return closingCost({ lines: input.lines, charges: input.charges, startDate: input.startDate, asOf: input.today, monthlyRate: input.monthlyRate });
}

/**
 * The purpose of each part of a payment made on `paidOn` (the receipt's words), from the payment's
 * own allocations and the lines' due dates: a late charge; an instalment past its due date; the
 * next instalment (the first one not yet due that the payment reached); a later instalment paid
 * ahead; principal reduced (REDUCE_PRINCIPAL).
 */
export function allocationPurposes(
  allocations: readonly Pick<Allocation, 'component' | 'prepayment' | 'lineNumber'>[],
  dueDateOf: (lineNumber: number) => string | undefined,
  paidOn: string,
): AllocationPurpose[] {
  const notYetDue = allocations.filter((a) => a.component !== 'CHARGE' && !a.prepayment && (dueDateOf(a.lineNumber) ?? '') >= paidOn).map((a) => a.lineNumber);
  const next = notYetDue.length > 0 ? Math.min(...notYetDue) : null;
  return allocations.map((a) => {
    if (a.component === 'CHARGE') return 'CHARGES';
    if (a.prepayment) return 'REDUCE_PRINCIPAL';
    if ((dueDateOf(a.lineNumber) ?? '') < paidOn) return 'PAST_DUE';
    return a.lineNumber === next ? 'NEXT_DUE' : 'AHEAD';
  });
}

/**
 * The smallest payment accepted from any source (the wallet, a channel, an officer): ₱1.00 (or a
 * channel's own higher minimum, checked by the channel), never more than everything owed. Any
 * amount from it up to what is owed is accepted (DECISIONS.md invariant 12): a part of an
 * instalment, late charges alone.
 */
export const MINIMUM_PAYMENT: Centavos = 100n;

/** The smallest payment accepted now: MINIMUM_PAYMENT, or everything owed when less. Zero when nothing is owed. */
export function minimumPayment(lines: readonly ServicingLine[], charges: readonly OpenCharge[]): Centavos {
  const outstanding = totalOutstanding(lines, charges);
  return outstanding < MINIMUM_PAYMENT ? outstanding : MINIMUM_PAYMENT;
}
