import { and, asc, eq, gt, gte, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { bankReferenceKeySql, ledgerEntries, ledgerTransfers, users, withdrawalParts, withdrawals } from '../../db/schema';
import { writeAudit, type AuditContext } from '../../audit';
import { AppError } from '../../http/errors';
import type { SessionAuth } from '../../sessions/store';
import { toDecimalString } from '../../../shared/money/money';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../../shared/schemas/params';
import { MANILA_OFFSET_MS } from '../../../shared/notify/quiet-hours';
import { bankReferenceKey, type AdminWithdrawalRow, type FailRequestDto, type Reconciliation } from '../../../shared/schemas/withdrawals';
import { isWithdrawalStatus, WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../shared/states/withdrawal';
import { isPayoutFailureReason, withdrawalReasonText, type PayoutFailureReason } from '../../../shared/reasons/catalogue';
import { assertNoConflict } from '../../staff/conflict';
import { transition } from './transitions';
import { text } from '../../../shared/i18n/text';
import { partByIndex, partReference, resolvePart } from './parts';
import { referenceOf, withdrawalById, withdrawalViewsWithAdminEvents, type WithdrawalPartRow, type WithdrawalRow } from './views';

/** Withdrawals, the back office (OFFICER and ADMIN): the queue, manual payouts, the daily reconciliation. */

function minutesBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));
}

/** The columns of a failure mark waiting for a second officer (a withdrawal's or a part's; decision 049). */
type FailRequestColumns = Pick<WithdrawalRow, 'failRequestedBy' | 'failRequestedAt' | 'failRequestReasonCode' | 'failRequestNote'>;

const NO_FAIL_REQUEST = { failRequestedBy: null, failRequestedAt: null, failRequestReasonCode: null, failRequestNote: null } as const;

function failRequestOf(row: FailRequestColumns, names: ReadonlyMap<string, string>): FailRequestDto | null {
  if (row.failRequestedAt === null || row.failRequestReasonCode === null || !isPayoutFailureReason(row.failRequestReasonCode)) return null;
  return {
    requestedBy: row.failRequestedBy ?? '',
    requestedByName: (row.failRequestedBy && names.get(row.failRequestedBy)) ?? '',
    requestedAt: row.failRequestedAt.toISOString(),
    reasonCode: row.failRequestReasonCode,
    reason: withdrawalReasonText(row.failRequestReasonCode),
    note: row.failRequestNote,
  };
}

async function adminRows(db: DbOrTx, deps: AppDeps, rows: readonly { withdrawal: WithdrawalRow; memberName: string }[]): Promise<AdminWithdrawalRow[]> {
  const { views, events, parts } = await withdrawalViewsWithAdminEvents(
    db,
    deps,
    rows.map((r) => r.withdrawal),
  );
  // The names of the officers whose failure marks wait for a second officer, in one read.
  const requesters = new Set<string>();
  for (const { withdrawal } of rows) {
    if (withdrawal.failRequestedBy) requesters.add(withdrawal.failRequestedBy);
    for (const p of parts.get(withdrawal.id) ?? []) if (p.failRequestedBy) requesters.add(p.failRequestedBy);
  }
  const names = new Map<string, string>();
  if (requesters.size > 0) {
    for (const u of await db
      .select({ id: users.id, name: users.fullName })
      .from(users)
      .where(inArray(users.id, [...requesters])))
      names.set(u.id, u.name);
  }
  const now = deps.clock.now();
  return rows.map(({ withdrawal, memberName }, i) => ({
    ...views[i]!,
    events: events.get(withdrawal.id) ?? [],
    memberId: withdrawal.memberId,
    memberName,
    ageMinutes: minutesBetween(withdrawal.createdAt, now),
    payoutMode: (withdrawal.payoutMode ?? deps.config.payouts.mode) as AdminWithdrawalRow['payoutMode'],
    providerReference: withdrawal.providerReference,
    failRequest: failRequestOf(withdrawal, names),
    parts: (parts.get(withdrawal.id) ?? []).map((p, j) => ({
      ...views[i]!.parts[j]!,
      reference: partReference(deps, withdrawal, p),
      providerReference: p.providerReference,
      failRequest: failRequestOf(p, names),
    })),
  }));
}

