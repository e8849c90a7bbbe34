import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { channelPaymentHolds, channelPayments } from '../../db/schema';
import type { ConfirmationEvent } from '../../providers/collections';
import type { Centavos } from '../../../shared/money/money';

/**
 * The hold of a provider-confirmed payment for another amount or currency than its reference asked
 * (docs/decisions/059-callbacks-are-hints.md). Only the provider's own word reaches this point (its
 * status endpoint, asked by the server): a callback is a hint that makes the server ask. Such a
 * payment is never credited or applied automatically: the reference becomes HELD with the
 * provider's figures, nothing is posted in the ledger, and an officer decides
 * (channel-held-admin.ts: credit the confirmed amount to the borrower's wallet, maker-checker above
 * the approval threshold, audited).
 */

/** Does the provider's confirmation differ from what the reference asked (another amount, another currency than PHP, or none named)? */
export function differsFromReference(row: { readonly amount: Centavos }, event: ConfirmationEvent, paid: Centavos): boolean {
  return event.currency !== 'PHP' || paid !== row.amount;
}

/** Holds the payment (row locked by the caller, in the confirmation's transaction): nothing posted. */
export async function holdPayment(
  tx: Tx,
  row: { readonly id: string; readonly providerPaymentId: string | null },
  event: ConfirmationEvent,
  paid: Centavos,
  now: Date,
): Promise<'HELD'> {
  await tx
    .update(channelPayments)
    .set({ status: 'HELD', paidAt: event.paidAt ?? now, paidAmount: paid, appliedToLoan: null, creditedToWallet: null, checkAfter: null, updatedAt: now })
    .where(eq(channelPayments.id, row.id));
  await tx.insert(channelPaymentHolds).values({
    channelPaymentId: row.id,
    reason: event.currency === 'PHP' ? 'AMOUNT_MISMATCH' : 'CURRENCY_MISMATCH',
    confirmedAmount: paid,
    confirmedCurrency: event.currency,
    providerPaymentId: event.providerPaymentId ?? row.providerPaymentId,
    status: 'HELD',
    heldAt: now,
  });
  return 'HELD';
}
