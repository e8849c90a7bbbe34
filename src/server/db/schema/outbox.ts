import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Where a message is in its delivery (src/server/modules/delivery): QUEUED waits (first try or a retry), SENDING is leased by one process. */
export const OUTBOX_STATUSES = ['QUEUED', 'SENDING', 'SENT', 'DEAD'] as const;

/** Dead, or queued again after a failed attempt: what the back office's delivery screen shows first (and its partial index). */
export const OUTBOX_PROBLEMS_SQL = `(status = 'DEAD' or (status = 'QUEUED' and attempts > 0))`;
/** Queued, never tried yet: the WAITING view and its count (outbox_messages_waiting_idx). */
export const OUTBOX_WAITING_SQL = `(status = 'QUEUED' and attempts = 0)`;
/** Queued again after a failed attempt: the FAILING view and its count (outbox_messages_failing_idx). */
export const OUTBOX_FAILING_SQL = `(status = 'QUEUED' and attempts > 0)`;

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
    /** The last failure's reason as the adapter gave it (never a body or a full number). */
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Held until then (quiet hours: src/shared/notify/quiet-hours.ts); null: at once. */
    sendAfter: timestamp('send_after', { withTimezone: true }),
    /** A retry waits until then (exponential backoff); null: as soon as send_after allows. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A SENDING message belongs to the process that claimed it until then; past it, another may take it over. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** The provider's id of the delivered message (Semaphore's message_id, the SMTP server's answer, ...). */
    providerMessageId: text('provider_message_id'),
    /** The id of the request that queued the message (x-request-id); the delivery worker logs it as originReqId. Null outside a request. */
    requestId: text('request_id'),
    /**
     * What the recipient becomes once the message is SENT or DEAD (null: it stays). The notice that a
     * member's data was deleted is the last message to their real address; this erases the address
     * after delivery (docs/decisions/029-data-deletion-review.md, addendum).
     */
    recipientAfterSend: text('recipient_after_send'),
  },
  (t) => [
    index('outbox_messages_status_idx').on(t.status, t.createdAt),
    // The privacy export reads a member's messages by recipient, oldest first (without it: every row).
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
    // Newest first by (created_at, id): the ALL view of /admin/outbox and /dev/outbox page by it.
    index('outbox_messages_created_idx').on(t.createdAt, t.id),
    // The PROBLEMS view (dead, or queued again after a failure): its pages and its count read this alone.
    index('outbox_messages_problems_idx').on(t.createdAt, t.id).where(sql.raw(OUTBOX_PROBLEMS_SQL)),
    // The WAITING and FAILING views and their counts: without them each read every QUEUED row to
    // tell the two apart (attempts is not in the status index; 0.8 s at the 200,000-member seed).
    index('outbox_messages_waiting_idx').on(t.createdAt, t.id).where(sql.raw(OUTBOX_WAITING_SQL)),
    index('outbox_messages_failing_idx').on(t.createdAt, t.id).where(sql.raw(OUTBOX_FAILING_SQL)),
    check('outbox_channel_check', sql`${t.channel} in ('SMS', 'EMAIL')`),
    check('outbox_status_check', sql`${t.status} in ('QUEUED', 'SENDING', 'SENT', 'DEAD')`),
  ],
);

/** One row per delivery attempt: when, through which adapter, and what came of it (staff see these at /admin/outbox). */
export const outboxAttempts = pgTable(
  'outbox_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => outboxMessages.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    provider: text('provider').notNull(),
    /** SENT, RETRY (a transient failure: tried again later) or DEAD (permanent, or the last attempt). */
    outcome: text('outcome').notNull(),
    error: text('error'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('outbox_attempts_message_idx').on(t.messageId, t.attempt),
    check('outbox_attempts_outcome_check', sql`${t.outcome} in ('SENT', 'RETRY', 'DEAD')`),
  ],
);