async function adminRowOf(db: DbOrTx, deps: AppDeps, row: WithdrawalRow): Promise<AdminWithdrawalRow> {
  const [member] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, row.memberId));
  return (await adminRows(db, deps, [{ withdrawal: row, memberName: member?.name ?? '' }]))[0]!;
}

/** GET /api/admin/withdrawals?status=PROCESSING&cursor=: oldest first, a page at a time. */
export async function queue(
  deps: AppDeps,
  input: { status?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<{ withdrawals: AdminWithdrawalRow[]; nextCursor: string | null }> {
  const statuses = input.status
    ? input.status
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean)
    : [...WITHDRAWAL_STATUSES];
  const unknown = statuses.filter((s) => !isWithdrawalStatus(s));
  if (unknown.length > 0 || statuses.length === 0) {
    throw new AppError(400, 'VALIDATION_FAILED', text('errors.unknownStatusUse', { unknown: unknown.join(', '), allowed: WITHDRAWAL_STATUSES.join(', ') }), {
      status: text('errors.unknownStatus'),
    });
  }
  const after = input.cursor ? decodeKeysetCursor(input.cursor) : null;
  if (input.cursor && !after) throw new AppError(400, 'VALIDATION_FAILED', text('errors.cursor'), { cursor: text('errors.cursor') });
  // Keyset on (created_at, number), served by withdrawals_status_created_idx (status, created_at,
  // number); all statuses (the default) by withdrawals_created_idx. Names joined on the page only.
  const byStatus = statuses.length === WITHDRAWAL_STATUSES.length ? undefined : inArray(withdrawals.status, statuses);
  const keyset = after
    ? or(gt(withdrawals.createdAt, after.at), and(eq(withdrawals.createdAt, after.at), gt(withdrawals.number, Number(after.number))))
    : undefined;
  const found = await deps.db
    .select({ withdrawal: withdrawals, memberName: users.fullName })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.memberId))
    .where(and(byStatus, keyset))
    .orderBy(asc(withdrawals.createdAt), asc(withdrawals.number))
    .limit(input.limit + 1);
  const rows = found.slice(0, input.limit);
  const last = rows.at(-1)?.withdrawal;
  return {
    withdrawals: await adminRows(deps.db, deps, rows),
    nextCursor: found.length > input.limit && last ? encodeKeysetCursor(last.createdAt, last.number) : null,
  };
}

const MANUAL_ONLY = text('backoffice.withdrawals.markErrors.manualOnly');
const MARK_EACH_PART = text('backoffice.withdrawals.markErrors.markEachPart');
const NOT_SPLIT = text('backoffice.withdrawals.markErrors.notSplit');

type FailInput = { reasonCode: PayoutFailureReason; note: string | null };

/** The withdrawal sent as one transfer, locked, that an officer may mark by hand (manual mode, PROCESSING). */
async function lockedManual(tx: Tx, staff: SessionAuth, id: string): Promise<WithdrawalRow> {
  const row = await withdrawalById(tx, id, true);
  await assertNoConflict(tx, staff.userId, row.memberId);
  if (row.status !== 'PROCESSING' || row.payoutMode !== 'MANUAL') throw new AppError(409, 'WITHDRAWAL_STATE', MANUAL_ONLY);
  if (row.partCount > 1) throw new AppError(409, 'WITHDRAWAL_STATE', MARK_EACH_PART);
  return row;
}

/** A transfer of a withdrawal sent as several, locked (the withdrawal first), that an officer may mark by hand. */
async function lockedManualPart(tx: Tx, staff: SessionAuth, id: string, index: number): Promise<{ row: WithdrawalRow; part: WithdrawalPartRow }> {
  const row = await withdrawalById(tx, id, true);
  await assertNoConflict(tx, staff.userId, row.memberId);
  if (row.partCount <= 1) throw new AppError(409, 'WITHDRAWAL_STATE', NOT_SPLIT);
  const part = await partByIndex(tx, row.id, index);
  if (row.status !== 'PROCESSING' || part.status !== 'PROCESSING' || part.payoutMode !== 'MANUAL') throw new AppError(409, 'WITHDRAWAL_STATE', MANUAL_ONLY);
  return { row, part };
}

