import { backoffice } from '../i18n/en/backoffice';
import { problems as LADDER_PROBLEMS } from '../i18n/en/limits';
import { ladderProblems } from './limit-ladder';
import { renderText, text, type CatalogueText, type TextValue } from '../i18n/text';
import { toDecimalString, type Centavos } from '../money/money';
import { SEC_SMALL_LOAN_CAPS, SMALL_LOAN_MAX_AMOUNT, SMALL_LOAN_MAX_TERM, costCap, fineHeadroom } from './charges';
import { FEE_CATALOGUE, isFeeKind, scamWordIn } from './fees';
import { CONTRACT_ANNUAL_COST_CAP_BPS, FEE_TREATMENTS, INTEREST_MODELS, bpsToPercent, offeredFrequencies, type ProductConfig } from './product';
import { rateToBps } from './rate-solver';
import { DEBT_SERVICE_RATIO_MAX_BPS, PRODUCT_TERM_MAX_MONTHS, TERM_MIN_MONTHS } from './product-limits';
import { MIN_AGE_YEARS } from '../activation/age';
import { CATALOGUE_VALUES } from '../i18n/values';
import { buildSchedule, ScheduleRefused, type Schedule, type ScheduleFailure } from './schedule';

/**
 * Refuses a product configuration that breaks a cap (DECISIONS.md invariant 4) or does not make
 * sense. Returns every problem found; an empty list means the configuration may be offered.
 *
 * - The contract's cap: annualCostCapBps at most CONTRACT_ANNUAL_COST_CAP_BPS (25 % a year); no
 *   configuration promises more than the contract does.
 * - Its own annual cap, for every term, at the smallest and the largest amount (flat fees weigh
 *   most on the smallest, shares of the principal the same on all), measured two ways: the flat
 *   cost (interest + fees <= cap, charges.ts) and the effective annual rate as the disclosure
 *   statement quotes it (EIR x 12 <= cap). An add-on rate looks small as a flat cost but its EIR is
 *   nearly twice as high. The default 0.5 % a month add-on (6 % a year flat) has an EIR x 12 of
 *   10.21 % (6 months) to 11.13 % (24 months) a year, inside 25 %; an add-on of 2.08 % a month
 *   (25 % a year flat, accepted by the flat measure alone) has one of about 45 % and is refused.
 * - Fees are kinds from the fixed catalogue (fees.ts) with the catalogue's label and a treatment
 *   the kind allows; nothing in the product may carry a word of the advance-fee pattern
 *   (modification, unlock, verification, release, unfreeze, activation, processing, ...).
 * - Penalties that could never be charged are refused: a first day's late charge (collection
 *   charge plus a day of penalty interest) above the annual cap itself, or, for some term and
 *   amount, interest and fees that leave nothing under the cap for fines. The disclosure would
 *   otherwise state a charge the cap always forbids. Fines are capped when charged (charges.ts),
 *   so a penalty rate cannot break the cap.
 * - SEC caps for loans of at most 10,000 PHP and at most 4 months, when the product offers any:
 *   nominal interest at most 6 % a month and total cost at most 100 % of the principal (SEC MC 3
 *   s.2022), effective rate at most 12 % a month (SEC MC 14 s.2025), late penalty (a month of
 *   penalty interest plus the collection charge) at most 5 % a month of the amount due.
 */

const PROBLEMS = backoffice.settings.productForm.problems;

const isWholeNonNegative = (n: number) => Number.isInteger(n) && n >= 0;

const hasLateCharges = (p: ProductConfig) => p.penalties.dailyRateBps > 0 || p.penalties.collectionChargeBps > 0;

/** Floating-point slack when comparing an effective rate with a cap (rates are floats, rate-solver.ts). */
const RATE_EPSILON = 1e-9;

const PROBLEM_KEY = 'backoffice.settings.productForm.problems.';
const LADDER_PROBLEM_KEY = 'limits.problems.';
type ProblemName = keyof typeof PROBLEMS;

/** A problem of a product configuration: a catalogue text (backoffice.settings.productForm.problems) with its numbers. */
export function problem(name: ProblemName, values?: Readonly<Record<string, TextValue>>): CatalogueText {
  return text(`${PROBLEM_KEY}${name}`, values);
}

