import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';

// ledger: the double-entry ledger (DESIGN.md "Data and money"). src/server/ledger is the only writer.
// Entries are append-only (never updated or deleted); an account's cached sums are updated in the
// same transaction as its entries, under a row lock, and `npm run ledger:check` proves them equal.

// An account. Balances are kept as four cached sums; the available balance of a credit-normal account
// (a member wallet) is credits - debits - pending debits; of a debit-normal account the mirror. An
// account that may not go negative is refused by the ledger under lock and by the check below.
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** MEMBER_WALLET:<user id>, LOANS_RECEIVABLE, FEE_INCOME, ... */
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    currency: text('currency').notNull().default('PHP'),
    normalBalance: text('normal_balance').notNull(),
    allowNegative: boolean('allow_negative').notNull(),
    debitsPosted: bigint('debits_posted', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    creditsPosted: bigint('credits_posted', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    debitsPending: bigint('debits_pending', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    creditsPending: bigint('credits_pending', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    index('ledger_accounts_owner_idx').on(t.ownerUserId),
    // A system account's shards are summed by kind (systemAccountBalance, reports, ledger:check).
    index('ledger_accounts_kind_idx').on(t.kind),
    check('ledger_accounts_normal_check', sql`${t.normalBalance} in ('DEBIT', 'CREDIT')`),
    check('ledger_accounts_sums_check', sql`${t.debitsPosted} >= 0 and ${t.creditsPosted} >= 0 and ${t.debitsPending} >= 0 and ${t.creditsPending} >= 0`),
    check(
      'ledger_accounts_no_forbidden_negative',
      sql`${t.allowNegative} or (case when ${t.normalBalance} = 'CREDIT' then ${t.creditsPosted} - ${t.debitsPosted} - ${t.debitsPending} else ${t.debitsPosted} - ${t.creditsPosted} - ${t.creditsPending} end) >= 0`,
    ),
  ],
);

// A transfer: POSTED (single phase), PENDING (holds funds), or the resolution of a pending one:
// POST_PENDING (its entries post the held amounts) or VOID_PENDING (releases them, no entries).
// The idempotency key is unique: the same key with the same request returns the first transfer.
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'bigint' }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    type: text('type').notNull(),
    pendingId: uuid('pending_id'),
    /** What it is for: LOAN_DISBURSEMENT, WITHDRAWAL, ... */
    code: text('code').notNull(),
    /** The business record it belongs to (a loan id, a withdrawal id). */
    reference: text('reference'),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(t.idempotencyKey),
    // A pending transfer is posted or voided at most once.
    uniqueIndex('ledger_transfers_pending_key')
      .on(t.pendingId)
      .where(sql`${t.pendingId} is not null`),
    index('ledger_transfers_reference_idx').on(t.reference),
    check('ledger_transfers_type_check', sql`${t.type} in ('POSTED', 'PENDING', 'POST_PENDING', 'VOID_PENDING')`),
    check('ledger_transfers_pending_check', sql`(${t.type} in ('POST_PENDING', 'VOID_PENDING')) = (${t.pendingId} is not null)`),
  ],
);

// An entry: one leg of a transfer. Append-only.
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** PENDING entries hold funds until their transfer is posted or voided; POSTED entries are the balance. */
    phase: text('phase').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_account_idx').on(t.accountId, t.createdAt),
    // The trial balance of a closed day reads the day's entries by their date (ledger/trial-balance.ts):
    // entries are appended in time order, so a block range index finds a day cheaply and costs writes little.
    index('ledger_entries_created_brin').using('brin', t.createdAt),
    index('ledger_entries_transfer_idx').on(t.transferId),
    check('ledger_entries_direction_check', sql`${t.direction} in ('DEBIT', 'CREDIT')`),
    check('ledger_entries_phase_check', sql`${t.phase} in ('PENDING', 'POSTED')`),
    check('ledger_entries_amount_check', sql`${t.amount} > 0`),
  ],
);
