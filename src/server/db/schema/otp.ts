import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// otp: one-time codes, stored as a keyed hash, bound to a purpose, a recipient and a subject.
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    phone: text('phone').notNull(),
    /** What the code is for: a pending registration id, a withdrawal id, ... */
    subject: text('subject').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** Anonymous sends (registration, password reset) only: the client address and the number prefix, for their budgets. */
    ip: text('ip'),
    prefix: text('prefix'),
    /** A password reset asked for from the member's own device (trusted_devices): counted in the devices' budget, apart from strangers' (decision 050). */
    deviceId: uuid('device_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_challenges_subject_idx').on(t.purpose, t.subject),
    index('otp_challenges_phone_idx').on(t.phone, t.purpose, t.createdAt),
    index('otp_challenges_ip_idx').on(t.ip, t.createdAt),
    index('otp_challenges_prefix_idx').on(t.prefix, t.createdAt),
    index('otp_challenges_created_idx').on(t.createdAt),
  ],
);
