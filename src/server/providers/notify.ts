import { outboxMessages } from '../db/schema';
import type { DbOrTx } from '../db/client';

/**
 * SMS and e-mail. A message is written to the outbox table in the same transaction as the change
 * that caused it, and delivered after commit by the configured provider adapter. The offline
 * default adapter ('outbox') delivers nothing outside the table: the page /dev/outbox shows it.
 */
export interface OutgoingSms {
  readonly to: string;
  readonly body: string;
}
export interface OutgoingEmail {
  readonly to: string;
  readonly subject: string;
  readonly body: string;
}

/** Delivery options: `sendAfter` holds the message until then (quiet hours, src/shared/notify/quiet-hours.ts). */
export interface QueueOptions {
  readonly sendAfter?: Date | null;
}

export async function queueSms(db: DbOrTx, sms: OutgoingSms, options: QueueOptions = {}): Promise<void> {
  await db.insert(outboxMessages).values({ channel: 'SMS', recipient: sms.to, body: sms.body, sendAfter: options.sendAfter ?? null });
}

export async function queueEmail(db: DbOrTx, email: OutgoingEmail, options: QueueOptions = {}): Promise<void> {
  await db.insert(outboxMessages).values({ channel: 'EMAIL', recipient: email.to, subject: email.subject, body: email.body, sendAfter: options.sendAfter ?? null });
}

/** A delivery adapter. The outbox adapter keeps messages in the table for /dev/outbox. */
export interface MessageProvider {
  readonly name: string;
  deliver(message: { channel: 'SMS' | 'EMAIL'; recipient: string; subject: string | null; body: string }): Promise<void>;
}

export const outboxProvider: MessageProvider = {
  name: 'outbox',
  async deliver() {
    // Offline default: the message stays readable in the outbox table; nothing leaves the machine.
  },
};
