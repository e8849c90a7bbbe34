import { getTableColumns, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { columnList, preparedSql } from '../../db/prepared';
import { payoutAccounts, users, withdrawalEvents, withdrawals } from '../../db/schema';
import type { Centavos } from '../../../shared/money/money';
import type { WithdrawalEventRow, WithdrawalRow } from './views';

/**
 * The member's withdrawal request and confirmation in few statements (decision 041), each built once
 * per process and sent as a named prepared statement (src/server/db/prepared.ts preparedSql). Every
 * statement does what the separate statements before it did, in the same order inside the
 * transaction; the locks are taken in the same order (the idempotency key, the wallet and clearing
 * accounts by the ledger, the withdrawal row, then the code budget's advisory lock).
 */

const raw = sql``;

interface Contact {
  readonly phone: string | null;
  readonly email: string | null;
  readonly fullName: string | null;
  readonly language: string | null;
}

export interface RequestContext extends Contact {
  readonly hasAccount: boolean;
  readonly institutionCode: string | null;
  readonly institutionName: string | null;
  readonly kind: string | null;
  readonly accountNumber: string | null;
  readonly accountName: string | null;
  readonly changedAt: Date | null;
  /** Whether a withdrawal of the member's awaits its code. */
  readonly awaiting: boolean;
  /** The wallet's and the clearing shard's account ids, null while the account does not exist yet (ensureAccount creates it). */
  readonly walletId: string | null;
  readonly clearingId: string | null;
}

/**
 * What a request checks before it holds the funds, read together (no lock, as before): the payout
 * account, whether another withdrawal awaits its code, the ids of the two accounts the hold moves
 * money between, and the member's contact for the messages.
 */
export async function requestContext(tx: Tx, memberId: string, walletCode: string, clearingCode: string): Promise<RequestContext> {
  const [row] = await preparedSql<RequestContext>(
    tx,
    'withdrawal_request_context',
    () => sql`select pa.institution_code, pa.institution_name, pa.kind, pa.account_number, pa.account_name, pa.changed_at,
  pa.user_id is not null as has_account,
  exists (select 1 from withdrawals w where w.member_id = ${sql.placeholder('memberId')}::uuid and w.status = 'AWAITING_CODE') as awaiting,
  (select a.id::text from ledger_accounts a where a.code = ${sql.placeholder('walletCode')}) as wallet_id,
  (select a.id::text from ledger_accounts a where a.code = ${sql.placeholder('clearingCode')}) as clearing_id,
  u.phone, u.email, u.full_name, u.language
from (select 1) one
left join payout_accounts pa on pa.user_id = ${sql.placeholder('memberId')}::uuid
left join users u on u.id = ${sql.placeholder('memberId')}::uuid`,
    {
      institutionCode: payoutAccounts.institutionCode,
      institutionName: payoutAccounts.institutionName,
      kind: payoutAccounts.kind,
      accountNumber: payoutAccounts.accountNumber,
      accountName: payoutAccounts.accountName,
      changedAt: payoutAccounts.changedAt,
      hasAccount: raw,
      awaiting: raw,
      walletId: raw,
      clearingId: raw,
      phone: users.phone,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
    },
  ).execute({ memberId, walletCode, clearingCode });
  if (!row) throw new Error('the request context statement answered no row');
  return row;
}

export interface NewWithdrawal {
  readonly id: string;
  readonly memberId: string;
  readonly amount: Centavos;
  readonly channel: string;
  readonly partCount: number;
  readonly destInstitutionCode: string;
  readonly destInstitutionName: string;
  readonly destKind: string;
  readonly destAccountNumber: string;
  readonly destAccountName: string;
  readonly pendingTransferId: string;
  readonly ledgerShard: number;
  readonly requestId: string | null;
  readonly requestKey: string;
  readonly expiresAt: Date;
  readonly at: Date;
  /** The code budget's advisory lock (otp/service.ts codeLockKey), taken after the rows are written. */
  readonly codeLockKey: string;
}

/**
 * The withdrawal row (AWAITING_CODE) and its REQUEST event, then the code budget's advisory lock:
 * what the insert, the event's insert and issueCode's lock did one after the other. The lock is
 * taken on the joined row, so after both inserts (a second request of the member waits on the
 * awaiting-code unique index first, as before); issueCode then runs with lockHeld.
 */
export async function insertRequested(tx: Tx, input: NewWithdrawal): Promise<{ row: WithdrawalRow; event: WithdrawalEventRow }> {
  const [inserted] = await preparedSql<{ w: WithdrawalRow; e: WithdrawalEventRow; locked: unknown }>(
    tx,
    'withdrawal_insert_requested',
    () => sql`with
  w as (
    insert into withdrawals (id, member_id, status, amount, channel, part_count, dest_institution_code, dest_institution_name, dest_kind,
      dest_account_number, dest_account_name, pending_transfer_id, ledger_shard, request_id, request_key, expires_at, status_changed_at,
      created_at, updated_at)
    values (${sql.placeholder('id')}::uuid, ${sql.placeholder('memberId')}::uuid, 'AWAITING_CODE', ${sql.placeholder('amount')}::bigint,
      ${sql.placeholder('channel')}, ${sql.placeholder('partCount')}::smallint, ${sql.placeholder('destInstitutionCode')},
      ${sql.placeholder('destInstitutionName')}, ${sql.placeholder('destKind')}, ${sql.placeholder('destAccountNumber')},
      ${sql.placeholder('destAccountName')}, ${sql.placeholder('pendingTransferId')}::uuid, ${sql.placeholder('ledgerShard')}::smallint,
      ${sql.placeholder('requestId')}, ${sql.placeholder('requestKey')}, ${sql.placeholder('expiresAt')}::timestamptz,
      ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('at')}::timestamptz, ${sql.placeholder('at')}::timestamptz)
    returning *
  ),
  e as (
    insert into withdrawal_events (withdrawal_id, from_status, to_status, action, actor, actor_user_id, at)
    select w.id, null, 'AWAITING_CODE', 'REQUEST', 'MEMBER', ${sql.placeholder('memberId')}::uuid, ${sql.placeholder('at')}::timestamptz from w
    returning *
  )
select ${columnList('w', withdrawals)}, ${columnList('e', withdrawalEvents)}, pg_advisory_xact_lock(hashtext(${sql.placeholder('codeLockKey')}))::text as locked
from w cross join e`,
    { w: getTableColumns(withdrawals), e: getTableColumns(withdrawalEvents), locked: raw },
  ).execute({
    ...input,
    amount: input.amount.toString(),
    expiresAt: input.expiresAt.toISOString(),
    at: input.at.toISOString(),
  });
  if (!inserted) throw new Error('the withdrawal insert answered no row');
  return { row: inserted.w, event: inserted.e };
}

export interface ConfirmChanges {
  readonly from: string;
  readonly to: string;
  readonly actorUserId: string;
  readonly payoutMode: string;
  readonly providerReference: string | null;
  readonly checkAfter: Date | null;
  readonly at: Date;
}

/**
 * The member's confirmation of a withdrawal sent as one transfer (the row locked by the caller):
 * the status change guarded by the state it comes from, the CONFIRM event, the withdrawal's events
 * in order (the new one last) and the member's contact for the messages, as transition() and the
 * view read them one by one. No rows: the row was no longer in `from` (the caller answers 409).
 */
export async function confirmOne(
  tx: Tx,
  id: string,
  input: ConfirmChanges,
): Promise<{ row: WithdrawalRow; events: WithdrawalEventRow[]; contact: Contact } | null> {
  const rows = await preparedSql<{ w: WithdrawalRow; e: WithdrawalEventRow; m: Contact }>(
    tx,
    'withdrawal_confirm_one',
    () => sql`with
  w as (
    update withdrawals set status = ${sql.placeholder('to')}, payout_mode = ${sql.placeholder('payoutMode')},
      provider_reference = ${sql.placeholder('providerReference')}, check_after = ${sql.placeholder('checkAfter')}::timestamptz,
      confirmed_at = ${sql.placeholder('at')}::timestamptz, status_changed_at = ${sql.placeholder('at')}::timestamptz,
      updated_at = ${sql.placeholder('at')}::timestamptz
    where id = ${sql.placeholder('id')}::uuid and status = ${sql.placeholder('from')}
    returning *
  ),
  added as (
    insert into withdrawal_events (withdrawal_id, from_status, to_status, action, actor, actor_user_id, reason_code, note, at)
    select w.id, ${sql.placeholder('from')}, ${sql.placeholder('to')}, 'CONFIRM', 'MEMBER', ${sql.placeholder('actorUserId')}::uuid, null, null,
      ${sql.placeholder('at')}::timestamptz
    from w
    returning *
  ),
  e as (
    select * from withdrawal_events where withdrawal_id = ${sql.placeholder('id')}::uuid and exists (select 1 from w)
    union all
    select * from added
  )
select ${columnList('w', withdrawals)}, ${columnList('e', withdrawalEvents)}, m.phone, m.email, m.full_name, m.language
from w cross join e
left join users m on m.id = w.member_id
order by e.seq`,
    {
      w: getTableColumns(withdrawals),
      e: getTableColumns(withdrawalEvents),
      m: { phone: users.phone, email: users.email, fullName: users.fullName, language: users.language },
    },
  ).execute({
    id,
    from: input.from,
    to: input.to,
    actorUserId: input.actorUserId,
    payoutMode: input.payoutMode,
    providerReference: input.providerReference,
    checkAfter: input.checkAfter?.toISOString() ?? null,
    at: input.at.toISOString(),
  });
  const first = rows[0];
  if (!first) return null;
  return { row: first.w, events: rows.map((r) => r.e), contact: first.m };
}
