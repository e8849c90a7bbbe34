/**
 * Calendar dates of a loan (YYYY-MM-DD, Philippine calendar). Due dates fall monthly on the
 * disbursement date's day of the month; in a shorter month on its last day (31 January -> 28 or 29
 * February -> 31 March: always counted from the start date, never from the previous due date).
 */

import { addDays } from './day';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

interface Ymd {
  year: number;
  month: number;
  day: number;
}

function parse(date: string): Ymd {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const ymd = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  if (ymd.month < 1 || ymd.month > 12 || ymd.day < 1 || ymd.day > daysInMonth(ymd.year, ymd.month)) throw new RangeError(`Not a date: ${date}`);
  return ymd;
}

function format({ year, month, day }: Ymd): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `months` calendar months after `date`, on the same day or the last day of a shorter month. */
export function addMonths(date: string, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError('months must be a whole number');
  const start = parse(date);
  const index = start.year * 12 + (start.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format({ year, month, day: Math.min(start.day, daysInMonth(year, month)) });
}

/** The due date of instalment `n` (1-based) of a loan disbursed on `start`. */
export function dueDate(start: string, n: number): string {
  return addMonths(start, n);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const a = parse(from);
  const b = parse(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** Whole calendar months from `from` to `to`, counting a started month as a month (0 when `to` <= `from`). */
export function monthsElapsedCeil(from: string, to: string): number {
  if (to <= from) return 0;
  let months = 0;
  while (addMonths(from, months) < to) months += 1;
  return months;
}

export function isIsoDate(value: string): boolean {
  try {
    parse(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * How often instalments fall due (docs/decisions/084): MONTHLY on one day of the month, or
 * SEMI_MONTHLY on the 15th and the last day of every month (Philippine paydays: wages are paid at
 * least twice a month, at most 16 days apart). The term stays in months: SEMI_MONTHLY has two
 * instalments a month.
 */
export const SCHEDULE_FREQUENCIES = ['MONTHLY', 'SEMI_MONTHLY'] as const;
export type ScheduleFrequency = (typeof SCHEDULE_FREQUENCIES)[number];

/** The days of the month a borrower may pick for monthly instalments: 1 to DUE_DAY_MAX (in every month). */
export const DUE_DAY_MIN = 1;
export const DUE_DAY_MAX = 28;

/** The payday of the middle of the month for SEMI_MONTHLY (the other is the month's last day). */
export const SEMI_MONTHLY_MID_DAY = 15;

/**
 * The first SEMI_MONTHLY due date is the first payday at least this many days after the
 * disbursement (about half a month, so the first period is never much shorter than the others).
 */
export const SEMI_MONTHLY_MIN_FIRST_DUE_DAYS = 15;

/** Instalments a month, by frequency. */
export function periodsPerMonth(frequency: ScheduleFrequency): number {
  return frequency === 'SEMI_MONTHLY' ? 2 : 1;
}

/**
 * When a loan's instalments fall due: its frequency and, for MONTHLY, the day of the month the
 * borrower picked (null: the disbursement date's day, the rule from before). A stored loan from
 * before may carry a day 29 to 31 (its disbursement day); a new choice is 1 to DUE_DAY_MAX.
 */
export interface ScheduleTiming {
  readonly frequency: ScheduleFrequency;
  readonly dueDay: number | null;
}

/** The rule from before: monthly, on the disbursement date's day. */
export const DEFAULT_TIMING: ScheduleTiming = { frequency: 'MONTHLY', dueDay: null };

function onDay(year: number, month: number, day: number): string {
  return format({ year, month, day: Math.min(day, daysInMonth(year, month)) });
}

/**
 * The `count` due dates of a loan disbursed on `start` (docs/decisions/084):
 * - MONTHLY on the disbursement day (dueDay null, or the disbursement date's own day): one month,
 *   two months, ... after `start` (`dueDate`, the rule from before).
 * - MONTHLY on day D: the first is the first day D on or after one month after `start` (so the
 *   first period is one month to one month and 27 days, never shorter than the others), then
 *   every month on day D.
 * - SEMI_MONTHLY: the 15th and the last day of each month, from the first of them at least
 *   SEMI_MONTHLY_MIN_FIRST_DUE_DAYS days after `start`.
 */
/** Is `timing` the rule from before for a loan disbursed on `start` (monthly on the disbursement day)? */
export function isDisbursementDayRule(start: string, timing: ScheduleTiming): boolean {
  return timing.frequency === 'MONTHLY' && (timing.dueDay === null || timing.dueDay === parse(start).day);
}

export function dueDates(start: string, count: number, timing: ScheduleTiming = DEFAULT_TIMING): string[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('count must be a positive whole number');
  const s = parse(start);
  if (timing.frequency === 'MONTHLY') {
    if (isDisbursementDayRule(start, timing)) return Array.from({ length: count }, (_, k) => dueDate(start, k + 1));
    const day = timing.dueDay ?? s.day;
    if (!Number.isInteger(day) || day < DUE_DAY_MIN || day > 31) throw new RangeError(`Not a due day: ${day}`);
    const oneMonth = parse(addMonths(start, 1));
    // The month of the first due date: one month on, or the month after when day D has passed.
    const firstIndex = oneMonth.year * 12 + (oneMonth.month - 1) + (Math.min(day, daysInMonth(oneMonth.year, oneMonth.month)) < oneMonth.day ? 1 : 0);
    return Array.from({ length: count }, (_, k) => {
      const index = firstIndex + k;
      return onDay(Math.floor(index / 12), (index % 12) + 1, day);
    });
  }
  const earliest = addDays(start, SEMI_MONTHLY_MIN_FIRST_DUE_DAYS);
  const out: string[] = [];
  let index = s.year * 12 + (s.month - 1);
  while (out.length < count) {
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    for (const day of [SEMI_MONTHLY_MID_DAY, daysInMonth(year, month)]) {
      const date = onDay(year, month, day);
      if (date >= earliest && out.length < count) out.push(date);
    }
    index += 1;
  }
  return out;
}

/**
 * The time from `start` to `date` in months, counted on the calendar: the whole months (`addMonths`
 * from `start`) and the rest of the days as a share of the month they fall in. A due date on the
 * disbursement day k months on is exactly k; the 15th after a disbursement on the 1st of a 30-day
 * month is 14/30. The effective interest rate discounts each payment over this time.
 */
export function monthsBetween(start: string, date: string): number {
  if (date < start) throw new RangeError('date before start');
  const a = parse(start);
  const b = parse(date);
  // At most one too many: step back while the anniversary passes the date.
  let whole = Math.max(0, (b.year - a.year) * 12 + (b.month - a.month));
  while (whole > 0 && addMonths(start, whole) > date) whole -= 1;
  const from = addMonths(start, whole);
  const to = addMonths(start, whole + 1);
  return whole + daysBetween(from, date) / daysBetween(from, to);
}
