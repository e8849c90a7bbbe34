import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { withdrawalParts, withdrawals } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, postPending } from '../../ledger';
import { type PayoutMode, type PayoutProvider } from '../../providers/payouts';
import { formatMoney } from '../../../shared/money/money';
import { canPartTransition, outcomeOfParts, type WithdrawalActor, type WithdrawalPartStatus } from '../../../shared/states/withdrawal';
import type { PayoutFailureReason } from '../../../shared/reasons/catalogue';
import type { WithdrawalPartPlan } from '../../../shared/withdrawal/split';
import type { PayoutChannel } from '../../../shared/withdrawal/channels';
import { STATE_MESSAGE, transition } from './transitions';
import { partsOf, payoutDestinationOf, referenceOf, type WithdrawalPartRow, type WithdrawalRow } from './views';
import { text } from '../../../shared/i18n/text';

/**
 * A withdrawal sent as several transfers (docs/decisions/033-split-withdrawals.md). One hold of the
 * whole amount at the request and one code; at confirmation the hold is posted (wallet ->
 * PAYOUT_CLEARING on the withdrawal's shard) and every part is submitted to the payout adapter on
 * its own. A part paid moves its amount from clearing to SETTLEMENT_FUNDS; a part failed returns
 * exactly its amount from clearing to the wallet; each in the transaction that changes the part.
 * When the last part is final the withdrawal moves to PAID, PARTLY_PAID or FAILED (that transition
 * moves no money: the parts did). Locks: the withdrawal row, then its part rows; the ledger locks
 * its accounts in id order (decision 030). Never any fee.
 */

/** The code of the ledger transfer that returns a failed part's amount to the wallet. */
const WITHDRAWAL_RETURN_CODE = 'WITHDRAWAL_RETURN';

/** The parts of a withdrawal at its request (PENDING until the code confirms it). */
export async function insertParts(tx: Tx, withdrawalId: string, plan: readonly WithdrawalPartPlan[], now: Date): Promise<WithdrawalPartRow[]> {
  const rows = await tx
    .insert(withdrawalParts)
    .values(plan.map((p, i) => ({ withdrawalId, partIndex: i + 1, amount: p.amount, channel: p.channel, status: 'PENDING', createdAt: now, updatedAt: now })))
    .returning();
  return rows.sort((a, b) => a.partIndex - b.partIndex);
}

/** A transfer's own reference (bank, provider, back office): "<reference>-<index>". */
export function partReference(deps: AppDeps, row: WithdrawalRow, part: WithdrawalPartRow): string {
  return `${referenceOf(deps, row.number)}-${part.partIndex}`;
}

function orderOf(deps: AppDeps, row: WithdrawalRow, part: WithdrawalPartRow) {
  return {
    // The provider deduplicates by our id: each part has its own.
    id: part.id,
    reference: partReference(deps, row, part),
    amount: part.amount,
    channel: part.channel as PayoutChannel,
    destination: payoutDestinationOf(row),
  };
}

/**
 * At confirmation (inside its transaction, the withdrawal row locked): posts the hold of the whole
 * amount and submits every part. Returns the posted transfer's id (the withdrawal's resolution).
 */
export async function submitParts(tx: Tx, deps: AppDeps, row: WithdrawalRow, provider: PayoutProvider, now: Date): Promise<string> {
  const posted = await postPending(tx, {
    pendingId: row.pendingTransferId,
    idempotencyKey: `withdrawal-post:${row.id}`,
    description: `Withdrawal ${referenceOf(deps, row.number)} confirmed: sent as ${row.partCount} transfers`,
    at: now,
  });
  const parts = (await partsOf(tx, [row.id])).get(row.id) ?? [];
  if (parts.length !== row.partCount) throw new Error(`withdrawal ${row.id} has ${parts.length} parts, expected ${row.partCount}`);
  for (const part of parts) {
    if (!canPartTransition(part.status as WithdrawalPartStatus, 'PROCESSING')) throw new AppError(409, 'WITHDRAWAL_STATE', STATE_MESSAGE);
    const submission = await provider.submit(orderOf(deps, row, part), now);
    await tx
      .update(withdrawalParts)
      .set({
        status: 'PROCESSING',
        payoutMode: provider.mode,
        providerReference: submission.providerReference,
        checkAfter: submission.checkAfter,
        updatedAt: now,
      })
      .where(eq(withdrawalParts.id, part.id));
  }
  return posted.id;
}

export type PartOutcome = { paid: true; providerReference: string | null } | { paid: false; reasonCode: PayoutFailureReason };

export interface PartInput {
  readonly actor: WithdrawalActor;
  readonly actorUserId: string | null;
  readonly at: Date;
  readonly note?: string | null;
  /** The request that resolves the part (decision 045); null from a job. */
  readonly requestId: string | null;
}

/**
 * One part paid or failed (the withdrawal row locked by the caller): its own ledger move, its status,
 * and, when it was the last one still processing, the withdrawal's final transition.
 */