/** What an officer's mark clears: the failure request it replaces, for the audit row (null when none waited). */
function clearedRequest(row: FailRequestColumns): Record<string, unknown> | null {
  return row.failRequestedAt === null
    ? null
    : { requestedBy: row.failRequestedBy, requestedAt: row.failRequestedAt.toISOString(), reasonCode: row.failRequestReasonCode };
}

/**
 * Refuses a bank reference already recorded on another payout (a withdrawal or a transfer of one),
 * compared by its letters and digits without case (bankReferenceKey): marking a second payout paid with the
 * reference of a transfer that paid the first is the classic way to claim one payment twice
 * (decision 052). Two officers marking with the same reference at once are serialised by a lock on
 * the reference, so the second one sees the first.
 */
async function assertBankReferenceUnused(tx: Tx, deps: AppDeps, bankReference: string): Promise<void> {
  const keyOf = bankReferenceKey(bankReference);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tapat.bank-reference:${keyOf}`}))`);
  const [whole] = await tx
    .select({ number: withdrawals.number })
    .from(withdrawals)
    .where(and(sql`${withdrawals.providerReference} is not null`, eq(bankReferenceKeySql(withdrawals.providerReference), keyOf)))
    .limit(1);
  let reference = whole ? referenceOf(deps, whole.number) : null;
  if (!reference) {
    const [part] = await tx
      .select({ number: withdrawals.number, index: withdrawalParts.partIndex })
      .from(withdrawalParts)
      .innerJoin(withdrawals, eq(withdrawals.id, withdrawalParts.withdrawalId))
      .where(and(sql`${withdrawalParts.providerReference} is not null`, eq(bankReferenceKeySql(withdrawalParts.providerReference), keyOf)))
      .limit(1);
    if (part) reference = `${referenceOf(deps, part.number)}-${part.index}`;
  }
  // No field error: the back office shows a field's fixed catalogue text, this one names the payout.
  if (reference) {
    throw new AppError(409, 'BANK_REFERENCE_USED', text('withdrawals.errors.bankReferenceUsed', { reference }));
  }
}

/** POST /api/admin/withdrawals/:id/paid: the money went out; a failure request waiting for a second officer is cleared. */
export function markPaid(deps: AppDeps, staff: SessionAuth, id: string, bankReference: string, ctx: AuditContext): Promise<AdminWithdrawalRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockedManual(tx, staff, id);
    await assertBankReferenceUnused(tx, deps, bankReference);
    const updated = await transition(tx, deps, row, 'SETTLE', {
      actor: 'STAFF',
      actorUserId: staff.userId,
      at: now,
      causedByMember: false,
      requestId: ctx.requestId,
      changes: { providerReference: bankReference, ...NO_FAIL_REQUEST },
    });
    await auditMark(tx, deps, staff, row, updated.status, { paid: true, bankReference, clearedFailRequest: clearedRequest(row) }, ctx, now);
    return adminRowOf(tx, deps, updated);
  });
}

/**
 * POST /api/admin/withdrawals/:id/failed (and .../parts/:index/failed): the first officer's failure
 * mark is a request (decision 049): stored on the withdrawal (or the transfer) with who, when, the
 * reason and the note; the status stays PROCESSING, nothing moves, the member sees nothing. The same
 * officer asking again: the request as stored (idempotent; its reason is not changed). Another
 * officer asking while one waits: 409 WITHDRAWAL_FAIL_PENDING (confirm it, or mark the payout paid).
 */
