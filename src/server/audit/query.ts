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
function auditConditions(q: AuditQuery): SQL[] {
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

/** Keys of audit details that hold a phone number or an e-mail address (`phone`, `newEmail`, `e-mail`, ...). */
const CONTACT_KEY = /phone|e-?mail/i;

/**
 * The subject types whose rows are about a staff account (STAFF_CREATE records its phone and
 * e-mail). Their contacts are shown to ADMINs only: an officer reads who did what by name and role,
 * and a colleague's private number is no part of that (decision 052).
 */
const STAFF_SUBJECTS: ReadonlySet<string> = new Set(['USER']);

function withoutContacts(value: unknown, depth = 0): unknown {
  if (depth > 8) return '[too deep]';
  if (Array.isArray(value)) return value.map((v) => withoutContacts(v, depth + 1));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([k]) => !CONTACT_KEY.test(k))
        .map(([k, v]) => [k, withoutContacts(v, depth + 1)]),
    );
  return value;
}

/** The details of an audit row as `viewerRole` may read them: a staff account's contacts for an ADMIN only. */
function detailsFor(viewerRole: string, subjectType: string, details: Record<string, unknown>): Record<string, unknown> {
  if (viewerRole === 'ADMIN' || !STAFF_SUBJECTS.has(subjectType)) return details;
  return withoutContacts(details) as Record<string, unknown>;
}

/**
 * A page of the audit log, newest first, with the cursor of the next (older) page, as `viewerRole`
 * may read it (detailsFor). Staff appear by name and role only (the actors never carry contacts).
 */
export async function listAudit(db: DbOrTx, q: AuditQuery, viewerRole: string): Promise<AuditResponse> {
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
      details: detailsFor(viewerRole, row.subjectType, (row.details ?? {}) as Record<string, unknown>),
      ip: row.ip,
    })),
    nextCursor: rows.length > q.limit ? page.at(-1)!.row.seq.toString() : null,
    actors: actors.rows.map((a) => ({ id: a.id, name: a.name, role: a.role })),
  };
}
