import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { documentUploadAttempts, memberDocuments } from '../../db/schema';

/**
 * The documents capability's part of a member's erasure (decision 029): the document rows and the
 * upload attempts go in the caller's transaction; the stored files' keys are returned for the
 * caller to delete from storage once the transaction has committed.
 */
export async function eraseDocuments(tx: Tx, userId: string): Promise<string[]> {
  const documents = await tx.delete(memberDocuments).where(eq(memberDocuments.userId, userId)).returning({ key: memberDocuments.storageKey });
  await tx.delete(documentUploadAttempts).where(eq(documentUploadAttempts.userId, userId));
  return documents.map((d) => d.key);
}