async function storeFailRequest(
  tx: Tx,
  deps: AppDeps,
  staff: SessionAuth,
  row: WithdrawalRow,
  target: FailRequestColumns & { id: string },
  part: WithdrawalPartRow | null,
  input: FailInput,
  ctx: AuditContext,
): Promise<void> {
  if (target.failRequestedAt !== null) {
    if (target.failRequestedBy === staff.userId) return;
    throw new AppError(409, 'WITHDRAWAL_FAIL_PENDING', text('backoffice.withdrawals.failRequestErrors.pending'));
  }
  const now = deps.clock.now();
  const request = { failRequestedBy: staff.userId, failRequestedAt: now, failRequestReasonCode: input.reasonCode, failRequestNote: input.note };
  await setFailRequestColumns(tx, row, part, request, now);
  await writeAudit(tx, {
    actor: { userId: staff.userId, role: staff.role },
    action: 'WITHDRAWAL_FAIL_REQUESTED',
    subjectType: 'WITHDRAWAL',
    subjectId: row.id,
    details: {
      ...failRequestAuditSubject(deps, row, part),
      reasonCode: input.reasonCode,
      note: input.note,
    },
    ip: ctx.ip,
    at: now,
  });
}

type FailRequestValues = { -readonly [K in keyof typeof NO_FAIL_REQUEST]: (typeof withdrawals.$inferInsert)[K] };

/** Writes the failure-request columns of the transfer `part`, or of the whole withdrawal when there is none. */
async function setFailRequestColumns(tx: Tx, row: WithdrawalRow, part: WithdrawalPartRow | null, values: FailRequestValues, now: Date): Promise<void> {
  if (part)
    await tx
      .update(withdrawalParts)
      .set({ ...values, updatedAt: now })
      .where(eq(withdrawalParts.id, part.id));
  else
    await tx
      .update(withdrawals)
      .set({ ...values, updatedAt: now })
      .where(eq(withdrawals.id, row.id));
}

/** What a failure request's audit row names: the payout (and transfer), its amount and status. */
function failRequestAuditSubject(deps: AppDeps, row: WithdrawalRow, part: WithdrawalPartRow | null): Record<string, unknown> {
  return {
    reference: referenceOf(deps, row.number),
    ...(part ? { part: part.partIndex, parts: row.partCount } : {}),
    amount: toDecimalString(part ? part.amount : row.amount),
    status: row.status,
  };
}

/** The request a second officer confirms: refused when none waits, or when it is their own (maker-checker). */
function pendingRequestFor(staff: SessionAuth, target: FailRequestColumns): FailInput & { requestedBy: string | null; requestedAt: Date } {
  if (target.failRequestedAt === null || target.failRequestReasonCode === null || !isPayoutFailureReason(target.failRequestReasonCode))
    throw new AppError(409, 'WITHDRAWAL_FAIL_NOT_PENDING', text('backoffice.withdrawals.failRequestErrors.notPending'));
  if (target.failRequestedBy === staff.userId) throw new AppError(403, 'MAKER_CHECKER', text('backoffice.withdrawals.failRequestErrors.ownRequest'));
  return { reasonCode: target.failRequestReasonCode, note: target.failRequestNote, requestedBy: target.failRequestedBy, requestedAt: target.failRequestedAt };
}

/**
 * The officer who asked for a failure mark, or an ADMIN, withdraws it with a reason (decision 052):
 * the request columns are cleared, the status stays PROCESSING, nothing moves, the member sees
 * nothing; audited WITHDRAWAL_FAIL_REQUEST_WITHDRAWN with the request and the reason. Another
 * officer: 403 WITHDRAWAL_FAIL_NOT_YOURS (they may confirm it, or mark the payout paid). No request:
 * 409 WITHDRAWAL_FAIL_NOT_PENDING; a payout already failed or paid: 409 WITHDRAWAL_STATE.
 */
