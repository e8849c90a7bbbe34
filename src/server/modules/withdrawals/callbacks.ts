import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { payoutCallbacks, withdrawalParts, withdrawals } from '../../db/schema';
import type { PayoutCallback } from '../../providers/payouts';
import type { PayoutProviderName } from '../../../shared/providers/names';
import { isUuid } from '../../../shared/schemas/params';

export type PayoutCallbackOutcome = 'CHECK_DUE' | 'UNKNOWN' | 'IGNORED';

/**
 * A verified payout callback (docs/decisions/013-payment-channels.md): recorded, and for a payout
 * still PROCESSING through that provider its status check is brought forward to now. The callback
 * itself never settles or fails a withdrawal: the settlement worker asks the provider's status
 * endpoint and posts or voids in its own transaction, so a forged-but-verified, replayed, late or
 * duplicate callback can at most cause one more status check.
 *
 * A withdrawal sent as several transfers (docs/decisions/033) sends each transfer with the
 * transfer's own id as reference_id: such a callback brings forward the check of exactly that
 * transfer (the withdrawal row locked first, then the transfer, as everywhere else); the worker
 * then settles or returns that transfer alone, once (its status and the ledger's idempotency keys).
 */
export async function receivePayoutCallback(
  deps: AppDeps,
  provider: PayoutProviderName,
  callback: PayoutCallback,
  payload: unknown,
): Promise<PayoutCallbackOutcome> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    let [row] =
      callback.withdrawalId && isUuid(callback.withdrawalId)
        ? await tx.select().from(withdrawals).where(eq(withdrawals.id, callback.withdrawalId)).for('update')
        : [];
    if (!row && callback.payoutId) [row] = await tx.select().from(withdrawals).where(eq(withdrawals.providerReference, callback.payoutId)).for('update');
    // A payout id that names another payout than the one the withdrawal holds is not this withdrawal's.
    if (row && callback.payoutId && row.providerReference && row.providerReference !== callback.payoutId) row = undefined;
    let outcome: PayoutCallbackOutcome = 'UNKNOWN';
    if (!row) {
      const part = await partCallback(tx, provider, callback, now);
      if (part) outcome = part;
    } else if (row.partCount > 1) {
      // The withdrawal's own id names no transfer of a split withdrawal: each transfer has its own.
      outcome = 'IGNORED';
    } else {
      if (row.status === 'PROCESSING' && row.payoutMode === provider) {
        await tx
          .update(withdrawals)
          .set({ checkAfter: now, ...(row.providerReference ? {} : { providerReference: callback.payoutId }), updatedAt: now })
          .where(eq(withdrawals.id, row.id));
        outcome = 'CHECK_DUE';
      } else {
        outcome = 'IGNORED';
      }
    }
    await tx.insert(payoutCallbacks).values({
      provider,
      event: callback.event,
      payoutId: callback.payoutId,
      withdrawalRef: callback.withdrawalId,
      status: callback.status,
      outcome,
      payload: payload ?? {},
      receivedAt: now,
    });
    return outcome;
  });
}

/**
 * A callback about one transfer of a split withdrawal (reference_id = the transfer's id, or the
 * provider's payout id the transfer holds): null when it names no transfer.
 */
async function partCallback(tx: Tx, provider: PayoutProviderName, callback: PayoutCallback, now: Date): Promise<PayoutCallbackOutcome | null> {
  const cols = { id: withdrawalParts.id, withdrawalId: withdrawalParts.withdrawalId };
  let [found] =
    callback.withdrawalId && isUuid(callback.withdrawalId)
      ? await tx.select(cols).from(withdrawalParts).where(eq(withdrawalParts.id, callback.withdrawalId))
      : [];
  if (!found && callback.payoutId) [found] = await tx.select(cols).from(withdrawalParts).where(eq(withdrawalParts.providerReference, callback.payoutId));
  if (!found) return null;
  // Lock order: the withdrawal row, then its transfer (as the worker and the officer's routes).
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, found.withdrawalId)).for('update');
  const [part] = await tx.select().from(withdrawalParts).where(eq(withdrawalParts.id, found.id)).for('update');
  if (!row || !part) return null;
  // A payout id that names another payout than the one the transfer holds is not this transfer's.
  if (callback.payoutId && part.providerReference && part.providerReference !== callback.payoutId) return null;
  if (row.status !== 'PROCESSING' || part.status !== 'PROCESSING' || part.payoutMode !== provider) return 'IGNORED';
  await tx
    .update(withdrawalParts)
    .set({ checkAfter: now, ...(part.providerReference ? {} : { providerReference: callback.payoutId }), updatedAt: now })
    .where(eq(withdrawalParts.id, part.id));
  return 'CHECK_DUE';
}
