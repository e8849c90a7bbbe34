import { addDays } from './day';
import { DPD_BOUNDS } from './dpd-bounds';

export { PAR_DAYS } from './dpd-bounds';

/**
 * The collections queue's days-past-due buckets and the portfolio's ratios.
 * Pure: used by the server's queries and by the back office's pages.
 *
 * Days past due of a loan = days since its oldest unpaid due date (Philippine calendar). A loan is
 * in bucket 1-30 from the day after that date to day 30, then 31-60, 61-90, and OVER_90 from day 91.
 */
export const DPD_BUCKETS = ['D1_30', 'D31_60', 'D61_90', 'OVER_90'] as const;
export type DpdBucket = (typeof DPD_BUCKETS)[number];

/** Each bucket's days past due: from (inclusive) to (inclusive; null: no upper bound). */
const RANGES: Readonly<Record<DpdBucket, readonly [number, number | null]>> = {
  D1_30: [DPD_BOUNDS.firstFrom, DPD_BOUNDS.firstTo],
  D31_60: [DPD_BOUNDS.firstTo + 1, DPD_BOUNDS.secondTo],
  D61_90: [DPD_BOUNDS.secondTo + 1, DPD_BOUNDS.thirdTo],
  OVER_90: [DPD_BOUNDS.thirdTo + 1, null],
};

export function bucketOf(daysPastDue: number): DpdBucket | null {
  for (const b of DPD_BUCKETS) {
    const [from, to] = RANGES[b];
    if (daysPastDue >= from && (to === null || daysPastDue <= to)) return b;
  }
  return null;
}

/**
 * The oldest unpaid due dates that put a loan in `bucket` on `today`: from (inclusive, null: no
 * lower bound) to (inclusive). The queue filters on the due date, which its index serves.
 */
export function dueDateRangeOf(bucket: DpdBucket, today: string): { readonly from: string | null; readonly to: string } {
  const [minDays, maxDays] = RANGES[bucket];
  return { from: maxDays === null ? null : addDays(today, -maxDays), to: addDays(today, -minDays) };
}

/**
 * A share as a percentage with two decimals, rounded half up ("12.35"), from whole centavos:
 * PAR30 = outstanding principal of loans more than 30 days past due / all outstanding principal.
 * "0.00" when the whole is zero.
 */
export function percentOf(part: bigint, whole: bigint): string {
  if (whole <= 0n || part <= 0n) return '0.00';
  const hundredths = (part * 10_000n * 2n + whole) / (whole * 2n);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** The first and the next month's first Philippine day of the month containing `today` (YYYY-MM-DD). */
export function manilaMonthOf(today: string): { readonly first: string; readonly next: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { first: `${today.slice(0, 7)}-01`, next };
}
