import { z } from 'zod';
import { pageLimitParam } from './params';

/**
 * The back office's view of message delivery (GET /api/admin/outbox, POST
 * /api/admin/outbox/{messageId}/retry; staff only). Recipients are masked and bodies are the
 * redacted ones: staff see that a message failed and why, never a one-time code or a full number.
 */
export const OUTBOX_VIEWS = ['PROBLEMS', 'DEAD', 'FAILING', 'WAITING', 'SENT', 'ALL'] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];

export const adminOutboxQuerySchema = z.object({
  /** PROBLEMS (default): DEAD and FAILING; FAILING: waiting for a retry after a failed attempt; WAITING: not tried yet. */
  view: z.enum(OUTBOX_VIEWS).default('PROBLEMS'),
  /** The nextCursor of the previous page (a message id); absent: the newest. */
  cursor: z.preprocess((v) => (v === '' ? undefined : v), z.uuid('errors.cursor').optional()),
  limit: pageLimitParam(100, 25),
});
export type AdminOutboxQuery = z.infer<typeof adminOutboxQuerySchema>;

const outboxAttemptSchema = z.object({
  attempt: z.number().int(),
  provider: z.string(),
  outcome: z.enum(['SENT', 'RETRY', 'DEAD']),
  error: z.string().nullable(),
  finishedAt: z.string(),
});

export const adminOutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['SMS', 'EMAIL']),
  /** Masked: "+63•••••4567", "j•••@example.com". */
  recipient: z.string(),
  subject: z.string().nullable(),
  /** The redacted body (a one-time code shown as ••••••). */
  body: z.string(),
  status: z.enum(['QUEUED', 'SENDING', 'SENT', 'DEAD']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sendAfter: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  history: z.array(outboxAttemptSchema),
});
export type AdminOutboxMessage = z.infer<typeof adminOutboxMessageSchema>;

export const adminOutboxResponseSchema = z.object({
  messages: z.array(adminOutboxMessageSchema),
  /** Pass as cursor for the next (older) page; null on the last page. */
  nextCursor: z.string().nullable(),
  limit: z.number().int(),
  /** Per status, and FAILING (queued again after a failed attempt), each counted up to countCap ("1000+"). */
  counts: z.object({ queued: z.number().int(), failing: z.number().int(), sending: z.number().int(), sent: z.number().int(), dead: z.number().int() }),
  countCap: z.number().int(),
  /** The adapters in force (outbox: nothing leaves the machine). */
  providers: z.object({ sms: z.string(), email: z.string() }),
});
export type AdminOutboxResponse = z.infer<typeof adminOutboxResponseSchema>;

export const outboxMessageIdParamsSchema = z.object({ messageId: z.uuid({ error: 'errors.messageId' }) });
