import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { payoutCallbacks, withdrawals } from '../../db/schema';
import type { parseXenditPayoutCallback } from '../../providers/payouts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PayoutCallbackOutcome = 'CHECK_DUE' | 'UNKNOWN' | 'IGNORED';

/**
 * A verified payout callback (docs/decisions/013-payment-channels.md): recorded, and for a payout
 * still PROCESSING through that provider its status check is brought forward to now. The callback
 * itself never settles or fails a withdrawal: the settlement worker asks the provider's status
 * endpoint and posts or voids in its own transaction, so a forged-but-verified, replayed, late or
 * duplicate callback can at most cause one more status check.
 */
export async function receivePayoutCallback(
  deps: AppDeps,
  provider: 'XENDIT',
  callback: ReturnType<typeof parseXenditPayoutCallback>,
  payload: unknown,
): Promise<PayoutCallbackOutcome> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    let [row] =
      callback.withdrawalId && UUID.test(callback.withdrawalId)
        ? await tx.select().from(withdrawals).where(eq(withdrawals.id, callback.withdrawalId)).for('update')
        : [];
    if (!row && callback.payoutId) [row] = await tx.select().from(withdrawals).where(eq(withdrawals.providerReference, callback.payoutId)).for('update');
    // A payout id that names another payout than the one the withdrawal holds is not this withdrawal's.
    if (row && callback.payoutId && row.providerReference && row.providerReference !== callback.payoutId) row = undefined;
    let outcome: PayoutCallbackOutcome = 'UNKNOWN';
    if (row) {
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