/** What is wrong when an amount and term have no schedule (schedule.ts ScheduleRefused), as a problem's catalogue text. */
const SCHEDULE_FAILURES: Readonly<Record<ScheduleFailure, ProblemName>> = {
  AMOUNT_TOO_SMALL_FOR_TERM: 'scheduleAmountTooSmall',
  FEES_LEAVE_NO_PROCEEDS: 'scheduleNoProceeds',
  PRINCIPAL_NOT_POSITIVE: 'scheduleAmountNotPositive',
  TERM_OUT_OF_RANGE: 'scheduleTermRange',
};

/** Why no schedule: a failure the schedule names, else (no rate found for its payments) that its figures cannot be computed. */
function scheduleFailure(error: unknown): CatalogueText {
  return problem(error instanceof ScheduleRefused ? SCHEDULE_FAILURES[error.failure] : 'scheduleNotComputable');
}

/** A problem in English. */
export function productProblemText(t: CatalogueText): string {
  return renderText(
    (key) =>
      key.startsWith(PROBLEM_KEY)
        ? PROBLEMS[key.slice(PROBLEM_KEY.length) as ProblemName]
        : key.startsWith(LADDER_PROBLEM_KEY)
          ? LADDER_PROBLEMS[key.slice(LADDER_PROBLEM_KEY.length) as keyof typeof LADDER_PROBLEMS]
          : undefined,
    t,
    undefined,
    CATALOGUE_VALUES,
  );
}

/**
 * Every problem of a configuration as catalogue texts with their numbers, so that the back office
 * reads them in its language (decision 056); `validateProduct` gives them in English.
 */
