/**
 * The age rule of wizard step 1. The specification says "between 18 and 80 years" and measures it
 * as an age in days from 6573 to 29199, which is about 18 years minus a day or two and 80 years
 * minus three weeks. Tapat uses real calendar dates instead, in Philippine time:
 *
 *   accepted  <=>  18th birthday <= today <= 80th birthday
 *
 * So a member may register from their 18th birthday on, and up to and including their 80th
 * birthday; from the day after it they are refused. A 29 February birthday falls on 1 March in
 * common years (the year of age is completed only once 28 February has passed).
 */
export const MIN_AGE_YEARS = 18;
export const MAX_AGE_YEARS = 80;

export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** Reads YYYY-MM-DD; null unless it is a real calendar date. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function formatIsoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The calendar date in the Philippines (UTC+8, no daylight saving) at an instant, as YYYY-MM-DD. */
export function philippineDate(instant: Date): string {
  return new Date(instant.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** The date of the `years`-th birthday; 29 February becomes 1 March in a common year. */
export function birthday(birth: CalendarDate, years: number): CalendarDate {
  const year = birth.year + years;
  if (birth.month === 2 && birth.day === 29 && !isLeapYear(year)) return { year, month: 3, day: 1 };
  return { year, month: birth.month, day: birth.day };
}

function compare(a: CalendarDate, b: CalendarDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export type BirthDateProblem = 'INVALID' | 'TOO_YOUNG' | 'TOO_OLD';

/** Null when the birth date is acceptable on `today` (both YYYY-MM-DD), else why not. */
export function checkBirthDate(birthDate: string, today: string): BirthDateProblem | null {
  const birth = parseIsoDate(birthDate);
  const now = parseIsoDate(today);
  if (!birth || !now) return 'INVALID';
  if (compare(now, birthday(birth, MIN_AGE_YEARS)) < 0) return 'TOO_YOUNG';
  if (compare(now, birthday(birth, MAX_AGE_YEARS)) > 0) return 'TOO_OLD';
  return null;
}