async function withdrawFailRequest(
  tx: Tx,
  deps: AppDeps,
  staff: SessionAuth,
  row: WithdrawalRow,
  target: FailRequestColumns,
  part: WithdrawalPartRow | null,
  reason: string,
  ctx: AuditContext,
): Promise<void> {
  if (target.failRequestedAt === null) throw new AppError(409, 'WITHDRAWAL_FAIL_NOT_PENDING', text('backoffice.withdrawals.failRequestErrors.notPending'));
  if (target.failRequestedBy !== staff.userId && staff.role !== 'ADMIN')
    throw new AppError(403, 'WITHDRAWAL_FAIL_NOT_YOURS', text('backoffice.withdrawals.failRequestErrors.notYours'));
  const now = deps.clock.now();
  await setFailRequestColumns(tx, row, part, NO_FAIL_REQUEST, now);
  await writeAudit(tx, {
    actor: { userId: staff.userId, role: staff.role },
    action: 'WITHDRAWAL_FAIL_REQUEST_WITHDRAWN',
    subjectType: 'WITHDRAWAL',
    subjectId: row.id,
    details: {
      ...failRequestAuditSubject(deps, row, part),
      withdrawnRequest: { ...clearedRequest(target), note: target.failRequestNote },
      reason,
    },
    ip: ctx.ip,
    at: now,
  });
}

/** POST /api/admin/withdrawals/:id/failed/withdraw: see withdrawFailRequest. */
export function withdrawFailed(deps: AppDeps, staff: SessionAuth, id: string, reason: string, ctx: AuditContext): Promise<AdminWithdrawalRow> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedManual(tx, staff, id);
    await withdrawFailRequest(tx, deps, staff, row, row, null, reason, ctx);
    return adminRowOf(tx, deps, await withdrawalById(tx, id, false));
  });
}

/** POST /api/admin/withdrawals/:id/parts/:index/failed/withdraw: see withdrawFailRequest, for one transfer. */
export function withdrawPartFailed(
  deps: AppDeps,
  staff: SessionAuth,
  id: string,
  index: number,
  reason: string,
  ctx: AuditContext,
): Promise<AdminWithdrawalRow> {
  return deps.db.transaction(async (tx) => {
    const { row, part } = await lockedManualPart(tx, staff, id, index);
    await withdrawFailRequest(tx, deps, staff, row, part, part, reason, ctx);
    return adminRowOf(tx, deps, await withdrawalById(tx, id, false));
  });
}

export function markFailed(
  deps: AppDeps,
  staff: SessionAuth,
  id: string,
  input: { reasonCode: PayoutFailureReason; note?: string | undefined },
  ctx: AuditContext,
): Promise<AdminWithdrawalRow> {
  return deps.db.transaction(async (tx) => {
    const row = await lockedManual(tx, staff, id);
    await storeFailRequest(tx, deps, staff, row, row, null, { reasonCode: input.reasonCode, note: input.note || null }, ctx);
    return adminRowOf(tx, deps, await withdrawalById(tx, id, false));
  });
}

/**
 * POST /api/admin/withdrawals/:id/failed/confirm: another officer than the one who asked confirms
 * the failure mark with the requested reason (not changed): FAILED, the hold voided, the amount back
 * in the wallet; audited with both officers.
 */
export function confirmFailed(deps: AppDeps, staff: SessionAuth, id: string, ctx: AuditContext): Promise<AdminWithdrawalRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockedManual(tx, staff, id);
    const request = pendingRequestFor(staff, row);
    const updated = await transition(tx, deps, row, 'FAIL', {
      actor: 'STAFF',
      actorUserId: staff.userId,
      at: now,
      reasonCode: request.reasonCode,
      note: request.note,
      causedByMember: false,
      requestId: ctx.requestId,
      changes: NO_FAIL_REQUEST,
    });
    await auditMark(tx, deps, staff, row, updated.status, { paid: false, ...request }, ctx, now);
    return adminRowOf(tx, deps, updated);
  });
}

type MarkOutcome =
  | { paid: true; bankReference: string; clearedFailRequest: Record<string, unknown> | null }
  | { paid: false; reasonCode: PayoutFailureReason; note: string | null; requestedBy: string | null; requestedAt: Date };

