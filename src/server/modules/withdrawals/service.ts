import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import { AppError, fieldError } from '../../http/errors';
import { idempotent, type IdempotentAnswer } from '../../http/idempotency';
import type { RequestOrigin } from '../../http/request-origin';
import {
  createTransfer,
  ensureMemberWallet,
  ensureSystemAccount,
  LedgerError,
  memberWalletBalance,
  memberWalletSpec,
  shardOf,
  systemAccountSpec,
} from '../../ledger';
import { codeLockKey, codeTimes, countWrongTry, issueCode, verifyCode } from '../../otp/service';
import type { SessionAuth } from '../../sessions/store';
import { findPayoutInstitution } from '../../../shared/activation/payout-institutions';
import { formatMoney, parseAmount, toDecimalString, type Centavos } from '../../../shared/money/money';
import {
  type MemberWithdrawal,
  type WithdrawalCodeSent,
  type WithdrawalOptions,
  type WithdrawalRequested,
  type WithdrawalView,
} from '../../../shared/schemas/withdrawals';
import { amountRefusalMessage, channelsFor, WITHDRAWAL_FEE, type PayoutKind } from '../../../shared/withdrawal/channels';
import { splitWithdrawal, type SplitRefusal } from '../../../shared/withdrawal/split';
import { insertParts, submitParts } from './parts';
import { MINUTE } from '../../clock';
import { payoutChangeHoldHours, withdrawalsBlockedUntil } from '../../domain/payout-account/hold';
import { notifyCode, recipientFrom, requestedMessages, statusMessages } from './notifications';
import { confirmOne, insertRequested, requestContext, type RequestContext } from './statements';
import { memberConfirmTarget, STATE_MESSAGE, transition } from './transitions';
import {
  destinationOf,
  memberWithdrawals,
  ownWithdrawal,
  ownWithdrawalLocked,
  payoutOrderOf,
  withdrawalView,
  withdrawalViewOfRows,
  withdrawalViews,
  type WithdrawalRow,
} from './views';
import { uniqueViolation } from '../../db/errors';
import { text, textDateTime } from '../../../shared/i18n/text';

/**
 * Withdrawals, the member's side: options, request (holds the funds with a pending ledger
 * transfer and sends a code bound to this withdrawal), confirm (the code is checked here; only then
 * is the payout submitted), cancel, resend the code, list and read. The worker (src/server/jobs)
 * expires unconfirmed requests and settles payouts.
 */

/** An unconfirmed request expires (and its funds return) after this. */
const WITHDRAWAL_TTL_MS = 15 * MINUTE;

type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

async function payoutAccountOf(db: DbOrTx, memberId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, memberId));
  return row ?? null;
}

/** The payout account's columns the request reads, from its context statement (statements.ts). */
function accountOf(
  context: RequestContext,
): Pick<PayoutAccountRow, 'institutionCode' | 'institutionName' | 'kind' | 'accountNumber' | 'accountName' | 'changedAt'> {
  return {
    institutionCode: context.institutionCode!,
    institutionName: context.institutionName!,
    kind: context.kind!,
    accountNumber: context.accountNumber!,
    accountName: context.accountName!,
    changedAt: context.changedAt,
  };
}

function supportedChannels(account: Pick<PayoutAccountRow, 'institutionCode'>) {
  return findPayoutInstitution(account.institutionCode)?.channels;
}

async function available(db: DbOrTx, memberId: string): Promise<Centavos> {
  return (await memberWalletBalance(db, memberId))?.available ?? 0n;
}

export async function options(deps: AppDeps, memberId: string): Promise<WithdrawalOptions> {
  const account = await payoutAccountOf(deps.db, memberId);
  const until = withdrawalsBlockedUntil(deps, account?.changedAt, deps.clock.now());
  const kind = (account?.kind ?? 'BANK') as PayoutKind;
  return {
    available: toDecimalString(await available(deps.db, memberId)),
    currency: 'PHP',
    fee: toDecimalString(WITHDRAWAL_FEE),
    channels: channelsFor(kind, account ? supportedChannels(account) : undefined).map((c) => ({
      channel: c.channel,
      min: toDecimalString(c.min),
      max: toDecimalString(c.max),
    })),
    destination: account
      ? destinationOf({ institutionName: account.institutionName, kind: account.kind, accountNumber: account.accountNumber, accountName: account.accountName })
      : null,
    blockedUntil: until?.toISOString() ?? null,
    maxParts: deps.config.payouts.maxParts,
  };
}

