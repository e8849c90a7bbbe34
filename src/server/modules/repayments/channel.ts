import type { CollectionProviderName } from '../../../shared/providers/names';
import { and, asc, desc, eq, inArray, lt, lte, ne } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { channelPaymentEvents, channelPayments, loanPayments, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { createTransfer, ensureMemberWallet, systemAccountId } from '../../ledger';
import { type CollectionProvider, type ConfirmationEvent } from '../../providers/collections';
import { ProviderError } from '../../providers/xendit/http';
import { isCodeOfMethod, type ChannelCode, type ChannelMethod, type ChannelPaymentStatus } from '../../../shared/channel/methods';
import { toDecimalString, type Centavos } from '../../../shared/money/money';
import type { ChannelPaymentDto, ChannelPaymentRequest } from '../../../shared/schemas/channel-payments';
import { assertPayable, loadState, memberLoan, paymentReference, postPayment, type AppliedPayment, type PaymentRow, type ServicingState } from './core';
import { loanById } from '../../domain/loans/repository';
import { SERVICED_STATUSES } from '../../../shared/states/loan';
import { todayPh } from '../../domain/day';
import { allocateFor, checkAmount, maximumPayment, parsePositive } from './service';
import { differsFromReference, holdPayment } from './channel-hold';
import { text } from '../../../shared/i18n/text';

/**
 * Paying a loan through a payment channel (docs/decisions/013-payment-channels.md).
 * The borrower asks for a payment reference (a row saved first, then the provider asked, then its
 * instructions saved), pays it outside Tapat, and the provider's confirmation, from its status
 * endpoint (asked by the worker, or at once when a callback says something happened:
 * channel-confirm.ts; a callback itself is never believed, decision 059), goes through
 * `receiveConfirmation`: one transaction that records the event, and for the first confirmation of
 * a payment applies the money: the amount asked for to the loan through the repayments core (the
 * same allocation and ledger posting as a wallet payment, from COLLECTION_CLEARING), anything more
 * than the loan owes, a late payment, or one for a repaid loan, to the borrower's wallet; another
 * amount or currency than asked is HELD for an officer (channel-hold.ts). A repeat is recorded as
 * DUPLICATE and moves nothing.
 */

export type ChannelPaymentRow = typeof channelPayments.$inferSelect;

const OPEN: readonly string[] = ['CREATING', 'PENDING'];
/**
 * The statuses the worker asks the provider about once their checkAfter is due: PENDING (its polls),
 * and EXPIRED or FAILED when a verified callback named the reference while the provider could not be
 * asked (channel-confirm.ts sets checkAfter): the payer may have paid late, and the answer is then
 * applied like any other. A final answer clears checkAfter, so each is asked until answered.
 */
export const RECHECKABLE = ['PENDING', 'EXPIRED', 'FAILED'] as const;
/** A reference whose provider call never finished (a crash between the two transactions) is failed after this long. */
const CREATING_TIMEOUT_MS = 10 * 60_000;
/** How long a worker's claim on a due payment lasts while it asks the provider. */
const CLAIM_MS = 5 * 60_000;

export function channelReference(deps: AppDeps, number: number): string {
  return `${deps.config.company.shortName}-C${String(number).padStart(6, '0')}`;
}

function numberOfReference(deps: AppDeps, reference: string | null): number | null {
  if (!reference) return null;
  const match = /^(.+)-C(\d{1,15})$/.exec(reference);
  if (!match || match[1] !== deps.config.company.shortName) return null;
  const n = Number(match[2]);
  return Number.isSafeInteger(n) ? n : null;
}

/** The number of a payment reference whatever its prefix (TAPAT-C000123: 123), or null. */
function numberInReference(reference: string): number | null {
  const match = /-C(\d{1,15})$/.exec(reference);
  const n = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(n) ? n : null;
}

async function channelPaymentDto(tx: Pick<Tx, 'select'>, deps: AppDeps, row: ChannelPaymentRow): Promise<ChannelPaymentDto> {
  let receiptNumber: number | null = null;
  if (row.loanPaymentId) {
    const [p] = await tx.select({ number: loanPayments.number }).from(loanPayments).where(eq(loanPayments.id, row.loanPaymentId));
    receiptNumber = p?.number ?? null;
  }
  return dtoOf(deps, row, receiptNumber);
}

/** A payment reference as the member reads it; `receiptNumber`: its loan payment's number, once applied. */
function dtoOf(deps: AppDeps, row: ChannelPaymentRow, receiptNumber: number | null): ChannelPaymentDto {
  const instructions = (row.instructions as ChannelPaymentDto['instructions'] | null) ?? { accountNumber: null, checkoutUrl: null, paymentCode: null };
  const receiptReference = receiptNumber === null ? null : paymentReference(deps, receiptNumber);
  const money = (v: Centavos | null) => (v === null ? null : toDecimalString(v));
  return {
    id: row.id,
    reference: channelReference(deps, row.number),
    provider: row.provider as ChannelPaymentDto['provider'],
    method: row.method as ChannelMethod,
    channelCode: row.channelCode as ChannelCode,
    amount: toDecimalString(row.amount),
    // CREATING is a pending reference whose instructions are not in yet.
    status: (row.status === 'CREATING' ? 'PENDING' : row.status) as ChannelPaymentStatus,
    instructions,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    paidAmount: money(row.paidAmount),
    appliedToLoan: money(row.appliedToLoan),
    creditedToWallet: money(row.creditedToWallet),
    receiptReference,
  };
}

function providerOrRefuse(deps: AppDeps): CollectionProvider {
  const provider = deps.providers.collection(deps.config);
  if (!provider) throw new AppError(409, 'CHANNELS_UNAVAILABLE', text('channelPayments.errors.unavailable'));
  return provider;
}

/** A payment reference for an amount of the member's loan (Idempotency-Key): the same rules as a wallet payment, one open reference at a time. */
export async function createChannelPayment(
  deps: AppDeps,
  memberId: string,
  input: ChannelPaymentRequest,
  key: string,
): Promise<{ status: 200 | 201; replayed: boolean; body: { payment: ChannelPaymentDto } }> {
  const provider = providerOrRefuse(deps);
  if (!isCodeOfMethod(input.method, input.channelCode))
    throw new AppError(400, 'CHANNEL_CODE_INVALID', text('channelPayments.errors.channelCode'), { channelCode: text('channelPayments.errors.channelCode') });
  const amount = parsePositive(input.amount);
  const now = deps.clock.now();

  const first = await deps.db.transaction(async (tx) => {
    const replay = async () => {
      const [existing] = await tx
        .select()
        .from(channelPayments)
        .where(and(eq(channelPayments.memberId, memberId), eq(channelPayments.idempotencyKey, key)));
      if (existing && (existing.amount !== amount || existing.method !== input.method || existing.channelCode !== input.channelCode))
        throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', text('errors.IDEMPOTENCY_KEY_REUSED'));
      return existing;
    };
    const earlier = await replay();
    if (earlier) return { replay: earlier };
    const loan = await memberLoan(tx, memberId, true);
    // Again with the loan locked: a retry racing the first request with the same key waited for it
    // here, and answers its reference (not CHANNEL_PAYMENT_PENDING about its own reference).
    const raced = await replay();
    if (raced) return { replay: raced };
    assertPayable(loan);
    const state = await loadState(tx, deps, loan);
    checkAmount(state, amount, todayPh(deps));
    const [open] = await tx
      .select({ id: channelPayments.id })
      .from(channelPayments)
      .where(and(eq(channelPayments.loanId, loan.id), inArray(channelPayments.status, [...OPEN])))
      .limit(1);
    if (open) throw new AppError(409, 'CHANNEL_PAYMENT_PENDING', text('channelPayments.errors.pending'));
    const [member] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, memberId));
    const [row] = await tx
      .insert(channelPayments)
      .values({
        loanId: loan.id,
        memberId,
        provider: provider.name,
        method: input.method,
        channelCode: input.channelCode,
        amount,
        idempotencyKey: key,
        status: 'CREATING',
        expiresAt: new Date(now.getTime() + deps.config.collections.expiryHours * 3_600_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return { created: row!, customerName: member?.name ?? '' };
  });
  if ('replay' in first) {
    return { status: 200, replayed: true, body: { payment: await channelPaymentDto(deps.db, deps, first.replay!) } };
  }

  const row = first.created;
  let created;
  try {
    created = await provider.create(
      {
        id: row.id,
        reference: channelReference(deps, row.number),
        amount,
        method: input.method,
        channelCode: input.channelCode,
        customerName: first.customerName,
        expiresAt: row.expiresAt,
      },
      now,
    );
  } catch (error) {
    // Recorded, never swallowed: the reference is FAILED (a late confirmation of it still lands in the wallet) and the member is told.
    await deps.db
      .update(channelPayments)
      .set({ status: 'FAILED', updatedAt: deps.clock.now() })
      .where(and(eq(channelPayments.id, row.id), eq(channelPayments.status, 'CREATING')));
    if (error instanceof ProviderError) throw new AppError(502, 'PROVIDER_UNAVAILABLE', text('channelPayments.errors.providerUnavailable'));
    throw error;
  }
  const [saved] = await deps.db
    .update(channelPayments)
    .set({
      status: 'PENDING',
      providerPaymentId: created.providerPaymentId,
      instructions: created.instructions,
      checkAfter: created.checkAfter,
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(channelPayments.id, row.id), eq(channelPayments.status, 'CREATING')))
    .returning();
  // A confirmation that raced ahead of this update has already moved the row on: answer what it is now.
  const current = saved ?? (await deps.db.select().from(channelPayments).where(eq(channelPayments.id, row.id)))[0]!;
  return { status: 201, replayed: false, body: { payment: await channelPaymentDto(deps.db, deps, current) } };
}

/**
 * The member's payment references, newest first, a page at a time: a keyset on the reference's
 * number (channel_payments_member_idx (member_id, number)); the receipts of the page read at once.
 */
export async function listChannelPayments(
  deps: AppDeps,
  memberId: string,
  query: { cursor?: string | undefined; limit: number },
): Promise<{ payments: ChannelPaymentDto[]; provider: 'SIMULATED' | 'XENDIT' | 'NONE'; nextCursor: string | null }> {
  const found = await deps.db
    .select()
    .from(channelPayments)
    .where(and(eq(channelPayments.memberId, memberId), query.cursor ? lt(channelPayments.number, Number(query.cursor)) : undefined))
    .orderBy(desc(channelPayments.number))
    .limit(query.limit + 1);
  const rows = found.slice(0, query.limit);
  const paymentIds = rows.map((r) => r.loanPaymentId).filter((id): id is string => id !== null);
  const receipts = paymentIds.length
    ? await deps.db.select({ id: loanPayments.id, number: loanPayments.number }).from(loanPayments).where(inArray(loanPayments.id, paymentIds))
    : [];
  const numbers = new Map(receipts.map((p) => [p.id, p.number]));
  return {
    payments: rows.map((row) => dtoOf(deps, row, row.loanPaymentId ? (numbers.get(row.loanPaymentId) ?? null) : null)),
    provider: deps.config.collections.provider,
    nextCursor: found.length > query.limit ? String(rows.at(-1)!.number) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Confirmation: the one path of callbacks and polls

export type ConfirmationOutcome =
  'POSTED' | 'POSTED_EXCESS_TO_WALLET' | 'HELD' | 'LATE_TO_WALLET' | 'LOAN_CLOSED_TO_WALLET' | 'DUPLICATE' | 'UNKNOWN' | 'FAILED' | 'EXPIRED' | 'IGNORED';

export async function findRow(tx: DbOrTx, deps: AppDeps, event: ConfirmationEvent): Promise<ChannelPaymentRow | undefined> {
  if (event.providerPaymentId) {
    const [row] = await tx
      .select()
      .from(channelPayments)
      .where(and(eq(channelPayments.provider, event.provider), eq(channelPayments.providerPaymentId, event.providerPaymentId)))
      .for('update');
    // A reference that names another payment than the provider id does: neither is trusted. (By its
    // number: a reference made before the company's short name changed is still this payment's.)
    if (row && event.referenceId !== null && numberInReference(event.referenceId) !== row.number) return undefined;
    if (row) return row;
  }
  // Our reference, for a payment whose provider id we never stored (the provider answered after our timeout).
  const number = numberOfReference(deps, event.referenceId);
  if (number === null) return undefined;
  const [row] = await tx
    .select()
    .from(channelPayments)
    .where(and(eq(channelPayments.provider, event.provider), eq(channelPayments.number, number)))
    .for('update');
  // A provider id that names another payment than the reference does is not trusted.
  if (row && event.providerPaymentId && row.providerPaymentId && row.providerPaymentId !== event.providerPaymentId) return undefined;
  return row;
}

async function creditWallet(tx: Tx, deps: AppDeps, row: ChannelPaymentRow, amount: Centavos, clearing: string): Promise<string> {
  const transfer = await createTransfer(tx, {
    idempotencyKey: `channel-payment-wallet:${row.id}`,
    code: 'CHANNEL_PAYMENT_TO_WALLET',
    reference: row.loanId,
    description: `Payment ${channelReference(deps, row.number)} received through ${row.channelCode}: to the wallet`,
    legs: [
      { accountId: clearing, direction: 'DEBIT', amount },
      { accountId: await ensureMemberWallet(tx, row.memberId), direction: 'CREDIT', amount },
    ],
    at: deps.clock.now(),
  });
  return transfer.id;
}

/**
 * Applies a provider's confirmation at most once (the payment row locked; a repeat is a DUPLICATE)
 * and records it, whatever it was. Never throws for a payment it cannot match: it records UNKNOWN.
 */
export async function receiveConfirmation(
  deps: AppDeps,
  event: ConfirmationEvent,
  /** The provider's callback request (decision 045); null from the payment channels worker. */
  requestId: string | null,
): Promise<{ outcome: ConfirmationOutcome; channelPaymentId: string | null }> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    const row = await findRow(tx, deps, event);
    const outcome = row ? await apply(tx, deps, row, event, now, requestId) : 'UNKNOWN';
    await tx.insert(channelPaymentEvents).values({
      provider: event.provider,
      source: event.source,
      kind: event.kind,
      providerPaymentId: event.providerPaymentId,
      referenceId: event.referenceId,
      amount: event.amount,
      currency: event.currency,
      channelPaymentId: row?.id ?? null,
      outcome,
      payload: event.payload ?? {},
      receivedAt: now,
    });
    return { outcome, channelPaymentId: row?.id ?? null };
  });
}

async function apply(
  tx: Tx,
  deps: AppDeps,
  row: ChannelPaymentRow,
  event: ConfirmationEvent,
  now: Date,
  requestId: string | null,
): Promise<ConfirmationOutcome> {
  const open = OPEN.includes(row.status);
  if (event.kind !== 'SUCCEEDED') {
    if (!open) return 'IGNORED';
    await tx
      .update(channelPayments)
      .set({ status: event.kind === 'FAILED' ? 'FAILED' : 'EXPIRED', checkAfter: null, updatedAt: now })
      .where(eq(channelPayments.id, row.id));
    return event.kind;
  }
  if (row.status === 'PAID' || row.status === 'CREDITED_TO_WALLET' || row.status === 'HELD') return 'DUPLICATE';
  const paid = event.amount;
  if (paid === null || paid <= 0n) return 'IGNORED';
  // Another amount or currency than the reference asked, as the provider confirmed it: held for an officer, nothing posted (decision 059).
  if (differsFromReference(row, event, paid)) return holdPayment(tx, row, event, paid, now);

  const loan = await loanById(tx, row.loanId, true);
  const clearing = await systemAccountId(deps.db, tx, 'COLLECTION_CLEARING', loan.ledgerShard);
  let toLoan = 0n;
  let outcome: ConfirmationOutcome;
  const payable = (SERVICED_STATUSES as readonly string[]).includes(loan.status) && loan.scheduleStartDate !== null;
  let posting: { state: ServicingState; applied: AppliedPayment; payment: PaymentRow } | null = null;
  if (!open) outcome = 'LATE_TO_WALLET';
  else if (!payable) outcome = 'LOAN_CLOSED_TO_WALLET';
  else {
    const state = await loadState(tx, deps, loan, { contact: true });
    const today = todayPh(deps);
    const max = maximumPayment(state, today);
    toLoan = paid < max ? paid : max;
    outcome = toLoan === paid ? 'POSTED' : toLoan > 0n ? 'POSTED_EXCESS_TO_WALLET' : 'LOAN_CLOSED_TO_WALLET';
    if (toLoan > 0n) {
      const applied = allocateFor(state, toLoan, today);
      const [payment] = await tx
        .insert(loanPayments)
        .values({
          loanId: loan.id,
          source: 'CHANNEL',
          kind: 'PAYMENT',
          status: 'POSTED',
          amount: toLoan,
          idempotencyKey: `channel:${row.id}`,
          externalReference: event.providerPaymentId ?? row.providerPaymentId,
          receivedAt: event.paidAt ?? now,
          actorUserId: null,
          actorRole: 'SYSTEM',
        })
        .returning();
      posting = { state, applied, payment: payment! };
    }
  }
  const toWallet = paid - toLoan;
  // The reference's row is written before the money moves: the ledger transfers come last, so that
  // the loan's shard of the system accounts stays locked only until the commit (decision 082).
  await tx
    .update(channelPayments)
    .set({
      status: outcome === 'POSTED' || outcome === 'POSTED_EXCESS_TO_WALLET' ? 'PAID' : 'CREDITED_TO_WALLET',
      paidAt: event.paidAt ?? now,
      paidAmount: paid,
      appliedToLoan: toLoan,
      creditedToWallet: toWallet,
      loanPaymentId: posting?.payment.id ?? null,
      checkAfter: null,
      updatedAt: now,
    })
    .where(eq(channelPayments.id, row.id));
  if (posting) await postPayment(deps, tx, posting.state, posting.payment, posting.applied, clearing, { causedByMember: false, requestId });
  if (toWallet > 0n) {
    const walletTransferId = await creditWallet(tx, deps, row, toWallet, clearing);
    await tx.update(channelPayments).set({ walletTransferId }).where(eq(channelPayments.id, row.id));
  }
  return outcome;
}

// ---------------------------------------------------------------------------------------------
// The worker: asks the provider about due references (the simulated provider confirms this way)

/** One pass: fails references stuck in CREATING, then asks the provider about each due PENDING one. */
export async function runChannelPayments(deps: AppDeps, limit = 100): Promise<{ checked: number; resolved: number }> {
  const now = deps.clock.now();
  await deps.db
    .update(channelPayments)
    .set({ status: 'FAILED', updatedAt: now })
    .where(and(eq(channelPayments.status, 'CREATING'), lte(channelPayments.createdAt, new Date(now.getTime() - CREATING_TIMEOUT_MS))));
  let checked = 0;
  let resolved = 0;
  for (; checked < limit; checked += 1) {
    const at = deps.clock.now();
    // Claim one due reference (SKIP LOCKED, and a lease so that another process does not ask at the same time).
    const claimed = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(channelPayments)
        .where(and(inArray(channelPayments.status, RECHECKABLE), lte(channelPayments.checkAfter, at)))
        .orderBy(asc(channelPayments.checkAfter))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return null;
      await tx
        .update(channelPayments)
        .set({ checkAfter: new Date(at.getTime() + CLAIM_MS) })
        .where(eq(channelPayments.id, row.id));
      return row;
    });
    if (!claimed) break;
    const provider = deps.providers.collection(deps.config, claimed.provider as CollectionProviderName);
    if (!provider) break;
    let status;
    try {
      status = await provider.status(
        {
          id: claimed.id,
          reference: channelReference(deps, claimed.number),
          providerPaymentId: claimed.providerPaymentId,
          amount: claimed.amount,
          createdAt: claimed.createdAt,
          expiresAt: claimed.expiresAt,
        },
        at,
      );
    } catch (error) {
      // A provider that timed out or answered garbage: asked again after the lease; nothing moved.
      if (error instanceof ProviderError) continue;
      throw error;
    }
    if (status.kind === 'PENDING') {
      await deps.db
        .update(channelPayments)
        .set({ checkAfter: status.checkAfter, updatedAt: at })
        .where(and(eq(channelPayments.id, claimed.id), eq(channelPayments.status, 'PENDING')));
      continue;
    }
    await receiveConfirmation(deps, status, null);
    // A reference asked again after it had expired or failed (RECHECKABLE) is not asked once more.
    await deps.db
      .update(channelPayments)
      .set({ checkAfter: null })
      .where(and(eq(channelPayments.id, claimed.id), ne(channelPayments.status, 'PENDING')));
    resolved += 1;
  }
  return { checked, resolved };
}

// ---------------------------------------------------------------------------------------------
// Back office

/** Provider confirmations with their outcome, newest first (staff: unknown, mismatched and late payments are visible here). */
export async function listChannelEvents(deps: AppDeps, query: { cursor?: string | undefined; limit: number }) {
  const rows = await deps.db
    .select()
    .from(channelPaymentEvents)
    .where(query.cursor ? lt(channelPaymentEvents.id, Number(query.cursor)) : undefined)
    .orderBy(desc(channelPaymentEvents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    events: page.map((e) => ({
      id: String(e.id),
      provider: e.provider,
      source: e.source as 'CALLBACK' | 'POLL',
      kind: e.kind as ConfirmationEvent['kind'],
      providerPaymentId: e.providerPaymentId,
      referenceId: e.referenceId,
      amount: e.amount === null ? null : toDecimalString(e.amount),
      currency: e.currency,
      channelPaymentId: e.channelPaymentId,
      outcome: e.outcome,
      receivedAt: e.receivedAt.toISOString(),
    })),
    nextCursor: rows.length > query.limit ? String(page.at(-1)!.id) : null,
  };
}
