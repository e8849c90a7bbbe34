import { pesos, type Centavos } from '../money/money';
import type { LimitLadder } from './limit-ladder';
import { DUE_DAY_MAX, DUE_DAY_MIN, type ScheduleFrequency } from './dates';
import { PRODUCT_CODE_MAX, PRODUCT_CODE_MIN } from './product-limits';

/**
 * The loan product configuration (specification section 9, DECISIONS.md section 9 rows). Every
 * number shown in marketing copy, the calculator, the disclosure statement, the contract and the
 * ledger is read from here (DECISIONS.md invariant 6).
 *
 * Versioned: a loan keeps the version it was offered under (`productByVersion`), so a later change
 * of the configuration never changes a loan already applied for. A new version is a new entry in
 * PRODUCT_VERSIONS; `validateProduct` (validate.ts) refuses one that breaks a cap.
 */

export const INTEREST_MODELS = ['ADD_ON', 'DECLINING_BALANCE'] as const;
/**
 * ADD_ON: the monthly rate is charged on the original principal every month (section 9:
 * instalment = principal / months + rate x principal, rounded up to a whole peso).
 * DECLINING_BALANCE: the monthly rate is charged on the outstanding balance (a level annuity).
 */
export type InterestModel = (typeof INTEREST_MODELS)[number];

/**
 * Where a fee is paid from. There is deliberately no "payable up front" treatment: a fee is either
 * deducted from the proceeds or added to the instalments (DECISIONS.md invariant 4).
 */
export const FEE_TREATMENTS = ['DEDUCTED_FROM_PROCEEDS', 'ADDED_TO_SCHEDULE'] as const;
export type FeeTreatment = (typeof FEE_TREATMENTS)[number];

export interface FeeRule {
  /** Its kind in the fixed fee catalogue (fees.ts: SERVICE, DOCUMENTARY_STAMP_TAX, ...); validateProduct refuses any other. */
  readonly code: string;
  /** What the disclosure statement calls it: the catalogue's label for the kind. */
  readonly label: string;
  readonly treatment: FeeTreatment;
  /** A fixed amount, in centavos. */
  readonly flat: Centavos;
  /** Plus this share of the principal, in basis points (rounded down to the centavo). */
  readonly bpsOfPrincipal: number;
}

/** Late charges (section 9), always capped by the annual cost cap (see charges.ts). */
export interface PenaltyRules {
  /** Days after a due date before any late charge (section 9: "after 3 days"). */
  readonly graceDays: number;
  /** Penalty interest per day late after the grace days, in basis points of the overdue amount (50 = 0.5 %). */
  readonly dailyRateBps: number;
  /** A one-time collection charge on an overdue instalment, in basis points of the overdue portion (500 = 5 %). */
  readonly collectionChargeBps: number;
}

/** The automated pre-assessment's rules (see eligibility.ts and docs/decisions/007). */
export interface EligibilityRules {
  /** Age on the application date, at least. */
  readonly minAge: number;
  /** Age on the last due date of the term, at most (the 80th birthday is the last day). */
  readonly maxAgeAtTermEnd: number;
  /** The largest amount is this many times the monthly net income, by term ("12 to 48 times net income"). */
  readonly incomeMultipleByTerm: Readonly<Record<number, number>>;
  /** The regular instalment may be at most this share of the monthly net income (basis points). */
  readonly maxDebtServiceRatioBps: number;
}

/** A product's code: what a loan and an application name it by (PERSONAL, SMALL, ...). */
export const PRODUCT_CODE_PATTERN = new RegExp(`^[A-Z][A-Z0-9_]{${PRODUCT_CODE_MIN - 1},${PRODUCT_CODE_MAX - 1}}$`);

/** The product an application names when it names none (clients from before products side by side). */
export const DEFAULT_PRODUCT_CODE = 'PERSONAL';

/** A text in each language the borrower may read (English and Filipino). */
export interface LocalText {
  readonly en: string;
  readonly fil: string;
}

