import type { Centavos } from '../money/money';
import { costCap } from './charges';
import { DEFAULT_TIMING, dueDates, type ScheduleTiming } from './dates';
import { addDays } from './day';
import type { ProductConfig } from './product';
import { buildSchedule, type Schedule, type ScheduleLine } from './schedule';
import type { ServicingLine } from './servicing';

/**
 * Loan extensions (specification section 9; docs/decisions/016-extensions.md).
 *
 * An extension re-schedules the REMAINING principal over a new term with the one schedule engine
 * (`buildSchedule`, never a second engine): the lines from the first unpaid one (`fromLine`) on are
 * replaced by the engine's schedule of the principal still owed on them over the new term, starting
 * on the day the current period began, so the current period's interest is in its first line. The
 * new lines keep the loan's numbering and day of the month: line k is due `dueDate(loanStart, k)`,
 * as at disbursement. Lines fully paid stay as they are; nothing already paid is touched, so the
 * ledger (principal owed = LOANS_RECEIVABLE; paid amounts = allocations) is unchanged.
 *
 * What was already paid toward the replaced lines (a prepayment, part of the next instalment) stays
 * paid (docs/decisions/062-extensions-after-prepayment.md): the engine re-schedules the principal
 * still OWED on them (principal - principal paid), and each stored new line k carries what old line
 * k had paid (`stored`): its principal is the engine's plus the principal paid on old line k (so the
 * sum of principals is still the loan's), its interest and fees at least what was paid on them (the
 * interest paid for a period is credited against that period's new interest). Every number of an
 * old line exists in the new schedule (the new end is later), so no paid amount loses its line and
 * the ledger (principal owed = LOANS_RECEIVABLE) is unchanged.
 *
 * Refusals, as codes: the request must be made at least EXTENSION_NOTICE_DAYS (5) before the
 * contract period ends (the last due date); nothing may be past due; the new term is one of the
 * product's terms and ends later than the current schedule; and the whole loan's interest, fees and
 * charges, with any extension fee (financed on the new lines: never payable before the extension
 * takes effect), stay within the cost cap over the extended term. A prepayment, or part of an
 * instalment paid early, is never a reason to refuse.
 */

export const EXTENSION_NOTICE_DAYS = 5;

/** NOT_MONTHLY: a SEMI_MONTHLY loan (docs/decisions/084) is not extended: its lines are half-months, the extension's term is months. */
export type ExtensionRefusal = 'NOT_SCHEDULED' | 'TOO_LATE' | 'PAST_DUE' | 'TERM_NOT_OFFERED' | 'NOT_LONGER' | 'OVER_CAP' | 'NOT_MONTHLY';

/** A new line as stored once the extension takes effect: the engine's line plus what the old line of that number had paid. */
export interface StoredExtensionLine extends ScheduleLine {
  readonly principalPaid: Centavos;
  readonly interestPaid: Centavos;
  readonly feesPaid: Centavos;
}

export interface ExtensionInput {
  readonly product: ProductConfig;
  /** The loan's principal and its schedule start (the disbursement date the due dates count from). */
  readonly principal: Centavos;
  readonly startDate: string;
  /** When the loan's instalments fall due (default: monthly on the disbursement day); the new lines keep it. */
  readonly timing?: ScheduleTiming;
  readonly lines: readonly ServicingLine[];
  /** Late charges ever charged and not waived (what counts against the cap). */
  readonly chargesCounted: Centavos;
  /** Charges still owed: any makes the loan past due. */
  readonly chargesOwed: Centavos;
  readonly today: string;
  /** The new term, in months, for the remaining principal. */
  readonly newTerm: number;
  /** An extension fee (centavos), financed on the new lines; 0 when the product has none. */
  readonly fee: Centavos;
}

export interface ExtensionPlan {
  readonly fromLine: number;
  readonly remainingPrincipal: Centavos;
  /** The day the current period began: the new schedule's start. */
  readonly periodStart: string;
  readonly currentEndDate: string;
  /** The last day a request is accepted: EXTENSION_NOTICE_DAYS before the current end. */
  readonly requestDeadline: string;
  readonly newEndDate: string;
  /** The new lines, numbered and dated as the loan's: what is still to pay (the new disclosure statement's schedule). */
  readonly schedule: Schedule;
  /** The new lines as stored: the engine's plus what was already paid on the old line of each number. */
  readonly stored: readonly StoredExtensionLine[];
  /** Every line after the extension (the kept ones, then the stored new ones). */
  readonly lines: readonly ScheduleLine[];
  /** Months from disbursement to the new end. */
  readonly totalMonths: number;
  /** Interest + fees + charges of the whole loan once extended, and the cap over the extended term. */
  readonly totalCost: Centavos;
  readonly cap: Centavos;
}

export type ExtensionResult =
  { readonly ok: true; readonly plan: ExtensionPlan } | { readonly ok: false; readonly refusal: ExtensionRefusal; readonly deadline?: string };

/** The last day an extension may be requested for these lines. */
export function requestDeadline(lines: readonly Pick<ServicingLine, 'dueDate'>[]): string | null {
  const end = lines.reduce<string | null>((max, l) => (max === null || l.dueDate > max ? l.dueDate : max), null);
  return end === null ? null : addDays(end, -EXTENSION_NOTICE_DAYS);
}

