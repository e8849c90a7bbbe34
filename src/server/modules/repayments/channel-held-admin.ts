import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import { channelPaymentHolds, channelPayments, loans, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { writeAudit, type AuditContext } from '../../audit';
import { createTransfer, ensureMemberWallet, ensureSystemAccount } from '../../ledger';
import type { SessionAuth } from '../../sessions/store';
import { assertNoConflict } from '../../staff/conflict';
import { toDecimalString } from '../../../shared/money/money';
import type { HeldPaymentReason, HeldPaymentStatus } from '../../../shared/channel/held';
import type { ChannelMethod } from '../../../shared/channel/methods';
import { isUuid } from '../../../shared/schemas/params';
import type { HeldPaymentDto } from '../../../shared/schemas/channel-payments';
import { channelReference } from './channel';
import { loanById, loanNumberOf } from '../../domain/loans/repository';
import { text } from '../../../shared/i18n/text';

/**
 * The back office's held channel payments (docs/decisions/059-callbacks-are-hints.md): payments the
 * provider confirmed for another amount or currency than their reference asked, which nothing
 * applied (channel-hold.ts). An officer checks the provider's figures and credits the confirmed
 * amount to the borrower's wallet (from COLLECTION_CLEARING, where the provider's money stands until
 * it settles; never onto the loan, which the borrower then pays as they choose). The same
 * maker-checker as an officer payment: above REPAYMENT_APPROVAL_THRESHOLD the first officer's call is
 * a request (202, nothing moves) and another officer, without a conflict of interest, confirms it.
 * Every step is audited in its transaction.
 */

const requester = alias(users, 'requester');
const resolver = alias(users, 'resolver');

const OPEN: readonly HeldPaymentStatus[] = ['HELD', 'RELEASE_REQUESTED'];

async function heldRows(deps: AppDeps, where: SQL | undefined, order: 'oldest' | 'newest', limit: number): Promise<HeldPaymentDto[]> {
  const rows = await deps.db
    .select({
      hold: channelPaymentHolds,
      payment: channelPayments,
      loanNumber: loans.number,
      memberName: users.fullName,
      requestedBy: requester.fullName,
      resolvedBy: resolver.fullName,
    })
    .from(channelPaymentHolds)
    .innerJoin(channelPayments, eq(channelPayments.id, channelPaymentHolds.channelPaymentId))
    .innerJoin(loans, eq(loans.id, channelPayments.loanId))
    .innerJoin(users, eq(users.id, channelPayments.memberId))
    .leftJoin(requester, eq(requester.id, channelPaymentHolds.requestedBy))
    .leftJoin(resolver, eq(resolver.id, channelPaymentHolds.resolvedBy))
    .where(where)
    .orderBy(order === 'oldest' ? asc(channelPaymentHolds.heldAt) : desc(channelPaymentHolds.heldAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.hold.id,
    channelPaymentId: r.payment.id,
    reference: channelReference(deps, r.payment.number),
    loanId: r.payment.loanId,
    loanNumber: loanNumberOf(deps, r.loanNumber),
    memberName: r.memberName,
    provider: r.payment.provider,
    providerPaymentId: r.hold.providerPaymentId,
    method: r.payment.method as ChannelMethod,
    channelCode: r.payment.channelCode,
    expectedAmount: toDecimalString(r.payment.amount),
    confirmedAmount: toDecimalString(r.hold.confirmedAmount),
    confirmedCurrency: r.hold.confirmedCurrency,
    reason: r.hold.reason as HeldPaymentReason,
    status: r.hold.status as HeldPaymentStatus,
    heldAt: r.hold.heldAt.toISOString(),
    needsSecondOfficer: r.hold.confirmedAmount > deps.config.servicing.approvalThreshold,
    requestedBy: r.requestedBy ?? null,
    requestedAt: r.hold.requestedAt?.toISOString() ?? null,
    requestNote: r.hold.requestNote,
    resolvedBy: r.resolvedBy ?? null,
    resolvedAt: r.hold.resolvedAt?.toISOString() ?? null,
    resolutionNote: r.hold.resolutionNote,
  }));
}

/** Held payments: OPEN (held, or waiting for a second officer) oldest first, or RESOLVED (credited) newest first. */
export async function listHeldPayments(deps: AppDeps, query: { view: 'OPEN' | 'RESOLVED'; limit: number }): Promise<{ held: HeldPaymentDto[] }> {
  const held =
    query.view === 'OPEN'
      ? await heldRows(deps, inArray(channelPaymentHolds.status, [...OPEN]), 'oldest', query.limit)
      : await heldRows(deps, eq(channelPaymentHolds.status, 'CREDITED_TO_WALLET'), 'newest', query.limit);
  return { held };
}

