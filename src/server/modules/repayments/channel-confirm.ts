import type { CollectionProviderName } from '../../../shared/providers/names';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { channelPaymentEvents, channelPayments } from '../../db/schema';
import { type CollectionStatus, type ConfirmationEvent } from '../../providers/collections';
import { ProviderError } from '../../providers/xendit/http';
import { channelReference, findRow, receiveConfirmation, RECHECKABLE, type ChannelPaymentRow, type ConfirmationOutcome } from './channel';

/**
 * A payment callback is a hint, never the truth (docs/decisions/059-callbacks-are-hints.md; as
 * payouts, decision 013). Anyone who holds the callback token (a dashboard user, a leaked config or
 * log) can say anything in one: "PHP 5,000,000 paid" for a reference still unpaid. So a verified
 * callback only makes the server ask the provider's status endpoint about the payment it names, at
 * once, and what the provider answers goes through the one confirmation path (`receiveConfirmation`,
 * the same as the worker's status poll); the callback's own amount, currency and status are recorded
 * and never used. The callback is recorded as:
 * - UNKNOWN: it names no payment of ours;
 * - NOT_CONFIRMED: the provider says the payment is not final yet (nothing moves);
 * - CHECK_DUE: the provider did not answer; the worker asks it at its next pass (nothing moves now);
 * - CHECKED: the provider answered a final status, recorded as its own (POLL) event with what was done.
 */
export type CallbackOutcome = ConfirmationOutcome | 'NOT_CONFIRMED' | 'CHECK_DUE';

/** The payment as the provider adapter asks about it; the provider id the callback names only when we never stored one (its answer must then name our reference). */
function paymentOf(deps: AppDeps, row: ChannelPaymentRow, claim: ConfirmationEvent) {
  return {
    id: row.id,
    reference: channelReference(deps, row.number),
    providerPaymentId: row.providerPaymentId ?? claim.providerPaymentId,
    amount: row.amount,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

async function recordClaim(deps: AppDeps, claim: ConfirmationEvent, channelPaymentId: string | null, outcome: string): Promise<void> {
  await deps.db.insert(channelPaymentEvents).values({
    provider: claim.provider,
    source: claim.source,
    kind: claim.kind,
    providerPaymentId: claim.providerPaymentId,
    referenceId: claim.referenceId,
    amount: claim.amount,
    currency: claim.currency,
    channelPaymentId,
    outcome,
    payload: claim.payload ?? {},
    receivedAt: deps.clock.now(),
  });
}

/** A verified payment callback: the provider is asked about the payment it names, and only its answer can move money. */
export async function receivePaymentCallback(
  deps: AppDeps,
  claim: ConfirmationEvent,
  /** The callback's request (decision 045). */
  requestId: string,
): Promise<{ outcome: CallbackOutcome }> {
  // Its own statement(s), no transaction around them: the row's lock ends with the statement, as it
  // ended with the transaction that held only this read (two round trips fewer; decision 089).
  const row = await findRow(deps.db, deps, claim);
  if (!row) {
    await recordClaim(deps, claim, null, 'UNKNOWN');
    return { outcome: 'UNKNOWN' };
  }
  const provider = deps.providers.collection(deps.config, row.provider as CollectionProviderName);
  let answer: CollectionStatus | null = null;
  if (provider) {
    try {
      answer = await provider.status(paymentOf(deps, row, claim), deps.clock.now());
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
    }
  }
  if (answer === null) {
    // No answer now (an outage, or garbage): the worker asks at its next pass. Also for a reference
    // already EXPIRED or FAILED here: the payer may have paid it late at the provider, and without a
    // later question that money would never be credited (runChannelPayments asks RECHECKABLE rows).
    const now = deps.clock.now();
    await deps.db
      .update(channelPayments)
      .set({ checkAfter: now, updatedAt: now })
      .where(and(eq(channelPayments.id, row.id), inArray(channelPayments.status, RECHECKABLE)));
    await recordClaim(deps, claim, row.id, 'CHECK_DUE');
    return { outcome: 'CHECK_DUE' };
  }
  if (answer.kind === 'PENDING') {
    await recordClaim(deps, claim, row.id, 'NOT_CONFIRMED');
    return { outcome: 'NOT_CONFIRMED' };
  }
  await recordClaim(deps, claim, row.id, 'CHECKED');
  return { outcome: (await receiveConfirmation(deps, answer, requestId)).outcome };
}
