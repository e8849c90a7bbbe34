/**
 * Calendar dates of a loan (YYYY-MM-DD, Philippine calendar). Due dates fall monthly on the
 * disbursement date's day of the month; in a shorter month on its last day (31 January -> 28 or 29
 * February -> 31 March: always counted from the start date, never from the previous due date).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
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