/** The audit row of a mark paid or of a confirmed failure: the whole payout, or one transfer of a split one (its index and amount). */
function auditMark(
  tx: DbOrTx,
  deps: AppDeps,
  staff: SessionAuth,
  row: WithdrawalRow,
  to: string,
  outcome: MarkOutcome,
  ctx: AuditContext,
  at: Date,
  part?: { index: number; amount: bigint },
): Promise<void> {
  return writeAudit(tx, {
    actor: { userId: staff.userId, role: staff.role },
    action: outcome.paid ? 'WITHDRAWAL_MARK_PAID' : 'WITHDRAWAL_MARK_FAILED',
    subjectType: 'WITHDRAWAL',
    subjectId: row.id,
    details: {
      reference: referenceOf(deps, row.number),
      ...(part ? { part: part.index, parts: row.partCount } : {}),
      amount: toDecimalString(part ? part.amount : row.amount),
      from: row.status,
      to,
      ...(outcome.paid
        ? { bankReference: outcome.bankReference, ...(outcome.clearedFailRequest ? { clearedFailRequest: outcome.clearedFailRequest } : {}) }
        : {
            reasonCode: outcome.reasonCode,
            note: outcome.note || null,
            requestedBy: outcome.requestedBy,
            requestedAt: outcome.requestedAt.toISOString(),
            confirmedBy: staff.userId,
          }),
    },
    ip: ctx.ip,
    at,
  });
}

/**
 * POST /api/admin/withdrawals/:id/parts/:index/paid|failed: one transfer of a withdrawal sent as
 * several (manual mode). Paid: its own settlement (a failure request of it is cleared). Failed: a
 * request that waits for a second officer (markPartFailConfirm), as for a whole payout. The
 * withdrawal becomes PAID, PARTLY_PAID or FAILED when its last transfer is resolved (docs/decisions/033).
 */
export function markPart(
  deps: AppDeps,
  staff: SessionAuth,
  id: string,
  index: number,
  outcome: { paid: true; bankReference: string } | { paid: false; reasonCode: PayoutFailureReason; note?: string | undefined },
  ctx: AuditContext,
): Promise<AdminWithdrawalRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { row, part } = await lockedManualPart(tx, staff, id, index);
    if (!outcome.paid) {
      await storeFailRequest(tx, deps, staff, row, part, part, { reasonCode: outcome.reasonCode, note: outcome.note || null }, ctx);
      return adminRowOf(tx, deps, row);
    }
    await assertBankReferenceUnused(tx, deps, outcome.bankReference);
    const cleared = clearedRequest(part);
    if (cleared) await tx.update(withdrawalParts).set(NO_FAIL_REQUEST).where(eq(withdrawalParts.id, part.id));
    const updated = await resolvePart(
      tx,
      deps,
      row,
      part,
      { paid: true, providerReference: outcome.bankReference },
      { actor: 'STAFF', actorUserId: staff.userId, at: now, note: null, requestId: ctx.requestId },
    );
    await auditMark(tx, deps, staff, row, updated.status, { paid: true, bankReference: outcome.bankReference, clearedFailRequest: cleared }, ctx, now, {
      index,
      amount: part.amount,
    });
    return adminRowOf(tx, deps, updated);
  });
}

/** POST /api/admin/withdrawals/:id/parts/:index/failed/confirm: a second officer confirms a transfer's failure mark; exactly its amount returns. */
export function confirmPartFailed(deps: AppDeps, staff: SessionAuth, id: string, index: number, ctx: AuditContext): Promise<AdminWithdrawalRow> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const { row, part } = await lockedManualPart(tx, staff, id, index);
    const request = pendingRequestFor(staff, part);
    await tx.update(withdrawalParts).set(NO_FAIL_REQUEST).where(eq(withdrawalParts.id, part.id));
    const updated = await resolvePart(
      tx,
      deps,
      row,
      part,
      { paid: false, reasonCode: request.reasonCode },
      { actor: 'STAFF', actorUserId: staff.userId, at: now, note: request.note, requestId: ctx.requestId },
    );
    await auditMark(tx, deps, staff, row, updated.status, { paid: false, ...request }, ctx, now, { index, amount: part.amount });
    return adminRowOf(tx, deps, updated);
  });
}

/** The UTC instants a Philippine calendar day spans. */
function philippineDay(date: string): { from: Date; to: Date } {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(midnightUtc)) throw new AppError(400, 'VALIDATION_FAILED', text('errors.date'), { date: text('errors.date') });
  const from = new Date(midnightUtc - MANILA_OFFSET_MS);
  return { from, to: new Date(from.getTime() + 24 * 60 * 60 * 1000) };
}

