import { z } from 'zod';

/**
 * Path and query parameters that reach the database, checked against the column's type before they
 * do. A value outside the type's range is a 400 naming the parameter, never a database
 * error: PostgreSQL refuses 9223372036854775808 for a bigint with an error the server would log
 * as a 500. Every route's numeric parameter comes from one of these helpers.
 */

/** PostgreSQL bigint (bigserial) upper bound: 2^63 - 1. */
export const PG_BIGINT_MAX = 9_223_372_036_854_775_807n;
/** PostgreSQL integer upper bound: 2^31 - 1. */
const PG_INT_MAX = 2_147_483_647;

/** Whether "YYYY-MM-DD" names a day of the calendar (no month 13, no 30 February). */
export function isRealDay(day: string): boolean {
  const at = new Date(`${day}T00:00:00.000Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/** Whether an ISO instant to the millisecond ("2026-11-24T07:37:33.123Z") names a real one (no hour 25). */
export function isRealInstant(instant: string): boolean {
  const at = new Date(instant);
  return !Number.isNaN(at.getTime()) && at.toISOString() === instant;
}

/** A UUID's form (any version, either case), for a zod string's regex. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path or body value has a UUID's form (any version, either case): checked before it
 * reaches a uuid column, where PostgreSQL would refuse it with an error instead of matching no row.
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * A positive bigint id or cursor as a decimal string ("1" to "9223372036854775807"), as the API
 * sends bigint ids (decision 004: strings in JSON). An empty string counts as absent when optional.
 */
function bigintIdParam(message: string) {
  return (
    z
      .string({ error: message })
      .regex(/^[1-9]\d{0,18}$/, { error: message })
      // Zod runs a refinement even after the pattern failed: check the digits again before BigInt().
      .refine((value) => /^\d{1,19}$/.test(value) && BigInt(value) <= PG_BIGINT_MAX, { error: message })
  );
}

/** An optional bigint id or cursor in a query string: '' and absent are the same. */
export function optionalBigintIdParam(message: string) {
  return z.preprocess((v) => (v === '' ? undefined : v), bigintIdParam(message).optional());
}

/**
 * A whole number in a query string, from `min` to `max` (at most PostgreSQL's integer range),
 * written in decimal digits only: "1e3", "0x10", " 5" and "" are refused rather than coerced.
 */
export function intQueryParam(options: { readonly min: number; readonly max: number; readonly message?: string }) {
  const max = Math.min(options.max, PG_INT_MAX);
  const message = options.message ?? `A whole number from ${options.min} to ${max}.`;
  return z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d{1,10}$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int({ error: message }).min(options.min, { error: message }).max(max, { error: message }),
  );
}

/** A page size in a query string: 1 to `max`, `fallback` when absent. */
export function pageLimitParam(max: number, fallback: number) {
  return intQueryParam({ min: 1, max }).default(fallback);
}

/**
 * The keyset cursor of a list ordered by (created_at, number) (lists that scale): the
 * last row's time to the millisecond and its number, "2026-11-24T07:37:33.123Z_42". Opaque to the
 * client (it passes nextCursor back as it came); the server checks its form here, so a forged or
 * garbled one is a 400, never a database error.
 */
const KEYSET_CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)_([1-9]\d{0,18})$/;

export interface KeysetPosition {
  readonly at: Date;
  readonly number: bigint;
}

export function encodeKeysetCursor(at: Date, number: bigint | number): string {
  return `${at.toISOString()}_${number.toString()}`;
}

/** The position a well-formed cursor names, or null (form, real instant, number within bigint). */
export function decodeKeysetCursor(cursor: string): KeysetPosition | null {
  const m = KEYSET_CURSOR.exec(cursor);
  if (!m) return null;
  const at = new Date(m[1]!);
  if (Number.isNaN(at.getTime()) || at.toISOString() !== m[1]) return null;
  const number = BigInt(m[2]!);
  return number <= PG_BIGINT_MAX ? { at, number } : null;
}

/** An optional keyset cursor in a query string ('' and absent are the same), checked by decodeKeysetCursor. */
export function optionalKeysetCursorParam(message = 'errors.cursor') {
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: message })
      .max(64, { error: message })
      .refine((v) => decodeKeysetCursor(v) !== null, { error: message })
      .optional(),
  );
}