/** The code is bound to this withdrawal, its amount and its destination. */
function codeSubject(row: Pick<WithdrawalRow, 'id' | 'amount' | 'destInstitutionCode' | 'destAccountNumber'>): string {
  return `${row.id}:${row.amount}:${row.destInstitutionCode}:${row.destAccountNumber}`;
}

function amountRefusal(reason: SplitRefusal, limit: Centavos, kind: PayoutKind): AppError {
  const message = amountRefusalMessage(reason, limit, kind);
  const values = message.placeholder ? { [message.placeholder]: formatMoney(message.limit) } : undefined;
  return new AppError(400, 'VALIDATION_FAILED', undefined, { amount: text(`withdrawals.errors.${message.key}`, values) });
}

const isUniqueViolation = (error: unknown, constraint: string): boolean => uniqueViolation(error) === constraint;

/** POST /api/withdrawals (Idempotency-Key): holds the funds, sends the code. 201 with the view and the code's times. */
export async function requestWithdrawal(
  deps: AppDeps,
  auth: SessionAuth,
  body: { amount: string },
  key: string,
  ctx: RequestOrigin,
): Promise<IdempotentAnswer<WithdrawalRequested>> {
  const amount = parseAmount(body.amount);
  if (amount === null) throw fieldError({ amount: 'withdrawals.errors.amount' });
  const now = deps.clock.now();
  try {
    return await deps.db.transaction((tx) =>
      idempotent(tx, { userId: auth.userId, scope: 'withdrawals.request', key, request: { amount: toDecimalString(amount) }, at: now }, async () => {
        const id = randomUUID();
        // The hold and the settlement use one shard of PAYOUT_CLEARING, stored on the row (docs/decisions/030).
        const ledgerShard = shardOf(id, deps.config.ledgerSystemShards);
        // The payout account, another withdrawal awaiting its code, the two accounts and the member's
        // contact in one read (decision 041); the refusals below come in the order they always did.
        const context = await requestContext(tx, auth.userId, memberWalletSpec(auth.userId).code, systemAccountSpec('PAYOUT_CLEARING', ledgerShard).code);
        const account = context.hasAccount ? accountOf(context) : null;
        if (!account) throw new AppError(409, 'NO_PAYOUT_ACCOUNT', text('withdrawals.errors.noDestination'));
        const until = withdrawalsBlockedUntil(deps, account?.changedAt, now);
        if (until)
          throw new AppError(409, 'WITHDRAWAL_BLOCKED', text('withdrawals.errors.blocked', { hours: payoutChangeHoldHours(deps), until: textDateTime(until) }));
        const kind = account.kind as PayoutKind;
        // One transfer when a channel takes the amount, else the fewest transfers (docs/decisions/033).
        const limits = splitWithdrawal(amount, channelsFor(kind, supportedChannels(account)), deps.config.payouts.maxParts);
        if (!limits.ok) throw amountRefusal(limits.reason, limits.limit, kind);
        if (context.awaiting) throw new AppError(409, 'WITHDRAWAL_OPEN', text('withdrawals.errors.open'));
        // Above the available balance: the hold below refuses it under the wallet's lock
        // (INSUFFICIENT_FUNDS, answered with the same aboveBalance message by the catch below).

        // The hold: the ledger locks the wallet and refuses to take it below zero, so two requests
        // racing for one balance cannot both hold it. An account not created yet is created first, as before.
        const wallet = context.walletId ?? (await ensureMemberWallet(tx, auth.userId));
        const clearing = context.clearingId ?? (await ensureSystemAccount(tx, 'PAYOUT_CLEARING', ledgerShard));
        const hold = await createTransfer(tx, {
          idempotencyKey: `withdrawal-hold:${id}`,
          code: 'WITHDRAWAL',
          reference: id,
          description: 'Withdrawal to your payout account (held until confirmed)',
          legs: [
            { accountId: wallet, direction: 'DEBIT', amount },
            { accountId: clearing, direction: 'CREDIT', amount },
          ],
          pending: true,
          at: now,
        });
        // The row and its event, then the code budget's lock (issueCode with lockHeld below).
        const { row, event } = await insertRequested(tx, {
          id,
          memberId: auth.userId,
          amount,
          channel: limits.parts[0]!.channel,
          partCount: limits.parts.length,
          destInstitutionCode: account.institutionCode,
          destInstitutionName: account.institutionName,
          destKind: account.kind,
          destAccountNumber: account.accountNumber,
          destAccountName: account.accountName,
          pendingTransferId: hold.id,
          ledgerShard,
          requestId: ctx.requestId,
          requestKey: key,
          expiresAt: new Date(now.getTime() + WITHDRAWAL_TTL_MS),
          at: now,
          codeLockKey: codeLockKey({ purpose: 'WITHDRAWAL', phone: auth.phone }),
        });
        const parts = limits.parts.length > 1 ? await insertParts(tx, id, limits.parts, now) : [];
        const issued = await issueCode(
          tx,
          deps.clock,
          deps.config.otpPepper,
          { purpose: 'WITHDRAWAL', phone: auth.phone, subject: codeSubject(row) },
          { lockHeld: true },
        );
        const messages = requestedMessages(deps, recipientFrom(auth.userId, context), row, issued.code, ctx.requestId);
        return { status: 201, body: { ...withdrawalViewOfRows(deps, row, [event], parts), code: codeSent(issued) }, messages };
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error, 'withdrawals_one_awaiting_per_member')) throw new AppError(409, 'WITHDRAWAL_OPEN', text('withdrawals.errors.open'));
    if (error instanceof LedgerError && error.ledgerCode === 'INSUFFICIENT_FUNDS') {
      const values = { available: formatMoney(await available(deps.db, auth.userId)) };
      throw new AppError(400, 'VALIDATION_FAILED', undefined, { amount: text('withdrawals.errors.aboveBalance', values) });
    }
    throw error;
  }
}

/** The times of a code just issued, as the page counts down to them. */
function codeSent(issued: { expiresAt: Date; resendAvailableAt: Date }): WithdrawalCodeSent {
  return { expiresAt: issued.expiresAt.toISOString(), resendAvailableAt: issued.resendAvailableAt.toISOString() };
}

/** POST /api/withdrawals/:id/code: a new code for the same withdrawal (at most one a minute); when it expires and the next may be sent. */
export async function resendCode(deps: AppDeps, auth: SessionAuth, id: string, ctx: RequestOrigin): Promise<WithdrawalCodeSent> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await ownWithdrawal(tx, auth.userId, id, true);
    if (row.status !== 'AWAITING_CODE' || row.expiresAt.getTime() <= now.getTime()) throw new AppError(409, 'WITHDRAWAL_STATE', STATE_MESSAGE);
    const issued = await issueCode(tx, deps.clock, deps.config.otpPepper, { purpose: 'WITHDRAWAL', phone: auth.phone, subject: codeSubject(row) });
    await notifyCode(tx, deps, row, issued.code, ctx.requestId);
    return codeSent(issued);
  });
}

