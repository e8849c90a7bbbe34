import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  },
  // The contact form's per-IP rate limit counts recent messages.
  (t) => [index('contact_messages_ip_idx').on(t.ip, t.createdAt)],
);
