import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { columnList, prepared, preparedSql } from '../../db/prepared';
import { withdrawalEvents, withdrawalParts, withdrawals } from '../../db/schema';
import { AppError } from '../../http/errors';
import { toDecimalString } from '../../../shared/money/money';
import type { WithdrawalDestinationDto, WithdrawalPartDto, WithdrawalView } from '../../../shared/schemas/withdrawals';
import {
  WITHDRAWAL_STATUS_CATALOGUE,
  withdrawalFunds,
  type WithdrawalActor,
  type WithdrawalPartStatus,
  type WithdrawalStatus,
} from '../../../shared/states/withdrawal';
import { isPayoutFailureReason, isWithdrawalReason, withdrawalReasonText } from '../../../shared/reasons/catalogue';
import { WITHDRAWAL_FEE, type PayoutChannel, type PayoutKind } from '../../../shared/withdrawal/channels';
import { withdrawalReference } from '../../../shared/company/references';

/** Withdrawal rows and their views: what the member, back-office and worker code share. */

export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type WithdrawalPartRow = typeof withdrawalParts.$inferSelect;

/** The parts of some withdrawals (docs/decisions/033), in order, by withdrawal id; read only for those sent as several transfers. */
export async function partsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, WithdrawalPartRow[]>> {
  const map = new Map<string, WithdrawalPartRow[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(withdrawalParts)
    .where(inArray(withdrawalParts.withdrawalId, [...ids]))
    .orderBy(asc(withdrawalParts.withdrawalId), asc(withdrawalParts.partIndex));
  for (const row of rows) map.set(row.withdrawalId, [...(map.get(row.withdrawalId) ?? []), row]);
  return map;
}

function partsOfRows(db: DbOrTx, rows: readonly WithdrawalRow[]): Promise<Map<string, WithdrawalPartRow[]>> {
  return partsOf(
    db,
    rows.filter((r) => r.partCount > 1).map((r) => r.id),
  );
}

function partDto(part: WithdrawalPartRow): WithdrawalPartDto {
  const failure = part.failureReasonCode && isPayoutFailureReason(part.failureReasonCode) ? part.failureReasonCode : null;
  return {
    index: part.partIndex,
    amount: toDecimalString(part.amount),
    channel: part.channel as PayoutChannel,
    status: part.status as WithdrawalPartStatus,
    failureReasonCode: failure,
    failureReason: failure ? withdrawalReasonText(failure) : null,
    settledAt: part.settledAt?.toISOString() ?? null,
  };
}

export function referenceOf(deps: AppDeps, number: number): string {
  return withdrawalReference(deps.config.company.shortName, number);
}

/** An account number masked but its first 3 characters (the contract's accountMasked). */
export function maskAccount(accountNumber: string): string {
  return accountNumber.slice(0, 3) + '*'.repeat(Math.max(0, accountNumber.length - 3));
}

export function destinationOf(row: { institutionName: string; kind: string; accountNumber: string; accountName: string }): WithdrawalDestinationDto {
  return { institutionName: row.institutionName, kind: row.kind as PayoutKind, accountMasked: maskAccount(row.accountNumber), accountName: row.accountName };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'There is no such withdrawal.';

/** A withdrawal by id (404 for anything else), optionally locked FOR UPDATE inside a transaction. */
export async function withdrawalById(db: DbOrTx, id: string, lock = false): Promise<WithdrawalRow> {
  if (!UUID.test(id)) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  // The unlocked read is the status poll's: built once per database handle (src/server/db/prepared.ts).
  const [row] = lock
    ? await db.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update')
    : await prepared(db, 'withdrawal_by_id', () =>
        db
          .select()
          .from(withdrawals)
          .where(eq(withdrawals.id, sql.placeholder('id')))
          .prepare('withdrawal_by_id'),
      ).execute({ id });
  if (!row) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  return row;
}

/** The member's own withdrawal: another member's id is 404, the same as one that does not exist. */
export async function ownWithdrawal(db: DbOrTx, memberId: string, id: string, lock = false): Promise<WithdrawalRow> {
  const row = await withdrawalById(db, id, lock);
  if (row.memberId !== memberId) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  return row;
}

type EventRow = typeof withdrawalEvents.$inferSelect;

async function eventsOf(db: DbOrTx, ids: readonly string[]): Promise<Map<string, EventRow[]>> {
  const map = new Map<string, EventRow[]>();
  if (ids.length === 0) return map;
  // One withdrawal's events (the status poll) by a statement built once per database handle.
  const rows =
    ids.length === 1
      ? await prepared(db, 'withdrawal_events_of', () =>
          db
            .select()
            .from(withdrawalEvents)
            .where(eq(withdrawalEvents.withdrawalId, sql.placeholder('id')))
            .orderBy(asc(withdrawalEvents.seq))
            .prepare('withdrawal_events_of'),
        ).execute({ id: ids[0]! })
      : await db
          .select()
          .from(withdrawalEvents)
          .where(inArray(withdrawalEvents.withdrawalId, [...ids]))
          .orderBy(asc(withdrawalEvents.seq));
  for (const row of rows) map.set(row.withdrawalId, [...(map.get(row.withdrawalId) ?? []), row]);
  return map;
}

function viewOf(deps: AppDeps, row: WithdrawalRow, events: readonly EventRow[], parts: readonly WithdrawalPartRow[] = []): WithdrawalView {
  const status = row.status as WithdrawalStatus;
  const entry = WITHDRAWAL_STATUS_CATALOGUE[status];
  const failure = row.failureReasonCode && isPayoutFailureReason(row.failureReasonCode) ? row.failureReasonCode : null;
  const funds = withdrawalFunds(status);
  const partSum = (s: WithdrawalPartStatus) => parts.filter((p) => p.status === s).reduce((sum, p) => sum + p.amount, 0n);
  return {
    id: row.id,
    reference: referenceOf(deps, row.number),
    status,
    statusMessage: entry.message,
    statusColor: entry.colour,
    statusIcon: entry.icon,
    amount: toDecimalString(row.amount),
    fee: toDecimalString(WITHDRAWAL_FEE),
    amountToReceive: toDecimalString(row.amount - WITHDRAWAL_FEE),
    funds,
    amountReceived: toDecimalString(funds === 'SENT' ? row.amount - WITHDRAWAL_FEE : funds === 'PARTLY_SENT' ? partSum('PAID') : 0n),
    amountReturned: toDecimalString(funds === 'RETURNED' ? row.amount : funds === 'PARTLY_SENT' ? partSum('FAILED') : 0n),
    currency: 'PHP',
    channel: row.channel as PayoutChannel,
    destination: destinationOf({
      institutionName: row.destInstitutionName,
      kind: row.destKind,
      accountNumber: row.destAccountNumber,
      accountName: row.destAccountName,
    }),
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    settledAt: row.settledAt?.toISOString() ?? null,
    failureReasonCode: failure,
    failureReason: failure ? withdrawalReasonText(failure) : null,
    expiresAt: row.expiresAt.toISOString(),
    events: events.map((e) => ({
      status: e.toStatus as WithdrawalStatus,
      at: e.at.toISOString(),
      actor: e.actor as WithdrawalActor,
      reasonCode: e.reasonCode && isWithdrawalReason(e.reasonCode) ? e.reasonCode : null,
      reason: e.reasonCode && isWithdrawalReason(e.reasonCode) ? withdrawalReasonText(e.reasonCode) : null,
    })),
    parts: parts.map(partDto),
  };
}

type AdminEvent = WithdrawalView['events'][number] & { note: string | null };

/** The events with the officer's internal note, for the back office only. */
function adminEventsFrom(events: Map<string, EventRow[]>): Map<string, AdminEvent[]> {
  const out = new Map<string, AdminEvent[]>();
  for (const [id, list] of events) {
    out.set(
      id,
      list.map((e) => ({
        status: e.toStatus as WithdrawalStatus,
        at: e.at.toISOString(),
        actor: e.actor as WithdrawalActor,
        reasonCode: e.reasonCode && isWithdrawalReason(e.reasonCode) ? e.reasonCode : null,
        reason: e.reasonCode && isWithdrawalReason(e.reasonCode) ? withdrawalReasonText(e.reasonCode) : null,
        note: e.note,
      })),
    );
  }
  return out;
}

/** The views and the back office's events of some withdrawals, from one read of their events. */
export async function withdrawalViewsWithAdminEvents(
  db: DbOrTx,
  deps: AppDeps,
  rows: readonly WithdrawalRow[],
): Promise<{ views: WithdrawalView[]; events: Map<string, AdminEvent[]>; parts: Map<string, WithdrawalPartRow[]> }> {
  const [events, parts] = await Promise.all([
    eventsOf(
      db,
      rows.map((r) => r.id),
    ),
    partsOfRows(db, rows),
  ]);
  return { views: rows.map((r) => viewOf(deps, r, events.get(r.id) ?? [], parts.get(r.id))), events: adminEventsFrom(events), parts };
}

export async function withdrawalView(db: DbOrTx, deps: AppDeps, row: WithdrawalRow): Promise<WithdrawalView> {
  const [events, parts] = await Promise.all([eventsOf(db, [row.id]), partsOfRows(db, [row])]);
  return viewOf(deps, row, events.get(row.id) ?? [], parts.get(row.id));
}

/**
 * The member's own withdrawal's view (the status poll): the row and its events are read together
 * (two statements, one round trip); another member's id is 404 like one that does not exist.
 */
export async function ownWithdrawalView(db: DbOrTx, deps: AppDeps, memberId: string, id: string): Promise<WithdrawalView> {
  return (await ownWithdrawalViewWith(db, deps, memberId, id, async () => null)).view;
}

/** ownWithdrawalView, and what `alongside` reads of the row, sent with the parts' read (no extra round trip). */
export async function ownWithdrawalViewWith<T>(
  db: DbOrTx,
  deps: AppDeps,
  memberId: string,
  id: string,
  alongside: (row: WithdrawalRow) => Promise<T>,
): Promise<{ view: WithdrawalView; extra: T }> {
  if (!UUID.test(id)) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  const [row, events] = await Promise.all([ownWithdrawal(db, memberId, id), eventsOf(db, [id])]);
  const [parts, extra] = await Promise.all([partsOfRows(db, [row]), alongside(row)]);
  return { view: viewOf(deps, row, events.get(row.id) ?? [], parts.get(row.id)), extra };
}

export async function withdrawalViews(db: DbOrTx, deps: AppDeps, rows: readonly WithdrawalRow[]): Promise<WithdrawalView[]> {
  return (await withdrawalViewsWithAdminEvents(db, deps, rows)).views;
}

/** The member's withdrawals, newest first. */
export async function memberWithdrawals(db: DbOrTx, memberId: string, limit = 100): Promise<WithdrawalRow[]> {
  return db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId)).orderBy(desc(withdrawals.createdAt), desc(withdrawals.number)).limit(limit);
}

