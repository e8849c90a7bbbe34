import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';

// audit: what staff (and the staff-account command) did, written by src/server/audit in the same
// transaction as the change it records. Append-only; kept when the staff account is deleted.
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Newest first and the pagination cursor: ids are random, the sequence is not. */
    seq: bigserial('seq', { mode: 'bigint' }).notNull().unique(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** OFFICER, ADMIN or SYSTEM (the command line), as it was at the time. */
    actorRole: text('actor_role').notNull(),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id'),
    /** What changed (before and after for configuration); never a secret. */
    details: jsonb('details').notNull(),
    ip: text('ip'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.seq),
    index('audit_log_actor_idx').on(t.actorUserId, t.seq),
    index('audit_log_action_idx').on(t.action, t.seq),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.seq),
  ],
);
