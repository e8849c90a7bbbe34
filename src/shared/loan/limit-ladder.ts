import { text, type CatalogueText } from '../i18n/text';
import { formatAmount, type Centavos } from '../money/money';
import { daysBetween } from './dates';

/**
 * The limit ladder of a product version (docs/decisions/085): how much a member may borrow grows
 * with loans repaid on time and falls back after serious lateness. Part of the product version's
 * configuration (`ProductConfig.limitLadder`), so the figures the member, the officer and the
 * application check read are one configuration (DECISIONS.md invariant 6).
 *
 * - A loan counts when it is REPAID and every one of its instalments was paid in full at most
 *   `onTimeDays` days after its due date (loan_instalments.paid_on against due_date). Loans of any
 *   product count toward every product's ladder.
 * - The step is the highest whose `afterOnTimeLoans` is at most the number of loans counted.
 * - Serious lateness: when the member's last loan (the latest disbursed, open or repaid) has an
 *   instalment paid, or still unpaid today, `seriousLateDays` days or more after its due date, the
 *   ladder gives at most `fallbackMaxAmount` until a later loan is repaid without such lateness.
 * - The limit is the smallest of the ladder's amount, the product's maximum and the income-based
 *   maximum (eligibility.ts); money in the wallet plays no part.
 */

export interface LadderStep {
  /** Loans repaid on time needed for this step (the first step: 0). */
  readonly afterOnTimeLoans: number;
  /** The most a member on this step may borrow, in centavos. */
  readonly maxAmount: Centavos;
}

export interface LimitLadder {
  /** Ascending in both loans and amount; the first needs no loan. */
  readonly steps: readonly LadderStep[];
  /** A loan is repaid on time when no instalment was paid in full more than this many days after its due date. */
  readonly onTimeDays: number;
  /** An instalment of the last loan paid (or unpaid) this many days or more after its due date is serious lateness. */
  readonly seriousLateDays: number;
  /** The most the ladder gives while the last loan is seriously late (at most the first step's amount). */
  readonly fallbackMaxAmount: Centavos;
}

/** One instalment of a recorded loan: its due date and the Philippine date it was paid in full (null: not yet). */
export interface RecordedLine {
  readonly dueDate: string;
  readonly paidOn: string | null;
}

/** A disbursed loan of the member, as the ledger's schedule records it. */
export interface RecordedLoan {
  /** The loan's number as the borrower reads it. */
  readonly reference: string;
  readonly productCode: string;
  /** The Philippine date it was disbursed (orders the loans: the latest is the last loan). */
  readonly disbursedOn: string;
  /** The Philippine date it was repaid in full; null while open. */
  readonly repaidOn: string | null;
  readonly lines: readonly RecordedLine[];
}

/** A loan as the explanation names it, with how late its latest instalment was paid (0: none late). */
export interface CountedLoan {
  readonly reference: string;
  readonly productCode: string;
  readonly repaidOn: string | null;
  readonly mostDaysLate: number;
}

export type LimitBound = 'PRODUCT' | 'LADDER' | 'FALLBACK' | 'INCOME';

export interface CreditLimit {
  readonly productCode: string;
  /** The most the member may borrow now: min(ladder, product maximum, income-based maximum). */
  readonly limit: Centavos;
  /** min(ladder, product maximum): what an application above is refused for (the income part stays the pre-assessment's). */
  readonly ceiling: Centavos;
  /** Which of the three set the limit (the first in the order LADDER/FALLBACK, PRODUCT, INCOME when equal). */
  readonly bound: LimitBound;
  readonly productMax: Centavos;
  /** Null without an income on record. */
  readonly incomeMax: Centavos | null;
  /** Null when the product has no ladder. */
  readonly ladder: {
    readonly stepNumber: number;
    readonly stepCount: number;
    readonly step: LadderStep;
    readonly onTimeDays: number;
    readonly seriousLateDays: number;
    readonly fallbackMaxAmount: Centavos;
    /** The loans counted, oldest first. */
    readonly onTimeLoans: readonly CountedLoan[];
    /** Repaid loans not counted (an instalment paid more than onTimeDays late), oldest first. */
    readonly lateLoans: readonly CountedLoan[];
    /** The last loan when it is seriously late, else null. */
    readonly seriouslyLate: CountedLoan | null;
    /** The next step above the one reached, and how many more loans repaid on time reach it; null on the top step. */
    readonly next: { readonly stepNumber: number; readonly step: LadderStep; readonly moreLoans: number } | null;
  } | null;
}

/** The most days after its due date any instalment was paid, or is still unpaid on `today` (0 when none late). */
export function mostDaysLate(loan: RecordedLoan, today: string): number {
  let most = 0;
  for (const line of loan.lines) {
    if (line.paidOn === null && line.dueDate >= today) continue;
    const days = daysBetween(line.dueDate, line.paidOn ?? today);
    if (days > most) most = days;
  }
  return most;
}

function counted(loan: RecordedLoan, today: string): CountedLoan {
  return { reference: loan.reference, productCode: loan.productCode, repaidOn: loan.repaidOn, mostDaysLate: mostDaysLate(loan, today) };
}

