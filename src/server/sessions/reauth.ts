import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Clock } from '../clock';
import { users } from '../db/schema';
import { AppError, fieldError } from '../http/errors';
import { verifyPassword } from './passwords';
import { assertSignInAllowed, recordSignInAttempt } from './rate-limit';
import type { SessionAuth } from './store';

/**
 * Asks a signed-in member for their current password again before something a stolen session must
 * not do alone (a data export, ...). A wrong password counts as a failed sign-in of the member's
 * phone, under the same limits (rate-limit.ts: five failures in 15 minutes lock it for 15 minutes),
 * so a session cannot be used to guess it. Throws the field error `field` with the i18n `key` when wrong.
 */
export async function confirmCurrentPassword(
  db: Db,
  clock: Clock,
  auth: SessionAuth,
  password: string,
  ctx: { ip: string },
  refusal: { field: string; key: string },
): Promise<void> {
  const ok = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sign-in:${auth.phone}`}))`);
    await assertSignInAllowed(tx, clock.now(), auth.phone, ctx.ip);
    const rows = await tx.select({ phone: users.phone, passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.userId)).limit(1);
    const found = rows[0];
    if (!found) throw new AppError(401, 'UNAUTHENTICATED');
    const matches = await verifyPassword(found.passwordHash, password);
    // The device cookie (Path=/api/auth) does not reach these routes: counted as an anonymous client's try (decision 050).
    await recordSignInAttempt(tx, clock.now(), { phone: found.phone, ip: ctx.ip, succeeded: matches, deviceId: null });
    return matches;
  });
  // Thrown after the commit: the failure stays counted.
  if (!ok) throw fieldError({ [refusal.field]: refusal.key });
}
