import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// identity
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    /**
     * When the member proved they read `email` with a code sent to it (decision 051); null: never,
     * or not since it changed. E-mail goes only to a verified address (providers/notify.ts).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull().default('MEMBER'),
    accountState: text('account_state').notNull().default('PERSONAL_INFO'),
    employmentCountry: text('employment_country').notNull(),
    employmentLocation: text('employment_location').notNull(),
    jobTitle: text('job_title').notNull(),
    jobCategory: text('job_category').notNull(),
    monthlyNetIncome: bigint('monthly_net_income_centavos', { mode: 'bigint' }).notNull(),
    /** The code the member typed at registration (kept as typed, upper-cased, valid or not). */
    referralCode: text('referral_code'),
    /** The member whose invite code that was, when it matched one (no money moves for referrals). */
    referredBy: uuid('referred_by'),
    /** The member's own code to share: 8 characters of an unambiguous alphabet, issued once activated. */
    inviteCode: text('invite_code'),
    registrationIp: text('registration_ip'),
    registrationCountry: text('registration_country'),
    /** The language the member uses (en, fil): every SMS and e-mail to them is written in it. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_key').on(t.phone),
    // Unique among verified addresses only (decision 051): an unverified one proves nothing, so it
    // blocks nobody. Addresses are stored trimmed and lower-cased (shared/schemas/fields.ts emailField).
    uniqueIndex('users_email_verified_key')
      .on(t.email)
      .where(sql`${t.emailVerifiedAt} is not null`),
    index('users_email_idx').on(t.email),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    index('users_referred_by_idx').on(t.referredBy),
    // The staff (a few rows among the members): the support inbox's assignee list reads this alone.
    index('users_staff_idx')
      .on(t.fullName)
      .where(sql`${t.role} in ('OFFICER', 'ADMIN')`),
    foreignKey({ columns: [t.referredBy], foreignColumns: [t.id], name: 'users_referred_by_fk' }).onDelete('set null'),
    check('users_role_check', sql`${t.role} in ('MEMBER', 'OFFICER', 'ADMIN')`),
    check('users_language_check', sql`${t.language} in ('en', 'fil')`),
    check(
      'users_account_state_check',
      sql`${t.accountState} in ('PERSONAL_INFO','ADDRESS_INFO','REFERENCES_INFO','IDENTITY_INFO','BANK_INFO','INFO_COMPLETED')`,
    ),
  ],
);

// identity: a registration waiting for its phone to be verified; nothing is in users until then.
export const pendingRegistrations = pgTable(
  'pending_registrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    employmentCountry: text('employment_country').notNull(),
    employmentLocation: text('employment_location').notNull(),
    jobTitle: text('job_title').notNull(),
    jobCategory: text('job_category').notNull(),
    monthlyNetIncome: bigint('monthly_net_income_centavos', { mode: 'bigint' }).notNull(),
    referralCode: text('referral_code'),
    registrationIp: text('registration_ip'),
    registrationCountry: text('registration_country'),
    /** The language the registration was made in (en, fil): the member's language once verified. */
    language: text('language').notNull().default('en'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pending_registrations_phone_idx').on(t.phone)],
);

// identity: server-side sessions. The cookie holds a random token; only its SHA-256 is stored.
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

// identity: sign-in attempts, for the per-phone and per-IP limits (kept in the database, not in memory).
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    ip: text('ip').notNull(),
    succeeded: boolean('succeeded').notNull(),
    /** The member's device (trusted_devices) the try came with, or null for an anonymous client: its own lockout (decision 050). */
    deviceId: uuid('device_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_attempts_phone_idx').on(t.phone, t.createdAt), index('sign_in_attempts_ip_idx').on(t.ip, t.createdAt)],
);

// identity: device cookies (decision 050, OWASP "device cookies"). A browser a member signed in
// with holds a random token (cookie tapat_dev); only its SHA-256 is stored, with the member. Sign-in
// and password-reset limits count that browser apart from anonymous clients. At most
// DEVICES_PER_USER a member (sessions/devices.ts).
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trusted_devices_token_key').on(t.tokenHash),
    index('trusted_devices_user_idx').on(t.userId, t.createdAt),
    // The periodic cleanup of expired devices (forgetExpiredDevices, the servicing worker's pass).
    index('trusted_devices_expires_idx').on(t.expiresAt),
  ],
);

// identity: a password-reset attempt (account recovery). Its random id is the subject of the
// PASSWORD_RESET code and sits in an HttpOnly cookie. An unregistered phone gets an attempt too
// (user_id null, no SMS) so the answer never reveals whether a phone is registered.
export const recoveryAttempts = pgTable(
  'recovery_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('recovery_attempts_phone_idx').on(t.phone, t.createdAt)],
);
