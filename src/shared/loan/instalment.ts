import { ceilDiv, type Centavos } from '../money/money';

/**
 * The add-on instalment of the default product: principal / months + rate x principal, rounded up
 * to a whole peso (section 9: "Total instalment = loan divided by months plus the interest amount,
 * rounded up"). The schedule engine (schedule.ts) uses it for every instalment but the last, which
 * takes the rounding residue so the totals are exact.
 */
export function addOnMonthlyInstalment(principal: Centavos, months: number, monthlyRateBps: number, periodsPerMonth = 1): Centavos {
  if (months <= 0) throw new RangeError('months must be positive');
  // With periodsPerMonth above 1 (SEMI_MONTHLY, docs/decisions/084) `months` counts instalments and
  // each carries monthlyRateBps / periodsPerMonth of the principal: principal / n + principal x bps / (10000 x ppm).
  const m = BigInt(months);
  const ppm = BigInt(periodsPerMonth);
  // principal/m + principal*bps/(10000*ppm), as one fraction over 10000*ppm*m, rounded up to whole pesos (100 centavos)
  const numerator = principal * 10_000n * ppm + principal * BigInt(monthlyRateBps) * m;
  const denominator = 10_000n * ppm * m * 100n;
  return ceilDiv(numerator, denominator) * 100n;
}

/** Monthly add-on interest on the principal, in centavos, rounded up. */
export function addOnMonthlyInterest(principal: Centavos, monthlyRateBps: number): Centavos {
  return ceilDiv(principal * BigInt(monthlyRateBps), 10_000n);
}

/**
 * The level instalment of a declining-balance (annuity) loan, rounded up to a whole peso:
 * P x r / (1 - (1 + r)^-n) with r = bps / 10,000, computed exactly in integers as
 * P x bps x (10000 + bps)^n / (10000 x ((10000 + bps)^n - 10000^n)).
 */
export function annuityInstalment(principal: Centavos, months: number, monthlyRateBps: number, periodsPerMonth = 1): Centavos {
  if (months <= 0) throw new RangeError('months must be positive');
  // With periodsPerMonth above 1 (SEMI_MONTHLY, docs/decisions/084) `months` counts instalments and the
  // rate a period is bps / (10000 x ppm): the same formula with D = 10000 x ppm in place of 10000.
  const m = BigInt(months);
  if (monthlyRateBps === 0) return ceilDiv(principal, m * 100n) * 100n;
  const bps = BigInt(monthlyRateBps);
  const d = 10_000n * BigInt(periodsPerMonth);
  const grown = (d + bps) ** m;
  const base = d ** m;
  const numerator = principal * bps * grown;
  const denominator = d * (grown - base) * 100n;
  return ceilDiv(numerator, denominator) * 100n;
}
