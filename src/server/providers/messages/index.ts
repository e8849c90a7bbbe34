import { readFileSync } from 'node:fs';
import type { DeliveryConfig } from '../../config';
import type { Clock } from '../../clock';
import { smsHttpAdapter } from './sms-http';
import { smtpAdapter } from './smtp';
import type { MessageAdapter } from './types';
import { webhookAdapter } from './webhook';

export * from './types';

/** The adapter per channel; null: the outbox adapter (the message stays in the table, nothing is sent). */
export interface MessageAdapters {
  readonly SMS: MessageAdapter | null;
  readonly EMAIL: MessageAdapter | null;
}

export function messageAdaptersFor(config: DeliveryConfig, clock: Clock): MessageAdapters {
  const timeoutMs = config.timeoutMs;
  const now = () => clock.now();
  const sms = config.sms;
  const email = config.email;
  return {
    SMS:
      sms.provider === 'http'
        ? smsHttpAdapter({ baseUrl: sms.baseUrl, apiKey: sms.apiKey, senderName: sms.senderName, timeoutMs })
        : sms.provider === 'webhook'
          ? webhookAdapter({ url: sms.url, secret: sms.secret, timeoutMs, now })
          : null,
    EMAIL:
      email.provider === 'smtp'
        ? smtpAdapter({
            host: email.host,
            port: email.port,
            secure: email.secure,
            requireTls: email.requireTls,
            user: email.user,
            password: email.password,
            from: email.from,
            timeoutMs,
            ...(email.caFile ? { ca: readFileSync(email.caFile, 'utf8') } : {}),
          })
        : email.provider === 'webhook'
          ? webhookAdapter({ url: email.url, secret: email.secret, timeoutMs, now })
          : null,
  };
}
