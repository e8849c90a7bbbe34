/**
 * The periodic rate that discounts a series of payments to a present value: the effective interest
 * rate as BSP Circular 730 defines it ("the rate that exactly discounts estimated future cash
 * flows ... to the net amount of loan proceeds"), one payment a period, the first one period after
 * the start.
 *
 * Rates are not money: they are floats here. Amounts go in as numbers of centavos (exact below
 * 2^53, far above any loan).
 */

/**
 * Sum of flows[k-1] / (1 + rate)^k for k = 1..n; with `times` (in periods from the start, one per
 * flow), sum of flows[k] / (1 + rate)^times[k]: the actual dates of the payments
 * (docs/decisions/084; dates.ts monthsBetween). Without `times` every payment is one period after
 * the one before.
 */
export function presentValue(flows: readonly number[], rate: number, times?: readonly number[]): number {
  if (times) return flows.reduce((pv, flow, i) => pv + flow * Math.pow(1 + rate, -times[i]!), 0);
  let pv = 0;
  let factor = 1;
  const growth = 1 + rate;
  for (const flow of flows) {
    factor /= growth;
    pv += flow * factor;
  }
  return pv;
}

/** d/d(rate) of presentValue. */
function presentValueDerivative(flows: readonly number[], rate: number, times?: readonly number[]): number {
  if (times) return flows.reduce((d, flow, i) => d - times[i]! * flow * Math.pow(1 + rate, -times[i]! - 1), 0);
  let d = 0;
  let factor = 1;
  const growth = 1 + rate;
  flows.forEach((flow, i) => {
    factor /= growth;
    d -= ((i + 1) * flow * factor) / growth;
  });
  return d;
}

/** The bracket is narrowed to this width (and Newton steps polish further). */
const RATE_TOLERANCE = 1e-12;

/**
 * Solves presentValue(flows, r) = target for r > -1 by Newton's method safeguarded with
 * bisection: every step keeps a bracket [lo, hi] with PV(lo) >= target >= PV(hi) and stops when
 * the bracket is narrower than RATE_TOLERANCE or the value is exact to the last bit.
 * Flows must be non-negative with a positive sum, and the target positive.
 */
export function solvePeriodicRate(flows: readonly number[], target: number, times?: readonly number[]): number {
  if (flows.length === 0) throw new RangeError('No payments');
  if (times && (times.length !== flows.length || times.some((t, i) => !(t > 0) || (i > 0 && t < times[i - 1]!))))
    throw new RangeError('One positive, non-decreasing time for each payment');
  if (!(target > 0)) throw new RangeError('The present value must be positive');
  if (flows.some((f) => !(f >= 0)) || !(flows.reduce((a, b) => a + b, 0) > 0)) throw new RangeError('Payments must be non-negative with a positive sum');

  const f = (r: number) => presentValue(flows, r, times) - target;
  // PV falls as the rate rises. Find hi with PV(hi) <= target.
  let lo = -0.999_999;
  let hi = 1;
  while (f(hi) > 0) {
    lo = hi;
    hi *= 2;
    if (hi > 1e9) throw new RangeError('No rate found');
  }
  if (f(lo) < 0) throw new RangeError('No rate found');

  // Start from the flat-rate guess.
  const total = flows.reduce((a, b) => a + b, 0);
  let r = Math.min(Math.max((total / target - 1) / Math.max(1, flows.length / 2), lo), hi);
  for (let i = 0; i < 500; i++) {
    const value = f(r);
    if (value === 0) return r;
    if (value > 0) lo = r;
    else hi = r;
    if (hi - lo < RATE_TOLERANCE) break;
    const d = presentValueDerivative(flows, r, times);
    let next = d !== 0 ? r - value / d : Number.NaN;
    if (!(next > lo && next < hi)) next = (lo + hi) / 2;
    if (Math.abs(next - r) < 1e-17) {
      r = next;
      break;
    }
    r = next;
  }
  // Polish with a few Newton steps at full precision.
  for (let i = 0; i < 3; i++) {
    const d = presentValueDerivative(flows, r, times);
    if (d === 0) break;
    const next = r - f(r) / d;
    if (!Number.isFinite(next) || Math.abs(f(next)) > Math.abs(f(r))) break;
    r = next;
  }
  return r;
}

/** A monthly rate as a year: x 12 (nominal, as the disclosure statement shows it) and compounded. */
export function annualise(monthly: number): { readonly nominal: number; readonly compounded: number } {
  return { nominal: monthly * 12, compounded: Math.pow(1 + monthly, 12) - 1 };
}

/**
 * A rate (0.123456) in whole basis points (1235), rounded half away from zero: the one place a
 * solved rate becomes an integer, for messages formatted by bpsToPercent.
 */
export function rateToBps(rate: number): number {
  const scaled = Math.round(Math.abs(rate) * 10_000);
  return rate < 0 && scaled !== 0 ? -scaled : scaled;
}

/** A rate (0.0123) as a percentage string with `decimals` decimals ("1.2300"), rounded half away from zero. */
export function ratePercent(rate: number, decimals = 4): string {
  const scaled = Math.round(Math.abs(rate) * 100 * 10 ** decimals);
  const sign = rate < 0 && scaled !== 0 ? '-' : '';
  const text = String(scaled).padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}
