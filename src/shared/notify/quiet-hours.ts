/**
 * Quiet hours (DECISIONS.md invariant 10): a message the member did not cause right
 * then is sent only between 06:00 and 22:00 Philippine time. The Philippines keeps UTC+8 all year
 * (no daylight saving), so the window is fixed arithmetic on UTC, with no time-zone database.
 */
export const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** The first hour messages may be sent (inclusive), Philippine time. */
export const SEND_FROM_HOUR = 6;
/** The hour from which messages wait until the next morning (exclusive end), Philippine time. */
export const SEND_UNTIL_HOUR = 22;

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** True when `at` is inside the sending window (06:00 <= Manila time < 22:00). */
export function isWithinSendingHours(at: Date): boolean {
  const local = at.getTime() + MANILA_OFFSET_MS;
  const hour = Math.floor((((local % DAY_MS) + DAY_MS) % DAY_MS) / HOUR_MS);
  return hour >= SEND_FROM_HOUR && hour < SEND_UNTIL_HOUR;
}

/** The earliest time a message may be sent: `at` itself inside the window, else the next 06:00 in Manila. */
export function nextAllowedSendTime(at: Date): Date {
  if (isWithinSendingHours(at)) return at;
  const local = at.getTime() + MANILA_OFFSET_MS;
  const dayStart = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  let sixLocal = dayStart + SEND_FROM_HOUR * HOUR_MS;
  if (sixLocal <= local) sixLocal += DAY_MS;
  return new Date(sixLocal - MANILA_OFFSET_MS);
}

/**
 * When to send a message about an event at `at`: at once when the member caused it right then
 * (the code they just asked for, the withdrawal they just confirmed), else within the window.
 * Null means "at once".
 */
export function sendAfterFor(at: Date, causedByMember: boolean): Date | null {
  if (causedByMember) return null;
  const allowed = nextAllowedSendTime(at);
  return allowed.getTime() === at.getTime() ? null : allowed;
}
