import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EXTENSION_DECLINE_REASONS } from '../../../shared/reasons/catalogue';
import { EXTENSION_ACTIONS, EXTENSION_STATUSES, OPEN_EXTENSION_STATUSES } from '../../../shared/states/extension';
import { createdAt } from './columns';
import { users } from './identity';
import { loans } from './loans';

// extensions (docs/decisions/016-extensions.md): a borrower's request for a
// longer term, its review and, once signed, the documents it took effect with. Rows are kept forever.

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const loanExtensions = pgTable(
  'loan_extensions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    loanId: uuid('loan_id')
      .notNull()
      .references(() => loans.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => users.id),
    status: text('status').notNull(),
    /** The new term (months) asked for the remaining principal. */
    newTerm: integer('new_term').notNull(),
    /** As planned when requested (the offer is recomputed when approved and signed). */
    fromLine: integer('from_line').notNull(),
    remainingPrincipal: bigint('remaining_principal', { mode: 'bigint' }).notNull(),
    newEndDate: date('new_end_date', { mode: 'string' }).notNull(),
    /** An extension fee, financed on the new lines (0: the product has none). */
    fee: bigint('fee', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Why it was declined: a code of the fixed catalogue, the only text the borrower reads. */
    declineReasonCode: text('decline_reason_code'),
    /** Once signed (EFFECTIVE): months from disbursement to the new end, the new lines' contractual monthly rate (decimal text). */
    totalMonths: integer('total_months'),
    contractualMonthlyRate: text('contractual_monthly_rate'),
    /** The signed disclosure statement, exactly as shown, with the SHA-256 the signing code was bound to. */
    disclosureJson: text('disclosure_json'),
    documentsSha256: text('documents_sha256'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // At most one open request a loan.
    uniqueIndex('loan_extensions_open_key')
      .on(t.loanId)
      .where(sql.raw(`status in (${quoted(OPEN_EXTENSION_STATUSES)})`)),
    // The officers' list pages by (requested_at, id), within a status or over all of them.
    index('loan_extensions_status_idx').on(t.status, t.requestedAt, t.id),
    index('loan_extensions_requested_idx').on(t.requestedAt, t.id),
    // One loan's requests (the servicing page's list, filtered by loan), in the same order.
    index('loan_extensions_loan_idx').on(t.loanId, t.requestedAt, t.id),
    check('loan_extensions_status_check', sql.raw(`status in (${quoted(EXTENSION_STATUSES)})`)),
    check('loan_extensions_reason_check', sql.raw(`decline_reason_code is null or decline_reason_code in (${quoted(EXTENSION_DECLINE_REASONS)})`)),
    check('loan_extensions_fee_check', sql`${t.fee} >= 0`),
  ],
);

/** Every transition of an extension request: actor, time, reason code; the note is internal (back office only). */
export const loanExtensionEvents = pgTable(
  'loan_extension_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    extensionId: uuid('extension_id')
      .notNull()
      .references(() => loanExtensions.id),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    action: text('action').notNull(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorRole: text('actor_role').notNull(),
    reasonCode: text('reason_code'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('loan_extension_events_ext_idx').on(t.extensionId, t.seq),
    check('loan_extension_events_action_check', sql.raw(`action in (${quoted(EXTENSION_ACTIONS)})`)),
  ],
);
