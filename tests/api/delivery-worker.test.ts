import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { outboxAttempts, outboxMessages } from '../../src/server/db/schema';
import { queueEmail, queueSms, withCode } from '../../src/server/providers/notify';
import { deliverDue } from '../../src/server/modules/delivery/worker';
import { smsHttpAdapter } from '../../src/server/providers/messages/sms-http';
import { startFakeHttp } from '../../src/server/providers/messages/fake-http';
import { DeliveryError, type MessageAdapter, type MessageAdapters, type OutgoingMessage } from '../../src/server/providers/messages';

/**
 * The delivery worker over the database: after commit, honouring send_after, one claim per message
 * even with passes racing, each attempt recorded, exponential backoff, DEAD on a permanent refusal
 * or after the last attempt, and the code's text read only to send it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { DELIVERY_MAX_ATTEMPTS: '3', DELIVERY_RETRY_BASE_SECONDS: '30', DELIVERY_LEASE_SECONDS: '60' });
}, 180_000); // the in-memory database's initdb took over 60 s on the loaded shared machine
afterAll(async () => t.close());
beforeEach(async () => {
  await t.deps.db.delete(outboxMessages);
});

/** An adapter that records what it was given and answers by a script (one entry per call; the last repeats). */
function scripted(...script: ('ok' | 'transient' | 'permanent')[]): MessageAdapter & { calls: OutgoingMessage[] } {
  const calls: OutgoingMessage[] = [];
  return {
    name: 'scripted',
    calls,
    async deliver(message) {
      calls.push(message);
      const step = script[Math.min(calls.length - 1, script.length - 1)];
      if (step === 'transient') throw new DeliveryError('gateway answered HTTP 503', false);
      if (step === 'permanent') throw new DeliveryError('gateway answered HTTP 400: invalid number', true);
      return { providerMessageId: `p-${calls.length}` };
    },
  };
}

const phone = '+639171112222';

async function rows() {
  return t.deps.db.select().from(outboxMessages).orderBy(asc(outboxMessages.createdAt));
}

