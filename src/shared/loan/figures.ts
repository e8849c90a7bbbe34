import type { Centavos } from '../money/money';
import { isOverdue, lineRemainder, maximumPayable, totalOutstanding, type OpenCharge, type ServicingLine } from './servicing';

/**
 * One set of figures for a loan on a day (docs/decisions/062): what is past due, due now, due next
 * and owed in total, and which instalments "fell due" (the credit score's facts). Every page, SMS
 * and document that states one of these reads it from here, so the borrower's pages and the
 * officer's servicing page cannot disagree on the same day. Built on servicing.ts's primitives
 * (lineRemainder, totalOutstanding); the allocation of a payment stays there.
 *
 * Days are Philippine calendar dates (YYYY-MM-DD). An instalment "falls due" on its due date: it is
 * past due from the next day while anything of it is unpaid.
 */
export interface LoanFigures {
  /** Unpaid on instalments overdue (servicing.ts isOverdue: due date passed, more than the arrears tolerance unpaid), and every late charge still owed. */
  readonly pastDue: Centavos;
  /**
   * Unpaid on instalments whose due date has passed but within the arrears tolerance (decision 069):
   * owed and payable, not overdue. Present only when a tolerance is in force (above 0).
   */
  readonly withinTolerance?: Centavos;
  /** Unpaid on the instalments due today. */
  readonly dueToday: Centavos;
  /** What is due today: pastDue + withinTolerance + dueToday (once paid, nothing whose due date has come is left unpaid). */
  readonly dueNow: Centavos;
  /** The next instalment not yet past due with something unpaid on it (today's included): its number, date and what is unpaid. */
  readonly next: { readonly number: number; readonly dueDate: string; readonly amount: Centavos } | null;
  /** Everything still owed under the schedule (charges and every line; a payoff may be less: payoff.ts). */
  readonly total: Centavos;
  /**
   * What closing the loan costs today (payoff.ts closingCost, decision 074): the payoff quote's total,
   * the most a payment may be, and the amount at which any payment closes the loan. Present when the
   * caller gives the loan's start date and rate.
   */
  readonly closing?: Centavos;
}

/** What the closing figure needs besides the lines: the disbursement date and the schedule's contractual monthly rate. */
export interface ClosingTerms {
  readonly startDate: string;
  readonly monthlyRate: number;
}

export function loanFigures(
  lines: readonly ServicingLine[],
  charges: readonly OpenCharge[],
  today: string,
  tolerance: Centavos = 0n,
  terms?: ClosingTerms,
): LoanFigures {
  const sorted = [...lines].sort((a, b) => a.number - b.number);
  let pastDue = charges.reduce((s, c) => s + c.outstanding, 0n);
  let withinTolerance = 0n;
  let dueToday = 0n;
  let next: LoanFigures['next'] = null;
  for (const line of sorted) {
    const unpaid = lineRemainder(line).total;
    if (unpaid === 0n) continue;
    if (line.dueDate < today) {
      if (isOverdue(line, today, tolerance)) pastDue += unpaid;
      else withinTolerance += unpaid;
    } else {
      if (line.dueDate === today) dueToday += unpaid;
      next ??= { number: line.number, dueDate: line.dueDate, amount: unpaid };
    }
  }
  return {
    pastDue,
    ...(tolerance > 0n ? { withinTolerance } : {}),
    dueToday,
    dueNow: pastDue + withinTolerance + dueToday,
    next,
    total: totalOutstanding(lines, charges),
    ...(terms ? { closing: maximumPayable({ lines, charges, startDate: terms.startDate, today, monthlyRate: terms.monthlyRate }) } : {}),
  };
}

/** An instalment as the credit score sees it: its due date and the day it was fully paid. */
export interface DatedInstalment {
  readonly dueDate: string;
  readonly paidOn: string | null;
}

/**
 * The instalments that "fell due" by `today`: those whose due date has passed, and one due today
 * once it is paid (unpaid, it is not late yet). An instalment paid ahead of a due date still to
 * come (a prepayment, a payoff) has not fallen due: it counts from its due date on.
 */
export function instalmentsThatFellDue<T extends DatedInstalment>(instalments: readonly T[], today: string): T[] {
  return instalments.filter((i) => i.dueDate < today || (i.dueDate === today && i.paidOn !== null));
}
