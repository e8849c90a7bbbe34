import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';
import { ledgerTransfers } from './ledger';
import { bankReferenceKeySql } from './withdrawals';
import { loans } from './loans';

// repayments (docs/decisions/012-servicing.md): payments, their allocation to the
// schedule, late charges, payoff quotes, the daily job's runs and reminders. Amounts are bigint
// centavos in PHP. Rows are never deleted; a payment and its allocations are written once.

/** A payment on a loan: from the member's wallet, a payment channel, or recorded by an officer. */
export const loanPayments = pgTable(
  'loan_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The receipt reference is the company's short name, P and this number. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    /** WALLET, CHANNEL (a payment provider) or OFFICER (cash or bank transfer recorded in the back office). */
    source: text('source').notNull(),
    /** For OFFICER: CASH or BANK_TRANSFER. */
    channel: text('channel'),
    /** PAYMENT (instalments, any excess prepaid) or PAYOFF (a payoff quote). */
    kind: text('kind').notNull(),
    /**
     * POSTED, PENDING_APPROVAL (an officer's payment above the threshold waiting for a second officer),
     * or CREDITED_TO_WALLET (approved when the loan no longer owed it: its transfer credits the wallet; decision 054).
     */
    status: text('status').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The bank or channel's own reference. */
    externalReference: text('external_reference'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').notNull(),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
    payoffQuoteId: uuid('payoff_quote_id'),
    /** Everything still owed under the schedule after this payment. */
    remainingAfter: bigint('remaining_after', { mode: 'bigint' }),
    /** Where an amount above what is due next goes, as the payer chose: NEXT_INSTALMENTS or REDUCE_PRINCIPAL (decision 061). */
    excess: text('excess').notNull().default('NEXT_INSTALMENTS'),
    /**
     * Re-servicing under decision 066: the transfer that moved this payment's money from the old
     * rule's split to the new rule's (credits and debits per component account), and what of it
     * went back to the member's wallet because nothing was owed any more once the charges it had
     * paid were reversed.
     */
    reallocationTransferId: uuid('reallocation_transfer_id').references(() => ledgerTransfers.id),
    returnedToWallet: bigint('returned_to_wallet', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loan_payments_number_key').on(t.number),
    uniqueIndex('loan_payments_idempotency_key').on(t.loanId, t.source, t.idempotencyKey),
    index('loan_payments_loan_idx').on(t.loanId, t.createdAt),
    // An officer's payment reference already recorded on another payment received is refused, compared
    // as payout references are (bankReferenceKeySql; repayments/admin.ts assertPaymentReferenceUnused).
    index('loan_payments_officer_reference_idx')
      .on(bankReferenceKeySql(t.externalReference))
      .where(sql`${t.source} = 'OFFICER' and ${t.externalReference} is not null`),
    check('loan_payments_source_check', sql`${t.source} in ('WALLET', 'CHANNEL', 'OFFICER')`),
    check('loan_payments_channel_check', sql`${t.channel} is null or ${t.channel} in ('CASH', 'BANK_TRANSFER')`),
    check('loan_payments_kind_check', sql`${t.kind} in ('PAYMENT', 'PAYOFF')`),
    check('loan_payments_status_check', sql`${t.status} in ('POSTED', 'PENDING_APPROVAL', 'CREDITED_TO_WALLET')`),
    check('loan_payments_amount_check', sql`${t.amount} > 0`),
    check('loan_payments_excess_check', sql`${t.excess} in ('NEXT_INSTALMENTS', 'REDUCE_PRINCIPAL')`),
    check('loan_payments_returned_check', sql`${t.returnedToWallet} >= 0 and ${t.returnedToWallet} <= ${t.amount}`),
  ],
);

/** How a posted payment was applied: one row per line and component (and charge). */
export const loanPaymentAllocations = pgTable(
  'loan_payment_allocations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => loanPayments.id),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    lineNumber: integer('line_number').notNull(),
    /** CHARGE, FEES, INTEREST or PRINCIPAL. */
    component: text('component').notNull(),
    chargeId: uuid('charge_id'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    prepayment: boolean('prepayment').notNull().default(false),
  },
  (t) => [
    index('loan_payment_allocations_payment_idx').on(t.paymentId),
    index('loan_payment_allocations_loan_idx').on(t.loanId, t.lineNumber),
    check('loan_payment_allocations_component_check', sql`${t.component} in ('CHARGE', 'FEES', 'INTEREST', 'PRINCIPAL')`),
    check('loan_payment_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);

/** A late charge: computed by the daily job for one line and Philippine day, with how it was computed. */
export const loanCharges = pgTable(
  'loan_charges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    lineNumber: integer('line_number').notNull(),
    /** PENALTY_INTEREST (a day after the grace days) or COLLECTION (once per line). */
    kind: text('kind').notNull(),
    /** The Philippine day it was charged for. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    paid: bigint('paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** overdueAmount, daysLate, rateBps, uncapped, headroom, capped (decimal strings). */
    basis: jsonb('basis').notNull(),
    transferId: uuid('transfer_id').references(() => ledgerTransfers.id),
    waivedAt: timestamp('waived_at', { withTimezone: true }),
    waivedBy: uuid('waived_by').references(() => users.id, { onDelete: 'set null' }),
    waiveReasonCode: text('waive_reason_code'),
    waiveTransferId: uuid('waive_transfer_id').references(() => ledgerTransfers.id),
    // Maker-checker of a waiver above WAIVER_APPROVAL_THRESHOLD (collections helper): the officer who
    // asked for it, when and why; another officer's approval then waives it (waived_* above).
    waiveRequestedBy: uuid('waive_requested_by').references(() => users.id, { onDelete: 'set null' }),
    waiveRequestedAt: timestamp('waive_requested_at', { withTimezone: true }),
    waiveRequestReasonCode: text('waive_request_reason_code'),
    waiveRequestNote: text('waive_request_note'),
    // A request that became moot: the charge was paid in full before another officer approved it
    // (closed in the payment's transaction, audited LOAN_CHARGE_WAIVE_REQUEST_MOOT; decision 053).
    waiveRequestClosedAt: timestamp('waive_request_closed_at', { withTimezone: true }),
    waiveRequestCloseReason: text('waive_request_close_reason'),
    // Decision 066: a charge the fair allocation would have made smaller is reduced to that amount by
    // re-servicing; its amount before and the transfer that reversed the difference (penalty income
    // back to the receivable). The reason the borrower reads is FAIR_ALLOCATION.
    reducedFrom: bigint('reduced_from', { mode: 'bigint' }),
    reductionTransferId: uuid('reduction_transfer_id').references(() => ledgerTransfers.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('loan_charges_once_key').on(t.loanId, t.lineNumber, t.kind, t.businessDate),
    index('loan_charges_loan_idx').on(t.loanId, t.lineNumber),
    check('loan_charges_kind_check', sql`${t.kind} in ('PENALTY_INTEREST', 'COLLECTION')`),
    check('loan_charges_amount_check', sql`${t.amount} > 0 and ${t.paid} >= 0 and ${t.paid} <= ${t.amount}`),
    check(
      'loan_charges_reduced_check',
      sql`(${t.reducedFrom} is null) = (${t.reductionTransferId} is null) and (${t.reducedFrom} is null or ${t.reducedFrom} > ${t.amount})`,
    ),
    check(
      'loan_charges_waive_request_close_check',
      sql`(${t.waiveRequestClosedAt} is null) = (${t.waiveRequestCloseReason} is null) and (${t.waiveRequestCloseReason} is null or ${t.waiveRequestCloseReason} in ('PAID_IN_FULL'))`,
    ),
  ],
);

/** A payoff quote: valid to the end of the Philippine day it was given. */
export const loanPayoffQuotes = pgTable(
  'loan_payoff_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The quote as the API answered it. */
    breakdown: jsonb('breakdown').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('loan_payoff_quotes_loan_idx').on(t.loanId, t.createdAt)],
);

/**
 * Re-servicing of a loan allocated under the old rule (decision 066, amending 061): one row per loan,
 * written PENDING by migration 0031 for every loan with a posted payment at that time, made DONE (or
 * SKIPPED, with why) in the one transaction that re-services the loan, so it never runs twice and a
 * process that dies midway leaves it PENDING with nothing changed. `previous` keeps the allocations
 * the re-servicing replaced; `result` what it changed.
 */
export const loanReservicings = pgTable(
  'loan_reservicings',
  {
    loanId: uuid('loan_id')
      .primaryKey()
      .references(() => loans.id),
    status: text('status').notNull().default('PENDING'),
    createdAt: createdAt(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    result: jsonb('result'),
    previous: jsonb('previous'),
  },
  (t) => [index('loan_reservicings_pending_idx').on(t.status), check('loan_reservicings_status_check', sql`${t.status} in ('PENDING', 'DONE', 'SKIPPED')`)],
);

/** The daily servicing job: one row per loan and Philippine day, claimed once (several processes may run the job). */
export const loanServicingRuns = pgTable(
  'loan_servicing_runs',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true }).notNull(),
    /** What the run did: charges, reminders, transitions. */
    result: jsonb('result').notNull(),
  },
  (t) => [primaryKey({ columns: [t.loanId, t.businessDate] })],
);

/** Every reminder and notice sent about a loan (DECISIONS.md invariant 10): to whom, which template, when. */
export const loanReminders = pgTable(
  'loan_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    lineNumber: integer('line_number').notNull(),
    /** The template: DUE_IN_3_DAYS, DUE_TODAY, OVERDUE_1_DAY, OVERDUE_WEEKLY. */
    template: text('template').notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    recipient: text('recipient').notNull(),
    language: text('language').notNull(),
    sendAfter: timestamp('send_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('loan_reminders_once_key').on(t.loanId, t.lineNumber, t.template, t.businessDate),
    index('loan_reminders_loan_idx').on(t.loanId, t.businessDate),
    // The back office's list of a loan's reminders and its collections queue's last contact.
    index('loan_reminders_loan_created_idx').on(t.loanId, t.createdAt),
  ],
);

/**
 * An officer's internal note on a loan (collections: a call made, a promise to pay). Back office
 * only: never in a member-facing answer, SMS, e-mail or document. Append-only.
 */
export const loanNotes = pgTable(
  'loan_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The keyset cursor of the back office's list. */
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorRole: text('author_role').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('loan_notes_seq_key').on(t.seq),
    index('loan_notes_loan_idx').on(t.loanId, t.seq),
    check('loan_notes_body_check', sql`length(${t.body}) between 1 and 2000`),
  ],
);
