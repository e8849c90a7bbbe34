import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { withdrawalEvents, withdrawalParts, withdrawals } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createTransfer, ensureSystemAccount, postPending, voidPending } from '../../ledger';
import { findWithdrawalTransition, type WithdrawalAction, type WithdrawalActor, type WithdrawalStatus } from '../../../shared/states/withdrawal';
import { isPayoutFailureReason, type WithdrawalReason } from '../../../shared/reasons/catalogue';
import { formatMoney } from '../../../shared/money/money';
import { notifyStatus } from './notifications';
import { referenceOf, type WithdrawalRow } from './views';
import { text } from '../../../shared/i18n/text';

/**
 * One withdrawal transition: the ledger move it implies (post or void the held funds), the status
 * change guarded by the state it comes from, the event, and the member's notification, all in the
 * caller's transaction. A process killed at any point leaves either all of it or none of it.
 */
export interface TransitionInput {
  readonly actor: WithdrawalActor;
  readonly actorUserId: string | null;
  readonly at: Date;
  /** The reason the member reads: a code of the fixed catalogue, never free text. */
  readonly reasonCode?: WithdrawalReason | null;
  /** An officer's internal note: back office and audit log only. */
  readonly note?: string | null;
  readonly changes?: Partial<typeof withdrawals.$inferInsert>;
  /** The member caused it right then: notify at once even in the quiet hours. */
  readonly causedByMember: boolean;
  /** The request that makes the change, stored with the member's messages (decision 045); null from a job. */
  readonly requestId: string | null;
}

export const STATE_MESSAGE = text('withdrawals.errors.state');

/**
 * Where the member's CONFIRM of a withdrawal sent as one transfer leads from `row`'s status, for
 * statements.ts confirmOne, which does what transition() does for it (no ledger move: the hold is
 * kept; the status, the event; the messages go with the answer). 409 as transition() when no
 * transition applies; a state machine whose CONFIRM moved money would fail here, not go unnoticed.
 */
export function memberConfirmTarget(row: WithdrawalRow): Exclude<WithdrawalStatus, 'AWAITING_CODE'> {
  const t = findWithdrawalTransition(row.status as WithdrawalStatus, 'CONFIRM', 'MEMBER');
  if (!t) throw new AppError(409, 'WITHDRAWAL_STATE', STATE_MESSAGE);
  if (t.ledger !== 'KEEP' || t.reasonRequired || t.to === 'AWAITING_CODE' || t.to === 'FAILED' || t.to === 'PAID' || row.partCount > 1) {
    throw new Error(`CONFIRM from ${row.status} (to ${t.to}, ledger ${t.ledger}) is not what confirmOne does`);
  }
  return t.to;
}

export async function transition(tx: Tx, deps: AppDeps, row: WithdrawalRow, action: WithdrawalAction, input: TransitionInput): Promise<WithdrawalRow> {
  const from = row.status as WithdrawalStatus;
  const t = findWithdrawalTransition(from, action, input.actor);
  if (!t) throw new AppError(409, 'WITHDRAWAL_STATE', STATE_MESSAGE);
  if (t.reasonRequired && !input.reasonCode)
    throw new AppError(400, 'VALIDATION_FAILED', text('withdrawals.errors.reasonCode'), { reasonCode: text('withdrawals.errors.reasonCode') });
  if (t.to === 'FAILED' && !(input.reasonCode && isPayoutFailureReason(input.reasonCode))) {
    throw new AppError(400, 'VALIDATION_FAILED', text('withdrawals.errors.failureReason'), { reasonCode: text('withdrawals.errors.failureReason') });
  }

  let resolutionTransferId: string | undefined;
  const reference = referenceOf(deps, row.number);
  // A withdrawal sent as several transfers (docs/decisions/033): its hold was posted at confirmation
  // and each part settled or returned its own amount, so leaving PROCESSING moves no money here.
  const movedByParts = row.partCount > 1 && from === 'PROCESSING';
  if (movedByParts || t.ledger === 'SPLIT') {
    // nothing: see above
  } else if (t.ledger === 'POST') {
    const posted = await postPending(tx, {
      pendingId: row.pendingTransferId,
      idempotencyKey: `withdrawal-post:${row.id}`,
      description: `Withdrawal ${reference} paid`,
      at: input.at,
    });
    resolutionTransferId = posted.id;
    // The money left the company's account: clearing (owed to the member) against settlement funds,
    // on the shard the hold credited (the row's ledgerShard), so that shard returns to zero.
    await createTransfer(tx, {
      idempotencyKey: `withdrawal-settlement:${row.id}`,
      code: 'WITHDRAWAL_SETTLEMENT',
      reference: row.id,
      description: `Withdrawal ${reference} sent by ${row.channel}`,
      legs: [
        { accountId: await ensureSystemAccount(tx, 'PAYOUT_CLEARING', row.ledgerShard), direction: 'DEBIT', amount: row.amount },
        { accountId: await ensureSystemAccount(tx, 'SETTLEMENT_FUNDS', row.ledgerShard), direction: 'CREDIT', amount: row.amount },
      ],
      at: input.at,
    });
  } else if (t.ledger === 'VOID') {
    const voided = await voidPending(tx, {
      pendingId: row.pendingTransferId,
      idempotencyKey: `withdrawal-void:${row.id}`,
      description: `Withdrawal ${reference} ${t.to.toLowerCase()}: funds released`,
      at: input.at,
    });
    resolutionTransferId = voided.id;
  }

  const [updated] = await tx
    .update(withdrawals)
    .set({
      ...input.changes,
      status: t.to,
      ...(resolutionTransferId ? { resolutionTransferId } : {}),
      ...(t.to === 'PAID' ? { settledAt: input.at, checkAfter: null } : {}),
      ...(t.to === 'FAILED' || t.to === 'PARTLY_PAID' ? { failureReasonCode: input.reasonCode ?? null, settledAt: input.at, checkAfter: null } : {}),
      statusChangedAt: input.at,
      updatedAt: input.at,
    })
    .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, from)))
    .returning();
  if (!updated) throw new AppError(409, 'WITHDRAWAL_STATE', STATE_MESSAGE);
  await tx.insert(withdrawalEvents).values({
    withdrawalId: row.id,
    fromStatus: from,
    toStatus: t.to,
    action,
    actor: input.actor,
    actorUserId: input.actorUserId,
    reasonCode: input.reasonCode ?? null,
    note: input.note || null,
    at: input.at,
  });
  let extra: Record<string, string> = {};
  if (row.partCount > 1) {
    const parts = await tx
      .select({ status: withdrawalParts.status, amount: withdrawalParts.amount })
      .from(withdrawalParts)
      .where(eq(withdrawalParts.withdrawalId, row.id));
    // Expired or cancelled before its code: none of its transfers was sent.
    if (t.to === 'EXPIRED' || t.to === 'CANCELLED') {
      await tx
        .update(withdrawalParts)
        .set({ status: 'CANCELLED', checkAfter: null, updatedAt: input.at })
        .where(and(eq(withdrawalParts.withdrawalId, row.id), eq(withdrawalParts.status, 'PENDING')));
    }
    const sum = (status: string) => parts.filter((p) => p.status === status).reduce((s, p) => s + p.amount, 0n);
    extra = { sent: formatMoney(sum('PAID')), returned: formatMoney(sum('FAILED')) };
  }
  if (t.to !== 'AWAITING_CODE')
    await notifyStatus(tx, deps, { row: updated, status: t.to, at: input.at, causedByMember: input.causedByMember, requestId: input.requestId, extra });
  return updated;
}
