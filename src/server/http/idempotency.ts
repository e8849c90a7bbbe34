import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { messagesJson, queueMessagesSql, type QueuedMessage } from '../providers/notify';
import { preparedSql } from '../db/prepared';
import { AppError } from './errors';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/schemas/loans';
import { canonicalJson } from '../../shared/json/canonical';
import { text } from '../../shared/i18n/text';

/**
 * Idempotency-Key for requests that create or move money (DESIGN.md): the same key with the same
 * request answers the first answer; the same key with a different request is refused (422). Keys are
 * per user and endpoint (scope). The key row is claimed at the start of the request's transaction,
 * so a concurrent retry with the same key waits for the first and then gets its answer; a request
 * that fails rolls its claim back and may be retried with the same key.
 */
const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The request's Idempotency-Key header, or 400 IDEMPOTENCY_KEY_REQUIRED. */
export function readIdempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED', text('errors.IDEMPOTENCY_KEY_REQUIRED'));
  }
  return key;
}

const canonical = canonicalJson;

export interface IdempotentAnswer<T> {
  readonly status: number;
  readonly body: T;
  readonly replayed: boolean;
}

/** An outbox message written with the answer (providers/notify.ts smsAndEmailRows; an e-mail only to a verified address, decision 051). */
export type AnswerMessage = QueuedMessage;

/**
 * Runs `work` once per (user, scope, key) inside the caller's transaction. `request` is what makes
 * two requests the same (body and path). `work`'s answer must be JSON. The messages `work` answers
 * with (`messages`: outbox rows, in order) are written by the statement that stores the answer
 * (decision 041): the same rows as queueing them last in `work`, one round trip fewer.
 */
export async function idempotent<T>(
  tx: Tx,
  input: { userId: string; scope: string; key: string; request: unknown; at: Date },
  work: () => Promise<{ status: number; body: T; messages?: readonly AnswerMessage[] }>,
): Promise<IdempotentAnswer<T>> {
  const hash = createHash('sha256').update(canonical(input.request)).digest('hex');
  const claimed = await claimStatement(tx).execute({ userId: input.userId, scope: input.scope, key: input.key, hash, at: input.at.toISOString() });
  if (!claimed[0]) {
    const [row] = await tx
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key)));
    if (!row || row.requestHash !== hash || row.responseStatus === 0) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', text('errors.IDEMPOTENCY_KEY_REUSED'));
    }
    return { status: row.responseStatus, body: JSON.parse(row.responseBody) as T, replayed: true };
  }
  const { messages, ...answer } = await work();
  const values = { userId: input.userId, scope: input.scope, key: input.key, status: answer.status, body: JSON.stringify(answer.body) };
  if (messages && messages.length > 0) {
    const [stored] = await answerWithMessagesStatement(tx).execute({ ...values, messages: messagesJson(messages) });
    // A member's e-mail is written only to their verified address (decision 051); every other message always.
    const required = messages.filter((m) => !(m.channel === 'EMAIL' && m.member)).length;
    const written = stored?.messages ?? 0;
    if (written < required || written > messages.length) throw new Error(`the answer statement wrote ${written} of ${messages.length} messages`);
  } else {
    await answerStatement(tx).execute(values);
  }
  return { ...answer, replayed: false };
}

/** The claim of a key: built once (src/server/db/prepared.ts), a row only when this transaction inserted it. */
function claimStatement(tx: Tx) {
  return preparedSql<{ key: string }>(
    tx,
    'idempotency_claim',
    () => sql`insert into idempotency_keys (user_id, scope, key, request_hash, created_at)
values (${sql.placeholder('userId')}::uuid, ${sql.placeholder('scope')}, ${sql.placeholder('key')}, ${sql.placeholder('hash')}, ${sql.placeholder('at')}::timestamptz)
on conflict do nothing
returning key`,
  );
}

function answerStatement(tx: Tx) {
  return preparedSql<never>(
    tx,
    'idempotency_answer',
    () => sql`update idempotency_keys set response_status = ${sql.placeholder('status')}::int, response_body = ${sql.placeholder('body')}
where user_id = ${sql.placeholder('userId')}::uuid and scope = ${sql.placeholder('scope')} and key = ${sql.placeholder('key')}`,
  );
}

/** The answer and the outbox messages in one statement (the messages as one JSON parameter, inserted in their order). */
function answerWithMessagesStatement(tx: Tx) {
  return preparedSql<{ messages: number }>(
    tx,
    'idempotency_answer_with_messages',
    () => sql`with
  queued as (${queueMessagesSql('messages')}),
  answered as (
    update idempotency_keys set response_status = ${sql.placeholder('status')}::int, response_body = ${sql.placeholder('body')}
    where user_id = ${sql.placeholder('userId')}::uuid and scope = ${sql.placeholder('scope')} and key = ${sql.placeholder('key')}
    returning 1
  )
select (select count(*)::int from queued) as messages, (select count(*)::int from answered) as answered`,
  );
}

/**
 * A deleted member's stored answers (docs/decisions/029 addendum): their own go (they quote the
 * member, and nobody can retry without a session); other callers' answers that quote them (an
 * officer's disbursement answer names the borrower) keep their place, so a retry still replays, with
 * each of `needles` replaced by `replacement`.
 */
export async function forgetIdempotentAnswers(db: DbOrTx, userId: string, needles: readonly string[], replacement: string): Promise<void> {
  await db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, userId));
  const ordered = [...new Set(needles.filter((n) => n.trim().length >= 3))].sort((a, b) => b.length - a.length);
  for (const needle of ordered) {
    await db
      .update(idempotencyKeys)
      .set({ responseBody: sql`replace(${idempotencyKeys.responseBody}, ${needle}::text, ${replacement}::text)` })
      .where(sql`position(${needle}::text in ${idempotencyKeys.responseBody}) > 0`);
  }
}
