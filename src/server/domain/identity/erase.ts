import { eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { pendingRegistrations, recoveryAttempts, users } from '../../db/schema';

/**
 * The identity capability's part of a member's erasure (decision 029): password-recovery records
 * and unfinished sign-ups with the member's phone (not by e-mail: since decision 051 anyone may
 * sign up with an address, so such a sign-up may be someone else's), and the account row kept as an
 * anonymised shell (loans and the ledger still refer to it).
 */
export async function eraseSignUpRecords(tx: Tx, userId: string, phone: string): Promise<void> {
  await tx.delete(recoveryAttempts).where(or(eq(recoveryAttempts.userId, userId), eq(recoveryAttempts.phone, phone)));
  await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.phone, phone));
}

/** What stands in for the member's details on the kept account row. */
export interface Anonymised {
  readonly phone: string;
  readonly email: string;
  readonly fullName: string;
  readonly passwordHash: string;
}

export async function anonymiseUser(tx: Tx, userId: string, replacement: Anonymised, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({
      ...replacement,
      emailVerifiedAt: null,
      employmentLocation: '',
      jobTitle: '',
      referralCode: null,
      inviteCode: null,
      registrationIp: null,
      registrationCountry: null,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}
