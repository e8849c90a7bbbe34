import { COLLECTION_PROVIDERS, sqlList } from '../../../shared/providers/names';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';
import { ledgerTransfers } from './ledger';
import { loans } from './loans';
import { loanPayments } from './repayments';

// Payment channels (docs/decisions/013-payment-channels.md): a borrower's payment
// reference at a collection provider, and every callback or status answer the provider gave.
// Amounts are bigint centavos in PHP. Rows are never deleted.

/** A payment reference asked for by a borrower: what to pay, where, until when, and what became of it. */
export const channelPayments = pgTable(
  'channel_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reference shown to the borrower and sent to the provider as its reference id: company short name, C and this number. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    /** SIMULATED or XENDIT. */
    provider: text('provider').notNull(),
    /** VIRTUAL_ACCOUNT, EWALLET or OVER_THE_COUNTER. */
    method: text('method').notNull(),
    channelCode: text('channel_code').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The member's Idempotency-Key of the request that created it. */
    idempotencyKey: text('idempotency_key').notNull(),
    /**
     * CREATING (row saved, provider not answered yet), PENDING, PAID, EXPIRED, FAILED, CREDITED_TO_WALLET,
     * HELD (the provider confirmed another amount or currency than asked: nothing posted until an officer decides; its hold row).
     */
    status: text('status').notNull(),
    /** The provider's id of the payment request (Xendit: pr-...); null while CREATING or when the provider refused. */
    providerPaymentId: text('provider_payment_id'),
    /** accountNumber, checkoutUrl, paymentCode. */
    instructions: jsonb('instructions'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the worker next asks the provider (simulated: when it confirms; real: after expiry, for a missed callback). */
    checkAfter: timestamp('check_after', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    paidAmount: bigint('paid_amount', { mode: 'bigint' }),
    appliedToLoan: bigint('applied_to_loan', { mode: 'bigint' }),
    creditedToWallet: bigint('credited_to_wallet', { mode: 'bigint' }),
    loanPaymentId: uuid('loan_payment_id').references(() => loanPayments.id),
    walletTransferId: uuid('wallet_transfer_id').references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('channel_payments_number_key').on(t.number),
    uniqueIndex('channel_payments_provider_id_key').on(t.provider, t.providerPaymentId),
    uniqueIndex('channel_payments_member_key').on(t.memberId, t.idempotencyKey),
    index('channel_payments_loan_idx').on(t.loanId, t.createdAt),
    // The member's list, newest first a page at a time (cursor: number).
    index('channel_payments_member_idx').on(t.memberId, t.number),
    index('channel_payments_due_idx').on(t.status, t.checkAfter),
    check('channel_payments_provider_check', sql`${t.provider} in ${sql.raw(sqlList(COLLECTION_PROVIDERS))}`),
    check('channel_payments_method_check', sql`${t.method} in ('VIRTUAL_ACCOUNT', 'EWALLET', 'OVER_THE_COUNTER')`),
    check('channel_payments_status_check', sql`${t.status} in ('CREATING', 'PENDING', 'PAID', 'EXPIRED', 'FAILED', 'CREDITED_TO_WALLET', 'HELD')`),
    check('channel_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Every confirmation the provider gave (a callback, or its status endpoint asked by the worker) and
 * what we did with it: POSTED, CREDITED_TO_WALLET, DUPLICATE, UNKNOWN, FAILED, EXPIRED. A provider's
 * confirmation of one payment is applied at most once (the unique key); repeats are recorded as DUPLICATE.
 */
export const channelPaymentEvents = pgTable(
  'channel_payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: text('provider').notNull(),
    /** CALLBACK or POLL. */
    source: text('source').notNull(),
    /** SUCCEEDED, FAILED or EXPIRED, as the provider said. */
    kind: text('kind').notNull(),
    providerPaymentId: text('provider_payment_id'),
    referenceId: text('reference_id'),
    amount: bigint('amount', { mode: 'bigint' }),
    currency: text('currency'),
    channelPaymentId: uuid('channel_payment_id').references(() => channelPayments.id),
    outcome: text('outcome').notNull(),
    /** The body as received (a callback) or answered (a poll). */
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('channel_payment_events_payment_idx').on(t.channelPaymentId), index('channel_payment_events_provider_idx').on(t.provider, t.providerPaymentId)],
);

/**
 * A payment the provider confirmed (its status endpoint, never a callback's word) for another amount
 * or currency than the reference asked (docs/decisions/059-callbacks-are-hints.md): held, nothing
 * posted, until an officer credits the confirmed amount to the borrower's wallet (a second officer
 * above REPAYMENT_APPROVAL_THRESHOLD). HELD, RELEASE_REQUESTED (the first officer asked; nothing
 * moved), CREDITED_TO_WALLET.
 */
export const channelPaymentHolds = pgTable(
  'channel_payment_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channelPaymentId: uuid('channel_payment_id')
      .notNull()
      .references(() => channelPayments.id),
    /** AMOUNT_MISMATCH or CURRENCY_MISMATCH (another currency, or none named). */
    reason: text('reason').notNull(),
    /** What the provider's status endpoint says was paid. */
    confirmedAmount: bigint('confirmed_amount', { mode: 'bigint' }).notNull(),
    confirmedCurrency: text('confirmed_currency'),
    providerPaymentId: text('provider_payment_id'),
    status: text('status').notNull(),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
    requestedBy: uuid('requested_by').references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    requestNote: text('request_note'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionNote: text('resolution_note'),
    walletTransferId: uuid('wallet_transfer_id').references(() => ledgerTransfers.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('channel_payment_holds_payment_key').on(t.channelPaymentId),
    index('channel_payment_holds_status_idx').on(t.status, t.heldAt),
    check('channel_payment_holds_reason_check', sql`${t.reason} in ('AMOUNT_MISMATCH', 'CURRENCY_MISMATCH')`),
    check('channel_payment_holds_status_check', sql`${t.status} in ('HELD', 'RELEASE_REQUESTED', 'CREDITED_TO_WALLET')`),
  ],
);
