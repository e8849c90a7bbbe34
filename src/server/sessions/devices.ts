import { createHash, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, lte, ne, or } from 'drizzle-orm';
import { trustedDevices } from '../db/schema';
import type { DbOrTx } from '../db/client';
import { DAY, type Clock } from '../clock';

/**
 * Device cookies (decision 050; OWASP "Slow Down Online Guessing Attacks with Device Cookies"). A
 * browser a member signed in with (or registered, or reset their password with) holds a random
 * token bound to that member; only the token's SHA-256 is stored. The token grants nothing by
 * itself (no session, no data): it only lets the per-phone sign-in lockout and the per-phone
 * password-reset budget count this browser apart from anonymous clients, so that strangers who
 * know the phone number cannot lock its member out. It helps only the member it was issued to: a
 * missing, malformed, unknown, expired or another member's token is no device at all.
 */
export const DEVICE_TTL_MS = 180 * DAY;
/** A member's newest devices kept; an older one is forgotten when a new one is issued. */
export const DEVICES_PER_USER = 10;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface TrustedDevice {
  readonly id: string;
  readonly userId: string;
}

export interface NewDevice {
  readonly token: string;
  readonly expiresAt: Date;
}

/**
 * The device a cookie's token stands for, or null (absent, malformed, unknown or expired). Read
 * whatever phone is asked about, so that a request with a cookie costs the same whether or not the
 * phone has an account; the caller compares userId with the phone's member (deviceFor).
 */
export async function findDevice(db: DbOrTx, clock: Clock, token: string | null | undefined): Promise<TrustedDevice | null> {
  if (!token || !TOKEN.test(token)) return null;
  const rows = await db
    .select({ id: trustedDevices.id, userId: trustedDevices.userId })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, hashToken(token)), gt(trustedDevices.expiresAt, clock.now())))
    .limit(1);
  return rows[0] ?? null;
}

/** The device's id when it is the given member's, else null (no member, or a device of someone else). */
export function deviceOf(device: TrustedDevice | null, userId: string | null | undefined): string | null {
  return device && userId && device.userId === userId ? device.id : null;
}

/**
 * Binds this browser to the member: a new random token (the one it presented, if it was this
 * member's, is replaced), and the member's expired and surplus devices forgotten (newest
 * DEVICES_PER_USER kept).
 */
export async function issueDevice(db: DbOrTx, clock: Clock, userId: string, replacing: string | null = null): Promise<NewDevice> {
  const now = clock.now();
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + DEVICE_TTL_MS);
  const stale = [lte(trustedDevices.expiresAt, now), ...(replacing ? [eq(trustedDevices.id, replacing)] : [])];
  await db.delete(trustedDevices).where(and(eq(trustedDevices.userId, userId), or(...stale)));
  // Room for the new one first (so it is never the one dropped): the newest DEVICES_PER_USER - 1 stay.
  const surplus = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(eq(trustedDevices.userId, userId))
    .orderBy(desc(trustedDevices.createdAt), desc(trustedDevices.id))
    .offset(DEVICES_PER_USER - 1);
  if (surplus.length > 0)
    await db.delete(trustedDevices).where(
      inArray(
        trustedDevices.id,
        surplus.map((r) => r.id),
      ),
    );
  await db.insert(trustedDevices).values({ userId, tokenHash: hashToken(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}

/** Forgets the member's devices, except `except` (the browser that asked) when given. */
export async function forgetUserDevices(db: DbOrTx, userId: string, except: string | null = null): Promise<void> {
  await db.delete(trustedDevices).where(and(eq(trustedDevices.userId, userId), ...(except ? [ne(trustedDevices.id, except)] : [])));
}

/** Expired devices deleted by one statement of forgetExpiredDevices. */
const EXPIRED_DEVICES_BATCH = 500;
/** Statements a pass runs at most: the rest waits for the next pass, so a backlog never makes one pass long. */
const EXPIRED_DEVICES_BATCHES_PER_PASS = 20;

/**
 * Deletes expired devices of every member, oldest expiry first, EXPIRED_DEVICES_BATCH rows a
 * statement (each its own short transaction, by the index on expires_at) until a batch comes back
 * short or EXPIRED_DEVICES_BATCHES_PER_PASS have run. issueDevice forgets only the expired devices
 * of the member it issues to; a member who never signs in again would keep theirs for ever. Safe
 * with several processes: a row another pass deleted first is simply not counted. Returns the
 * number deleted.
 */
export async function forgetExpiredDevices(
  db: DbOrTx,
  clock: Clock,
  batch = EXPIRED_DEVICES_BATCH,
  maxBatches = EXPIRED_DEVICES_BATCHES_PER_PASS,
): Promise<number> {
  const now = clock.now();
  let forgotten = 0;
  for (let i = 0; i < maxBatches; i++) {
    const expired = db
      .select({ id: trustedDevices.id })
      .from(trustedDevices)
      .where(lte(trustedDevices.expiresAt, now))
      .orderBy(asc(trustedDevices.expiresAt))
      .limit(batch);
    const deleted = await db.delete(trustedDevices).where(inArray(trustedDevices.id, expired)).returning({ id: trustedDevices.id });
    forgotten += deleted.length;
    if (deleted.length < batch) break;
  }
  return forgotten;
}
