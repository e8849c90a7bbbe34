import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { bankReferenceKeySql, loanCharges, loanPayments, loans } from '../../db/schema';
import { AppError } from '../../http/errors';
import { idempotent, type IdempotentAnswer } from '../../http/idempotency';
import { writeAudit, type AuditContext } from '../../audit';
import { createTransfer, ensureMemberWallet, ensureSystemAccount } from '../../ledger';
import type { SessionAuth } from '../../sessions/store';
import { assertNoConflict } from '../../staff/conflict';
import { formatAmount, parseAmount, toDecimalString, type Centavos } from '../../../shared/money/money';
import type { ReceiptDto, ServicingDto, WaiveReasonCode } from '../../../shared/schemas/repayments';
import type { LoanStatus } from '../../../shared/states/loan';
import { DEFAULT_EXCESS_CHOICE, totalOutstanding, type ExcessChoice } from '../../../shared/loan/servicing';
import type { Tx } from '../../db/client';
import { assertPayable, type ChargeRow, hasOverdue, loadState, openChargesOf, paymentReference, postPayment, receiptDto, waiveChargeTransfer } from './core';
import { type LoanRow, loanById, loanNumberOf } from '../../domain/loans/repository';
import { SERVICED_STATUSES } from '../../../shared/states/loan';
import { SYSTEM_ACTOR, transition } from '../../domain/loans/transition';
import { todayPh } from '../../domain/day';
import { allocateFor, chargeDto, checkAmount, maximumPayment, servicingView } from './service';
import { isUuid } from '../../../shared/schemas/params';
import { bankReferenceKey } from '../../../shared/schemas/withdrawals';
import { type CatalogueText, text } from '../../../shared/i18n/text';

/**
 * The officer's side of servicing (/api/admin/loans/:loanId/..., OFFICER and ADMIN): the servicing
 * view of any loan, payments received in cash or by bank transfer (maker-checker above
 * REPAYMENT_APPROVAL_THRESHOLD), and waivers of late charges with a reason from a fixed catalogue.
 * Every action is audited in its own transaction.
 */

export async function adminServicing(deps: AppDeps, loanId: string): Promise<ServicingDto> {
  const loan = await loanById(deps.db, loanId);
  return servicingView(deps.db, deps, loan);
}

export interface OfficerPaymentInput {
  readonly amount: string;
  readonly channel: 'CASH' | 'BANK_TRANSFER';
  readonly bankReference?: string | undefined;
  readonly receivedOn: string;
  readonly note?: string | undefined;
  /** Where an amount above what is due next goes, as the borrower asked (default NEXT_INSTALMENTS; decision 061). */
  readonly excess?: ExcessChoice | undefined;
}

function fieldRefusal(field: string, message: CatalogueText): AppError {
  return new AppError(400, 'VALIDATION_FAILED', message, { [field]: message });
}

/**
 * How far back the maker-checker thresholds count what one officer alone posted or waived on a loan:
 * a rolling window, not the Philippine day, so that PHP 70,000 cannot be posted as 35,000 today and
 * 35,000 tomorrow (decision 052). 30 days is the schedule's period: one officer alone may post a
 * month's payments on a loan up to the threshold, more waits for a second officer.
 */
export const MAKER_CHECKER_WINDOW_DAYS = 30;

function windowStart(now: Date): Date {
  return new Date(now.getTime() - MAKER_CHECKER_WINDOW_DAYS * 24 * 60 * 60 * 1000);
}

/**
 * What `staffId` alone (no second officer) has posted on the loan since `since`: the maker-checker
 * threshold counts it with the new payment, so that several payments just under the threshold, on
 * one loan within MAKER_CHECKER_WINDOW_DAYS, cannot post what one payment above it could not
 * (security review, sec-insider; decision 052).
 */
async function postedAloneSince(tx: Tx, loanId: string, staffId: string, since: Date): Promise<Centavos> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${loanPayments.amount}), 0)::text` })
    .from(loanPayments)
    .where(
      and(
        eq(loanPayments.loanId, loanId),
        eq(loanPayments.source, 'OFFICER'),
        eq(loanPayments.actorUserId, staffId),
        eq(loanPayments.status, 'POSTED'),
        isNull(loanPayments.approvedBy),
        gte(loanPayments.createdAt, since),
      ),
    );
  return BigInt(row?.total ?? '0');
}

/** What `staffId` alone (no request approved by another officer) has waived on the loan since `since`; as postedAloneSince. */
async function waivedAloneSince(tx: Tx, loanId: string, staffId: string, since: Date): Promise<Centavos> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${loanCharges.amount} - ${loanCharges.paid}), 0)::text` })
    .from(loanCharges)
    .where(and(eq(loanCharges.loanId, loanId), eq(loanCharges.waivedBy, staffId), isNull(loanCharges.waiveRequestedBy), gte(loanCharges.waivedAt, since)));
  return BigInt(row?.total ?? '0');
}

