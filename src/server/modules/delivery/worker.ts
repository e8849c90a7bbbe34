import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { outboxAttempts, outboxMessages } from '../../db/schema';
import { asDeliveryError, type MessageAdapter, type MessageAdapters } from '../../providers/messages';
import { isWithinSendingHours, nextAllowedSendTime } from '../../../shared/notify/quiet-hours';

/**
 * The delivery worker's pass (src/server/jobs/delivery.ts runs it on an interval; tests call it).
 * A message is claimed in a short transaction (SELECT ... FOR UPDATE SKIP LOCKED, then SENDING with
 * a lease and one more attempt), sent outside any transaction, and its outcome written with an
 * attempt row in a second one. So several processes never claim one message together, a slow
 * provider never holds a database lock, and a process killed mid-send leaves a SENDING row whose
 * lease runs out and which another pass takes over (the idempotency key, the message id, goes with
 * every attempt so a provider that honours it delivers once).
 *
 * Channels whose adapter is the outbox one are left alone (QUEUED, shown at /dev/outbox).
 *
 * Quiet hours (DECISIONS.md invariant 10; docs/decisions/062) are enforced HERE, for every message
 * whoever queued it: between 22:00 and 06:00 Philippine time only a message carrying a one-time code
 * (one the member just asked for: a redacted body, written by withCode) is claimed; every other one
 * (a decision, a disbursement, a receipt, a reminder...) is a notice and waits. A pass at night
 * first stamps the waiting notices' send_after with the next 06:00 (holdNotices), so every view of
 * the outbox (/dev/outbox, the back office, the member's data export) says when they will leave.
 */
export interface DeliveryPass {
  readonly sent: number;
  readonly retried: number;
  readonly dead: number;
}

/** The wait before retry number `attempt` + 1: base, 2x, 4x, ... at most six hours. */
export function backoffMs(attempt: number, baseSeconds: number): number {
  const exponent = Math.max(0, Math.min(attempt - 1, 20));
  return Math.min(baseSeconds * 1000 * 2 ** exponent, 6 * 3_600_000);
}

interface Claimed {
  readonly id: string;
  readonly channel: 'SMS' | 'EMAIL';
  readonly recipient: string;
  readonly subject: string | null;
  readonly body: string;
  readonly attempts: number;
  /** The request that queued it (originReqId in the pass's log). */
  readonly requestId: string | null;
}

/** A notice: a message that carries no one-time code (the only kind the member just asked for). */
const isNotice = isNull(outboxMessages.redactedBody);

/**
 * At night (outside 06:00-22:00 Manila), gives every queued notice that would otherwise be due
 * before the next 06:00 that 06:00 as its send_after. Answers how many were held. Outside the quiet
 * hours it does nothing. Runs whatever the adapters (the offline outbox adapter too), so the row
 * itself says when it leaves.
 */
async function holdNotices(deps: AppDeps, now: Date = deps.clock.now()): Promise<number> {
  if (isWithinSendingHours(now)) return 0;
  const morning = nextAllowedSendTime(now);
  const held = await deps.db
    .update(outboxMessages)
    .set({ sendAfter: morning })
    .where(and(eq(outboxMessages.status, 'QUEUED'), isNotice, or(isNull(outboxMessages.sendAfter), lt(outboxMessages.sendAfter, morning))))
    .returning({ id: outboxMessages.id });
  return held.length;
}

/**
 * Claims up to `size` due messages in one short transaction: the oldest first, FOR UPDATE SKIP
 * LOCKED (so two processes never claim one), each moved to SENDING with one more attempt and a lease.
 */
async function claimBatch(deps: AppDeps, channels: ('SMS' | 'EMAIL')[], now: Date, size: number): Promise<Claimed[]> {
  // At night only a message with a code may leave (a retry of a notice too waits for the morning).
  const quiet = !isWithinSendingHours(now);
  return deps.db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(
        and(
          inArray(outboxMessages.channel, channels),
          quiet ? isNotNull(outboxMessages.redactedBody) : undefined,
          or(
            and(
              eq(outboxMessages.status, 'QUEUED'),
              or(isNull(outboxMessages.sendAfter), lte(outboxMessages.sendAfter, now)),
              or(isNull(outboxMessages.nextAttemptAt), lte(outboxMessages.nextAttemptAt, now)),
            ),
            and(eq(outboxMessages.status, 'SENDING'), lte(outboxMessages.leaseUntil, now)),
          ),
        ),
      )
      .orderBy(asc(outboxMessages.createdAt))
      .limit(size)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return [];
    const claimed = await tx
      .update(outboxMessages)
      .set({
        status: 'SENDING',
        attempts: sql`${outboxMessages.attempts} + 1`,
        leaseUntil: new Date(now.getTime() + deps.config.delivery.leaseSeconds * 1000),
      })
      .where(
        inArray(
          outboxMessages.id,
          rows.map((r) => r.id),
        ),
      )
      .returning({
        id: outboxMessages.id,
        channel: outboxMessages.channel,
        recipient: outboxMessages.recipient,
        subject: outboxMessages.subject,
        body: outboxMessages.body,
        attempts: outboxMessages.attempts,
        requestId: outboxMessages.requestId,
        createdAt: outboxMessages.createdAt,
      });
    // Oldest first, as claimed (RETURNING keeps no order).
    return claimed
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(({ createdAt: _createdAt, ...row }) => ({ ...row, channel: row.channel as Claimed['channel'] }));
  });
}

