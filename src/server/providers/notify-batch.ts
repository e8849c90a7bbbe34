import type { DbOrTx } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { QueueOptions } from './notify';

/** Many SMS queued in one multi-row statement (queueSms's row for each; the set-based servicing pass, decision 077). */
export async function queueSmsMany(db: DbOrTx, messages: readonly { readonly to: string; readonly body: string }[], options: QueueOptions): Promise<void> {
  for (let i = 0; i < messages.length; i += 1000) {
    const part = messages.slice(i, i + 1000);
    if (part.length === 0) continue;
    await db.insert(outboxMessages).values(
      part.map((m) => ({
        channel: 'SMS',
        recipient: m.to,
        body: m.body,
        redactedBody: null,
        sendAfter: options.sendAfter ?? null,
        recipientAfterSend: options.recipientAfterSend ?? null,
        requestId: options.requestId,
      })),
    );
  }
}
