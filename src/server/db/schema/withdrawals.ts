import { PAYOUT_PROVIDERS, sqlList } from '../../../shared/providers/names';
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, bigserial, check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { WITHDRAWAL_ACTORS, WITHDRAWAL_PART_STATUSES, WITHDRAWAL_STATUSES } from '../../../shared/states/withdrawal';
import { PAYOUT_FAILURE_REASONS, WITHDRAWAL_REASONS } from '../../../shared/reasons/catalogue';
import { createdAt } from './columns';
import { users } from './identity';
import { ledgerTransfers } from './ledger';

// withdrawals: money out of a member wallet to the member's own payout account. Amounts are
// bigint centavos in PHP. The funds are held by a pending ledger transfer from the wallet to
// PAYOUT_CLEARING while AWAITING_CODE and PROCESSING; PAID posts it, FAILED / EXPIRED / CANCELLED
// void it, always in the same transaction as the status change. A row is kept forever.

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * A bank reference's letters and digits without case, in SQL (shared/schemas/withdrawals.ts's bankReferenceKey
 * in JavaScript): the expression the indexes below are built on and the reused-reference check
 * (withdrawals/admin.ts) searches by, so the check reads an index, not every payout (decision 052).
 */
export function bankReferenceKeySql(column: AnyPgColumn): SQL {
  return sql`upper(regexp_replace(${column}, '[^A-Za-z0-9]+', '', 'g'))`;
}

export const withdrawals = pgTable(
  'withdrawals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reference is the company's short name and this number: TAPAT-000123. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** INSTAPAY or PESONET, chosen by the server from the amount and the destination. */
    channel: text('channel').notNull(),
    // The payout account as it was when the member asked (a later change does not redirect it).
    destInstitutionCode: text('dest_institution_code').notNull(),
    destInstitutionName: text('dest_institution_name').notNull(),
    destKind: text('dest_kind').notNull(),
    destAccountNumber: text('dest_account_number').notNull(),
    destAccountName: text('dest_account_name').notNull(),
    /** The pending ledger transfer holding the funds (wallet -> PAYOUT_CLEARING). */
    pendingTransferId: uuid('pending_transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    /** The shard of PAYOUT_CLEARING (and SETTLEMENT_FUNDS) its hold and settlement use, fixed at the request (0 before shards; docs/decisions/030). */
    ledgerShard: smallint('ledger_shard').notNull().default(0),
    /** The POST_PENDING or VOID_PENDING transfer that resolved it. */
    resolutionTransferId: uuid('resolution_transfer_id').references(() => ledgerTransfers.id),
    /** SIMULATED or MANUAL: the payout adapter the payout was submitted to (fixed at confirmation). */
    payoutMode: text('payout_mode'),
    /** The provider's (or, in manual mode, the bank's) reference. */
    providerReference: text('provider_reference'),
    /** When the worker next asks the provider for the outcome (PROCESSING). */
    checkAfter: timestamp('check_after', { withTimezone: true }),
    /** Why the payout failed: a code of the fixed catalogue (src/shared/reasons), never staff's text. */
    failureReasonCode: text('failure_reason_code'),
    /** The Idempotency-Key of the request that created it. */
    requestKey: text('request_key').notNull(),
    /** AWAITING_CODE after this: EXPIRED (the funds return). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** The id of the request that created it (x-request-id); the withdrawals worker logs it as originReqId when it expires or settles it. */
    requestId: text('request_id'),
    /** How many transfers it is sent as (withdrawal_parts holds them when more than 1; docs/decisions/033). */
    partCount: smallint('part_count').notNull().default(1),
    // Manual mode: an officer's failure mark waits for a second officer (maker-checker, docs/decisions/049).
    // Nothing moves until it is confirmed; a mark paid clears it. Back office and audit only.
    failRequestedBy: uuid('fail_requested_by').references(() => users.id, { onDelete: 'set null' }),
    failRequestedAt: timestamp('fail_requested_at', { withTimezone: true }),
    failRequestReasonCode: text('fail_request_reason_code'),
    failRequestNote: text('fail_request_note'),
  },
  (t) => [
    uniqueIndex('withdrawals_number_key').on(t.number),
    uniqueIndex('withdrawals_pending_transfer_key').on(t.pendingTransferId),
    uniqueIndex('withdrawals_request_key').on(t.memberId, t.requestKey),
    // At most one withdrawal waiting for its code per member (simultaneous requests create one).
    uniqueIndex('withdrawals_one_awaiting_per_member')
      .on(t.memberId)
      .where(sql`status = 'AWAITING_CODE'`),
    index('withdrawals_member_idx').on(t.memberId, t.createdAt),
    // The back office's queue pages by (created_at, number): within statuses, or over all of them.
    index('withdrawals_status_idx').on(t.status, t.createdAt, t.number),
    index('withdrawals_created_idx').on(t.createdAt, t.number),
    index('withdrawals_due_idx').on(t.status, t.checkAfter),
    index('withdrawals_expiry_idx').on(t.status, t.expiresAt),
    index('withdrawals_bank_reference_idx')
      .on(bankReferenceKeySql(t.providerReference))
      .where(sql`${t.providerReference} is not null`),
    check('withdrawals_status_check', sql.raw(`status in (${quoted(WITHDRAWAL_STATUSES)})`)),
    check('withdrawals_channel_check', sql`${t.channel} in ('INSTAPAY', 'PESONET')`),
    check('withdrawals_kind_check', sql`${t.destKind} in ('BANK', 'EWALLET')`),
    check('withdrawals_mode_check', sql`${t.payoutMode} is null or ${t.payoutMode} in ${sql.raw(sqlList(PAYOUT_PROVIDERS))}`),
    check('withdrawals_amount_check', sql`${t.amount} > 0`),
    check('withdrawals_part_count_check', sql`${t.partCount} >= 1`),
    check('withdrawals_failure_reason_code_check', sql.raw(`failure_reason_code is null or failure_reason_code in (${quoted(PAYOUT_FAILURE_REASONS)})`)),
    check(
      'withdrawals_fail_request_reason_code_check',
      sql.raw(`fail_request_reason_code is null or fail_request_reason_code in (${quoted(PAYOUT_FAILURE_REASONS)})`),
    ),
  ],
);

