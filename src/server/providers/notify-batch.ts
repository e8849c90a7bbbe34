import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { QueueOptions } from './notify';

/**
 * Many SMS queued in one statement (queueSms's row for each; the set-based servicing pass, decision
 * 077): the recipients and bodies as two array parameters (unnest; decision 081), whatever their number.
 */
export async function queueSmsMany(db: DbOrTx, messages: readonly { readonly to: string; readonly body: string }[], options: QueueOptions): Promise<void> {
  if (messages.length === 0) return;
  await db.execute(sql`
    insert into outbox_messages (channel, recipient, body, redacted_body, send_after, recipient_after_send, request_id)
    select 'SMS', m.recipient, m.body, null, ${options.sendAfter?.toISOString() ?? null}::timestamptz, ${options.recipientAfterSend ?? null}::text, ${options.requestId}::text
    from unnest(${sql.param(messages.map((m) => m.to))}::text[], ${sql.param(messages.map((m) => m.body))}::text[]) with ordinality as m(recipient, body, n)
    order by m.n`);
}
