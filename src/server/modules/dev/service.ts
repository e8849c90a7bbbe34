import { desc, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { outboxMessages } from '../../db/schema';
import type { OutboxMessage } from '../../../shared/schemas/auth';

const OUTBOX_PAGE_SIZE = 200;

/**
 * The outbox messages, newest first by (created_at, id), a page at a time (embedded mode only: the
 * routes exist only with devTools). The cursor is the last message's id; its position is read in the
 * same statement, and outbox_messages_created_idx serves the page at any depth.
 */
export async function listOutbox(
  deps: AppDeps,
  query: { cursor?: string | undefined; limit?: number } = {},
): Promise<{ messages: OutboxMessage[]; nextCursor: string | null }> {
  const limit = query.limit ?? OUTBOX_PAGE_SIZE;
  const rows = await deps.db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      createdAt: outboxMessages.createdAt,
      sendAfter: outboxMessages.sendAfter,
    })
    .from(outboxMessages)
    .where(
      query.cursor
        ? sql`(${outboxMessages.createdAt}, ${outboxMessages.id}) < (select c.created_at, c.id from ${outboxMessages} c where c.id = ${query.cursor})`
        : undefined,
    )
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const messages = page.map((m) => ({
    ...m,
    channel: m.channel as OutboxMessage['channel'],
    createdAt: m.createdAt.toISOString(),
    sendAfter: m.sendAfter?.toISOString() ?? null,
  }));
  return { messages, nextCursor: rows.length > limit ? page.at(-1)!.id : null };
}