/**
 * Refuses a reference (the bank's, or the official receipt number for cash) already recorded on
 * another payment an officer recorded, on any loan, compared by its letters and digits without case
 * (bankReferenceKey) as payout references are: recording one bank deposit or one receipt twice, on
 * one loan or two, would pay a loan with money received once. Two officers recording the same
 * reference at once are serialised by a lock on it, so the second sees the first. A retry of the
 * same request (its Idempotency-Key) gets the first answer before it reaches this check.
 */
async function assertPaymentReferenceUnused(tx: Tx, deps: AppDeps, reference: string): Promise<void> {
  const keyOf = bankReferenceKey(reference);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tapat.payment-reference:${keyOf}`}))`);
  const [used] = await tx
    .select({ number: loanPayments.number, loanNumber: loans.number })
    .from(loanPayments)
    .innerJoin(loans, eq(loans.id, loanPayments.loanId))
    .where(
      and(
        eq(loanPayments.source, 'OFFICER'),
        sql`${loanPayments.externalReference} is not null`,
        eq(bankReferenceKeySql(loanPayments.externalReference), keyOf),
      ),
    )
    .limit(1);
  if (used) {
    throw new AppError(
      409,
      'PAYMENT_REFERENCE_USED',
      text('collections.errors.paymentReferenceUsed', { reference: paymentReference(deps, used.number), loan: loanNumberOf(deps, used.loanNumber) }),
    );
  }
}

/**
 * Records a payment received outside the app. When it brings what this officer alone posted on the
 * loan in the last MAKER_CHECKER_WINDOW_DAYS above the threshold, it waits for a second officer (202).
 */
export async function recordPayment(
  deps: AppDeps,
  staff: SessionAuth,
  loanId: string,
  input: OfficerPaymentInput,
  key: string,
  ctx: AuditContext,
): Promise<IdempotentAnswer<{ receipt: ReceiptDto }>> {
  const amount = parseAmount(input.amount);
  if (amount === null || amount <= 0n) throw fieldRefusal('amount', text('repayments.errors.amount'));
  if (input.channel === 'BANK_TRANSFER' && !input.bankReference) throw fieldRefusal('bankReference', text('collections.errors.bankReferenceRequired'));
  const today = todayPh(deps);
  if (input.receivedOn > today) throw fieldRefusal('receivedOn', text('repayments.errors.receivedInFuture'));
  const now = deps.clock.now();
  return deps.db.transaction((tx) =>
    idempotent(tx, { userId: staff.userId, scope: `repayments.officer:${loanId}`, key, request: { loanId, ...input }, at: now }, async () => {
      const loan = await loanById(tx, loanId, true);
      await assertNoConflict(tx, staff.userId, loan.memberId);
      assertPayable(loan);
      if (loan.scheduleStartDate && input.receivedOn < loan.scheduleStartDate)
        throw fieldRefusal('receivedOn', text('repayments.errors.receivedBeforeDisbursement'));
      const state = await loadState(tx, deps, loan, { contact: true });
      checkAmount(state, amount, today);
      if (input.bankReference) await assertPaymentReferenceUnused(tx, deps, input.bankReference);
      const alone = await postedAloneSince(tx, loan.id, staff.userId, windowStart(now));
      const pending = alone + amount > deps.config.servicing.approvalThreshold;
      const receivedAt = new Date(Date.parse(`${input.receivedOn}T12:00:00+08:00`));
      const [payment] = await tx
        .insert(loanPayments)
        .values({
          loanId: loan.id,
          source: 'OFFICER',
          channel: input.channel,
          kind: 'PAYMENT',
          status: pending ? 'PENDING_APPROVAL' : 'POSTED',
          amount,
          idempotencyKey: key,
          externalReference: input.bankReference ?? null,
          receivedAt,
          actorUserId: staff.userId,
          actorRole: staff.role,
          createdAt: now,
          excess: input.excess ?? DEFAULT_EXCESS_CHOICE,
        })
        .returning();
      await writeAudit(tx, {
        actor: { userId: staff.userId, role: staff.role },
        action: 'LOAN_PAYMENT_RECORD',
        subjectType: 'LOAN',
        subjectId: loan.id,
        details: {
          loanNumber: loanNumberOf(deps, loan.number),
          paymentId: payment!.id,
          amount: toDecimalString(amount),
          channel: input.channel,
          bankReference: input.bankReference ?? null,
          receivedOn: input.receivedOn,
          note: input.note ?? null,
          pendingApproval: pending,
          threshold: toDecimalString(deps.config.servicing.approvalThreshold),
          postedAloneInWindow: toDecimalString(alone),
          windowDays: MAKER_CHECKER_WINDOW_DAYS,
        },
        ip: ctx.ip,
        at: now,
      });
      if (pending) {
        return { status: 202, body: { receipt: receiptDto(deps, payment!, loan.status as LoanStatus, loanNumberOf(deps, loan.number), []) } };
      }
      const applied = allocateFor(state, amount, today, input.excess ?? DEFAULT_EXCESS_CHOICE);
      const funds = await ensureSystemAccount(tx, 'SETTLEMENT_FUNDS', loan.ledgerShard);
      const { receipt } = await postPayment(deps, tx, state, payment!, applied, funds, { causedByMember: false, requestId: ctx.requestId });
      return { status: 201, body: { receipt } };
    }),
  );
}