/** The member's withdrawal waiting for its code, if any. */
export async function awaitingOf(db: DbOrTx, memberId: string): Promise<WithdrawalRow | null> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.memberId, memberId), eq(withdrawals.status, 'AWAITING_CODE')));
  return row ?? null;
}

/** What a payout provider is asked to send for a withdrawal sent as one transfer: its reference, amount, channel and destination as the member confirmed them. */
export function payoutOrderOf(deps: AppDeps, row: WithdrawalRow) {
  return {
    id: row.id,
    reference: referenceOf(deps, row.number),
    amount: row.amount,
    channel: row.channel as PayoutChannel,
    destination: {
      institutionCode: row.destInstitutionCode,
      kind: row.destKind as PayoutKind,
      accountNumber: row.destAccountNumber,
      accountName: row.destAccountName,
    },
  };
}

/** A withdrawal's view from rows the caller already has (its events in order, its parts): no read (decision 041). */
export function withdrawalViewOfRows(deps: AppDeps, row: WithdrawalRow, events: readonly EventRow[], parts: readonly WithdrawalPartRow[] = []): WithdrawalView {
  return viewOf(deps, row, events, parts);
}

export type WithdrawalEventRow = EventRow;

/**
 * ownWithdrawal(db, memberId, id, true) by a statement built once (src/server/db/prepared.ts): the
 * row locked FOR UPDATE, 404 for another member's id like one that does not exist (decision 041).
 */
export async function ownWithdrawalLocked(tx: DbOrTx, memberId: string, id: string): Promise<WithdrawalRow> {
  if (!UUID.test(id)) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  const [row] = await preparedSql<WithdrawalRow>(
    tx,
    'withdrawal_for_update',
    () => sql`select ${columnList('w', withdrawals)} from withdrawals w where w.id = ${sql.placeholder('id')}::uuid for update`,
    getTableColumns(withdrawals),
  ).execute({ id });
  if (!row || row.memberId !== memberId) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  return row;
}