export function planExtension(input: ExtensionInput): ExtensionResult {
  const lines = [...input.lines].sort((a, b) => a.number - b.number);
  const first = lines.find((l) => l.paidOn === null);
  const deadline = requestDeadline(lines);
  if (!first || deadline === null) return { ok: false, refusal: 'NOT_SCHEDULED' };
  const timing = input.timing ?? DEFAULT_TIMING;
  if (timing.frequency !== 'MONTHLY') return { ok: false, refusal: 'NOT_MONTHLY' };
  const lineDue = (k: number) => dueDates(input.startDate, k, timing)[k - 1]!;
  if (input.today > deadline) return { ok: false, refusal: 'TOO_LATE', deadline };
  if (input.chargesOwed > 0n || lines.some((l) => l.paidOn === null && l.dueDate < input.today)) return { ok: false, refusal: 'PAST_DUE' };
  const replaced = lines.filter((l) => l.number >= first.number);
  if (!input.product.terms.includes(input.newTerm)) return { ok: false, refusal: 'TERM_NOT_OFFERED' };

  const kept = lines.filter((l) => l.number < first.number);
  const offset = first.number - 1;
  const totalMonths = offset + input.newTerm;
  const currentEndDate = lines.at(-1)!.dueDate;
  const newEndDate = lineDue(totalMonths);
  if (newEndDate <= currentEndDate) return { ok: false, refusal: 'NOT_LONGER' };

  const remainingPrincipal = replaced.reduce((s, l) => s + l.principal - l.principalPaid, 0n);
  const periodStart = offset === 0 ? input.startDate : kept.at(-1)!.dueDate;
  // The engine on the remaining principal; the product's own fees were for the original loan (an
  // extension lends nothing new), the extension fee, if any, is financed on the new lines.
  const product: ProductConfig = {
    ...input.product,
    fees: input.fee > 0n ? [{ code: 'EXTENSION', label: 'Extension fee', treatment: 'ADDED_TO_SCHEDULE', flat: input.fee, bpsOfPrincipal: 0 }] : [],
  };
  const engine = buildSchedule(product, remainingPrincipal, input.newTerm, periodStart);
  const newLines: ScheduleLine[] = engine.lines.map((l) => ({ ...l, number: offset + l.number, dueDate: lineDue(offset + l.number) }));
  const schedule: Schedule = { ...engine, lines: newLines };
  const stored: StoredExtensionLine[] = newLines.map((l) => {
    const old = replaced.find((o) => o.number === l.number);
    const principalPaid = old?.principalPaid ?? 0n;
    const interestPaid = old?.interestPaid ?? 0n;
    const feesPaid = old?.feesPaid ?? 0n;
    const principal = l.principal + principalPaid;
    const interest = l.interest > interestPaid ? l.interest : interestPaid;
    const fees = l.fees > feesPaid ? l.fees : feesPaid;
    return { ...l, principal, interest, fees, total: principal + interest + fees, principalPaid, interestPaid, feesPaid };
  });

  const keptLines: ScheduleLine[] = kept.map((l) => ({
    number: l.number,
    dueDate: l.dueDate,
    principal: l.principal,
    interest: l.interest - l.interestRebated,
    fees: l.fees,
    total: l.principal + l.interest - l.interestRebated + l.fees,
    balanceAfter: 0n,
  }));
  let balance = input.principal;
  const all = [...keptLines, ...stored].map((l) => {
    balance -= l.principal;
    return { ...l, balanceAfter: balance };
  });
  const totalCost = all.reduce((s, l) => s + l.interest + l.fees, 0n) + input.chargesCounted;
  const cap = costCap(input.product, input.principal, totalMonths);
  if (totalCost > cap) return { ok: false, refusal: 'OVER_CAP' };
  return {
    ok: true,
    plan: {
      fromLine: first.number,
      remainingPrincipal,
      periodStart,
      currentEndDate,
      requestDeadline: deadline,
      newEndDate,
      schedule,
      stored,
      lines: all,
      totalMonths,
      totalCost,
      cap,
    },
  };
}

/**
 * The loan's schedule once an extension is in effect, for servicing (the payoff's contractual rate,
 * the cap's headroom for late charges): the whole loan's principal with the extended term, the
 * stored lines' totals and the new lines' contractual rate (stored when the extension took effect).
 */
export function extendedSchedule(
  original: Schedule,
  lines: readonly Pick<ScheduleLine, 'number' | 'dueDate' | 'principal' | 'interest' | 'fees' | 'total'>[],
  totalMonths: number,
  contractualMonthlyRate: number,
): Schedule {
  const sorted = [...lines].sort((a, b) => a.number - b.number);
  let balance = original.principal;
  const all: ScheduleLine[] = sorted.map((l) => {
    balance -= l.principal;
    return { number: l.number, dueDate: l.dueDate, principal: l.principal, interest: l.interest, fees: l.fees, total: l.total, balanceAfter: balance };
  });
  const totalInterest = all.reduce((s, l) => s + l.interest, 0n);
  const feesFinanced = all.reduce((s, l) => s + l.fees, 0n);
  return {
    ...original,
    termMonths: totalMonths,
    contractualMonthlyRate,
    totalInterest,
    feesFinanced,
    totalFees: original.feesDeducted + feesFinanced,
    totalFinanceCharge: totalInterest + original.feesDeducted + feesFinanced,
    totalPayable: all.reduce((s, l) => s + l.total, 0n),
    lines: all,
  };
}