const EXPECTED_LEDGER: Record<WithdrawalStatus, 'PENDING' | 'POSTED' | 'VOIDED'> = {
  AWAITING_CODE: 'PENDING',
  PROCESSING: 'PENDING',
  PAID: 'POSTED',
  PARTLY_PAID: 'POSTED',
  FAILED: 'VOIDED',
  EXPIRED: 'VOIDED',
  CANCELLED: 'VOIDED',
};

/** A withdrawal sent as several transfers posts its hold at confirmation; its parts then settle or return their amounts (decision 033). */
function expectedLedger(status: WithdrawalStatus, partCount: number): 'PENDING' | 'POSTED' | 'VOIDED' {
  if (partCount > 1 && (status === 'PROCESSING' || status === 'PAID' || status === 'PARTLY_PAID' || status === 'FAILED')) return 'POSTED';
  return EXPECTED_LEDGER[status];
}

/**
 * GET /api/admin/withdrawals/reconciliation?date=YYYY-MM-DD: the withdrawals requested that
 * Philippine day by status, against what the ledger did with each one's held funds (posted, voided
 * or still held), with every withdrawal whose status and ledger disagree.
 */
export async function reconciliation(deps: AppDeps, date: string): Promise<Reconciliation> {
  const { from, to } = philippineDay(date);
  const resolution = alias(ledgerTransfers, 'resolution');
  const rows = await deps.db
    .select({
      id: withdrawals.id,
      number: withdrawals.number,
      status: withdrawals.status,
      amount: withdrawals.amount,
      partCount: withdrawals.partCount,
      resolutionType: resolution.type,
      held: sql<
        string | null
      >`(select sum(${ledgerEntries.amount}) from ${ledgerEntries} where ${ledgerEntries.transferId} = ${withdrawals.pendingTransferId} and ${ledgerEntries.direction} = 'DEBIT')`,
    })
    .from(withdrawals)
    .leftJoin(resolution, eq(resolution.pendingId, withdrawals.pendingTransferId))
    .where(and(gte(withdrawals.createdAt, from), lt(withdrawals.createdAt, to)))
    .orderBy(asc(withdrawals.number));

  const byStatus = new Map<WithdrawalStatus, { count: number; total: bigint }>();
  const ledger = { posted: 0n, voided: 0n, pendingHeld: 0n };
  const differences: Reconciliation['differences'] = [];
  for (const r of rows) {
    const status = r.status as WithdrawalStatus;
    const s = byStatus.get(status) ?? { count: 0, total: 0n };
    byStatus.set(status, { count: s.count + 1, total: s.total + r.amount });
    const held = BigInt(r.held ?? '0');
    const state = r.resolutionType === 'POST_PENDING' ? 'POSTED' : r.resolutionType === 'VOID_PENDING' ? 'VOIDED' : 'PENDING';
    if (state === 'POSTED') ledger.posted += held;
    else if (state === 'VOIDED') ledger.voided += held;
    else ledger.pendingHeld += held;
    const reference = referenceOf(deps, r.number);
    if (held !== r.amount)
      differences.push({
        withdrawalId: r.id,
        reference,
        status,
        ledgerState: state,
        problem: `The ledger holds ${toDecimalString(held)}, the withdrawal is for ${toDecimalString(r.amount)}.`,
      });
    else if (expectedLedger(status, r.partCount) !== state)
      differences.push({
        withdrawalId: r.id,
        reference,
        status,
        ledgerState: state,
        problem: `A ${status} withdrawal should be ${expectedLedger(status, r.partCount)} in the ledger.`,
      });
  }
  return {
    date,
    rows: WITHDRAWAL_STATUSES.filter((s) => byStatus.has(s)).map((s) => ({
      status: s,
      count: byStatus.get(s)!.count,
      total: toDecimalString(byStatus.get(s)!.total),
    })),
    ledger: { posted: toDecimalString(ledger.posted), voided: toDecimalString(ledger.voided), pendingHeld: toDecimalString(ledger.pendingHeld) },
    matches: differences.length === 0,
    differences,
  };
}
