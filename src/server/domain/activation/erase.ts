import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberAddresses, memberIdentities, memberPersonal, memberReferences, payoutAccounts } from '../../db/schema';

/**
 * The activation capability's part of a member's erasure (the privacy module's deletion review,
 * decision 029): what the member entered to activate the account (personal details, addresses,
 * references, the identity document's number, the payout account) is deleted, in the caller's
 * transaction. The activation module owns these tables; this is their one erasure.
 */
export async function eraseActivationRecords(tx: Tx, userId: string): Promise<void> {
  await tx.delete(memberPersonal).where(eq(memberPersonal.userId, userId));
  await tx.delete(memberAddresses).where(eq(memberAddresses.userId, userId));
  await tx.delete(memberReferences).where(eq(memberReferences.userId, userId));
  await tx.delete(memberIdentities).where(eq(memberIdentities.userId, userId));
  await tx.delete(payoutAccounts).where(eq(payoutAccounts.userId, userId));
}
