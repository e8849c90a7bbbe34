import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { loanReminders } from '../../db/schema';

/**
 * The repayments capability's part of a member's erasure (decision 029): the collection-conduct log
 * keeps each reminder (which template, when, to the borrower) but not the number it went to.
 */
export async function renameReminderRecipient(tx: Tx, from: string, to: string): Promise<void> {
  await tx.update(loanReminders).set({ recipient: to }).where(eq(loanReminders.recipient, from));
}
