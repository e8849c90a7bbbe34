import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttp, type RecordedRequest } from './fake-http';
import { smsHttpAdapter } from './sms-http';
import { DeliveryError } from './types';

/**
 * Contract test of the SMS gateway adapter against a local fake of Semaphore's documented API
 * (POST /api/v4/messages, form fields apikey, number, message, sendername; a JSON array of message
 * records in answer): what it sends, and how each kind of answer is classified.
 */
const message = {
  channel: 'SMS' as const,
  recipient: '+639171234567',
  subject: null,
  body: 'Your Tapat withdrawal code is 482913. It expires in 5 minutes. Never share it.',
  idempotencyKey: '6f1c7d9e-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
};

const fakes: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
});

async function gateway(handler: (request: RecordedRequest, response: ServerResponse) => void) {
  const fake = await startFakeHttp(handler);
  fakes.push(fake);
  return { fake, adapter: smsHttpAdapter({ baseUrl: fake.url, apiKey: 'k-123', senderName: 'TAPAT', timeoutMs: 500 }) };
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function failure(promise: Promise<unknown>): Promise<DeliveryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

describe('the SMS gateway adapter (Semaphore API)', () => {
  it('posts the documented form fields and keeps the message_id', async () => {
    const { fake, adapter } = await gateway((_req, res) =>
      json(res, 200, [{ message_id: 1234567, recipient: '639171234567', message: 'x', sender_name: 'TAPAT', network: 'Globe', status: 'Queued' }]),
    );
    const result = await adapter.deliver(message);
    expect(result).toEqual({ providerMessageId: '1234567' });
    const sent = fake.requests[0]!;
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/v4/messages');
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.headers['idempotency-key']).toBe(message.idempotencyKey);
    const form = new URLSearchParams(sent.body);
    expect(Object.fromEntries(form)).toEqual({ apikey: 'k-123', number: '639171234567', message: message.body, sendername: 'TAPAT' });
  });

  it('retries a 500, a timeout, a 429 and answers that are not message records', async () => {
    for (const answer of [
      (res: ServerResponse) => json(res, 500, { error: 'internal' }),
      (res: ServerResponse) => json(res, 429, { error: 'slow down' }),
      (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'),
      (res: ServerResponse) => json(res, 200, { status: 'ok' }),
      (res: ServerResponse) => json(res, 200, []),
      () => undefined, // never answers: the adapter's timeout
    ]) {
      const { adapter } = await gateway((_req, res) => answer(res));
      const error = await failure(adapter.deliver(message));
      expect(error.permanent).toBe(false);
    }
  });

  it('a 4xx is permanent, with the gateway reason and without the number, the code or the text', async () => {
    const { adapter } = await gateway((req, res) =>
      json(res, 400, { number: [`The number 639171234567 is invalid.`], message: [new URLSearchParams(req.body).get('message')] }),
    );
    const error = await failure(adapter.deliver(message));
    expect(error.permanent).toBe(true);
    expect(error.reason).toMatch(/HTTP 400/);
    expect(error.reason).toContain('is invalid');
    expect(error.reason).not.toContain('1234567');
    expect(error.reason).not.toContain('482913');
  });

  it('a gateway that is not there is retried', async () => {
    const { fake, adapter } = await gateway(() => undefined);
    await fake.close();
    expect((await failure(adapter.deliver(message))).permanent).toBe(false);
  });
});