/**
 * POST /api/withdrawals/:id/confirm (Idempotency-Key): checks the code on the server inside the
 * transaction that submits the payout and moves to PROCESSING, so the code is consumed only if the
 * confirmation commits (a process killed in between leaves the code usable). A wrong try rolls back
 * with the transaction and is then counted on its own. A retry with the same key answers the first
 * answer without checking the code again.
 */
export async function confirmWithdrawal(
  deps: AppDeps,
  auth: SessionAuth,
  id: string,
  code: string,
  key: string,
  ctx: RequestOrigin,
): Promise<IdempotentAnswer<WithdrawalView>> {
  const now = deps.clock.now();
  let subject: string | null = null;
  try {
    return await deps.db.transaction((tx) =>
      idempotent(tx, { userId: auth.userId, scope: 'withdrawals.confirm', key, request: { id, code }, at: now }, async () => {
        const row = await ownWithdrawalLocked(tx, auth.userId, id);
        if (row.status !== 'AWAITING_CODE' || row.expiresAt.getTime() <= now.getTime()) throw new AppError(409, 'WITHDRAWAL_STATE', STATE_MESSAGE);
        subject = codeSubject(row);
        await verifyCode(tx, deps.clock, deps.config.otpPepper, { purpose: 'WITHDRAWAL', subject, code });
        const provider = deps.providers.payout(deps.config);
        if (row.partCount > 1) {
          // Several transfers: the hold is posted and each part submitted on its own (parts.ts).
          const posted = await submitParts(tx, deps, row, provider, now);
          const updated = await transition(tx, deps, row, 'CONFIRM', {
            actor: 'MEMBER',
            actorUserId: auth.userId,
            at: now,
            causedByMember: true,
            requestId: ctx.requestId,
            changes: { confirmedAt: now, payoutMode: provider.mode, providerReference: null, checkAfter: null, resolutionTransferId: posted },
          });
          return { status: 200, body: await withdrawalView(tx, deps, updated) };
        }
        const submission = await provider.submit(payoutOrderOf(deps, row), now);
        // transition(row, 'CONFIRM') in one statement (the status, its event, the events and the
        // member's contact); the messages are written with the answer (decision 041).
        const to = memberConfirmTarget(row);
        const confirmed = await confirmOne(tx, row.id, {
          from: row.status,
          to,
          actorUserId: auth.userId,
          payoutMode: provider.mode,
          providerReference: submission.providerReference,
          checkAfter: submission.checkAfter,
          at: now,
        });
        if (!confirmed) throw new AppError(409, 'WITHDRAWAL_STATE', STATE_MESSAGE);
        const messages = statusMessages(deps, recipientFrom(row.memberId, confirmed.contact), {
          row: confirmed.row,
          status: to,
          at: now,
          causedByMember: true,
          requestId: ctx.requestId,
        });
        return { status: 200, body: withdrawalViewOfRows(deps, confirmed.row, confirmed.events), messages };
      }),
    );
  } catch (error) {
    if (!(error instanceof AppError) || !error.code.startsWith('CODE_')) throw error;
    if (subject && (error.code === 'CODE_INVALID' || error.code === 'CODE_LOCKED')) await countWrongTry(deps.db, { purpose: 'WITHDRAWAL', subject });
    throw new AppError(error.status, error.code, error.texts.message, { code: text('withdrawals.errors.code') }, error.headers);
  }
}

