import { desc } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { outboxMessages } from '../../db/schema';
import type { OutboxMessage } from '../../../shared/schemas/auth';

export const OUTBOX_PAGE_SIZE = 200;

/** The latest outbox messages, newest first (embedded mode only: the routes exist only with devTools). */
export async function listOutbox(deps: AppDeps): Promise<OutboxMessage[]> {
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
    .orderBy(desc(outboxMessages.createdAt))
    .limit(OUTBOX_PAGE_SIZE);
  return rows.map((m) => ({
    ...m,
    channel: m.channel as OutboxMessage['channel'],
    createdAt: m.createdAt.toISOString(),
    sendAfter: m.sendAfter?.toISOString() ?? null,
  }));
}
