/**
 * A delivery adapter: sends one outbox message through a real protocol (SMTP, an SMS gateway's HTTP
 * API, a webhook). The delivery worker (src/server/modules/delivery) calls it after commit, records
 * the attempt, and retries or gives up by what the adapter threw.
 */
export interface OutgoingMessage {
  readonly channel: 'SMS' | 'EMAIL';
  /** E.164 phone number (SMS) or e-mail address. */
  readonly recipient: string;
  readonly subject: string | null;
  /** The text to deliver (with its one-time code, if any): read only here, never logged. */
  readonly body: string;
  /** The same for every attempt of one message (its outbox id): a provider that honours it never sends twice. */
  readonly idempotencyKey: string;
}

export interface Delivered {
  /** The provider's id for the message, when it gives one. */
  readonly providerMessageId: string | null;
}

export interface MessageAdapter {
  /** Recorded with each attempt: smtp, sms-http, webhook. */
  readonly name: string;
  deliver(message: OutgoingMessage): Promise<Delivered>;
  /** Releases connections (SMTP pool); optional. */
  close?(): void;
}

/**
 * A failed delivery. `permanent`: trying again cannot help (the recipient or the request was refused,
 * a 4xx, an SMTP 5xx): the message goes DEAD at once. Otherwise (timeout, 5xx, a garbage answer, a
 * refused connection) it is retried with backoff. The reason is short, carries no body and no full
 * recipient, and is shown to staff.
 */
export class DeliveryError extends Error {
  constructor(
    readonly reason: string,
    readonly permanent: boolean,
  ) {
    super(reason);
    this.name = 'DeliveryError';
  }
}

/** Any error as a DeliveryError: what an adapter did not classify is transient (retried). */
export function asDeliveryError(error: unknown): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new DeliveryError(text.slice(0, 300), false);
}

/** Reads a fetch response's text, at most `limit` characters, for an error reason (never for logs of bodies we sent). */
export async function responseSnippet(response: Response, limit = 200): Promise<string> {
  try {
    return (await response.text()).replace(/\s+/g, ' ').trim().slice(0, limit);
  } catch {
    return '(unreadable answer)';
  }
}