export function productProblems(p: ProductConfig): CatalogueText[] {
  const problems: CatalogueText[] = [];
  if (!Number.isInteger(p.version) || p.version < 1) problems.push(problem('versionWhole'));
  const scamInName = scamWordIn(p.name);
  if (scamInName) problems.push(problem('scamName', { word: scamInName }));
  if (p.minAmount <= 0n) problems.push(problem('minAmountPositive'));
  if (p.minAmount > p.maxAmount) problems.push(problem('minAboveMax'));
  if (p.terms.length === 0) problems.push(problem('noTerm'));
  p.terms.forEach((t, i) => {
    if (!Number.isInteger(t) || t < TERM_MIN_MONTHS || t > PRODUCT_TERM_MAX_MONTHS) problems.push(problem('termRange', { term: t }));
    if (i > 0 && t <= p.terms[i - 1]!) problems.push(problem('termsAscending'));
    if (!(p.eligibility.incomeMultipleByTerm[t]! > 0)) problems.push(problem('termMultiple', { term: t }));
  });
  if (!p.terms.includes(p.defaultTerm)) problems.push(problem('defaultTerm'));
  if (!INTEREST_MODELS.includes(p.interest.model)) problems.push(problem('interestModel'));
  if (!isWholeNonNegative(p.interest.monthlyRateBps)) problems.push(problem('monthlyRate'));
  for (const fee of p.fees) {
    const scam = scamWordIn(fee.code) ?? scamWordIn(fee.label);
    if (scam) problems.push(problem('feeScam', { code: fee.code, word: scam }));
    if (!isFeeKind(fee.code)) problems.push(problem('feeKind', { code: fee.code, kinds: Object.keys(FEE_CATALOGUE).join(', ') }));
    else if (fee.label !== FEE_CATALOGUE[fee.code].label) problems.push(problem('feeLabel', { code: fee.code, label: FEE_CATALOGUE[fee.code].label }));
    if (!FEE_TREATMENTS.includes(fee.treatment)) problems.push(problem('feeUpFront', { code: fee.code }));
    else if (isFeeKind(fee.code) && !FEE_CATALOGUE[fee.code].treatments.includes(fee.treatment))
      problems.push(problem('feeTreatment', { code: fee.code, treatment: fee.treatment }));
    if (fee.flat < 0n || !isWholeNonNegative(fee.bpsOfPrincipal)) problems.push(problem('feeNegative', { code: fee.code }));
  }
  if (new Set(p.fees.map((f) => f.code)).size !== p.fees.length) problems.push(problem('feeCodesUnique'));
  for (const key of ['graceDays', 'dailyRateBps', 'collectionChargeBps'] as const) {
    if (!isWholeNonNegative(p.penalties[key])) problems.push(problem('penaltyWhole', { key }));
  }
  if (!isWholeNonNegative(p.annualCostCapBps) || p.annualCostCapBps === 0) problems.push(problem('capPositive'));
  if (p.annualCostCapBps > CONTRACT_ANNUAL_COST_CAP_BPS) {
    problems.push(problem('capAboveContract', { cap: bpsToPercent(p.annualCostCapBps), contractCap: bpsToPercent(CONTRACT_ANNUAL_COST_CAP_BPS) }));
  }
  const e = p.eligibility;
  if (e.minAge < MIN_AGE_YEARS) problems.push(problem('minAge'));
  if (e.maxAgeAtTermEnd <= e.minAge) problems.push(problem('maxAge'));
  if (!(e.maxDebtServiceRatioBps > 0 && e.maxDebtServiceRatioBps <= DEBT_SERVICE_RATIO_MAX_BPS)) problems.push(problem('debtRatio'));
  problems.push(...ladderProblems(p));
  if (problems.length > 0) return problems;

  // A day's late charge (collection charge plus a day of penalty interest) above the cap for a whole
  // year could never be charged as stated: the cap would always cut it.
  const firstDayBps = p.penalties.collectionChargeBps + p.penalties.dailyRateBps;
  if (firstDayBps > p.annualCostCapBps) {
    problems.push(problem('firstDayLate', { firstDay: bpsToPercent(firstDayBps), cap: bpsToPercent(p.annualCostCapBps) }));
  }

  const start = p.effectiveFrom;
  const amounts = [...new Set([p.minAmount, p.maxAmount])];
  // Every frequency the product offers (docs/decisions/084): the caps hold for each.
  const timings = offeredFrequencies(p).map((frequency) => ({ frequency, dueDay: null }));
  for (const term of p.terms) {
    for (const [amount, timing] of amounts.flatMap((a) => timings.map((t) => [a, t] as const))) {
      let s;
      try {
        s = buildSchedule(p, amount, term, start, timing);
      } catch (error) {
        // Once per amount and term, whatever the frequency (the amount and term are what fails).
        if (timing === timings[0]) problems.push(problem('noSchedule', { amount: toDecimalString(amount), term, detail: scheduleFailure(error) }));
        continue;
      }
      const cap = costCap(p, amount, term);
      const cost = s.totalInterest + s.totalFees;
      if (cost > cap) {
        problems.push(
          problem('costAboveCap', {
            amount: toDecimalString(amount),
            term,
            cost: toDecimalString(cost),
            cap: bpsToPercent(p.annualCostCapBps),
            capAmount: toDecimalString(cap),
          }),
        );
      }
      // The same cap on the effective annual rate the disclosure statement quotes (EIR x 12).
      if (s.eir.annualNominal > p.annualCostCapBps / 10_000 + RATE_EPSILON) {
        problems.push(
          problem('eirAboveCap', {
            amount: toDecimalString(amount),
            term,
            eir: bpsToPercent(rateToBps(s.eir.annualNominal)),
            cap: bpsToPercent(p.annualCostCapBps),
          }),
        );
      }
      // A configured late charge must be chargeable: something must be left under the cap.
      const headroom = fineHeadroom(p, s, term);
      if (hasLateCharges(p) && cost <= cap && headroom === 0n) {
        problems.push(problem('noRoomForLate', { amount: toDecimalString(amount), term, cap: bpsToPercent(p.annualCostCapBps) }));
      }
    }
  }

  // SEC small loans: the amounts of the product at most 10,000 PHP, the terms at most 4 months.
  const smallTerms = p.terms.filter((t) => t <= SMALL_LOAN_MAX_TERM);
  if (p.minAmount <= SMALL_LOAN_MAX_AMOUNT && smallTerms.length > 0) {
    const caps = SEC_SMALL_LOAN_CAPS;
    if (p.interest.monthlyRateBps > caps.nominalMonthlyRateBps)
      problems.push(problem('secNominal', { rate: bpsToPercent(p.interest.monthlyRateBps), cap: bpsToPercent(caps.nominalMonthlyRateBps) }));
    const lateMonthly = p.penalties.dailyRateBps * 30 + p.penalties.collectionChargeBps;
    if (lateMonthly > caps.latePenaltyMonthlyBps)
      problems.push(problem('secLate', { rate: bpsToPercent(lateMonthly), cap: bpsToPercent(caps.latePenaltyMonthlyBps) }));
    const smallAmounts: Centavos[] = [...new Set([p.minAmount, p.maxAmount < SMALL_LOAN_MAX_AMOUNT ? p.maxAmount : SMALL_LOAN_MAX_AMOUNT])];
    for (const term of smallTerms) {
      for (const [amount, timing] of smallAmounts.flatMap((a) => timings.map((t) => [a, t] as const))) {
        let s;
        try {
          s = buildSchedule(p, amount, term, start, timing);
        } catch {
          continue; // already reported above
        }
        if (s.eir.monthly > caps.effectiveMonthlyRate) {
          problems.push(
            problem('secEffective', {
              amount: toDecimalString(amount),
              term,
              rate: bpsToPercent(rateToBps(s.eir.monthly)),
              cap: bpsToPercent(rateToBps(caps.effectiveMonthlyRate)),
            }),
          );
        }
        if (s.totalInterest + s.totalFees > (amount * BigInt(caps.totalCostBpsOfPrincipal)) / 10_000n) {
          problems.push(problem('secTotalCost', { amount: toDecimalString(amount), term, cap: bpsToPercent(caps.totalCostBpsOfPrincipal) }));
        }
      }
    }
  }
  return problems;
}

