import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx, Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { AppError } from './errors';
import { IDEMPOTENCY_KEY_PATTERN } from '../../shared/schemas/loans';
import { canonicalJson } from '../../shared/json/canonical';

/**
 * Idempotency-Key for requests that create or move money (DESIGN.md): the same key with the same
 * request answers the first answer; the same key with a different request is refused (422). Keys are
 * per user and endpoint (scope). The key row is claimed at the start of the request's transaction,
 * so a concurrent retry with the same key waits for the first and then gets its answer; a request
 * that fails rolls its claim back and may be retried with the same key.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The request's Idempotency-Key header, or 400 IDEMPOTENCY_KEY_REQUIRED. */
export function readIdempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER];
  const key = Array.isArray(value) ? value[0] : value;
  if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_REQUIRED', 'This request needs an Idempotency-Key header: 8 to 128 letters, digits, or _ . : -');
  }
  return key;
}

const canonical = canonicalJson;

export interface IdempotentAnswer<T> {
  readonly status: number;
  readonly body: T;
  readonly replayed: boolean;
}

/**
 * Runs `work` once per (user, scope, key) inside the caller's transaction. `request` is what makes
 * two requests the same (body and path). `work`'s answer must be JSON.
 */
export async function idempotent<T>(
  tx: Tx,
  input: { userId: string; scope: string; key: string; request: unknown; at: Date },
  work: () => Promise<{ status: number; body: T }>,
): Promise<IdempotentAnswer<T>> {
  const hash = createHash('sha256').update(canonical(input.request)).digest('hex');
  const claimed = await tx
    .insert(idempotencyKeys)
    .values({ userId: input.userId, scope: input.scope, key: input.key, requestHash: hash, createdAt: input.at })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const where = and(eq(idempotencyKeys.userId, input.userId), eq(idempotencyKeys.scope, input.scope), eq(idempotencyKeys.key, input.key));
  if (!claimed[0]) {
    const [row] = await tx.select().from(idempotencyKeys).where(where);
    if (!row || row.requestHash !== hash || row.responseStatus === 0) {
      throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
    }
    return { status: row.responseStatus, body: JSON.parse(row.responseBody) as T, replayed: true };
  }
  const answer = await work();
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: answer.status, responseBody: JSON.stringify(answer.body) })
    .where(where);
  return { ...answer, replayed: false };
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