/**
 * POST /api/withdrawals/:id/cancel: only while AWAITING_CODE (AWAITING_CODE -> CANCELLED, the
 * held funds are released through the ledger at once). Idempotent: cancelling a withdrawal that
 * is already CANCELLED answers its view again and moves no money; any other state is refused.
 */
export async function cancelWithdrawal(deps: AppDeps, auth: SessionAuth, id: string, ctx: RequestOrigin): Promise<WithdrawalView> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await ownWithdrawal(tx, auth.userId, id, true);
    if (row.status === 'CANCELLED') return withdrawalView(tx, deps, row);
    const updated = await transition(tx, deps, row, 'CANCEL', {
      actor: 'MEMBER',
      actorUserId: auth.userId,
      at: now,
      causedByMember: true,
      requestId: ctx.requestId,
    });
    return withdrawalView(tx, deps, updated);
  });
}

/**
 * The times of the code a withdrawal awaiting it was sent last (from the code's own rows, the server's
 * clock; the next resend goes to the member's phone), null in any other state: the member's own reads
 * carry them, so a page opened again (a reload mid-flow, the wallet's Enter code) shows the expiry
 * and the resend countdown at once.
 */
async function codeOf(deps: AppDeps, auth: SessionAuth, row: WithdrawalRow): Promise<WithdrawalCodeSent | null> {
  if (row.status !== 'AWAITING_CODE') return null;
  const times = await codeTimes(deps.db, deps.clock, { purpose: 'WITHDRAWAL', subject: codeSubject(row), phone: auth.phone });
  return times ? codeSent(times) : null;
}

/** GET /api/withdrawals: the member's own, newest first; the one awaiting its code with the code's times. */
export async function listWithdrawals(deps: AppDeps, auth: SessionAuth): Promise<{ withdrawals: MemberWithdrawal[] }> {
  const rows = await memberWithdrawals(deps.db, auth.userId);
  // At most one awaits its code (withdrawals_one_awaiting_per_member); its times are read with the views.
  const awaiting = rows.find((row) => row.status === 'AWAITING_CODE');
  const [views, code] = await Promise.all([withdrawalViews(deps.db, deps, rows), awaiting ? codeOf(deps, auth, awaiting) : null]);
  return { withdrawals: views.map((view) => ({ ...view, code: view.id === awaiting?.id ? code : null })) };
}
