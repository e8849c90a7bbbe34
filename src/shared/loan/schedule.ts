import type { Centavos } from '../money/money';
import { DEFAULT_TIMING, dueDates, isDisbursementDayRule, monthsBetween, periodsPerMonth, type ScheduleFrequency, type ScheduleTiming } from './dates';
import { addOnMonthlyInstalment, annuityInstalment } from './instalment';
import type { FeeTreatment, InterestModel, ProductConfig } from './product';
import { annualise, solvePeriodicRate } from './rate-solver';
import { SCHEDULE_TERM_MAX_MONTHS, TERM_MIN_MONTHS } from './product-limits';

/**
 * The one schedule engine (DECISIONS.md invariant 6): the calculator preview, the disclosure
 * statement, the contract and the ledger all use `buildSchedule`.
 *
 * 1. The payments. ADD_ON: every instalment is section 9's figure, ceil(principal / months + rate x
 *    principal) to a whole peso, except the last, which takes the rounding residue so that the
 *    payments total exactly principal + rate x principal x months. DECLINING_BALANCE: the level
 *    annuity rounded up to a whole peso; the last pays the remaining balance and its interest.
 * 2. The split into principal and interest, on the outstanding balance at the beginning of each
 *    month (BSP Circular 730: "interest per installment period shall be calculated based on the
 *    outstanding balance"): DECLINING_BALANCE at the configured rate; ADD_ON at the monthly rate the
 *    add-on payments correspond to (the rate that discounts them to the principal), so the total
 *    interest is still exactly the add-on interest. Interest is rounded to the centavo (declining balance: down, so the last
 *    payment never exceeds the regular one; add-on: half up on the implied balance); the last instalment takes the remaining principal, so principal parts total the principal exactly.
 * 3. Fees: deducted from the proceeds, or spread evenly over the instalments (residue on the last).
 *    Never payable up front (DECISIONS.md invariant 4).
 * 4. The effective interest rate (BSP): the monthly rate that discounts every instalment on its
 *    actual due date (dates.ts monthsBetween: whole calendar months and the share of the month) to
 *    the net proceeds (principal minus the fees deducted), with its annual figures.
 * 5. The timing (docs/decisions/084): MONTHLY (one instalment a month, on the disbursement day or
 *    the day the borrower picked) or SEMI_MONTHLY (two a month, on the 15th and the last day). A
 *    SEMI_MONTHLY loan of n months has 2n instalments; each period carries half the monthly rate:
 *    ADD_ON, half a month's add-on interest (the total is still rate x principal x months);
 *    DECLINING_BALANCE, half the monthly rate on the outstanding balance (the same nominal rate a
 *    year). Dates are dates.ts dueDates.
 */

export interface FeeCharge {
  readonly code: string;
  readonly label: string;
  readonly treatment: FeeTreatment;
  readonly amount: Centavos;
}

export interface ScheduleLine {
  /** 1-based. */
  readonly number: number;
  readonly dueDate: string;
  readonly principal: Centavos;
  readonly interest: Centavos;
  readonly fees: Centavos;
  readonly total: Centavos;
  /** The principal still owed after this instalment. */
  readonly balanceAfter: Centavos;
}

export interface EffectiveRate {
  /** The monthly rate (0.0089 = 0.89 % a month). */
  readonly monthly: number;
  /** x 12: the annual figure the disclosure statement shows. */
  readonly annualNominal: number;
  /** (1 + monthly)^12 - 1, for comparison. */
  readonly annualCompounded: number;
}

export interface Schedule {
  readonly productVersion: number;
  /** How often the instalments fall due, and the day of the month picked (null: the disbursement day). */
  readonly frequency: ScheduleFrequency;
  readonly dueDay: number | null;
  readonly model: InterestModel;
  readonly monthlyRateBps: number;
  readonly principal: Centavos;
  readonly termMonths: number;
  /** The disbursement date the due dates count from. */
  readonly startDate: string;
  /** The monthly rate the interest column is computed at, on the outstanding balance (SEMI_MONTHLY: the period's rate x 2, nominal). */
  readonly contractualMonthlyRate: number;
  /**
   * The rate of one instalment period the interest column is computed at (MONTHLY: the monthly
   * rate; SEMI_MONTHLY: half of it): what payoff and servicing accrue over a period's days.
   */
  readonly contractualPeriodRate: number;
  readonly fees: readonly FeeCharge[];
  readonly feesDeducted: Centavos;
  readonly feesFinanced: Centavos;
  readonly netProceeds: Centavos;
  readonly totalInterest: Centavos;
  readonly totalFees: Centavos;
  /** Interest plus every fee (BSP's finance charge). */
  readonly totalFinanceCharge: Centavos;
  /** Sum of the instalments. */
  readonly totalPayable: Centavos;
  /** The first (and largest) instalment. */
  readonly regularInstalment: Centavos;
  readonly lines: readonly ScheduleLine[];
  readonly eir: EffectiveRate;
}

