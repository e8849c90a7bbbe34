import { createHmac } from 'node:crypto';
import { DeliveryError, responseSnippet, type Delivered, type MessageAdapter } from './types';
import { scrubReason } from './sms-http';

/**
 * A generic webhook for any other provider: POST {url} with a JSON body
 * { id, channel, to, subject, body } and three headers:
 *   X-Tapat-Timestamp: seconds since 1970 (the receiver refuses one too old: replay protection),
 *   X-Tapat-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with WEBHOOK_SECRET>,
 *   Idempotency-Key: the message id (the same on every attempt).
 * 2xx -> sent (a JSON { id } answer is kept as the provider's id); timeout, 408, 429, 5xx -> retried;
 * other 4xx -> dead. The receiver checks the signature with a constant-time comparison
 * (verifyWebhookSignature shows how).
 */
export interface WebhookOptions {
  readonly url: string;
  readonly secret: string;
  readonly timeoutMs: number;
  /** The sender's clock (deps.clock in the server). */
  readonly now: () => Date;
  readonly fetch?: typeof fetch;
}

function webhookSignature(secret: string, timestamp: string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

export function webhookAdapter(options: WebhookOptions): MessageAdapter {
  const send = options.fetch ?? fetch;
  return {
    name: 'webhook',
    async deliver(message): Promise<Delivered> {
      const raw = JSON.stringify({ id: message.idempotencyKey, channel: message.channel, to: message.recipient, subject: message.subject, body: message.body });
      const timestamp = String(Math.floor(options.now().getTime() / 1000));
      let response: Response;
      try {
        response = await send(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-tapat-timestamp': timestamp,
            'x-tapat-signature': webhookSignature(options.secret, timestamp, raw),
            'idempotency-key': message.idempotencyKey,
          },
          body: raw,
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error';
        throw new DeliveryError(name === 'TimeoutError' ? `webhook timed out after ${options.timeoutMs} ms` : `webhook unreachable (${name})`, false);
      }
      if (!response.ok) {
        const transient = response.status >= 500 || response.status === 408 || response.status === 429;
        throw new DeliveryError(`webhook answered HTTP ${response.status}: ${scrubReason(await responseSnippet(response), message)}`, !transient);
      }
      const text = await response.text();
      let id: string | null = null;
      if (text) {
        try {
          const parsed = JSON.parse(text) as { id?: unknown };
          if (typeof parsed.id === 'string' || typeof parsed.id === 'number') id = String(parsed.id);
        } catch {
          // A 2xx without JSON is a delivery all the same: the receiver owes us no id.
          id = null;
        }
      }
      return { providerMessageId: id };
    },
  };
}
