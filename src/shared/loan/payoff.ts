import type { Centavos } from '../money/money';
import { daysBetween } from './dates';
import { RATE_SCALE } from './schedule';
import { isPayable, lineRemainder, periodStart, roundAccruedDown, scaledRate } from './lines';
import type { Allocation, OpenCharge, ServicingLine } from './servicing';

/**
 * What closing the loan costs on a day, and the payoff quote that shows it (RA 11765, DECISIONS.md invariant 11; docs/decisions/012-servicing.md).
 *
 * On the payoff date D:
 * - every line due on or before D is owed in full (its unpaid fees, interest and principal), and
 *   every unpaid late charge;
 * - the line whose period contains D (previous due date < D < its due date) owes the interest
 *   earned so far by the ACTUARIAL method: the principal still owed on it and every later line,
 *   times the contract's monthly rate (the rate the schedule's interest column runs at, which is the
 *   effective rate of a loan with no fee deducted), times the days elapsed in the period over the
 *   period's days, rounded down; never less than interest already paid on that line (no refund of
 *   interest paid ahead within the current period);
 * - every later line owes only its principal: its interest is unearned and rebated.
 * Of every line not yet due (the current one and the later ones) only the principal (and, on the
 * current one, the interest earned so far) is owed: their financed fees (treatment
 * ADDED_TO_SCHEDULE, part of later instalments) are not charged (`feeRebate`), as the contract's
 * section 9 says ("the outstanding principal balance plus interest on it for the current month";
 * docs/decisions/053-payoff-owes-no-fees-of-lines-not-yet-due.md). Fees deducted from the proceeds
 * were paid at disbursement and are on no line. The interest rebate is the scheduled interest still
 * unpaid less the interest the quote charges. There is no prepayment penalty: the product has none
 * (never the rule of 78s).
 *
 * This is the ONE closing rule (docs/decisions/074-one-closing-rule.md): the payoff quote, the most
 * a payment may be (a payment of at least `closingCost` closes the loan, whatever its source and the
 * borrower's choice: servicing.ts allocatePayment) and the officer's figures (figures.ts) all read it.
 * What closing leaves on each line is `closeLoan`, used by the payoff and by a closing payment alike.
 */
export interface PayoffLine {
  readonly number: number;
  readonly principal: Centavos;
  readonly interest: Centavos;
  readonly fees: Centavos;
}

export interface PayoffQuote {
  readonly asOf: string;
  readonly principal: Centavos;
  /** Interest owed: unpaid interest of lines already due plus interest earned in the current period. */
  readonly interest: Centavos;
  readonly fees: Centavos;
  readonly charges: Centavos;
  readonly prepaymentPenalty: Centavos;
  readonly total: Centavos;
  /** Scheduled interest still unpaid that the payoff does not charge. */
  readonly interestRebate: Centavos;
  /** Financed fees of lines not yet due, still unpaid, that the payoff does not charge. */
  readonly feeRebate: Centavos;
  /** What each line owes in the payoff (the allocation of the payoff). */
  readonly lines: readonly PayoffLine[];
  /** Interest earned in the current period, with how it was computed (null when no period is running). */
  readonly accrual: {
    readonly lineNumber: number;
    readonly balance: Centavos;
    readonly days: number;
    readonly periodDays: number;
    readonly amount: Centavos;
  } | null;
}

