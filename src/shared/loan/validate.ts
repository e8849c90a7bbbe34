import { toDecimalString, type Centavos } from '../money/money';
import { SMALL_LOAN_MAX_AMOUNT, SMALL_LOAN_MAX_TERM, costCap } from './charges';
import { FEE_TREATMENTS, INTEREST_MODELS, bpsToPercent, type ProductConfig } from './product';
import { buildSchedule } from './schedule';

/**
 * Refuses a product configuration that breaks a cap (DECISIONS.md invariant 4) or does not make
 * sense. Returns every problem found; an empty list means the configuration may be offered.
 *
 * - Its own annual cap: for every term, at the smallest and the largest amount (flat fees weigh
 *   most on the smallest, shares of the principal the same on all), interest + fees <= cap.
 *   Fines are capped when charged (charges.ts), so a penalty rate cannot break the cap.
 * - SEC MC 3 s.2022, for loans of at most 10,000 PHP and at most 4 months, when the product offers
 *   any: nominal interest at most 6 % a month, effective rate at most 12 % a month, late penalty
 *   (a month of penalty interest plus the collection charge) at most 5 % a month of the amount due,
 *   total cost at most 100 % of the principal.
 */
export const SEC_SMALL_LOAN_CAPS = {
  nominalMonthlyRateBps: 600,
  effectiveMonthlyRate: 0.12,
  latePenaltyMonthlyBps: 500,
  totalCostBpsOfPrincipal: 10_000,
} as const;

const isWholeNonNegative = (n: number) => Number.isInteger(n) && n >= 0;

export function validateProduct(p: ProductConfig): string[] {
  const problems: string[] = [];
  if (!Number.isInteger(p.version) || p.version < 1) problems.push('version must be a positive whole number');
  if (p.minAmount <= 0n) problems.push('minAmount must be positive');
  if (p.minAmount > p.maxAmount) problems.push('minAmount must not exceed maxAmount');
  if (p.terms.length === 0) problems.push('at least one term is needed');
  p.terms.forEach((t, i) => {
    if (!Number.isInteger(t) || t < 1 || t > 120) problems.push(`term ${t} must be 1 to 120 months`);
    if (i > 0 && t <= p.terms[i - 1]!) problems.push('terms must be ascending without repeats');
    if (!(p.eligibility.incomeMultipleByTerm[t]! > 0)) problems.push(`term ${t} needs an income multiple`);
  });
  if (!p.terms.includes(p.defaultTerm)) problems.push('defaultTerm must be one of the terms');
  if (!INTEREST_MODELS.includes(p.interest.model)) problems.push('unknown interest model');
  if (!isWholeNonNegative(p.interest.monthlyRateBps)) problems.push('interest.monthlyRateBps must be a whole number >= 0');
  for (const fee of p.fees) {
    if (!FEE_TREATMENTS.includes(fee.treatment)) problems.push(`fee ${fee.code}: a fee is deducted from proceeds or added to the schedule, never paid up front`);
    if (fee.flat < 0n || !isWholeNonNegative(fee.bpsOfPrincipal)) problems.push(`fee ${fee.code}: amounts must not be negative`);
  }
  if (new Set(p.fees.map((f) => f.code)).size !== p.fees.length) problems.push('fee codes must be unique');
  for (const key of ['graceDays', 'dailyRateBps', 'collectionChargeBps'] as const) {
    if (!isWholeNonNegative(p.penalties[key])) problems.push(`penalties.${key} must be a whole number >= 0`);
  }
  if (!isWholeNonNegative(p.annualCostCapBps) || p.annualCostCapBps === 0) problems.push('annualCostCapBps must be positive');
  const e = p.eligibility;
  if (e.minAge < 18) problems.push('eligibility.minAge must be at least 18');
  if (e.maxAgeAtTermEnd <= e.minAge) problems.push('eligibility.maxAgeAtTermEnd must exceed minAge');
  if (!(e.maxDebtServiceRatioBps > 0 && e.maxDebtServiceRatioBps <= 10_000)) problems.push('eligibility.maxDebtServiceRatioBps must be 1 to 10,000');
  if (problems.length > 0) return problems;

  const start = p.effectiveFrom;
  const amounts = [...new Set([p.minAmount, p.maxAmount])];
  for (const term of p.terms) {
    for (const amount of amounts) {
      let s;
      try {
        s = buildSchedule(p, amount, term, start);
      } catch (error) {
        problems.push(`PHP ${toDecimalString(amount)} over ${term} months has no valid schedule: ${(error as Error).message}`);
        continue;
      }
      const cap = costCap(p, amount, term);
      const cost = s.totalInterest + s.totalFees;
      if (cost > cap) {
        problems.push(
          `PHP ${toDecimalString(amount)} over ${term} months costs ${toDecimalString(cost)} in interest and fees, above the ${bpsToPercent(p.annualCostCapBps)} % a year cap (${toDecimalString(cap)})`,
        );
      }
    }
  }

  // SEC small loans: the amounts of the product at most 10,000 PHP, the terms at most 4 months.
  const smallTerms = p.terms.filter((t) => t <= SMALL_LOAN_MAX_TERM);
  if (p.minAmount <= SMALL_LOAN_MAX_AMOUNT && smallTerms.length > 0) {
    const caps = SEC_SMALL_LOAN_CAPS;
    if (p.interest.monthlyRateBps > caps.nominalMonthlyRateBps) problems.push(`SEC small-loan cap: nominal interest ${bpsToPercent(p.interest.monthlyRateBps)} % a month is above 6 %`);
    const lateMonthly = p.penalties.dailyRateBps * 30 + p.penalties.collectionChargeBps;
    if (lateMonthly > caps.latePenaltyMonthlyBps) problems.push(`SEC small-loan cap: late charges of ${bpsToPercent(lateMonthly)} % a month are above 5 % of the amount due`);
    const smallAmounts: Centavos[] = [...new Set([p.minAmount, p.maxAmount < SMALL_LOAN_MAX_AMOUNT ? p.maxAmount : SMALL_LOAN_MAX_AMOUNT])];
    for (const term of smallTerms) {
      for (const amount of smallAmounts) {
        let s;
        try {
          s = buildSchedule(p, amount, term, start);
        } catch {
          continue; // already reported above
        }
        if (s.eir.monthly > caps.effectiveMonthlyRate) {
          problems.push(`SEC small-loan cap: PHP ${toDecimalString(amount)} over ${term} months has an effective rate of ${(s.eir.monthly * 100).toFixed(2)} % a month, above 12 %`);
        }
        if (s.totalInterest + s.totalFees > (amount * BigInt(caps.totalCostBpsOfPrincipal)) / 10_000n) {
          problems.push(`SEC small-loan cap: PHP ${toDecimalString(amount)} over ${term} months costs more than 100 % of the principal`);
        }
      }
    }
  }
  return problems;
}

/** Throws when the configuration may not be offered. */
export function assertValidProduct(p: ProductConfig): void {
  const problems = validateProduct(p);
  if (problems.length > 0) throw new Error(`Product version ${p.version} is refused:\n  ${problems.join('\n  ')}`);
}