/** Is the loan repaid on time under the ladder (repaid, no instalment paid more than onTimeDays late)? */
export function repaidOnTime(ladder: LimitLadder, loan: RecordedLoan): boolean {
  return loan.repaidOn !== null && loan.lines.every((l) => l.paidOn !== null && daysBetween(l.dueDate, l.paidOn) <= ladder.onTimeDays);
}

const min = (a: Centavos, b: Centavos) => (a < b ? a : b);

/**
 * The member's limit for one product from their loans (any product) and the income-based maximum.
 * Pure: the server reads the record in one place (src/server/domain/loans/record.ts).
 */
export function creditLimit(
  product: { readonly code: string; readonly maxAmount: Centavos; readonly limitLadder?: LimitLadder | undefined },
  record: readonly RecordedLoan[],
  incomeMax: Centavos | null,
  today: string,
): CreditLimit {
  const ladder = product.limitLadder;
  let ladderAmount: Centavos | null = null;
  let explained: CreditLimit['ladder'] = null;
  let fallback = false;
  if (ladder) {
    const ordered = [...record].sort((a, b) => (a.disbursedOn < b.disbursedOn ? -1 : a.disbursedOn > b.disbursedOn ? 1 : 0));
    const repaid = ordered.filter((l) => l.repaidOn !== null);
    const onTime = repaid.filter((l) => repaidOnTime(ladder, l));
    const late = repaid.filter((l) => !repaidOnTime(ladder, l));
    let stepIndex = 0;
    ladder.steps.forEach((s, i) => {
      if (s.afterOnTimeLoans <= onTime.length) stepIndex = i;
    });
    const step = ladder.steps[stepIndex]!;
    const last = ordered.at(-1);
    const seriouslyLate = last && mostDaysLate(last, today) >= ladder.seriousLateDays ? counted(last, today) : null;
    fallback = seriouslyLate !== null && ladder.fallbackMaxAmount < step.maxAmount;
    ladderAmount = fallback ? ladder.fallbackMaxAmount : step.maxAmount;
    const nextStep = ladder.steps[stepIndex + 1];
    explained = {
      stepNumber: stepIndex + 1,
      stepCount: ladder.steps.length,
      step,
      onTimeDays: ladder.onTimeDays,
      seriousLateDays: ladder.seriousLateDays,
      fallbackMaxAmount: ladder.fallbackMaxAmount,
      onTimeLoans: onTime.map((l) => counted(l, today)),
      lateLoans: late.map((l) => counted(l, today)),
      seriouslyLate,
      next: nextStep ? { stepNumber: stepIndex + 2, step: nextStep, moreLoans: nextStep.afterOnTimeLoans - onTime.length } : null,
    };
  }
  const ceiling = ladderAmount === null ? product.maxAmount : min(ladderAmount, product.maxAmount);
  const limit = incomeMax === null ? ceiling : min(ceiling, incomeMax);
  let bound: LimitBound;
  if (ladderAmount !== null && ladderAmount <= product.maxAmount && (incomeMax === null || ladderAmount <= incomeMax)) bound = fallback ? 'FALLBACK' : 'LADDER';
  else if (incomeMax === null || product.maxAmount <= incomeMax) bound = 'PRODUCT';
  else bound = 'INCOME';
  return { productCode: product.code, limit, ceiling, bound, productMax: product.maxAmount, incomeMax, ladder: explained };
}

/**
 * What in a ladder cannot be offered (the order of the steps, a fallback above the first step), as
 * catalogue texts (limits.problems). A step above the product's maximum is allowed: the limit is
 * the smaller of the two, so a copy of a product with a narrower range keeps a sound ladder.
 */
export function ladderProblems(p: { readonly limitLadder?: LimitLadder | undefined }): CatalogueText[] {
  const ladder = p.limitLadder;
  if (!ladder) return [];
  const problems: CatalogueText[] = [];
  const first = ladder.steps[0];
  if (!first || first.afterOnTimeLoans !== 0) problems.push(text('limits.problems.firstStep'));
  let unordered = false;
  ladder.steps.forEach((s, i) => {
    const before = ladder.steps[i - 1];
    if (!Number.isInteger(s.afterOnTimeLoans) || s.afterOnTimeLoans < 0) problems.push(text('limits.problems.loansWhole'));
    if (before && (s.afterOnTimeLoans <= before.afterOnTimeLoans || s.maxAmount <= before.maxAmount)) unordered = true;
  });
  if (unordered) problems.push(text('limits.problems.ascending'));
  if (ladder.steps.some((s) => s.maxAmount <= 0n)) problems.push(text('limits.problems.stepPositive'));
  if (ladder.fallbackMaxAmount <= 0n || (first && ladder.fallbackMaxAmount > first.maxAmount)) {
    problems.push(text('limits.problems.fallbackRange', { amount: formatAmount(ladder.fallbackMaxAmount) }));
  }
  if (
    !Number.isInteger(ladder.onTimeDays) ||
    ladder.onTimeDays < 0 ||
    !Number.isInteger(ladder.seriousLateDays) ||
    ladder.seriousLateDays <= ladder.onTimeDays
  ) {
    problems.push(text('limits.problems.days'));
  }
  return problems;
}