export function payoffQuote(input: {
  readonly lines: readonly ServicingLine[];
  readonly charges: readonly OpenCharge[];
  readonly startDate: string;
  readonly asOf: string;
  readonly monthlyRate: number;
}): PayoffQuote {
  const lines = [...input.lines].sort((a, b) => a.number - b.number);
  if (input.asOf < input.startDate) throw new RangeError('A payoff date is on or after the disbursement date');
  const rate = scaledRate(input.monthlyRate);
  const out: PayoffLine[] = [];
  let accrual: PayoffQuote['accrual'] = null;
  let scheduledInterestLeft = 0n;
  let feeRebate = 0n;
  for (const line of lines) {
    const remainder = lineRemainder(line);
    scheduledInterestLeft += remainder.interest;
    const start = periodStart(lines, line.number, input.startDate);
    if (line.dueDate <= input.asOf) {
      out.push({ number: line.number, principal: remainder.principal, interest: remainder.interest, fees: remainder.fees });
    } else if (start < input.asOf) {
      const balance = lines.filter((l) => l.number >= line.number).reduce((s, l) => s + (l.principal - l.principalPaid), 0n);
      const days = daysBetween(start, input.asOf);
      const periodDays = daysBetween(start, line.dueDate);
      const earned = roundAccruedDown(balance * rate * BigInt(days), RATE_SCALE * BigInt(periodDays));
      const owedOnLine = line.interest - line.interestRebated;
      const total = earned < line.interestPaid ? line.interestPaid : earned > owedOnLine ? owedOnLine : earned;
      const interest = total - line.interestPaid;
      accrual = { lineNumber: line.number, balance, days, periodDays, amount: interest };
      feeRebate += remainder.fees;
      out.push({ number: line.number, principal: remainder.principal, interest, fees: 0n });
    } else {
      feeRebate += remainder.fees;
      out.push({ number: line.number, principal: remainder.principal, interest: 0n, fees: 0n });
    }
  }
  const principal = out.reduce((s, l) => s + l.principal, 0n);
  const interest = out.reduce((s, l) => s + l.interest, 0n);
  const fees = out.reduce((s, l) => s + l.fees, 0n);
  const charges = input.charges.reduce((s, c) => s + c.outstanding, 0n);
  const prepaymentPenalty = 0n;
  return {
    asOf: input.asOf,
    principal,
    interest,
    fees,
    charges,
    prepaymentPenalty,
    total: principal + interest + fees + charges + prepaymentPenalty,
    interestRebate: scheduledInterestLeft - interest,
    feeRebate,
    lines: out,
    accrual,
  };
}

export interface ClosingInput {
  readonly lines: readonly ServicingLine[];
  readonly charges: readonly OpenCharge[];
  readonly startDate: string;
  /** The Philippine date of the closing. */
  readonly asOf: string;
  /** The rate the schedule's interest column runs at (Schedule.contractualMonthlyRate). */
  readonly monthlyRate: number;
}

/** What closing the loan costs on `asOf`: the payoff quote's total (charges, lines due, interest earned to the day, principal). */
export function closingCost(input: ClosingInput): Centavos {
  return payoffQuote(input).total;
}

export interface Closing {
  /** Every open charge, oldest line first, then each line's fees, interest, principal as the quote asks them. */
  readonly allocations: readonly Allocation[];
  /** The lines once closed: all principal paid, the quote's interest and fees paid, the rest rebated, paidOn set. */
  readonly lines: readonly ServicingLine[];
}

/**
 * Closes the loan on `today` by the quote `q` (payoffQuote of the same lines, charges and day):
 * what each line and charge receives, and the lines afterwards. The interest the quote does not ask
 * is rebated on its line (`interestRebated`), as are the financed fees of lines not yet due
 * (`feesRebated`, decision 053). Principal of a line whose period has not begun is a prepayment.
 */
export function closeLoan(
  input: { readonly lines: readonly ServicingLine[]; readonly charges: readonly OpenCharge[]; readonly startDate: string },
  q: PayoffQuote,
  today: string,
): Closing {
  if (q.asOf !== today) throw new RangeError('A loan is closed by the quote of the same day');
  const allocations: Allocation[] = [];
  for (const c of [...input.charges].sort((a, b) => a.lineNumber - b.lineNumber))
    if (c.outstanding > 0n) allocations.push({ lineNumber: c.lineNumber, component: 'CHARGE', chargeId: c.id, amount: c.outstanding, prepayment: false });
  const sorted = [...input.lines].sort((a, b) => a.number - b.number);
  const lines = sorted.map((line): ServicingLine => {
    const ql = q.lines.find((l) => l.number === line.number);
    if (!ql) throw new RangeError(`The quote has no line ${line.number}`);
    const payable = isPayable(sorted, line.number, input.startDate, today);
    if (ql.fees > 0n) allocations.push({ lineNumber: line.number, component: 'FEES', chargeId: null, amount: ql.fees, prepayment: false });
    if (ql.interest > 0n) allocations.push({ lineNumber: line.number, component: 'INTEREST', chargeId: null, amount: ql.interest, prepayment: false });
    if (ql.principal > 0n) allocations.push({ lineNumber: line.number, component: 'PRINCIPAL', chargeId: null, amount: ql.principal, prepayment: !payable });
    const interestPaid = line.interestPaid + ql.interest;
    const feesPaid = line.feesPaid + ql.fees;
    return {
      ...line,
      principalPaid: line.principal,
      feesPaid,
      feesRebated: line.fees - feesPaid,
      interestPaid,
      interestRebated: line.interest - interestPaid,
      paidOn: line.paidOn ?? today,
    };
  });
  return { allocations, lines };
}
