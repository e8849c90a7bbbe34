import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';

// activation: what a member gives in the five wizard steps, one table per step, each row the
// member's current answer (the account state itself is users.account_state).
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const memberId = () =>
  uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' });

// activation, step 1.
export const memberPersonal = pgTable(
  'member_personal',
  {
    userId: memberId(),
    gender: text('gender').notNull(),
    firstName: text('first_name').notNull(),
    middleName: text('middle_name'),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    maritalStatus: text('marital_status').notNull(),
    nationality: text('nationality').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('member_personal_gender_check', sql`${t.gender} in ('Male', 'Female')`)],
);

// activation, step 2. In the Philippines province/town carry PSGC codes (and their names);
// elsewhere the codes are null and the names are what the member typed.
export const memberAddresses = pgTable('member_addresses', {
  userId: memberId(),
  countryCode: text('country_code').notNull(),
  provinceCode: text('province_code'),
  provinceName: text('province_name').notNull(),
  townCode: text('town_code'),
  townName: text('town_name').notNull(),
  streetAddress: text('street_address').notNull(),
  postalCode: text('postal_code'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// activation, step 3: two character references, used only to confirm identity (never for collection).
export const memberReferences = pgTable(
  'member_references',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    fullName: text('full_name').notNull(),
    relationship: text('relationship').notNull(),
    phone: text('phone').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('member_references_user_position_key').on(t.userId, t.position), check('member_references_position_check', sql`${t.position} in (1, 2)`)],
);

// activation, step 4 (the images are member_documents).
export const memberIdentities = pgTable('member_identities', {
  userId: memberId(),
  identityType: text('identity_type').notNull(),
  otherIdentityType: text('other_identity_type'),
  identityNumber: text('identity_number').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// activation, step 5: where loan proceeds are sent. One per member for now; changing it after
// activation is a separate, re-verified flow.
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    institutionCode: text('institution_code').notNull(),
    institutionName: text('institution_name').notNull(),
    kind: text('kind').notNull(),
    /** A bank account's digits, or an e-wallet's mobile number in E.164. */
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /** Set when the account is changed after activation: withdrawals wait WITHDRAWAL_HOLD_AFTER_PAYOUT_CHANGE_HOURS. */
    changedAt: timestamp('changed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('payout_accounts_user_key').on(t.userId), check('payout_accounts_kind_check', sql`${t.kind} in ('BANK', 'EWALLET')`)],
);

// activation: consents (DECISIONS.md invariant 9), with the time and the version of the text shown.
export const consents = pgTable(
  'consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    textVersion: text('text_version').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.givenAt)],
);

// documents: ID and selfie images. The bytes (re-encoded JPEG, no metadata) live in the storage
// adapter under an unguessable key; a replaced image is superseded (its object deleted, its row kept
// for the access log). At most one current image per member and kind.
export const memberDocuments = pgTable(
  'member_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The format the member sent (jpeg, png, webp, heif); what is stored is always JPEG. */
    sourceFormat: text('source_format').notNull(),
    createdAt: createdAt(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('member_documents_storage_key_key').on(t.storageKey),
    uniqueIndex('member_documents_current_key')
      .on(t.userId, t.kind)
      .where(sql`${t.supersededAt} is null`),
    check('member_documents_kind_check', sql`${t.kind} in ('ID_FRONT', 'ID_BACK', 'SELFIE')`),
  ],
);

// documents: every upload attempt (accepted or refused), for the per-member hourly limit.
export const documentUploadAttempts = pgTable(
  'document_upload_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    accepted: boolean('accepted').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('document_upload_attempts_user_idx').on(t.userId, t.createdAt)],
);

// documents: every staff view of a member's image (DECISIONS.md invariant 9). Kept when the member
// or the staff account is deleted (the ids become null), as the audit trail of who saw what.
export const documentAccessLog = pgTable(
  'document_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffUserId: uuid('staff_user_id').references(() => users.id, { onDelete: 'set null' }),
    staffRole: text('staff_role').notNull(),
    memberId: uuid('member_id').references(() => users.id, { onDelete: 'set null' }),
    documentId: uuid('document_id').references(() => memberDocuments.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('document_access_log_member_idx').on(t.memberId, t.createdAt), index('document_access_log_staff_idx').on(t.staffUserId, t.createdAt)],
);

// privacy: a member's request to delete their data, for staff to handle. One open request at a time.
export const dataDeletionRequests = pgTable(
  'data_deletion_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The member's name when the request was made, so staff can still read it after the deletion. */
    memberName: text('member_name').notNull(),
    reason: text('reason'),
    status: text('status').notNull().default('OPEN'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: uuid('handled_by').references(() => users.id, { onDelete: 'set null' }),
    /** Why staff rejected it: a code of the catalogue (reasons.deletionRejection), never free text. */
    rejectionReasonCode: text('rejection_reason_code'),
  },
  (t) => [
    uniqueIndex('data_deletion_requests_open_key')
      .on(t.userId)
      .where(sql`${t.status} = 'OPEN'`),
    index('data_deletion_requests_status_idx').on(t.status, t.requestedAt),
    check('data_deletion_requests_status_check', sql`${t.status} in ('OPEN', 'COMPLETED', 'REJECTED')`),
  ],
);
