import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LOAN_STATUSES, OPEN_LOAN_STATUSES } from '../../../shared/states/loan';
import { COUNTER_OFFER_REASONS, LOAN_REASONS, LOAN_REJECTION_REASONS } from '../../../shared/reasons/catalogue';
import { createdAt } from './columns';
import { users } from './identity';
import { ledgerTransfers } from './ledger';

// loans: applications and loans. Amounts are bigint centavos in PHP; the selected currency
// and the rate are stored for display only (DECISIONS.md invariant 3). A loan row is kept forever.

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');
/** The open statuses: a member has at most one loan in them (the partial unique index below). */
export const OPEN_LOAN_SQL = `status in (${quoted(OPEN_LOAN_STATUSES)})`;

export const loans = pgTable(
  'loans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The Loan Application No. is the company's short name and this number. */
    number: bigserial('number', { mode: 'number' }).notNull(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    /** The product (its code) and its version the loan was offered under: every figure of the loan reads them (productOf). */
    productCode: text('product_code').notNull(),
    productVersion: integer('product_version').notNull(),
    requestedAmount: bigint('requested_amount', { mode: 'bigint' }).notNull(),
    requestedTerm: integer('requested_term').notNull(),
    /** The offer once approved (at most what was requested), else the amount applied for. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    term: integer('term').notNull(),
    selectedCurrency: text('selected_currency').notNull(),
    /** Units of the selected currency per 1 PHP when the member applied (display only). */
    exchangeRate: text('exchange_rate').notNull(),
    ratesAsOf: text('rates_as_of').notNull(),
    /** The automated pre-assessment at application (the API's preAssessment object). */
    preAssessment: jsonb('pre_assessment').notNull(),
    /** Why it was not approved: a code of the fixed catalogue (src/shared/reasons), never staff's text. */
    rejectionReasonCode: text('rejection_reason_code'),
    /** Why the offer is lower or shorter than the application (a counter-offer): a catalogue code. */
    offerReasonCode: text('offer_reason_code'),
    /** When the borrower accepted the counter-offer (signing waits for it). */
    offerAcceptedAt: timestamp('offer_accepted_at', { withTimezone: true }),
    reviewStartedAt: timestamp('review_started_at', { withTimezone: true }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    disbursedBy: uuid('disbursed_by').references(() => users.id, { onDelete: 'set null' }),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true }),
    disbursementTransferId: uuid('disbursement_transfer_id').references(() => ledgerTransfers.id),
    /** The shard of the system accounts every transfer about this loan uses, fixed at disbursement (0 for loans disbursed before shards; docs/decisions/030). */
    ledgerShard: smallint('ledger_shard').notNull().default(0),
    /** The disbursement date (Philippine calendar) the due dates count from. */
    scheduleStartDate: date('schedule_start_date', { mode: 'string' }),
    /** How often its instalments fall due (dates.ts SCHEDULE_FREQUENCIES; docs/decisions/084): MONTHLY or SEMI_MONTHLY. */
    scheduleFrequency: text('schedule_frequency').notNull().default('MONTHLY'),
    /** MONTHLY: the day of the month the borrower picked (1-28; loans from before: their disbursement day); null: the disbursement day. */
    dueDay: smallint('due_day'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('loans_number_key').on(t.number),
    // One open loan per member, enforced by the database: simultaneous applications create one.
    uniqueIndex('loans_one_open_per_member').on(t.memberId).where(sql.raw(OPEN_LOAN_SQL)),
    index('loans_member_idx').on(t.memberId, t.createdAt),
    // The back office's queue pages by (created_at, number) within statuses; the counts by status read it index-only.
    index('loans_status_idx').on(t.status, t.createdAt, t.number),
    check('loans_status_check', sql.raw(`status in (${quoted(LOAN_STATUSES)})`)),
    check('loans_amount_check', sql`${t.amount} > 0 and ${t.requestedAmount} > 0 and ${t.amount} <= ${t.requestedAmount}`),
    check('loans_term_check', sql`${t.term} > 0 and ${t.term} <= ${t.requestedTerm}`),
    check('loans_rejection_reason_code_check', sql.raw(`rejection_reason_code is null or rejection_reason_code in (${quoted(LOAN_REJECTION_REASONS)})`)),
    check('loans_offer_reason_code_check', sql.raw(`offer_reason_code is null or offer_reason_code in (${quoted(COUNTER_OFFER_REASONS)})`)),
  ],
);

// loans: every transition, with actor, time and reason (DECISIONS.md invariant 5). Append-only.
export const loanEvents = pgTable(
  'loan_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** MEMBER, OFFICER, ADMIN or SYSTEM, as it was at the time. */
    actorRole: text('actor_role').notNull(),
    /** The reason the borrower reads: a code of the fixed catalogue (src/shared/reasons). */
    reasonCode: text('reason_code'),
    /**
     * Free text for the back office only: an officer's internal note, or the member's own words when
     * cancelling. Never in a member-facing answer, SMS, e-mail or document.
     */
    note: text('note'),
    data: jsonb('data'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('loan_events_loan_idx').on(t.loanId, t.seq),
    check('loan_events_reason_code_check', sql.raw(`reason_code is null or reason_code in (${quoted(LOAN_REASONS)})`)),
  ],
);

// loans: the signed documents, exactly as shown, with their SHA-256. Written once at signing, never changed.
export const loanContracts = pgTable(
  'loan_contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    templateVersion: text('template_version').notNull(),
    /** The contract document (title, sections) as JSON text. */
    contractJson: text('contract_json').notNull(),
    contractText: text('contract_text').notNull(),
    /** The disclosure statement as JSON text. */
    disclosureJson: text('disclosure_json').notNull(),
    contractSha256: text('contract_sha256').notNull(),
    disclosureSha256: text('disclosure_sha256').notNull(),
    /** SHA-256 over both: what the signing code was bound to. */
    documentsSha256: text('documents_sha256').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    term: integer('term').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('loan_contracts_loan_key').on(t.loanId)],
);

// loans: the repayment schedule fixed at disbursement (the engine's lines, dated from the disbursement date).
export const loanInstalments = pgTable(
  'loan_instalments',
  {
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    interest: bigint('interest', { mode: 'bigint' }).notNull(),
    fees: bigint('fees', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    // Servicing: what payments allocated to the line, the interest rebated after a
    // prepayment, and the Philippine date the line was fully paid. Written only by the repayments module.
    principalPaid: bigint('principal_paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    interestPaid: bigint('interest_paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    feesPaid: bigint('fees_paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    interestRebated: bigint('interest_rebated', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    // Financed fees of a line not yet due that a payoff did not charge (decision 053).
    feesRebated: bigint('fees_rebated', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    paidOn: date('paid_on', { mode: 'string' }),
  },
  (t) => [
    primaryKey({ columns: [t.loanId, t.number] }),
    // The collections queue (GET /api/admin/collections): unpaid lines by due date, so the oldest
    // unpaid due date of every loan past due (its days past due) is read from this index alone.
    index('loan_instalments_unpaid_due_idx')
      .on(t.dueDate, t.loanId)
      .where(sql`${t.paidOn} is null`),
    check(
      'loan_instalments_paid_check',
      sql`${t.principalPaid} >= 0 and ${t.principalPaid} <= ${t.principal} and ${t.feesPaid} >= 0 and ${t.feesRebated} >= 0 and ${t.feesPaid} + ${t.feesRebated} <= ${t.fees} and ${t.interestPaid} >= 0 and ${t.interestRebated} >= 0 and ${t.interestPaid} + ${t.interestRebated} <= ${t.interest}`,
    ),
  ],
);