// withdrawals: every transition, with actor, time and reason (DECISIONS.md invariant 5). Append-only.
export const withdrawalEvents = pgTable(
  'withdrawal_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    action: text('action').notNull(),
    /** MEMBER, STAFF or SYSTEM. */
    actor: text('actor').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The reason the member reads: a code of the fixed catalogue (src/shared/reasons). */
    reasonCode: text('reason_code'),
    /** An officer's internal note: back office and audit log only, never shown to the member. */
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('withdrawal_events_withdrawal_idx').on(t.withdrawalId, t.seq),
    check('withdrawal_events_actor_check', sql.raw(`actor in (${quoted(WITHDRAWAL_ACTORS)})`)),
    check('withdrawal_events_reason_code_check', sql.raw(`reason_code is null or reason_code in (${quoted(WITHDRAWAL_REASONS)})`)),
  ],
);

// withdrawal_parts: the transfers of a withdrawal sent as several (docs/decisions/033-split-withdrawals.md).
// One hold of the whole amount and one code for the withdrawal; at confirmation the hold is posted
// to PAYOUT_CLEARING and each part is paid out on its own: a PAID part moves its amount from
// clearing to SETTLEMENT_FUNDS, a FAILED part returns exactly its amount to the wallet
// (resolutionTransferId), each in the transaction that changes the part's status.
export const withdrawalParts = pgTable(
  'withdrawal_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    withdrawalId: uuid('withdrawal_id')
      .notNull()
      .references(() => withdrawals.id),
    /** 1..partCount, in the order they are sent. */
    partIndex: smallint('part_index').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    channel: text('channel').notNull(),
    status: text('status').notNull(),
    /** The payout adapter the part was submitted to (fixed at confirmation). */
    payoutMode: text('payout_mode'),
    /** The provider's (or, in manual mode, the bank's) reference of this transfer. */
    providerReference: text('provider_reference'),
    checkAfter: timestamp('check_after', { withTimezone: true }),
    failureReasonCode: text('failure_reason_code'),
    /** The settlement (PAID) or the return to the wallet (FAILED, CANCELLED after confirmation) of this part. */
    resolutionTransferId: uuid('resolution_transfer_id').references(() => ledgerTransfers.id),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** A failure mark of this transfer waiting for a second officer (as on withdrawals; docs/decisions/049). */
    failRequestedBy: uuid('fail_requested_by').references(() => users.id, { onDelete: 'set null' }),
    failRequestedAt: timestamp('fail_requested_at', { withTimezone: true }),
    failRequestReasonCode: text('fail_request_reason_code'),
    failRequestNote: text('fail_request_note'),
  },
  (t) => [
    uniqueIndex('withdrawal_parts_index_key').on(t.withdrawalId, t.partIndex),
    index('withdrawal_parts_due_idx').on(t.status, t.checkAfter),
    index('withdrawal_parts_bank_reference_idx')
      .on(bankReferenceKeySql(t.providerReference))
      .where(sql`${t.providerReference} is not null`),
    check('withdrawal_parts_status_check', sql.raw(`status in (${quoted(WITHDRAWAL_PART_STATUSES)})`)),
    check('withdrawal_parts_channel_check', sql`${t.channel} in ('INSTAPAY', 'PESONET')`),
    check('withdrawal_parts_mode_check', sql`${t.payoutMode} is null or ${t.payoutMode} in ${sql.raw(sqlList(PAYOUT_PROVIDERS))}`),
    check('withdrawal_parts_amount_check', sql`${t.amount} > 0`),
    check('withdrawal_parts_index_check', sql`${t.partIndex} >= 1`),
    check('withdrawal_parts_failure_reason_code_check', sql.raw(`failure_reason_code is null or failure_reason_code in (${quoted(PAYOUT_FAILURE_REASONS)})`)),
    check(
      'withdrawal_parts_fail_request_reason_code_check',
      sql.raw(`fail_request_reason_code is null or fail_request_reason_code in (${quoted(PAYOUT_FAILURE_REASONS)})`),
    ),
  ],
);
