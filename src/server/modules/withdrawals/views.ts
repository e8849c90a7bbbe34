import { asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { maskAccountNumber } from '../../../shared/phone/account-number';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { columnList, prepared, preparedSql, rawRowMapper, rawSelectList } from '../../db/prepared';
import { sessions, users, withdrawalEvents, withdrawalParts, withdrawals } from '../../db/schema';
import { HOUR } from '../../clock';
import { codeTimesColumns, codeTimesDecoders, codeTimesOf, type CodeTimesRead } from '../../otp/service';
import { sessionAndVersionsColumns, type sessionAndVersionsOfRow } from '../../sessions/store';
import { AppError } from '../../http/errors';
import { toDecimalString } from '../../../shared/money/money';
import type { MemberWithdrawal, WithdrawalDestinationDto, WithdrawalPartDto, WithdrawalView } from '../../../shared/schemas/withdrawals';
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
import { isUuid } from '../../../shared/schemas/params';
import { text } from '../../../shared/i18n/text';
import { together } from '../../db/together';

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

type PartOfView = Pick<WithdrawalPartRow, 'partIndex' | 'amount' | 'channel' | 'status' | 'failureReasonCode' | 'settledAt'>;

function partDto(part: PartOfView): WithdrawalPartDto {
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

export function destinationOf(row: { institutionName: string; kind: string; accountNumber: string; accountName: string }): WithdrawalDestinationDto {
  return {
    institutionName: row.institutionName,
    kind: row.kind as PayoutKind,
    accountMasked: maskAccountNumber(row.kind, row.accountNumber),
    accountName: row.accountName,
  };
}

const NOT_FOUND = text('withdrawals.errors.notFound');

/** A withdrawal by id (404 for anything else), optionally locked FOR UPDATE inside a transaction. */
export async function withdrawalById(db: DbOrTx, id: string, lock = false): Promise<WithdrawalRow> {
  if (!isUuid(id)) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
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

/** What viewOf reads of a withdrawal row and of its events (the status poll selects only these). */
const viewColumns = {
  id: withdrawals.id,
  number: withdrawals.number,
  status: withdrawals.status,
  amount: withdrawals.amount,
  channel: withdrawals.channel,
  destInstitutionName: withdrawals.destInstitutionName,
  destKind: withdrawals.destKind,
  destAccountNumber: withdrawals.destAccountNumber,
  destAccountName: withdrawals.destAccountName,
  createdAt: withdrawals.createdAt,
  confirmedAt: withdrawals.confirmedAt,
  settledAt: withdrawals.settledAt,
  failureReasonCode: withdrawals.failureReasonCode,
  expiresAt: withdrawals.expiresAt,
  partCount: withdrawals.partCount,
};
type RowOfView = Pick<WithdrawalRow, keyof typeof viewColumns>;
type EventOfView = Pick<EventRow, 'toStatus' | 'at' | 'actor' | 'reasonCode'>;

function viewOf(deps: AppDeps, row: RowOfView, events: readonly EventOfView[], parts: readonly PartOfView[] = []): WithdrawalView {
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
  const [events, parts] = await together(
    db,
    () =>
      eventsOf(
        db,
        rows.map((r) => r.id),
      ),
    () => partsOfRows(db, rows),
  );
  return { views: rows.map((r) => viewOf(deps, r, events.get(r.id) ?? [], parts.get(r.id))), events: adminEventsFrom(events), parts };
}

export async function withdrawalView(db: DbOrTx, deps: AppDeps, row: WithdrawalRow): Promise<WithdrawalView> {
  const [events, parts] = await together(
    db,
    () => eventsOf(db, [row.id]),
    () => partsOfRows(db, [row]),
  );
  return viewOf(deps, row, events.get(row.id) ?? [], parts.get(row.id));
}

export async function withdrawalViews(db: DbOrTx, deps: AppDeps, rows: readonly WithdrawalRow[]): Promise<WithdrawalView[]> {
  return (await withdrawalViewsWithAdminEvents(db, deps, rows)).views;
}

/** The member's withdrawals, newest first. */
export async function memberWithdrawals(db: DbOrTx, memberId: string, limit = 100): Promise<WithdrawalRow[]> {
  return db.select().from(withdrawals).where(eq(withdrawals.memberId, memberId)).orderBy(desc(withdrawals.createdAt), desc(withdrawals.number)).limit(limit);
}

/** What a payout provider is asked to send for a withdrawal sent as one transfer: its reference, amount, channel and destination as the member confirmed them. */
export function payoutOrderOf(deps: AppDeps, row: WithdrawalRow) {
  return {
    id: row.id,
    reference: referenceOf(deps, row.number),
    amount: row.amount,
    channel: row.channel as PayoutChannel,
    destination: payoutDestinationOf(row),
  };
}

/** The account a withdrawal (each of its transfers) is paid to, as the member confirmed it. */
export function payoutDestinationOf(row: WithdrawalRow) {
  return {
    institutionCode: row.destInstitutionCode,
    kind: row.destKind as PayoutKind,
    accountNumber: row.destAccountNumber,
    accountName: row.destAccountName,
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
  if (!isUuid(id)) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  const [row] = await preparedSql<WithdrawalRow>(
    tx,
    'withdrawal_for_update',
    () => sql`select ${columnList('w', withdrawals)} from withdrawals w where w.id = ${sql.placeholder('id')}::uuid for update`,
    getTableColumns(withdrawals),
  ).execute({ id });
  if (!row || row.memberId !== memberId) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  return row;
}

/** The status poll's withdrawal columns: the view's and the code's subject's (codeSubject in service.ts). */
const pollColumns = { ...viewColumns, destInstitutionCode: withdrawals.destInstitutionCode };

/** The poll's events and parts as one JSON array each: [toStatus, at, actor, reasonCode] and [partIndex, amount, channel, status, failureReasonCode, settledAt]; times and amounts as the driver's text. */
type PollEventJson = [string, string, string, string | null];
type PollPartJson = [number, string, string, string, string | null, string | null];

/**
 * GET /api/withdrawals/:id's one statement (decision 043, as GET /api/wallet in decision 038): the
 * session and configuration versions as the session hook reads them (sessionAndVersionsColumns),
 * the withdrawal of that id only if it is the session's member's (joined on sessions.user_id), its
 * events, its parts when it was sent as several, and, only while it awaits its code, the code's
 * times (codeTimesColumns: its live code by subject, the member's phone's codes of the hour). No
 * session row, no withdrawal. Raw rows mapped here (rawRowMapper), not by drizzle's per-row
 * machinery. The route checks the session (acceptSessionRow) before it reads the rest.
 */
function withdrawalPollStatement(db: DbOrTx) {
  return preparedSql<Record<string, unknown>>(db, 'withdrawal_poll', () => {
    const subject = sql`(${withdrawals.id}::text || ':' || ${withdrawals.amount}::text || ':' || ${withdrawals.destInstitutionCode} || ':' || ${withdrawals.destAccountNumber})`;
    const code = codeTimesColumns(
      db,
      'WITHDRAWAL',
      subject,
      users.phone,
      sql`${sql.placeholder('since')}::timestamptz`,
      sql`${withdrawals.status} = 'AWAITING_CODE'`,
    );
    const events = sql`(select json_agg(json_build_array(${withdrawalEvents.toStatus}, ${withdrawalEvents.at}::text, ${withdrawalEvents.actor}, ${withdrawalEvents.reasonCode}) order by ${withdrawalEvents.seq})
      from ${withdrawalEvents} where ${withdrawalEvents.withdrawalId} = ${withdrawals.id})`;
    const parts = sql`(case when ${withdrawals.partCount} > 1 then (select json_agg(json_build_array(${withdrawalParts.partIndex}, ${withdrawalParts.amount}::text,
      ${withdrawalParts.channel}, ${withdrawalParts.status}, ${withdrawalParts.failureReasonCode}, ${withdrawalParts.settledAt}::text) order by ${withdrawalParts.partIndex})
      from ${withdrawalParts} where ${withdrawalParts.withdrawalId} = ${withdrawals.id}) end)`;
    return sql`select ${rawSelectList(sessionAndVersionsColumns)}, ${rawSelectList(pollColumns, 'w_')}, ${rawSelectList(code)},
  ${events} as "events", ${parts} as "parts"
from (select 1) as one
left join ${sessions} on ${sessions.id} = ${sql.placeholder('key')}
left join ${users} on ${users.id} = ${sessions.userId}
left join ${withdrawals} on ${withdrawals.id} = ${sql.placeholder('id')}::uuid and ${withdrawals.memberId} = ${sessions.userId}
limit 1`;
  });
}
const pollSessionOf = rawRowMapper(sessionAndVersionsColumns);
const pollWithdrawalOf = rawRowMapper(pollColumns, 'w_');
const pollCodeOf = rawRowMapper(codeTimesDecoders);

/** What the status poll's statement found: the session's columns, and the withdrawal when it is the session's member's (null otherwise). */
export interface WithdrawalPollRead {
  readonly session: Parameters<typeof sessionAndVersionsOfRow>[3];
  readonly poll: { row: RowOfView; events: EventOfView[]; parts: PartOfView[]; code: CodeTimesRead } | null;
}

/** Reads the status poll's statement (withdrawalPollStatement); `now` starts the code's hour (the server's clock). An id that is no UUID matches no row. */
export async function withdrawalPollRead(db: DbOrTx, key: string, id: string, now: Date): Promise<WithdrawalPollRead> {
  const [raw] = await withdrawalPollStatement(db).execute({ key, id: isUuid(id) ? id : null, since: new Date(now.getTime() - HOUR).toISOString() });
  if (!raw) return { session: undefined, poll: null };
  const session = pollSessionOf(raw);
  const row = pollWithdrawalOf(raw);
  if (row.id === null) return { session, poll: null };
  // Found: the row's not-null columns are set.
  const withdrawal = row as RowOfView;
  const events = ((raw.events ?? []) as PollEventJson[]).map(([toStatus, at, actor, reasonCode]) => ({
    toStatus,
    at: withdrawalEvents.at.mapFromDriverValue(at) as Date,
    actor,
    reasonCode,
  }));
  const parts = ((raw.parts ?? []) as PollPartJson[]).map(([partIndex, amount, channel, status, failureReasonCode, settledAt]) => ({
    partIndex,
    amount: BigInt(amount),
    channel,
    status,
    failureReasonCode,
    settledAt: settledAt === null ? null : (withdrawalParts.settledAt.mapFromDriverValue(settledAt) as Date),
  }));
  return { session, poll: { row: withdrawal, events, parts, code: pollCodeOf(raw) } };
}

/** The status poll's answer once its session was accepted: 404 when the statement found no withdrawal of the session's member; the code's times while it awaits its code. */
export function withdrawalPollAnswer(deps: AppDeps, poll: WithdrawalPollRead['poll'], now: Date): MemberWithdrawal {
  if (!poll) throw new AppError(404, 'NOT_FOUND', NOT_FOUND);
  const times = codeTimesOf(now, poll.code);
  return {
    ...viewOf(deps, poll.row, poll.events, poll.parts),
    code: times ? { expiresAt: times.expiresAt.toISOString(), resendAvailableAt: times.resendAvailableAt.toISOString() } : null,
  };
}