/** The problems of a configuration, in English (what configuration errors at start and the unit tests read). */
export function validateProduct(p: ProductConfig): string[] {
  return productProblems(p).map(productProblemText);
}

/** Throws when the configuration may not be offered. */
export function assertValidProduct(p: ProductConfig): void {
  const problems = validateProduct(p);
  if (problems.length > 0) throw new Error(`Product version ${p.version} is refused:\n  ${problems.join('\n  ')}`);
}

/**
 * The caps measured on one schedule actually chosen (its dates, docs/decisions/084): the contract's
 * cap on the effective annual rate (EIR x 12) and, for a small loan, the SEC's effective monthly
 * rate and total cost. The quote and the application refuse a schedule with a problem (the product's
 * sample schedules passed validateProduct; a start date or due day can still move the EIR).
 */
export function scheduleCapProblems(p: ProductConfig, s: Schedule): CatalogueText[] {
  const problems: CatalogueText[] = [];
  const amount = toDecimalString(s.principal);
  if (s.eir.annualNominal > p.annualCostCapBps / 10_000 + RATE_EPSILON)
    problems.push(
      problem('eirAboveCap', { amount, term: s.termMonths, eir: bpsToPercent(rateToBps(s.eir.annualNominal)), cap: bpsToPercent(p.annualCostCapBps) }),
    );
  if (s.principal <= SMALL_LOAN_MAX_AMOUNT && s.termMonths <= SMALL_LOAN_MAX_TERM) {
    const caps = SEC_SMALL_LOAN_CAPS;
    if (s.eir.monthly > caps.effectiveMonthlyRate)
      problems.push(
        problem('secEffective', {
          amount,
          term: s.termMonths,
          rate: bpsToPercent(rateToBps(s.eir.monthly)),
          cap: bpsToPercent(rateToBps(caps.effectiveMonthlyRate)),
        }),
      );
    if (s.totalInterest + s.totalFees > (s.principal * BigInt(caps.totalCostBpsOfPrincipal)) / 10_000n)
      problems.push(problem('secTotalCost', { amount, term: s.termMonths, cap: bpsToPercent(caps.totalCostBpsOfPrincipal) }));
  }
  return problems;
}