async function heldDto(deps: AppDeps, holdId: string): Promise<HeldPaymentDto> {
  const [dto] = await heldRows(deps, eq(channelPaymentHolds.id, holdId), 'oldest', 1);
  return dto!;
}

/**
 * Credits a held payment's confirmed amount to the borrower's wallet (200), or, above the approval
 * threshold and no request waiting, records this officer's request (202, nothing moves). The hold and
 * its payment are locked; a credited hold answers HELD_PAYMENT_STATE.
 */
export async function releaseHeldPayment(
  deps: AppDeps,
  staff: SessionAuth,
  holdId: string,
  input: { readonly note: string },
  ctx: AuditContext,
): Promise<{ status: 200 | 202; body: { held: HeldPaymentDto } }> {
  if (!isUuid(holdId)) throw new AppError(404, 'NOT_FOUND', text('repayments.errors.noPayment'));
  const now = deps.clock.now();
  const status = await deps.db.transaction(async (tx) => {
    const [hold] = await tx.select().from(channelPaymentHolds).where(eq(channelPaymentHolds.id, holdId)).for('update');
    if (!hold) throw new AppError(404, 'NOT_FOUND', text('repayments.errors.noPayment'));
    if (hold.status === 'CREDITED_TO_WALLET') throw new AppError(409, 'HELD_PAYMENT_STATE', text('errors.HELD_PAYMENT_STATE'));
    const [payment] = await tx.select().from(channelPayments).where(eq(channelPayments.id, hold.channelPaymentId)).for('update');
    const loan = await loanById(tx, payment!.loanId);
    await assertNoConflict(tx, staff.userId, payment!.memberId);
    if (hold.confirmedCurrency !== 'PHP') throw new AppError(409, 'HELD_PAYMENT_NOT_PHP', text('errors.HELD_PAYMENT_NOT_PHP'));
    const details = {
      loanNumber: loanNumberOf(deps, loan.number),
      reference: channelReference(deps, payment!.number),
      holdId: hold.id,
      expectedAmount: toDecimalString(payment!.amount),
      confirmedAmount: toDecimalString(hold.confirmedAmount),
      providerPaymentId: hold.providerPaymentId,
      note: input.note,
      threshold: toDecimalString(deps.config.servicing.approvalThreshold),
    };
    const needsTwo = hold.confirmedAmount > deps.config.servicing.approvalThreshold;
    if (needsTwo && hold.status === 'HELD') {
      await tx
        .update(channelPaymentHolds)
        .set({ status: 'RELEASE_REQUESTED', requestedBy: staff.userId, requestedAt: now, requestNote: input.note })
        .where(eq(channelPaymentHolds.id, hold.id));
      await writeAudit(tx, {
        actor: { userId: staff.userId, role: staff.role },
        action: 'CHANNEL_PAYMENT_HELD_CREDIT_REQUEST',
        subjectType: 'LOAN',
        subjectId: loan.id,
        details,
        ip: ctx.ip,
        at: now,
      });
      return 202 as const;
    }
    if (needsTwo && hold.requestedBy === staff.userId) throw new AppError(403, 'MAKER_CHECKER', text('channelPayments.held.ownRequest'));
    const transfer = await createTransfer(tx, {
      idempotencyKey: `channel-payment-held:${payment!.id}`,
      code: 'CHANNEL_PAYMENT_TO_WALLET',
      reference: loan.id,
      description: `Payment ${channelReference(deps, payment!.number)} received through ${payment!.channelCode}, held and credited by an officer: to the wallet`,
      legs: [
        { accountId: await ensureSystemAccount(tx, 'COLLECTION_CLEARING', loan.ledgerShard), direction: 'DEBIT', amount: hold.confirmedAmount },
        { accountId: await ensureMemberWallet(tx, payment!.memberId), direction: 'CREDIT', amount: hold.confirmedAmount },
      ],
      at: now,
    });
    await tx
      .update(channelPaymentHolds)
      .set({ status: 'CREDITED_TO_WALLET', resolvedBy: staff.userId, resolvedAt: now, resolutionNote: input.note, walletTransferId: transfer.id })
      .where(eq(channelPaymentHolds.id, hold.id));
    await tx
      .update(channelPayments)
      .set({ status: 'CREDITED_TO_WALLET', appliedToLoan: 0n, creditedToWallet: hold.confirmedAmount, walletTransferId: transfer.id, updatedAt: now })
      .where(eq(channelPayments.id, payment!.id));
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'CHANNEL_PAYMENT_HELD_CREDIT',
      subjectType: 'LOAN',
      subjectId: loan.id,
      details: { ...details, requestedBy: hold.requestedBy, requestNote: hold.requestNote },
      ip: ctx.ip,
      at: now,
    });
    return 200 as const;
  });
  return { status, body: { held: await heldDto(deps, holdId) } };
}
