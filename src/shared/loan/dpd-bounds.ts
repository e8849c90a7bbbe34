/**
 * The days-past-due buckets' bounds and the portfolio-at-risk threshold: the one home of each
 * number, used by the collections queue (collections.ts), the portfolio (PAR30) and the texts that
 * name them (catalogue values, src/shared/i18n/values.ts). Imports nothing: the web's i18n loads it.
 */
export const DPD_BOUNDS = {
  /** The first day past due (the day after the due date). */
  firstFrom: 1,
  firstTo: 30,
  secondTo: 60,
  thirdTo: 90,
} as const;

/** Portfolio at risk counts loans more than this many days past due (PAR30). */
export const PAR_DAYS = 30;

/** The portfolio at risk of a closed day (decision 092): loans more than 0 (PAR 1), 30, 60 and 90 days past due. */
export const PAR_THRESHOLDS = [DPD_BOUNDS.firstFrom - 1, DPD_BOUNDS.firstTo, DPD_BOUNDS.secondTo, DPD_BOUNDS.thirdTo] as const;

/** The N of "PAR N" for a threshold: more than 0 days past due is PAR 1. */
export function parNumber(days: number): number {
  return days === 0 ? DPD_BOUNDS.firstFrom : days;
}