/**
 * A second officer approves a payment waiting for approval: it is allocated as of today, or, when the
 * loan was repaid meanwhile or now owes less than it, credited whole to the borrower's wallet
 * (CREDITED_TO_WALLET, decision 054).
 */
export async function approvePayment(
  deps: AppDeps,
  staff: SessionAuth,
  loanId: string,
  paymentId: string,
  ctx: AuditContext,
): Promise<{ receipt: ReceiptDto }> {
  if (!isUuid(paymentId)) throw new AppError(404, 'NOT_FOUND', text('repayments.errors.noPayment'));
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, loanId, true);
    await assertNoConflict(tx, staff.userId, loan.memberId);
    const [payment] = await tx
      .select()
      .from(loanPayments)
      .where(and(eq(loanPayments.id, paymentId), eq(loanPayments.loanId, loan.id)))
      .for('update');
    if (!payment) throw new AppError(404, 'NOT_FOUND', text('repayments.errors.noPayment'));
    if (payment.status !== 'PENDING_APPROVAL') throw new AppError(409, 'PAYMENT_NOT_PENDING', text('repayments.errors.paymentNotPending'));
    if (payment.actorUserId === staff.userId) throw new AppError(403, 'MAKER_CHECKER', text('repayments.errors.approvalOwnPayment'));
    await tx.update(loanPayments).set({ approvedBy: staff.userId, approvedAt: now }).where(eq(loanPayments.id, payment.id));
    const funds = await ensureSystemAccount(tx, 'SETTLEMENT_FUNDS', loan.ledgerShard);
    const today = todayPh(deps);
    const serviced = (SERVICED_STATUSES as readonly string[]).includes(loan.status) && loan.scheduleStartDate !== null;
    const state = serviced ? await loadState(tx, deps, loan, { contact: true }) : null;
    let receipt: ReceiptDto;
    let outcome: 'POSTED' | 'CREDITED_TO_WALLET';
    if (state && payment.amount <= maximumPayment(state, today)) {
      outcome = 'POSTED';
      const applied = allocateFor(state, payment.amount, today, payment.excess === 'REDUCE_PRINCIPAL' ? 'REDUCE_PRINCIPAL' : 'NEXT_INSTALMENTS');
      ({ receipt } = await postPayment(deps, tx, state, payment, applied, funds, { causedByMember: false, requestId: ctx.requestId }));
    } else {
      // The money was received while the loan was paid by other means (repaid, or it now owes less
      // than this payment): it is the borrower's, so it goes to their wallet whole, from where they
      // pay or withdraw it for free; never guessed onto the loan, never left unrecorded
      // (docs/decisions/054-officer-payment-no-longer-owed.md; as a channel payment, decision 013).
      outcome = 'CREDITED_TO_WALLET';
      const transfer = await createTransfer(tx, {
        idempotencyKey: `officer-payment-wallet:${payment.id}`,
        code: 'OFFICER_PAYMENT_TO_WALLET',
        reference: loan.id,
        description: `Payment ${paymentReference(deps, payment.number)} received for loan ${loanNumberOf(deps, loan.number)}: to the wallet`,
        legs: [
          { accountId: funds, direction: 'DEBIT', amount: payment.amount },
          { accountId: await ensureMemberWallet(tx, loan.memberId), direction: 'CREDIT', amount: payment.amount },
        ],
        at: now,
      });
      const [credited] = await tx
        .update(loanPayments)
        .set({ status: 'CREDITED_TO_WALLET', transferId: transfer.id })
        .where(eq(loanPayments.id, payment.id))
        .returning();
      receipt = receiptDto(deps, credited!, loan.status as LoanStatus, loanNumberOf(deps, loan.number), []);
    }
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'LOAN_PAYMENT_APPROVE',
      subjectType: 'LOAN',
      subjectId: loan.id,
      details: {
        loanNumber: loanNumberOf(deps, loan.number),
        paymentId: payment.id,
        amount: toDecimalString(payment.amount),
        recordedBy: payment.actorUserId,
        outcome,
      },
      ip: ctx.ip,
      at: now,
    });
    return { receipt };
  });
}

