import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { OUTBOX_FAILING_SQL, OUTBOX_PROBLEMS_SQL, OUTBOX_WAITING_SQL, outboxAttempts, outboxMessages } from '../../db/schema';
import { writeAudit, type AuditContext } from '../../audit';
import type { SessionAuth } from '../../sessions/store';
import { AppError } from '../../http/errors';
import { maskRecipient } from '../../../shared/notify/mask';
import type { AdminOutboxMessage, AdminOutboxQuery, AdminOutboxResponse, OutboxView } from '../../../shared/schemas/outbox-admin';

/**
 * The back office's delivery screen (/admin/outbox): dead and failing messages first, each with its
 * attempts, masked recipient and redacted body, and a retry that puts a dead (or failing) message
 * back in the queue at once (audited). The body with a one-time code is never read here.
 */
function whereOf(view: OutboxView): SQL | undefined {
  // Each view's condition is its partial index's own predicate (or the status index's), so that the
  // index serves the page.
  switch (view) {
    case 'DEAD':
      return eq(outboxMessages.status, 'DEAD');
    case 'FAILING':
      return sql.raw(OUTBOX_FAILING_SQL);
    case 'WAITING':
      return sql.raw(OUTBOX_WAITING_SQL);
    case 'SENT':
      return eq(outboxMessages.status, 'SENT');
    case 'ALL':
      return undefined;
    case 'PROBLEMS':
      return sql.raw(OUTBOX_PROBLEMS_SQL);
  }
}

/** Each count of the screen reads at most this many rows (past it: "1000+"). */
const OUTBOX_COUNT_CAP = 1000;

export async function listOutboxForStaff(deps: AppDeps, query: AdminOutboxQuery): Promise<AdminOutboxResponse> {
  // Newest first by (created_at, id), a page at a time: the cursor is the last message's id, whose
  // position is read in the same statement (a keyset: the page reads limit + 1 index entries at any depth).
  const after = query.cursor
    ? sql`(${outboxMessages.createdAt}, ${outboxMessages.id}) < (select c.created_at, c.id from ${outboxMessages} c where c.id = ${query.cursor})`
    : undefined;
  const found = await deps.db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      // Only the redacted form leaves this module: a code-carrying body is never selected.
      body: sql<string>`coalesce(${outboxMessages.redactedBody}, ${outboxMessages.body})`,
      status: outboxMessages.status,
      attempts: outboxMessages.attempts,
      lastError: outboxMessages.lastError,
      createdAt: outboxMessages.createdAt,
      sendAfter: outboxMessages.sendAfter,
      nextAttemptAt: outboxMessages.nextAttemptAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    .where(and(whereOf(query.view), after))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(query.limit + 1);
  const rows = found.slice(0, query.limit);
  const history = rows.length
    ? await deps.db
        .select()
        .from(outboxAttempts)
        .where(
          inArray(
            outboxAttempts.messageId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(outboxAttempts.startedAt), asc(outboxAttempts.attempt))
    : [];
  // Each count reads at most OUTBOX_COUNT_CAP entries of one index (never the whole outbox): queued
  // and failing their partial indexes, the others the status index (ordered by its second column, so
  // that an index walk, not a sequential scan that stops early, serves even the largest status).
  const capped = (where: string) =>
    `(select count(*) from (select 1 from outbox_messages where ${where} order by created_at limit ${OUTBOX_COUNT_CAP}) c)::int`;
  const counted = await deps.db.execute<{ queued: number; failing: number; sending: number; sent: number; dead: number }>(
    sql.raw(
      `select ${capped(OUTBOX_WAITING_SQL)} as queued, ${capped(OUTBOX_FAILING_SQL)} as failing,
              ${capped(`status = 'SENDING'`)} as sending, ${capped(`status = 'SENT'`)} as sent, ${capped(`status = 'DEAD'`)} as dead`,
    ),
  );
  const c = counted.rows[0];
  const counts = {
    queued: Number(c?.queued ?? 0),
    failing: Number(c?.failing ?? 0),
    sending: Number(c?.sending ?? 0),
    sent: Number(c?.sent ?? 0),
    dead: Number(c?.dead ?? 0),
  };
  const messages: AdminOutboxMessage[] = rows.map((r) => ({
    id: r.id,
    channel: r.channel as AdminOutboxMessage['channel'],
    recipient: maskRecipient(r.recipient),
    subject: r.subject,
    body: r.body,
    status: r.status as AdminOutboxMessage['status'],
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sendAfter: r.sendAfter?.toISOString() ?? null,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    sentAt: r.sentAt?.toISOString() ?? null,
    history: history
      .filter((h) => h.messageId === r.id)
      .map((h) => ({ attempt: h.attempt, provider: h.provider, outcome: h.outcome as 'SENT', error: h.error, finishedAt: h.finishedAt.toISOString() })),
  }));
  return {
    messages,
    nextCursor: found.length > query.limit ? rows.at(-1)!.id : null,
    limit: query.limit,
    counts,
    countCap: OUTBOX_COUNT_CAP,
    providers: { sms: deps.config.delivery.sms.provider, email: deps.config.delivery.email.provider },
  };
}

/** DEAD, or QUEUED after a failure -> QUEUED now, with a fresh set of attempts. Anything else is a 409. */
export async function retryMessage(deps: AppDeps, auth: SessionAuth, messageId: string, context: AuditContext): Promise<{ id: string; status: 'QUEUED' }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: outboxMessages.id, status: outboxMessages.status, attempts: outboxMessages.attempts, lastError: outboxMessages.lastError })
      .from(outboxMessages)
      .where(eq(outboxMessages.id, messageId))
      .for('update');
    if (!row) throw new AppError(404, 'NOT_FOUND');
    const retryable = row.status === 'DEAD' || (row.status === 'QUEUED' && row.attempts > 0);
    if (!retryable) throw new AppError(409, 'CONFLICT');
    await tx.update(outboxMessages).set({ status: 'QUEUED', attempts: 0, nextAttemptAt: null, leaseUntil: null }).where(eq(outboxMessages.id, row.id));
    await writeAudit(tx, {
      actor: { userId: auth.userId, role: auth.role },
      action: 'OUTBOX_RETRY',
      subjectType: 'OUTBOX_MESSAGE',
      subjectId: row.id,
      details: { previousStatus: row.status, previousAttempts: row.attempts, lastError: row.lastError },
      ip: context.ip,
      at: now,
    });
    return { id: row.id, status: 'QUEUED' as const };
  });
}
