import { DeliveryError, responseSnippet, type Delivered, type MessageAdapter, type OutgoingMessage } from './types';

/**
 * SMS through a Philippine HTTP SMS gateway, modelled on Semaphore's documented API
 * (https://semaphore.co/docs): POST {base}/api/v4/messages, form fields apikey, number, message,
 * sendername; a 200 answers a JSON array with one record per recipient carrying its message_id.
 * Any gateway with the same contract works (SMS_HTTP_BASE_URL).
 *
 * Outcomes: 200 with a record -> sent (the record's message_id kept); a timeout, a refused
 * connection, 408/429/5xx, or a 200 that is not such a record -> retried; any other 4xx (a bad
 * number, a wrong key, no credit) -> dead with the gateway's reason. Semaphore takes no idempotency
 * key, so the worker's lease is what keeps one message from being sent twice; the key goes along as
 * an Idempotency-Key header for gateways that honour one.
 */
export interface SmsHttpOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly senderName: string;
  readonly timeoutMs: number;
  /** For tests; default the global fetch. */
  readonly fetch?: typeof fetch;
}

/** A gateway's answer in an error reason: digit runs (numbers, codes) and the sent text removed. */
export function scrubReason(text: string, message: OutgoingMessage): string {
  let out = text;
  if (message.body) out = out.split(message.body).join('[message]');
  return out.replace(/\+?\d{4,}/g, '•••');
}

/** Semaphore wants the national form or 63…; we keep E.164 (+63…): the plus goes. */
function gatewayNumber(e164: string): string {
  return e164.replace(/^\+/, '');
}

export function smsHttpAdapter(options: SmsHttpOptions): MessageAdapter {
  const send = options.fetch ?? fetch;
  const url = new URL('api/v4/messages', options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`).toString();
  return {
    name: 'sms-http',
    async deliver(message): Promise<Delivered> {
      if (message.channel !== 'SMS') throw new DeliveryError('the SMS gateway sends SMS only', true);
      const form = new URLSearchParams({ apikey: options.apiKey, number: gatewayNumber(message.recipient), message: message.body });
      if (options.senderName) form.set('sendername', options.senderName);
      let response: Response;
      try {
        response = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'idempotency-key': message.idempotencyKey },
          body: form.toString(),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error';
        throw new DeliveryError(name === 'TimeoutError' ? `SMS gateway timed out after ${options.timeoutMs} ms` : `SMS gateway unreachable (${name})`, false);
      }
      if (!response.ok) {
        const reason = `SMS gateway answered HTTP ${response.status}: ${scrubReason(await responseSnippet(response), message)}`;
        const transient = response.status >= 500 || response.status === 408 || response.status === 429;
        throw new DeliveryError(reason, !transient);
      }
      let answer: unknown;
      try {
        answer = await response.json();
      } catch {
        throw new DeliveryError('SMS gateway answered 200 with something that is not JSON', false);
      }
      const record = Array.isArray(answer) ? (answer[0] as Record<string, unknown> | undefined) : undefined;
      const id = record?.message_id;
      if (typeof id !== 'number' && typeof id !== 'string') throw new DeliveryError('SMS gateway answered 200 without a message record', false);
      return { providerMessageId: String(id) };
    },
  };
}