/**
 * Waives what is still owed on a late charge: the ledger reverses it (penalty income back to the
 * receivable). Above WAIVER_APPROVAL_THRESHOLD (counted with what this officer alone waived on the
 * loan in the last MAKER_CHECKER_WINDOW_DAYS) the officer's request is stored (202, nothing moved) until another
 * officer approves it (approveWaiver).
 */
export async function waiveCharge(
  deps: AppDeps,
  staff: SessionAuth,
  loanId: string,
  chargeId: string,
  input: { reasonCode: WaiveReasonCode; note?: string | undefined },
  ctx: AuditContext,
): Promise<{ status: 200 | 202; body: { charge: ServicingDto['charges'][number] } }> {
  if (!isUuid(chargeId)) throw new AppError(404, 'NOT_FOUND', text('repayments.errors.noCharge'));
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, loanId, true);
    await assertNoConflict(tx, staff.userId, loan.memberId);
    const charge = await lockedCharge(tx, loan.id, chargeId);
    if (charge.waiveRequestedAt !== null && charge.waivedAt === null && charge.waiveRequestClosedAt === null)
      throw new AppError(409, 'WAIVER_PENDING', text('collections.errors.waiverPending'));
    const owed: Centavos = charge.amount - charge.paid;
    // Nothing to waive (paid in full, or waived): refused before any request is stored.
    if (charge.waivedAt !== null || owed <= 0n) throw new AppError(409, 'CHARGE_NOT_WAIVABLE', text('repayments.errors.chargeNotWaivable'));
    // With what this officer alone waived on the loan in the window (several charges just under the threshold, on several days).
    const alone = await waivedAloneSince(tx, loan.id, staff.userId, windowStart(now));
    if (alone + owed > deps.config.servicing.waiverApprovalThreshold) {
      const [updated] = await tx
        .update(loanCharges)
        .set({
          waiveRequestedBy: staff.userId,
          waiveRequestedAt: now,
          waiveRequestReasonCode: input.reasonCode,
          waiveRequestNote: input.note ?? null,
          waiveRequestClosedAt: null,
          waiveRequestCloseReason: null,
        })
        .where(eq(loanCharges.id, charge.id))
        .returning();
      await writeAudit(tx, {
        actor: { userId: staff.userId, role: staff.role },
        action: 'LOAN_CHARGE_WAIVE_REQUEST',
        subjectType: 'LOAN',
        subjectId: loan.id,
        details: {
          loanNumber: loanNumberOf(deps, loan.number),
          chargeId: charge.id,
          lineNumber: charge.lineNumber,
          kind: charge.kind,
          owed: toDecimalString(owed),
          reasonCode: input.reasonCode,
          note: input.note ?? null,
          threshold: toDecimalString(deps.config.servicing.waiverApprovalThreshold),
          waivedAloneInWindow: toDecimalString(alone),
          windowDays: MAKER_CHECKER_WINDOW_DAYS,
        },
        ip: ctx.ip,
        at: now,
      });
      return { status: 202, body: { charge: chargeDto(updated!) } };
    }
    const updated = await applyWaiver(deps, tx, loan, charge, { staff, reasonCode: input.reasonCode, note: input.note ?? null, requestedBy: null }, ctx);
    return { status: 200, body: { charge: updated } };
  });
}