export interface ProductConfig {
  /** The product (PRODUCT_CODE_PATTERN); its versions are numbered 1, 2, ... within it. */
  readonly code: string;
  /** The version within the product: a loan records its product's code and this. */
  readonly version: number;
  /** The product's name as the pages show it, per language (stored with each version). */
  readonly names: LocalText;
  /**
   * One sentence on what the product is for, per language (stored with each version): a template
   * that names the version's figures as values ({{min}}, {{max}}, {{termMin}}, {{termMax}},
   * {{rate}}) and states none itself; describeProduct (description.ts) fills it (decision 086).
   */
  readonly descriptions: LocalText;
  /** The date (YYYY-MM-DD, Philippine time) this version was first offered. */
  readonly effectiveFrom: string;
  /** The version's label in the back office (not shown to borrowers). */
  readonly name: string;
  readonly currency: 'PHP';
  readonly minAmount: Centavos;
  readonly maxAmount: Centavos;
  /** Terms in months, ascending. */
  readonly terms: readonly number[];
  readonly defaultTerm: number;
  readonly interest: {
    readonly model: InterestModel;
    /** Basis points a month: of the principal (ADD_ON) or of the outstanding balance (DECLINING_BALANCE). */
    readonly monthlyRateBps: number;
  };
  /**
   * How often instalments may fall due (docs/decisions/084): MONTHLY (the borrower may pick the day
   * of the month, DUE_DAY_MIN to DUE_DAY_MAX) and/or SEMI_MONTHLY (the 15th and the last day).
   * Absent: MONTHLY only (every version from before).
   */
  readonly frequencies?: readonly ScheduleFrequency[];
  readonly fees: readonly FeeRule[];
  readonly penalties: PenaltyRules;
  /**
   * All interest, fines and fees together stay within this share of the principal a year (basis
   * points), and the effective annual rate (EIR x 12) within the same share; at most
   * CONTRACT_ANNUAL_COST_CAP_BPS.
   */
  readonly annualCostCapBps: number;
  readonly eligibility: EligibilityRules;
  /** How the most a member may borrow grows with loans repaid on time (limit-ladder.ts, decision 085); absent: no ladder. */
  readonly limitLadder?: LimitLadder;
}

/**
 * The contract promises that interest, fines and fees together are "at most 25 percent per year"
 * (section 9, DECISIONS.md invariant 4). No configuration may promise more: validateProduct and the
 * ADMIN's draft schema refuse an annualCostCapBps above this, and the cap is measured both on the
 * flat cost (costCap, charges.ts) and on the effective annual rate (EIR x 12, as the disclosure
 * statement quotes it).
 */
export const CONTRACT_ANNUAL_COST_CAP_BPS = 2500;

/** Version 1 of the default product (PERSONAL): the specification's product, as DECISIONS.md builds it. */
export const PRODUCT_V1: ProductConfig = {
  code: DEFAULT_PRODUCT_CODE,
  version: 1,
  names: { en: 'Personal loan', fil: 'Personal na pautang' },
  descriptions: {
    en: 'For larger needs, repaid in monthly instalments over up to {{termMax}} months.',
    fil: 'Para sa mas malalaking pangangailangan, binabayaran buwan-buwan hanggang {{termMax}} buwan.',
  },
  effectiveFrom: '2026-11-22',
  name: 'Tapat Instalment Loan',
  currency: 'PHP',
  minAmount: pesos(200_000),
  maxAmount: pesos(5_000_000),
  terms: [6, 12, 24, 36, 48],
  defaultTerm: 6,
  interest: { model: 'ADD_ON', monthlyRateBps: 50 },
  frequencies: ['MONTHLY', 'SEMI_MONTHLY'],
  fees: [],
  penalties: { graceDays: 3, dailyRateBps: 50, collectionChargeBps: 500 },
  annualCostCapBps: CONTRACT_ANNUAL_COST_CAP_BPS,
  eligibility: {
    minAge: 18,
    maxAgeAtTermEnd: 80,
    incomeMultipleByTerm: { 6: 12, 12: 12, 24: 24, 36: 36, 48: 48 },
    maxDebtServiceRatioBps: 5000,
  },
  // Decision 085: PHP 1,000,000 for a first loan, more after 1, 3 and 5 loans repaid on time (none
  // paid after the penalty's grace days); PHP 500,000 while the last loan is 30 days or more late.
  limitLadder: {
    steps: [
      { afterOnTimeLoans: 0, maxAmount: pesos(1_000_000) },
      { afterOnTimeLoans: 1, maxAmount: pesos(2_000_000) },
      { afterOnTimeLoans: 3, maxAmount: pesos(3_500_000) },
      { afterOnTimeLoans: 5, maxAmount: pesos(5_000_000) },
    ],
    onTimeDays: 3,
    seriousLateDays: 30,
    fallbackMaxAmount: pesos(500_000),
  },
};

/**
 * Version 1 of the small loan (SMALL), within the SEC caps for loans of at most PHP 10,000 and 4
 * months (SEC MC 14 s.2025, charges.ts SEC_SMALL_LOAN_CAPS) and the contract's 25 % a year:
 * 2 % a month on the declining balance (24 % a year; EIR 2 % a month, inside 6 % nominal and 12 %
 * effective), late charges of 0.1 % a day plus a 2 % collection charge (5 % for a 30-day month,
 * the SEC's late-penalty cap), no fee.
 */
