import { eq, or } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contactMessages } from '../../db/schema';

/**
 * The support capability's part of a member's erasure (decision 029): the member's contact-form
 * messages, signed in or not (by `email`, when the address is the member's own: decisions 051,
 * 055). Returns the erased messages' ids (the audit log's replies to them are erased by the caller).
 */
export async function eraseContactMessages(tx: Tx, userId: string, email: string | null): Promise<string[]> {
  const rows = await tx
    .delete(contactMessages)
    .where(email ? or(eq(contactMessages.userId, userId), eq(contactMessages.email, email)) : eq(contactMessages.userId, userId))
    .returning({ id: contactMessages.id });
  return rows.map((r) => r.id);
}