describe('the delivery worker', () => {
  it('sends a queued SMS once, with its id as the idempotency key, and records the attempt', async () => {
    await queueSms(t.deps.db, { to: phone, body: withCode((c) => `Your code is ${c}.`, '482913') }, { requestId: null });
    const sms = scripted('ok');
    expect(await deliverDue(t.deps, { SMS: sms, EMAIL: null })).toEqual({ sent: 1, retried: 0, dead: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, providerMessageId: 'p-1', lastError: null, leaseUntil: null });
    expect(sms.calls).toEqual([{ channel: 'SMS', recipient: phone, subject: null, body: 'Your code is 482913.', idempotencyKey: row!.id }]);
    // The redacted form stays what everything else reads.
    expect(row!.redactedBody).toBe('Your code is ••••••.');
    const attempts = await t.deps.db.select().from(outboxAttempts).where(eq(outboxAttempts.messageId, row!.id));
    expect(attempts).toMatchObject([{ attempt: 1, provider: 'scripted', outcome: 'SENT', error: null }]);
    // Nothing is sent twice.
    expect(await deliverDue(t.deps, { SMS: sms, EMAIL: null })).toEqual({ sent: 0, retried: 0, dead: 0 });
    expect(sms.calls).toHaveLength(1);
  });

  it('leaves a channel on the outbox adapter alone', async () => {
    await queueEmail(t.deps.db, { to: 'juan@example.com', member: null, subject: 'Hi', body: 'Hello' }, { requestId: null });
    await queueSms(t.deps.db, { to: phone, body: 'Hello' }, { requestId: null });
    const sms = scripted('ok');
    expect(await deliverDue(t.deps, { SMS: sms, EMAIL: null })).toEqual({ sent: 1, retried: 0, dead: 0 });
    const all = await rows();
    expect(all.find((r) => r.channel === 'EMAIL')).toMatchObject({ status: 'QUEUED', attempts: 0 });
  });

  it('holds a message until its send_after', async () => {
    const later = new Date(t.clock.now().getTime() + 3_600_000);
    await queueSms(t.deps.db, { to: phone, body: 'A reminder' }, { sendAfter: later, requestId: null });
    const sms = scripted('ok');
    expect((await deliverDue(t.deps, { SMS: sms, EMAIL: null })).sent).toBe(0);
    t.clock.advance(3_600_000);
    expect((await deliverDue(t.deps, { SMS: sms, EMAIL: null })).sent).toBe(1);
  });

  it('retries a transient failure with exponential backoff, then gives up into DEAD after the last attempt', async () => {
    await queueSms(t.deps.db, { to: phone, body: 'Hello' }, { requestId: null });
    const sms = scripted('transient');
    const adapters: MessageAdapters = { SMS: sms, EMAIL: null };
    expect(await deliverDue(t.deps, adapters)).toEqual({ sent: 0, retried: 1, dead: 0 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'QUEUED', attempts: 1, lastError: 'gateway answered HTTP 503' });
    expect(row!.nextAttemptAt!.getTime() - t.clock.now().getTime()).toBe(30_000);
    // Not before its time.
    t.clock.advance(29_000);
    expect((await deliverDue(t.deps, adapters)).retried).toBe(0);
    t.clock.advance(1_000);
    expect((await deliverDue(t.deps, adapters)).retried).toBe(1);
    [row] = await rows();
    expect(row!.nextAttemptAt!.getTime() - t.clock.now().getTime()).toBe(60_000);
    t.clock.advance(60_000);
    expect(await deliverDue(t.deps, adapters)).toEqual({ sent: 0, retried: 0, dead: 1 });
    [row] = await rows();
    expect(row).toMatchObject({ status: 'DEAD', attempts: 3 });
    expect(row!.lastError).toContain('gave up after 3 attempts');
    const attempts = await t.deps.db.select().from(outboxAttempts).where(eq(outboxAttempts.messageId, row!.id)).orderBy(asc(outboxAttempts.attempt));
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, 'RETRY'],
      [2, 'RETRY'],
      [3, 'DEAD'],
    ]);
    t.clock.advance(86_400_000);
    expect(await deliverDue(t.deps, adapters)).toEqual({ sent: 0, retried: 0, dead: 0 });
  });

  it('a permanent refusal is DEAD at once, with the reason', async () => {
    await queueSms(t.deps.db, { to: phone, body: 'Hello' }, { requestId: null });
    expect(await deliverDue(t.deps, { SMS: scripted('permanent'), EMAIL: null })).toEqual({ sent: 0, retried: 0, dead: 1 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'DEAD', attempts: 1, lastError: 'gateway answered HTTP 400: invalid number' });
  });

  it('passes racing each other send every message exactly once', async () => {
    for (let i = 0; i < 12; i += 1) await queueSms(t.deps.db, { to: phone, body: `Message ${i}` }, { requestId: null });
    const sms = scripted('ok');
    const passes = await Promise.all([1, 2, 3].map(() => deliverDue(t.deps, { SMS: sms, EMAIL: null })));
    expect(passes.reduce((n, p) => n + p.sent, 0)).toBe(12);
    expect(new Set(sms.calls.map((c) => c.idempotencyKey)).size).toBe(12);
    expect(sms.calls).toHaveLength(12);
    expect((await rows()).every((r) => r.status === 'SENT')).toBe(true);
  });

  it('sends a batch with at most DELIVERY_CONCURRENCY messages at the provider at once, oldest first, each once, within the pass limit', async () => {
    for (let i = 0; i < 40; i += 1) await queueSms(t.deps.db, { to: phone, body: `Message ${i}` }, { requestId: null });
    let inFlight = 0;
    let most = 0;
    const bodies: string[] = [];
    const slow: MessageAdapter = {
      name: 'slow',
      async deliver(message) {
        inFlight += 1;
        most = Math.max(most, inFlight);
        bodies.push(message.body);
        // Three of the pace's slots long (DELIVERY_MAX_PER_SECOND, 100: a start every 10 ms): the next
        // sends start while this one is at the provider. A send shorter than a slot overlapped another
        // only when the machine was slow enough to let the slots fall behind.
        await new Promise((resolve) => setTimeout(resolve, 3 * Math.ceil(1000 / t.deps.config.delivery.maxPerSecond)));
        inFlight -= 1;
        return { providerMessageId: message.idempotencyKey };
      },
    };
    // A pass limit of 30: ten stay queued for the next pass.
    expect(await deliverDue(t.deps, { SMS: slow, EMAIL: null }, 30)).toEqual({ sent: 30, retried: 0, dead: 0 });
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(t.deps.config.delivery.concurrency);
    // Claimed oldest first: the first pass took messages 0-29.
    expect([...bodies].sort()).toEqual(Array.from({ length: 30 }, (_, i) => `Message ${i}`).sort());
    expect((await rows()).filter((r) => r.status === 'QUEUED')).toHaveLength(10);
    expect((await deliverDue(t.deps, { SMS: slow, EMAIL: null })).sent).toBe(10);
    expect(new Set(bodies).size).toBe(40);
    const attempts = await t.deps.db.select().from(outboxAttempts);
    expect(attempts.filter((a) => a.outcome === 'SENT')).toHaveLength(40);
  });

  it('takes over a message whose sender died mid-send once its lease has run out', async () => {
    await queueSms(t.deps.db, { to: phone, body: 'Hello' }, { requestId: null });
    const [queued] = await rows();
    // A process claimed it and died: SENDING with a lease.
    await t.deps.db
      .update(outboxMessages)
      .set({ status: 'SENDING', attempts: 1, leaseUntil: new Date(t.clock.now().getTime() + 60_000) })
      .where(eq(outboxMessages.id, queued!.id));
    const sms = scripted('ok');
    expect((await deliverDue(t.deps, { SMS: sms, EMAIL: null })).sent).toBe(0);
    t.clock.advance(60_000);
    expect((await deliverDue(t.deps, { SMS: sms, EMAIL: null })).sent).toBe(1);
    expect(sms.calls[0]!.idempotencyKey).toBe(queued!.id);
    expect((await rows())[0]).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it('delivers through the SMS gateway adapter end to end, and a garbage answer is retried', async () => {
    let answer: 'garbage' | 'ok' = 'garbage';
    const fake = await startFakeHttp((_req, res) => {
      if (answer === 'garbage') res.writeHead(200, { 'content-type': 'text/plain' }).end('OK!!');
      else res.writeHead(200, { 'content-type': 'application/json' }).end('[{"message_id": 987}]');
    });
    try {
      const sms = smsHttpAdapter({ baseUrl: fake.url, apiKey: 'k', senderName: 'TAPAT', timeoutMs: 2_000 });
      await queueSms(t.deps.db, { to: phone, body: 'Hello' }, { requestId: null });
      expect((await deliverDue(t.deps, { SMS: sms, EMAIL: null })).retried).toBe(1);
      answer = 'ok';
      t.clock.advance(30_000);
      expect((await deliverDue(t.deps, { SMS: sms, EMAIL: null })).sent).toBe(1);
      expect((await rows())[0]).toMatchObject({ status: 'SENT', providerMessageId: '987', attempts: 2 });
      expect(fake.requests).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });
});
