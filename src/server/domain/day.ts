import type { AppDeps } from '../deps';
import { philippineDate } from '../../shared/activation/age';

/**
 * The Philippine day: the lender's business day is Manila's calendar day (UTC+8, no daylight
 * saving), read from the app's clock so tests and the movable demo clock move it.
 */

/** Today's date in Manila (YYYY-MM-DD). */
export function todayPh(deps: Pick<AppDeps, 'clock'>): string {
  return philippineDate(deps.clock.now());
}

/** The instant the Philippine day `date` ends (the next midnight in Manila). */
export function endOfManilaDay(date: string): Date {
  return new Date(Date.parse(`${date}T00:00:00+08:00`) + 24 * 3_600_000);
}
