import { sql } from 'drizzle-orm';
import { bigserial, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './identity';

// support: messages from the contact form, for staff.
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** The support inbox's state machine (src/shared/states/support.ts): NEW, IN_PROGRESS, ANSWERED, CLOSED. */
    status: text('status').notNull().default('NEW'),
    /** The staff member handling it. */
    assignedTo: uuid('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** Newest first and the inbox's cursor: ids are random, the sequence is not. */
    seq: bigserial('seq', { mode: 'bigint' }).notNull().unique(),
  },
  (t) => [
    // The contact form's per-IP rate limit counts recent messages.
    index('contact_messages_ip_idx').on(t.ip, t.createdAt),
    index('contact_messages_status_idx').on(t.status, t.seq),
    // A member's own messages (the privacy export, the deletion review's count): without it, every message.
    index('contact_messages_user_idx').on(t.userId, t.createdAt),
    check('contact_messages_status_check', sql`${t.status} in ('NEW', 'IN_PROGRESS', 'ANSWERED', 'CLOSED')`),
  ],
);