/** amount x bps / 10,000 rounded down (a fee rounds in the borrower's favour). */
function bpsOfDown(amount: Centavos, bps: number): Centavos {
  return (amount * BigInt(bps)) / 10_000n;
}

/** n / d rounded half up, for n >= 0 and d > 0. */
export function divRoundHalfUp(n: bigint, d: bigint): bigint {
  if (n < 0n || d <= 0n) throw new RangeError('divRoundHalfUp takes n >= 0 and d > 0');
  return (2n * n + d) / (2n * d);
}

/** Scale of the add-on model's implied monthly rate when it splits interest (15 decimals). */
export const RATE_SCALE = 10n ** 15n;

/** The product's fees on a principal. */
function feeCharges(product: ProductConfig, principal: Centavos): FeeCharge[] {
  return product.fees.map((fee) => ({
    code: fee.code,
    label: fee.label,
    treatment: fee.treatment,
    amount: fee.flat + bpsOfDown(principal, fee.bpsOfPrincipal),
  }));
}

/** The payment of principal and interest a month (without fees), before the last one's residue. */
function levelPayment(product: ProductConfig, principal: Centavos, termMonths: number, frequency: ScheduleFrequency = 'MONTHLY'): Centavos {
  const bps = product.interest.monthlyRateBps;
  const ppm = periodsPerMonth(frequency);
  const n = termMonths * ppm;
  return product.interest.model === 'ADD_ON' ? addOnMonthlyInstalment(principal, n, bps, ppm) : annuityInstalment(principal, n, bps, ppm);
}

/** The regular (first, largest) instalment including its share of financed fees, without building the schedule. */
export function regularInstalment(product: ProductConfig, principal: Centavos, termMonths: number): Centavos {
  const financed = feeCharges(product, principal)
    .filter((f) => f.treatment === 'ADDED_TO_SCHEDULE')
    .reduce((sum, f) => sum + f.amount, 0n);
  return levelPayment(product, principal, termMonths) + financed / BigInt(termMonths);
}

/** The add-on total interest: rate x principal x months, rounded down to the centavo. */
export function addOnTotalInterest(principal: Centavos, termMonths: number, monthlyRateBps: number): Centavos {
  return (principal * BigInt(monthlyRateBps) * BigInt(termMonths)) / 10_000n;
}

interface Split {
  readonly payments: bigint[];
  readonly principalParts: bigint[];
  readonly interestParts: bigint[];
  /** The rate of one instalment period. */
  readonly periodRate: number;
}

/**
 * Why a schedule cannot be built, as one of a fixed set: the product rules name it to the ADMIN in
 * their language (validate.ts, backoffice.settings.productForm.problems.schedule*), never by this
 * error's English words (decision 056).
 */
export type ScheduleFailure = 'AMOUNT_TOO_SMALL_FOR_TERM' | 'FEES_LEAVE_NO_PROCEEDS' | 'PRINCIPAL_NOT_POSITIVE' | 'TERM_OUT_OF_RANGE';

/** A schedule that cannot exist for this amount and term; `failure` says why. */
export class ScheduleRefused extends RangeError {
  constructor(
    readonly failure: ScheduleFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ScheduleRefused';
  }
}

function degenerate(): ScheduleRefused {
  return new ScheduleRefused('AMOUNT_TOO_SMALL_FOR_TERM', 'The amount is too small for this term: an instalment would repay no principal or no interest.');
}

function splitAddOn(principal: Centavos, months: number, bps: number, ppm: number): Split {
  const n = months * ppm;
  const N = BigInt(n);
  const level = addOnMonthlyInstalment(principal, n, bps, ppm);
  const total = principal + addOnTotalInterest(principal, months, bps);
  const payments = Array.from({ length: n }, () => level);
  payments[n - 1] = total - level * (N - 1n);
  if (payments[n - 1]! <= 0n) throw degenerate();
  if (bps === 0) return { payments, principalParts: [...payments], interestParts: payments.map(() => 0n), periodRate: 0 };

  // The rate that discounts the payments to the principal, as an exact decimal of 15 places. The
  // balance runs exactly at that rate (in units of 10^-15 centavo); each line's principal is the
  // drop of the balance rounded to the centavo, so rounding never accumulates and the principal
  // parts telescope to the principal; the interest is the rest of the payment.
  const rate = solvePeriodicRate(payments.map(Number), Number(principal));
  const scaled = BigInt(Math.round(rate * Number(RATE_SCALE)));
  const principalParts: bigint[] = [];
  const interestParts: bigint[] = [];
  let exact = principal * RATE_SCALE;
  let rounded = principal;
  for (let k = 0; k < n; k++) {
    const payment = payments[k]!;
    exact = exact + (exact * scaled) / RATE_SCALE - payment * RATE_SCALE;
    const next = k === n - 1 ? 0n : exact > 0n ? divRoundHalfUp(exact, RATE_SCALE) : 0n;
    const part = rounded - next;
    if (part < 0n || part > payment || (k < n - 1 && next <= 0n)) throw degenerate();
    principalParts.push(part);
    interestParts.push(payment - part);
    rounded = next;
  }
  return { payments, principalParts, interestParts, periodRate: rate };
}

