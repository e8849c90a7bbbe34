import { loans } from '../i18n/en/loans';
import { formatAmount, type Centavos } from '../money/money';
import { addMonths } from './dates';
import type { ProductConfig } from './product';
import { regularInstalment } from './schedule';

/**
 * The instant automated pre-assessment (DECISIONS.md section 1: "instant approval" becomes an
 * instant pre-assessment followed by officer verification). docs/decisions/007 explains the rules:
 *
 * - Age: at least `minAge` on the application date, and the loan ends on or before the
 *   `maxAgeAtTermEnd`-th birthday (the last due date is the application date plus the term; a
 *   29 February birthday falls on 1 March in a common year, as activation counts it).
 * - Income multiple: the amount is at most the monthly net income times the term's multiple
 *   (section 9's agreement text: "maximum approval limit 12 to 48 times net income").
 * - Debt-service ratio: the regular instalment is at most `maxDebtServiceRatioBps` of the monthly
 *   net income.
 *
 * The maximum eligible amount for a term is the largest whole-peso amount passing all three and
 * inside the product's range; 0 when none does.
 */

export const ELIGIBILITY_CODES = [
  'BIRTH_DATE_MISSING',
  'AGE_BELOW_MINIMUM',
  'AGE_AT_TERM_END',
  'INCOME_MISSING',
  'INCOME_MULTIPLE',
  'DEBT_SERVICE_RATIO',
] as const;
export type EligibilityCode = (typeof ELIGIBILITY_CODES)[number];

export interface EligibilityReason {
  readonly code: EligibilityCode;
  /** In English; the page shows loans.reasons.<code> filled with values, in the reader's language. */
  readonly message: string;
  readonly values: Readonly<Record<string, string>>;
}

const REASON_TEXTS: Readonly<Record<EligibilityCode, string>> = loans.reasons;

function reason(code: EligibilityCode, values: Record<string, string> = {}): EligibilityReason {
  const message = REASON_TEXTS[code].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
  return { code, message, values };
}

export interface EligibilityInput {
  readonly amount: Centavos;
  readonly termMonths: number;
  /** Centavos a month. */
  readonly monthlyNetIncome: Centavos;
  /** YYYY-MM-DD, null when unknown. */
  readonly birthDate: string | null;
  /** The application date, YYYY-MM-DD (Philippine time). */
  readonly today: string;
}

export interface Assessment {
  readonly eligible: boolean;
  readonly reasons: readonly EligibilityReason[];
  /** For the requested term. */
  readonly maxEligibleAmount: Centavos;
  readonly maxEligibleByTerm: readonly { readonly term: number; readonly amount: Centavos }[];
  readonly instalment: Centavos;
  /** The instalment as basis points of the income (null without an income). */
  readonly debtServiceRatioBps: number | null;
  readonly incomeMultiple: number;
}

function birthdayOn(birthDate: string, years: number): string {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (m === 2 && d === 29 && !leap) return `${String(year).padStart(4, '0')}-03-01`;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Null when the age rules pass for this term, else the reason. */
function ageProblem(product: ProductConfig, birthDate: string | null, today: string, term: number): EligibilityReason | null {
  const e = product.eligibility;
  if (!birthDate) return reason('BIRTH_DATE_MISSING');
  if (today < birthdayOn(birthDate, e.minAge)) return reason('AGE_BELOW_MINIMUM', { minAge: String(e.minAge) });
  const end = addMonths(today, term);
  if (end > birthdayOn(birthDate, e.maxAgeAtTermEnd)) {
    return reason('AGE_AT_TERM_END', { maxAge: String(e.maxAgeAtTermEnd), term: String(term), end });
  }
  return null;
}

function dsrLimit(product: ProductConfig, income: Centavos): Centavos {
  return (income * BigInt(product.eligibility.maxDebtServiceRatioBps)) / 10_000n;
}

/** The largest whole-peso amount in the product's range whose instalment fits the debt-service ratio and the income multiple; 0 if none. */
export function maxEligibleAmount(product: ProductConfig, term: number, monthlyNetIncome: Centavos): Centavos {
  if (monthlyNetIncome <= 0n) return 0n;
  const multiple = BigInt(product.eligibility.incomeMultipleByTerm[term] ?? 0);
  let upper = product.maxAmount;
  const byMultiple = monthlyNetIncome * multiple;
  if (byMultiple < upper) upper = byMultiple;
  upper = (upper / 100n) * 100n;
  if (upper < product.minAmount) return 0n;
  const limit = dsrLimit(product, monthlyNetIncome);
  const fits = (amount: Centavos) => regularInstalment(product, amount, term) <= limit;
  if (fits(upper)) return upper;
  // Binary search in whole pesos: the instalment rises with the amount.
  let lo = product.minAmount / 100n; // candidate pesos
  if (!fits(lo * 100n)) {
    // The product's minimum may have centavos: the smallest whole peso at or above it.
    lo = (product.minAmount + 99n) / 100n;
    if (!fits(lo * 100n)) return 0n;
  }
  let hi = upper / 100n;
  while (lo < hi) {
    const mid = (lo + hi + 1n) / 2n;
    if (fits(mid * 100n)) lo = mid;
    else hi = mid - 1n;
  }
  const amount = lo * 100n;
  return amount >= product.minAmount ? amount : 0n;
}

export function assess(product: ProductConfig, input: EligibilityInput): Assessment {
  const term = input.termMonths;
  const income = input.monthlyNetIncome;
  const reasons: EligibilityReason[] = [];
  const age = ageProblem(product, input.birthDate, input.today, term);
  if (age) reasons.push(age);
  const multiple = product.eligibility.incomeMultipleByTerm[term] ?? 0;
  const instalment = regularInstalment(product, input.amount, term);
  if (income <= 0n) {
    reasons.push(reason('INCOME_MISSING'));
  } else {
    const byMultiple = income * BigInt(multiple);
    if (input.amount > byMultiple) {
      reasons.push(reason('INCOME_MULTIPLE', { term: String(term), multiple: String(multiple), max: formatAmount(byMultiple) }));
    }
    const limit = dsrLimit(product, income);
    if (instalment > limit) {
      reasons.push(
        reason('DEBT_SERVICE_RATIO', {
          instalment: formatAmount(instalment),
          percent: String(product.eligibility.maxDebtServiceRatioBps / 100),
          limit: formatAmount(limit),
        }),
      );
    }
  }
  const byTerm = product.terms.map((t) => ({
    term: t,
    amount: ageProblem(product, input.birthDate, input.today, t) ? 0n : maxEligibleAmount(product, t, income),
  }));
  return {
    eligible: reasons.length === 0,
    reasons,
    maxEligibleAmount: byTerm.find((b) => b.term === term)?.amount ?? 0n,
    maxEligibleByTerm: byTerm,
    instalment,
    debtServiceRatioBps: income > 0n ? Number((instalment * 10_000n) / income) : null,
    incomeMultiple: multiple,
  };
}
