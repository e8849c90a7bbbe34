import { and, asc, desc, eq, gt } from 'drizzle-orm';
import { signInAttempts } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { MINUTE } from '../clock';
import { AppError } from '../http/errors';
import { text } from '../../shared/i18n/text';

/**
 * Sign-in limits, kept in the database (table sign_in_attempts) so that they hold across
 * restarts and processes. Per phone: after 5 failures within 15 minutes, the phone is refused for
 * 15 minutes from the 5th failure, whatever the password. Per IP: after 30 failures within
 * 15 minutes, further tries from that address are refused until the window slides.
 * Refused tries are not recorded, so hammering a locked phone does not extend its lock.
 *
 * A member's own browser (a device cookie of theirs, sessions/devices.ts, decision 050) has a
 * lockout of its own: for it, the per-phone limit counts only that device's failures (five of
 * them still lock it), so strangers' failures cannot lock the member out. Without one: the phone's
 * lockout counts every failure (the device's too). The per-IP limit holds for everyone.
 */
const PHONE_MAX_FAILURES = 5;
const PHONE_WINDOW_MS = 15 * MINUTE;
const PHONE_LOCK_MS = 15 * MINUTE;
const IP_MAX_FAILURES = 30;
const IP_WINDOW_MS = 15 * MINUTE;

function retryAfter(until: Date, now: Date): Record<string, string> {
  return { 'retry-after': String(Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))) };
}

/**
 * Until when the phone is locked, or null. Failures before the last success do not count. With a
 * device (the id of a device cookie of the phone's member), only that device's tries count.
 */
async function phoneLockedUntil(db: DbOrTx, now: Date, phone: string, deviceId: string | null = null): Promise<Date | null> {
  const rows = await db
    .select({ createdAt: signInAttempts.createdAt, succeeded: signInAttempts.succeeded })
    .from(signInAttempts)
    .where(
      and(
        eq(signInAttempts.phone, phone),
        gt(signInAttempts.createdAt, new Date(now.getTime() - PHONE_WINDOW_MS - PHONE_LOCK_MS)),
        ...(deviceId ? [eq(signInAttempts.deviceId, deviceId)] : []),
      ),
    )
    .orderBy(asc(signInAttempts.createdAt));
  const lastSuccess = rows.findLastIndex((r) => r.succeeded);
  const failures = rows.slice(lastSuccess + 1).map((r) => r.createdAt.getTime());
  for (let i = failures.length - 1; i >= PHONE_MAX_FAILURES - 1; i--) {
    const last = failures[i]!;
    const first = failures[i - (PHONE_MAX_FAILURES - 1)]!;
    if (last - first <= PHONE_WINDOW_MS) {
      const until = last + PHONE_LOCK_MS;
      return until > now.getTime() ? new Date(until) : null;
    }
  }
  return null;
}

/** Until when the address is refused, or null: the 30th most recent failure ages out of the window. */
async function ipLockedUntil(db: DbOrTx, now: Date, ip: string): Promise<Date | null> {
  const rows = await db
    .select({ createdAt: signInAttempts.createdAt })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, new Date(now.getTime() - IP_WINDOW_MS))))
    .orderBy(desc(signInAttempts.createdAt))
    .limit(1)
    .offset(IP_MAX_FAILURES - 1);
  const row = rows[0];
  return row ? new Date(row.createdAt.getTime() + IP_WINDOW_MS) : null;
}

/**
 * Throws 429 RATE_LIMITED (per IP) or 429 SIGN_IN_LOCKED (per phone, or per device with the id of
 * a device cookie of the phone's member) when a sign-in may not be tried.
 */
export async function assertSignInAllowed(db: DbOrTx, now: Date, phone: string, ip: string, deviceId: string | null = null): Promise<void> {
  const ipUntil = await ipLockedUntil(db, now, ip);
  if (ipUntil) throw new AppError(429, 'RATE_LIMITED', undefined, undefined, retryAfter(ipUntil, now));
  const phoneUntil = await phoneLockedUntil(db, now, phone, deviceId);
  if (phoneUntil)
    throw new AppError(429, 'SIGN_IN_LOCKED', text('errors.SIGN_IN_LOCKED', { lockMinutes: PHONE_LOCK_MS / MINUTE }), undefined, retryAfter(phoneUntil, now));
}

/** Records a try; deviceId: the device cookie of the phone's member it came with, null for an anonymous client. */
export async function recordSignInAttempt(
  db: DbOrTx,
  now: Date,
  attempt: { phone: string; ip: string; succeeded: boolean; deviceId: string | null },
): Promise<void> {
  await db.insert(signInAttempts).values({ ...attempt, createdAt: now });
}

/**
 * A deleted member's sign-in attempts lose their phone (docs/decisions/029 addendum): the rows stay,
 * under the anonymised phone, so the per-address limit still counts them.
 */
export async function renameSignInPhone(db: DbOrTx, from: string, to: string): Promise<void> {
  await db.update(signInAttempts).set({ phone: to }).where(eq(signInAttempts.phone, from));
}