/** A second officer approves a waiver asked above the threshold; it waives what is owed then. */
export async function approveWaiver(
  deps: AppDeps,
  staff: SessionAuth,
  loanId: string,
  chargeId: string,
  ctx: AuditContext,
): Promise<{ charge: ServicingDto['charges'][number] }> {
  if (!isUuid(chargeId)) throw new AppError(404, 'NOT_FOUND', text('repayments.errors.noCharge'));
  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, loanId, true);
    await assertNoConflict(tx, staff.userId, loan.memberId);
    const charge = await lockedCharge(tx, loan.id, chargeId);
    // A request whose charge was paid in full meanwhile is closed (postPayment, decision 053): refused with why.
    if (charge.waivedAt === null && charge.waiveRequestedAt !== null && (charge.waiveRequestClosedAt !== null || charge.paid >= charge.amount))
      throw new AppError(409, 'WAIVER_MOOT', text('collections.errors.waiverMoot'));
    if (charge.waiveRequestedAt === null || charge.waiveRequestReasonCode === null || charge.waivedAt !== null)
      throw new AppError(409, 'WAIVER_NOT_PENDING', text('collections.errors.waiverNotPending'));
    if (charge.waiveRequestedBy === staff.userId) throw new AppError(403, 'MAKER_CHECKER', text('collections.errors.approvalOwnWaiver'));
    const charged = await applyWaiver(
      deps,
      tx,
      loan,
      charge,
      { staff, reasonCode: charge.waiveRequestReasonCode as WaiveReasonCode, note: charge.waiveRequestNote, requestedBy: charge.waiveRequestedBy },
      ctx,
    );
    return { charge: charged };
  });
}

async function lockedCharge(tx: Tx, loanId: string, chargeId: string): Promise<ChargeRow> {
  const [charge] = await tx
    .select()
    .from(loanCharges)
    .where(and(eq(loanCharges.id, chargeId), eq(loanCharges.loanId, loanId)))
    .for('update');
  if (!charge) throw new AppError(404, 'NOT_FOUND', text('repayments.errors.noCharge'));
  return charge;
}

async function applyWaiver(
  deps: AppDeps,
  tx: Tx,
  loan: LoanRow,
  charge: ChargeRow,
  input: { staff: SessionAuth; reasonCode: WaiveReasonCode; note: string | null; requestedBy: string | null },
  ctx: AuditContext,
): Promise<ServicingDto['charges'][number]> {
  const now = deps.clock.now();
  const staff = input.staff;
  const owed: Centavos = charge.amount - charge.paid;
  if (charge.waivedAt !== null || owed <= 0n) throw new AppError(409, 'CHARGE_NOT_WAIVABLE', text('repayments.errors.chargeNotWaivable'));
  const number = loanNumberOf(deps, loan.number);
  const transfer = await waiveChargeTransfer(
    tx,
    loan,
    `loan-charge-waiver:${charge.id}`,
    `Late charge waived on loan ${number} (${input.reasonCode})`,
    owed,
    now,
  );
  const [updated] = await tx
    .update(loanCharges)
    .set({ waivedAt: now, waivedBy: staff.userId, waiveReasonCode: input.reasonCode, waiveTransferId: transfer.id })
    .where(eq(loanCharges.id, charge.id))
    .returning();
  await writeAudit(tx, {
    actor: { userId: staff.userId, role: staff.role },
    action: 'LOAN_CHARGE_WAIVE',
    subjectType: 'LOAN',
    subjectId: loan.id,
    details: {
      loanNumber: number,
      chargeId: charge.id,
      lineNumber: charge.lineNumber,
      kind: charge.kind,
      waived: toDecimalString(owed),
      reasonCode: input.reasonCode,
      note: input.note,
      requestedBy: input.requestedBy,
    },
    ip: ctx.ip,
    at: now,
  });
  const state = await loadState(tx, deps, loan);
  const open = openChargesOf(state.chargeRows);
  if ((loan.status === 'ACTIVE' || loan.status === 'OVERDUE') && totalOutstanding(state.lines, open) === 0n) {
    await transition(tx, loan, 'REPAY', { actor: SYSTEM_ACTOR, at: now, system: { code: 'REPAID_BY_WAIVER', values: {} } });
  } else if (loan.status === 'OVERDUE') {
    if (!hasOverdue(state.lines, open, todayPh(deps), state.arrearsTolerance)) {
      await transition(tx, loan, 'CURE', { actor: SYSTEM_ACTOR, at: now, system: { code: 'CURED_BY_WAIVER', values: { amount: formatAmount(owed) } } });
    }
  }
  return chargeDto(updated!);
}