/** amount x bps / (10,000 x ppm), rounded down: a period's interest at the monthly rate over ppm periods a month. */
function periodInterestDown(amount: Centavos, bps: number, ppm: number): Centavos {
  return (amount * BigInt(bps)) / (10_000n * BigInt(ppm));
}

function splitDeclining(principal: Centavos, months: number, bps: number, ppm: number): Split {
  const n = months * ppm;
  const level = annuityInstalment(principal, n, bps, ppm);
  const payments: bigint[] = [];
  const principalParts: bigint[] = [];
  const interestParts: bigint[] = [];
  let balance = principal;
  for (let k = 0; k < n; k++) {
    // Rounded down (in the borrower's favour): the balance then never runs above the exact annuity's,
    // so the last payment is never more than the regular one. Half up let it run 2 centavos over.
    const interest = periodInterestDown(balance, bps, ppm);
    if (k === n - 1) {
      payments.push(balance + interest);
      principalParts.push(balance);
      interestParts.push(interest);
      balance = 0n;
      break;
    }
    const part = level - interest;
    if (part <= 0n || part >= balance) throw degenerate();
    payments.push(level);
    principalParts.push(part);
    interestParts.push(interest);
    balance -= part;
  }
  return { payments, principalParts, interestParts, periodRate: bps / 10_000 / ppm };
}

/**
 * The full schedule of `principal` over `termMonths` under `product`, due dates counted from
 * `startDate` by `timing` (default: monthly on the disbursement day).
 */
export function buildSchedule(
  product: ProductConfig,
  principal: Centavos,
  termMonths: number,
  startDate: string,
  timing: ScheduleTiming = DEFAULT_TIMING,
): Schedule {
  if (principal <= 0n) throw new ScheduleRefused('PRINCIPAL_NOT_POSITIVE', 'The principal must be positive');
  if (!Number.isInteger(termMonths) || termMonths < TERM_MIN_MONTHS || termMonths > SCHEDULE_TERM_MAX_MONTHS)
    throw new ScheduleRefused('TERM_OUT_OF_RANGE', 'The term must be a whole number of months');
  const ppm = periodsPerMonth(timing.frequency);
  const n = termMonths * ppm;
  const N = BigInt(n);
  const bps = product.interest.monthlyRateBps;
  const fees = feeCharges(product, principal);
  const feesDeducted = fees.filter((f) => f.treatment === 'DEDUCTED_FROM_PROCEEDS').reduce((s, f) => s + f.amount, 0n);
  const feesFinanced = fees.filter((f) => f.treatment === 'ADDED_TO_SCHEDULE').reduce((s, f) => s + f.amount, 0n);
  if (feesDeducted >= principal) throw new ScheduleRefused('FEES_LEAVE_NO_PROCEEDS', 'The fees deducted would leave no proceeds');
  const netProceeds = principal - feesDeducted;

  const split = product.interest.model === 'ADD_ON' ? splitAddOn(principal, termMonths, bps, ppm) : splitDeclining(principal, termMonths, bps, ppm);
  const dates = dueDates(startDate, n, timing);
  const feeShare = feesFinanced / N;
  let balance = principal;
  const lines: ScheduleLine[] = split.payments.map((payment, k) => {
    const fee = k === n - 1 ? feesFinanced - feeShare * (N - 1n) : feeShare;
    balance -= split.principalParts[k]!;
    return {
      number: k + 1,
      dueDate: dates[k]!,
      principal: split.principalParts[k]!,
      interest: split.interestParts[k]!,
      fees: fee,
      total: payment + fee,
      balanceAfter: balance,
    };
  });
  const totalInterest = split.interestParts.reduce((s, v) => s + v, 0n);
  const totalPayable = lines.reduce((s, l) => s + l.total, 0n);
  // Each payment discounted over its actual time from the disbursement, in months. On the
  // disbursement day every month that time is 1, 2, 3, ... exactly, and the plain periodic solve is used.
  const regular = isDisbursementDayRule(startDate, timing);
  const times = regular ? undefined : dates.map((d) => monthsBetween(startDate, d));
  const monthly = solvePeriodicRate(
    lines.map((l) => Number(l.total)),
    Number(netProceeds),
    times,
  );
  const annual = annualise(monthly);
  return {
    productVersion: product.version,
    frequency: timing.frequency,
    dueDay: timing.dueDay,
    model: product.interest.model,
    monthlyRateBps: bps,
    principal,
    termMonths,
    startDate,
    contractualMonthlyRate: split.periodRate * ppm,
    contractualPeriodRate: split.periodRate,
    fees,
    feesDeducted,
    feesFinanced,
    netProceeds,
    totalInterest,
    totalFees: feesDeducted + feesFinanced,
    totalFinanceCharge: totalInterest + feesDeducted + feesFinanced,
    totalPayable,
    regularInstalment: lines[0]!.total,
    lines,
    eir: { monthly, annualNominal: annual.nominal, annualCompounded: annual.compounded },
  };
}
