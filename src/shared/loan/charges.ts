import type { Centavos } from '../money/money';
import type { ProductConfig } from './product';
import type { Schedule } from './schedule';

/**
 * The annual cost cap and the late charges under it (section 9 contract terms, DECISIONS.md
 * invariant 4: "interest, fines and fees total at most 25 percent per year", and the cap wins).
 *
 * The cap, in pesos, by the time `m` months have passed since disbursement:
 *
 *   cap(m) = principal x annualCostCap x max(term, m) / 12          (rounded down to the centavo)
 *
 * so over the term all interest, fees and fines together are at most 25 % of the principal a year,
 * and after the term (an overdue loan) the cap grows by 25 % a year, never faster. Fines may use
 * only what interest and fees leave:
 *
 *   fine headroom(m) = cap(m) - total interest - total fees - fines already charged     (>= 0)
 *
 * Section 9's late charges (late-charges.ts), uncapped, are 0.5 % a day of the overdue amount after 3 days of grace
 * (about 15 % a month, 180 % a year) plus a 5 % collection charge on the overdue portion. They are
 * charged only up to the headroom. Example, the default product, PHP 200,000 over 6 months:
 * cap = 200,000 x 25 % x 6/12 = 25,000.00; interest = 200,000 x 0.5 % x 6 = 6,000.00; fees 0;
 * headroom 19,000.00. One instalment of 34,334.00 paid 30 days late: 27 days x 0.5 % x 34,334 =
 * 4,635.09 plus 5 % x 34,334 = 1,716.70, together 6,351.79: inside the headroom, charged in full.
 * The whole 206,000.00 unpaid 60 days after the last due date (month 8): 57 x 0.5 % x 206,000 =
 * 58,710.00 plus 10,300.00 = 69,010.00 uncapped; cap(8) = 33,333.33, headroom 27,333.33: only
 * 27,333.33 may be charged.
 *
 * For a small loan (SEC MC 3 s.2022: at most 10,000 PHP and 4 months) the total cost is further
 * capped at 100 % of the principal, and the late penalty at 5 % a month of the amount due.
 */

export const SMALL_LOAN_MAX_AMOUNT: Centavos = 1_000_000n; // 10,000.00 PHP
export const SMALL_LOAN_MAX_TERM = 4;

/**
 * The SEC caps for loans of at most SMALL_LOAN_MAX_AMOUNT and SMALL_LOAN_MAX_TERM months: nominal
 * interest at most 6 % a month and total cost at most 100 % of the principal (SEC MC 3 s.2022),
 * effective rate at most 12 % a month (SEC MC 14 s.2025), late penalty (a month of penalty interest
 * plus the collection charge) at most 5 % a month of the amount due. Checked when a product is
 * configured (validate.ts) and when a late charge is computed (late-charges.ts).
 */
export const SEC_SMALL_LOAN_CAPS = {
  nominalMonthlyRateBps: 600,
  /** SEC MC 14 s.2025: an effective interest rate of at most 12 % a month. */
  effectiveMonthlyRate: 0.12,
  latePenaltyMonthlyBps: 500,
  totalCostBpsOfPrincipal: 10_000,
} as const;

/**
 * SEC MC 14 s.2025 forbids splitting one need into several small loans to escape the caps. Tapat
 * allows one open loan per member anyway, and a new small loan may not start until this many days
 * after the member's last small loan was repaid (the catalogue text states the figure from here).
 */
export const SMALL_LOAN_COOLING_OFF_DAYS = 7;

export function isSmallLoan(principal: Centavos, termMonths: number): boolean {
  return principal <= SMALL_LOAN_MAX_AMOUNT && termMonths <= SMALL_LOAN_MAX_TERM;
}

/** Does some amount and term of the product make an SEC small loan (so that the small-loan caps and rules apply)? */
export function offersSmallLoans(product: Pick<ProductConfig, 'minAmount' | 'terms'>): boolean {
  return product.minAmount <= SMALL_LOAN_MAX_AMOUNT && product.terms.some((t) => t <= SMALL_LOAN_MAX_TERM);
}

/** cap(m): the most interest + fees + fines may total once `monthsElapsed` months have passed. */
export function costCap(product: ProductConfig, principal: Centavos, termMonths: number, monthsElapsed = termMonths): Centavos {
  const months = BigInt(Math.max(termMonths, monthsElapsed));
  const annual = (principal * BigInt(product.annualCostCapBps) * months) / (10_000n * 12n);
  // SEC small-loan rule: the total cost never exceeds the principal.
  return isSmallLoan(principal, termMonths) && annual > principal ? principal : annual;
}

/** What fines may still be charged: the cap less interest, fees and fines already charged (never negative). */
export function fineHeadroom(product: ProductConfig, schedule: Schedule, monthsElapsed: number, finesAlreadyCharged: Centavos = 0n): Centavos {
  const room = costCap(product, schedule.principal, schedule.termMonths, monthsElapsed) - schedule.totalInterest - schedule.totalFees - finesAlreadyCharged;
  return room > 0n ? room : 0n;
}