type Outcome = { kind: 'SENT'; providerMessageId: string | null } | { kind: 'RETRY' | 'DEAD'; error: string };

async function finish(deps: AppDeps, message: Claimed, adapter: MessageAdapter, startedAt: Date, outcome: Outcome): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    // Only while the claim is still ours (same attempt, still SENDING): a pass that took over an
    // expired lease has its own attempt number.
    const mine = and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, 'SENDING'), eq(outboxMessages.attempts, message.attempts));
    // A message marked to lose its recipient once done (a deleted member's last notice, decision 029) loses it now.
    const erased = { recipient: sql`coalesce(${outboxMessages.recipientAfterSend}, ${outboxMessages.recipient})` };
    const update =
      outcome.kind === 'SENT'
        ? { status: 'SENT', sentAt: now, leaseUntil: null, lastError: null, nextAttemptAt: null, providerMessageId: outcome.providerMessageId, ...erased }
        : outcome.kind === 'RETRY'
          ? {
              status: 'QUEUED',
              leaseUntil: null,
              lastError: outcome.error,
              nextAttemptAt: new Date(now.getTime() + backoffMs(message.attempts, deps.config.delivery.retryBaseSeconds)),
            }
          : { status: 'DEAD', leaseUntil: null, lastError: outcome.error, nextAttemptAt: null, ...erased };
    const updated = await tx.update(outboxMessages).set(update).where(mine).returning({ id: outboxMessages.id });
    await tx.insert(outboxAttempts).values({
      messageId: message.id,
      attempt: message.attempts,
      provider: adapter.name,
      outcome: outcome.kind,
      error: outcome.kind === 'SENT' ? (updated.length === 0 ? 'sent after the lease ran out' : null) : outcome.error,
      startedAt,
      finishedAt: now,
    });
  });
}

/**
 * When message number `index` of a pass may start, so that the pass sends at most `perSecond`
 * messages a second (DELIVERY_MAX_PER_SECOND): `index` / `perSecond` seconds after the pass began.
 */
export function sendSlotMs(index: number, perSecond: number): number {
  return Math.floor((index * 1000) / perSecond);
}

async function deliverOne(deps: AppDeps, adapters: MessageAdapters, message: Claimed, log?: FastifyBaseLogger): Promise<Outcome['kind']> {
  const startedAt = deps.clock.now();
  const adapter = adapters[message.channel]!;
  let outcome: Outcome;
  try {
    const delivered = await adapter.deliver({
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      idempotencyKey: message.id,
    });
    outcome = { kind: 'SENT', providerMessageId: delivered.providerMessageId };
  } catch (error) {
    const failure = asDeliveryError(error);
    const last = message.attempts >= deps.config.delivery.maxAttempts;
    outcome = {
      kind: failure.permanent || last ? 'DEAD' : 'RETRY',
      error: last && !failure.permanent ? `${failure.reason} (gave up after ${message.attempts} attempts)` : failure.reason,
    };
  }
  await finish(deps, message, adapter, startedAt, outcome);
  log?.info(
    { messageId: message.id, channel: message.channel, outcome: outcome.kind, originReqId: message.requestId ?? undefined },
    'outbox message processed',
  );
  return outcome.kind;
}

/**
 * Sends what is due, at most `limit` messages (default: DELIVERY_MAX_PER_SECOND x 10, ten seconds'
 * worth). Messages are claimed in batches; up to DELIVERY_CONCURRENCY are with the provider at once
 * (each outcome written in its own short transaction as it comes), started no faster than
 * DELIVERY_MAX_PER_SECOND. `log` (the pass's logger) gets a line per message: its id, the outcome and
 * the id of the request that queued it (originReqId), never a body or a recipient.
 */
export async function deliverDue(deps: AppDeps, adapters: MessageAdapters, limit?: number, log?: FastifyBaseLogger): Promise<DeliveryPass> {
  const channels = (['SMS', 'EMAIL'] as const).filter((c) => adapters[c] !== null);
  const done = { sent: 0, retried: 0, dead: 0 };
  await holdNotices(deps);
  if (channels.length === 0) return done;
  const { concurrency, maxPerSecond } = deps.config.delivery;
  const most = limit ?? maxPerSecond * 10;
  const began = performance.now();
  let started = 0;
  while (started < most) {
    const batch = await claimBatch(deps, [...channels], deps.clock.now(), Math.min(concurrency * 2, most - started));
    if (batch.length === 0) break;
    let next = 0;
    const lane = async () => {
      while (next < batch.length) {
        const message = batch[next]!;
        next += 1;
        const wait = sendSlotMs(started, maxPerSecond) - (performance.now() - began);
        started += 1;
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        const kind = await deliverOne(deps, adapters, message, log);
        if (kind === 'SENT') done.sent += 1;
        else if (kind === 'RETRY') done.retried += 1;
        else done.dead += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, batch.length) }, lane));
  }
  return done;
}
