import { and, desc, eq, gte, isNotNull, lt, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditLog, users } from '../db/schema';
import type { AuditQuery, AuditResponse } from '../../shared/schemas/audit';

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
  const actors = await db
    .selectDistinct({ id: users.id, name: users.fullName, role: auditLog.actorRole })
    .from(auditLog)
    .innerJoin(users, eq(users.id, auditLog.actorUserId))
    .where(isNotNull(auditLog.actorUserId))
    .orderBy(users.fullName)
    .limit(200);
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
    actors: actors.map((a) => ({ id: a.id, name: a.name, role: a.role })),
  };
}
