import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, users } from '../db/schema';
import type { AuditQuery, AuditResponse } from '../../shared/schemas/audit';
import { PG_BIGINT_MAX } from '../../shared/schemas/params';

const DAY_MS = 86_400_000;

/** The start of a Philippine calendar day (UTC+8, no daylight saving) as an instant. */
export function philippineDayStart(date: string): Date {
  return new Date(`${date}T00:00:00+08:00`);
}

/** The conditions of the filters; `to` is inclusive (up to the end of that Philippine day). */
export function auditConditions(q: AuditQuery): SQL[] {
  const where: SQL[] = [];
  if (q.actor) where.push(eq(auditLog.actorUserId, q.actor));
  if (q.action) where.push(eq(auditLog.action, q.action));
  if (q.subjectType) where.push(eq(auditLog.subjectType, q.subjectType));
  if (q.subjectId) where.push(eq(auditLog.subjectId, q.subjectId));
  if (q.from) where.push(gte(auditLog.at, philippineDayStart(q.from)));
  if (q.to) where.push(lt(auditLog.at, new Date(philippineDayStart(q.to).getTime() + DAY_MS)));
  if (q.cursor) where.push(lt(auditLog.seq, BigInt(q.cursor)));
  return where;
}

/** A page of the audit log, newest first, with the cursor of the next (older) page. */
export async function listAudit(db: DbOrTx, q: AuditQuery): Promise<AuditResponse> {
  const rows = await db
    .select({ row: auditLog, actorName: users.fullName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(and(...auditConditions(q)))
    .orderBy(desc(auditLog.seq))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  // The actors: a loose index scan of audit_log_actor_idx (one probe per distinct actor, never a
  // read of every audit row), each with the role of its latest row and its current name. The role's
  // probe is a row comparison, not `actor_user_id = u.id`: with that equality PostgreSQL may walk the
  // whole log backward by seq (audit_log_seq_unique, filtering for the actor: 92 ms an actor at the
  // 200,000-member seed), while `(actor_user_id, seq) <= (u.id, max)` only audit_log_actor_idx serves,
  // and its first entry walking backward is the actor's latest row (the actor is in the log).
  const actors = (await db.execute(sql`
    with recursive actor(id) as (
      (select ${auditLog.actorUserId} from ${auditLog} where ${auditLog.actorUserId} is not null order by ${auditLog.actorUserId} limit 1)
      union all
      select (select a.actor_user_id from ${auditLog} a where a.actor_user_id > actor.id order by a.actor_user_id limit 1) from actor where actor.id is not null
    )
    select u.id, u.full_name as name,
      (select l.actor_role from ${auditLog} l where (l.actor_user_id, l.seq) <= (u.id, ${sql.raw(PG_BIGINT_MAX.toString())}::bigint)
        order by l.actor_user_id desc, l.seq desc limit 1) as role
    from actor join ${users} u on u.id = actor.id
    order by u.full_name
    limit 200`)) as unknown as { rows: { id: string; name: string; role: string }[] };
  return {
    entries: page.map(({ row, actorName }) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: {
        id: row.actorUserId,
        name: actorName ?? (row.actorRole === 'SYSTEM' ? 'Command line' : 'Former staff member'),
        role: row.actorRole,
      },
      action: row.action,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      details: (row.details ?? {}) as Record<string, unknown>,
      ip: row.ip,
    })),
    nextCursor: rows.length > q.limit ? page.at(-1)!.row.seq.toString() : null,
    actors: actors.rows.map((a) => ({ id: a.id, name: a.name, role: a.role })),
  };
}