export async function resolvePart(
  tx: Tx,
  deps: AppDeps,
  row: WithdrawalRow,
  part: WithdrawalPartRow,
  outcome: PartOutcome,
  input: PartInput,
): Promise<WithdrawalRow> {
  const to: WithdrawalPartStatus = outcome.paid ? 'PAID' : 'FAILED';
  if (row.status !== 'PROCESSING' || !canPartTransition(part.status as WithdrawalPartStatus, to)) throw new AppError(409, 'WITHDRAWAL_STATE', STATE_MESSAGE);
  const reference = partReference(deps, row, part);
  const clearing = await ensureSystemAccount(tx, 'PAYOUT_CLEARING', row.ledgerShard);
  const resolution = outcome.paid
    ? await createTransfer(tx, {
        idempotencyKey: `withdrawal-settlement:${part.id}`,
        code: 'WITHDRAWAL_SETTLEMENT',
        reference: row.id,
        description: `Withdrawal ${reference} (transfer ${part.partIndex} of ${row.partCount}) sent by ${part.channel}`,
        legs: [
          { accountId: clearing, direction: 'DEBIT', amount: part.amount },
          { accountId: await ensureSystemAccount(tx, 'SETTLEMENT_FUNDS', row.ledgerShard), direction: 'CREDIT', amount: part.amount },
        ],
        at: input.at,
      })
    : await createTransfer(tx, {
        idempotencyKey: `withdrawal-return:${part.id}`,
        code: WITHDRAWAL_RETURN_CODE,
        reference: row.id,
        description: `Withdrawal ${reference} (transfer ${part.partIndex} of ${row.partCount}) failed: ${formatMoney(part.amount)} returned`,
        legs: [
          { accountId: clearing, direction: 'DEBIT', amount: part.amount },
          { accountId: await ensureMemberWallet(tx, row.memberId), direction: 'CREDIT', amount: part.amount },
        ],
        at: input.at,
      });
  const [updated] = await tx
    .update(withdrawalParts)
    .set({
      status: to,
      resolutionTransferId: resolution.id,
      settledAt: input.at,
      checkAfter: null,
      updatedAt: input.at,
      ...(outcome.paid ? (outcome.providerReference ? { providerReference: outcome.providerReference } : {}) : { failureReasonCode: outcome.reasonCode }),
    })
    .where(and(eq(withdrawalParts.id, part.id), eq(withdrawalParts.status, part.status)))
    .returning();
  if (!updated) throw new AppError(409, 'WITHDRAWAL_STATE', STATE_MESSAGE);

  const parts = (await partsOf(tx, [row.id])).get(row.id) ?? [];
  const action = outcomeOfParts(parts.map((p) => p.status as WithdrawalPartStatus));
  if (!action) return row;
  const failed = parts.filter((p) => p.status === 'FAILED');
  const reasonCode = (failed.at(-1)?.failureReasonCode as PayoutFailureReason | undefined) ?? null;
  return transition(tx, deps, row, action, {
    actor: input.actor,
    actorUserId: input.actorUserId,
    at: input.at,
    reasonCode: action === 'SETTLE' ? null : reasonCode,
    note: input.note ?? null,
    causedByMember: false,
    requestId: input.requestId,
  });
}

/**
 * The worker's pass over parts whose outcome is due: asks the provider; PAID settles the part,
 * FAILED returns its amount. The withdrawal row is locked first (SKIP LOCKED: another process has
 * it, this pass stops and the next one takes it up), then the part is read again.
 */
export async function settleDueParts(deps: AppDeps, limit = 100, log?: FastifyBaseLogger): Promise<number> {
  let resolved = 0;
  for (let i = 0; i < limit; i += 1) {
    const now = deps.clock.now();
    const outcome = await deps.db.transaction(async (tx) => {
      const [due] = await tx
        .select({ id: withdrawalParts.id, withdrawalId: withdrawalParts.withdrawalId })
        .from(withdrawalParts)
        .where(and(eq(withdrawalParts.status, 'PROCESSING'), isNotNull(withdrawalParts.checkAfter), lte(withdrawalParts.checkAfter, now)))
        .orderBy(asc(withdrawalParts.checkAfter))
        .limit(1);
      if (!due) return 'NONE' as const;
      const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, due.withdrawalId)).for('update', { skipLocked: true });
      if (!row) return 'NONE' as const;
      const [part] = await tx.select().from(withdrawalParts).where(eq(withdrawalParts.id, due.id)).for('update');
      if (!part || part.status !== 'PROCESSING' || !part.checkAfter || part.checkAfter.getTime() > now.getTime()) return 'PENDING' as const;
      const provider = deps.providers.payout(deps.config, (part.payoutMode ?? deps.config.payouts.mode) as PayoutMode);
      const result = await provider.outcome(
        { ...orderOf(deps, row, part), providerReference: part.providerReference, submittedAt: row.confirmedAt ?? row.createdAt },
        now,
      );
      if (result.state === 'PENDING') {
        await tx.update(withdrawalParts).set({ checkAfter: result.checkAfter, updatedAt: now }).where(eq(withdrawalParts.id, part.id));
        return 'PENDING' as const;
      }
      const updated = await resolvePart(
        tx,
        deps,
        row,
        part,
        result.state === 'PAID' ? { paid: true, providerReference: result.providerReference } : { paid: false, reasonCode: result.reasonCode },
        { actor: 'SYSTEM', actorUserId: null, at: now, requestId: null },
      );
      log?.info(
        { withdrawalId: row.id, part: part.partIndex, outcome: result.state, withdrawalStatus: updated.status, originReqId: row.requestId ?? undefined },
        'withdrawal part processed',
      );
      return 'RESOLVED' as const;
    });
    if (outcome === 'NONE') break;
    if (outcome === 'RESOLVED') resolved += 1;
  }
  return resolved;
}

/** The part `index` of a withdrawal, locked (the withdrawal row must be locked first). */
export async function partByIndex(tx: Tx, withdrawalId: string, index: number): Promise<WithdrawalPartRow> {
  const [part] = await tx
    .select()
    .from(withdrawalParts)
    .where(and(eq(withdrawalParts.withdrawalId, withdrawalId), eq(withdrawalParts.partIndex, index)))
    .for('update');
  if (!part) throw new AppError(404, 'NOT_FOUND', text('withdrawals.errors.partNotFound'));
  return part;
}