export const SMALL_PRODUCT_V1: ProductConfig = {
  code: 'SMALL',
  version: 1,
  names: { en: 'Small loan', fil: 'Maliit na pautang' },
  descriptions: {
    en: 'For a short, small need: {{min}} to {{max}}, repaid over {{termMin}} to {{termMax}} months.',
    fil: 'Para sa maliit at panandaliang pangangailangan: {{min}} hanggang {{max}}, binabayaran sa {{termMin}} hanggang {{termMax}} buwan.',
  },
  effectiveFrom: '2026-11-28',
  name: 'Tapat Small Loan',
  currency: 'PHP',
  minAmount: pesos(1_000),
  maxAmount: pesos(10_000),
  terms: [1, 2, 3, 4],
  defaultTerm: 2,
  interest: { model: 'DECLINING_BALANCE', monthlyRateBps: 200 },
  frequencies: ['MONTHLY', 'SEMI_MONTHLY'],
  fees: [],
  penalties: { graceDays: 3, dailyRateBps: 10, collectionChargeBps: 200 },
  annualCostCapBps: CONTRACT_ANNUAL_COST_CAP_BPS,
  eligibility: {
    minAge: 18,
    maxAgeAtTermEnd: 80,
    incomeMultipleByTerm: { 1: 1, 2: 1, 3: 1, 4: 1 },
    maxDebtServiceRatioBps: 5000,
  },
  // Decision 085: the SEC range is the whole ladder (a first small loan may reach PHP 10,000);
  // PHP 5,000 while the last loan is 30 days or more late.
  limitLadder: {
    steps: [{ afterOnTimeLoans: 0, maxAmount: pesos(10_000) }],
    onTimeDays: 3,
    seriousLateDays: 30,
    fallbackMaxAmount: pesos(5_000),
  },
};

/** Every version in code, of every product, oldest first. Never remove or edit one: loans refer to them. */
export const PRODUCT_VERSIONS: readonly ProductConfig[] = [PRODUCT_V1, SMALL_PRODUCT_V1];

/** The latest version in code of the default product (PERSONAL). */
export const CURRENT_PRODUCT: ProductConfig = PRODUCT_V1;

/** The product the public pages show first (the default one). */
export const DEFAULT_PRODUCT: ProductConfig = CURRENT_PRODUCT;

/** A version in code by product and version (default: the default product); throws for an unknown one. */
export function productByVersion(version: number, code: string = DEFAULT_PRODUCT_CODE): ProductConfig {
  const product = PRODUCT_VERSIONS.find((p) => p.code === code && p.version === version);
  if (!product) throw new RangeError(`Unknown product version ${code} ${version}`);
  return product;
}

/** Basis points as a percentage string without trailing zeros: 50 -> "0.5". */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const frac = (bps % 100).toString().padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}

/** Is `term` one of the product's terms? */
export function offersTerm(product: ProductConfig, term: number): boolean {
  return product.terms.includes(term);
}

/** Is `amount` inside the product's range? */
export function inAmountRange(product: ProductConfig, amount: Centavos): boolean {
  return amount >= product.minAmount && amount <= product.maxAmount;
}

/** The frequencies the product offers (MONTHLY alone when it names none), MONTHLY first. */
export function offeredFrequencies(product: Pick<ProductConfig, 'frequencies'>): readonly ScheduleFrequency[] {
  const named = product.frequencies ?? [];
  return named.length === 0 ? ['MONTHLY'] : (['MONTHLY', 'SEMI_MONTHLY'] as const).filter((f) => named.includes(f));
}

/** What an application or a quote chose: the frequency (absent: MONTHLY) and, for MONTHLY, the day (absent: the disbursement day). */
export interface TimingChoice {
  readonly frequency?: ScheduleFrequency | undefined;
  readonly dueDay?: number | undefined;
}

/** Why a choice is refused for the product: the day is out of range, named for a semi-monthly schedule, or the frequency is not offered. */
export type TimingProblem = 'DUE_DAY_RANGE' | 'DUE_DAY_ONLY_MONTHLY' | 'FREQUENCY_NOT_OFFERED';

/** The problem of a choice for the product, or null when it is allowed. */
export function timingProblem(product: Pick<ProductConfig, 'frequencies'>, choice: TimingChoice): TimingProblem | null {
  const frequency = choice.frequency ?? 'MONTHLY';
  if (!offeredFrequencies(product).includes(frequency)) return 'FREQUENCY_NOT_OFFERED';
  if (choice.dueDay === undefined) return null;
  if (frequency !== 'MONTHLY') return 'DUE_DAY_ONLY_MONTHLY';
  if (!Number.isInteger(choice.dueDay) || choice.dueDay < DUE_DAY_MIN || choice.dueDay > DUE_DAY_MAX) return 'DUE_DAY_RANGE';
  return null;
}
