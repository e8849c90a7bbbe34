import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeHttp } from './fake-http';
import { DeliveryError } from './types';
import { webhookAdapter } from './webhook';

const SECRET = 'a-webhook-secret-of-at-least-32-characters';
const NOW = new Date('2026-11-24T04:00:00Z');
const message = {
  channel: 'EMAIL' as const,
  recipient: 'juan@example.com',
  subject: 'Hello',
  body: 'Kumusta, Juan.',
  idempotencyKey: 'b1f0c3e2-0000-4000-8000-000000000001',
};

const fakes: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
});

/** What a receiver does: recompute the HMAC over "<timestamp>.<raw body>" and compare in constant time. */
function verify(secret: string, timestamp: string, raw: string, header: string): boolean {
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`);
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('the webhook adapter', () => {
  it('posts signed JSON with a timestamp and the idempotency key', async () => {
    const fake = await startFakeHttp((_req, res) => res.writeHead(202, { 'content-type': 'application/json' }).end('{"id":"rcv-1"}'));
    fakes.push(fake);
    const adapter = webhookAdapter({ url: `${fake.url}/hook`, secret: SECRET, timeoutMs: 500, now: () => NOW });
    expect(await adapter.deliver(message)).toEqual({ providerMessageId: 'rcv-1' });
    const req = fake.requests[0]!;
    expect(req.url).toBe('/hook');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['x-tapat-timestamp']).toBe(String(NOW.getTime() / 1000));
    expect(req.headers['idempotency-key']).toBe(message.idempotencyKey);
    expect(JSON.parse(req.body)).toEqual({ id: message.idempotencyKey, channel: 'EMAIL', to: 'juan@example.com', subject: 'Hello', body: 'Kumusta, Juan.' });
    const signature = String(req.headers['x-tapat-signature']);
    expect(verify(SECRET, String(req.headers['x-tapat-timestamp']), req.body, signature)).toBe(true);
    expect(verify('another-secret-another-secret-another', String(req.headers['x-tapat-timestamp']), req.body, signature)).toBe(false);
    expect(verify(SECRET, String(NOW.getTime() / 1000 + 1), req.body, signature)).toBe(false);
  });

  it('retries 5xx and timeouts; a 4xx is permanent', async () => {
    const cases: [number | null, boolean][] = [
      [503, false],
      [null, false],
      [401, true],
      [422, true],
    ];
    for (const [status, permanent] of cases) {
      const fake = await startFakeHttp((_req, res) => {
        if (status !== null) res.writeHead(status).end('no');
      });
      fakes.push(fake);
      const adapter = webhookAdapter({ url: fake.url, secret: SECRET, timeoutMs: 300, now: () => NOW });
      const error = await adapter.deliver(message).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DeliveryError);
      expect((error as DeliveryError).permanent).toBe(permanent);
    }
  });
});
