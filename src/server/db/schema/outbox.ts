import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// providers/notify: every SMS and e-mail, written in the same transaction as the change that caused it.
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    /**
     * The body with its one-time code replaced by a mask, written with the body from the same
     * template (providers/notify.ts withCode); null when the body holds no code. Everything but the
     * delivery to the phone and the loopback-only /dev/outbox reads this one.
     */
    redactedBody: text('redacted_body'),
    status: text('status').notNull().default('QUEUED'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Held until then (quiet hours: src/shared/notify/quiet-hours.ts); null: at once. */
    sendAfter: timestamp('send_after', { withTimezone: true }),
  },
  (t) => [
    index('outbox_messages_status_idx').on(t.status, t.createdAt),
    // The privacy export reads a member's messages by recipient, oldest first (without it: every row).
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
    check('outbox_channel_check', sql`${t.channel} in ('SMS', 'EMAIL')`),
    check('outbox_status_check', sql`${t.status} in ('QUEUED', 'SENT', 'FAILED')`),
  ],
);
