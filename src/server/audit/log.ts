import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuditAction, AuditSubjectType } from '../../shared/schemas/audit';
import { redactSecrets } from './redact';

/**
 * The audit writer: infrastructure, not a module, so every module records its
 * staff actions through it inside its own transaction: the row commits with the change or not at
 * all. Details are what a reviewer needs (before/after for configuration), never a secret.
 */
export interface AuditActor {
  /** null for the command line (npm run user:create). */
  readonly userId: string | null;
  readonly role: 'OFFICER' | 'ADMIN' | 'SYSTEM' | string;
}

export interface AuditEntryInput {
  readonly actor: AuditActor;
  readonly action: AuditAction;
  readonly subjectType: AuditSubjectType;
  readonly subjectId: string | null;
  readonly details?: Record<string, unknown>;
  readonly ip: string | null;
  readonly at: Date;
}

/**
 * The request a staff or member action runs for: where it came from, for the audit row, and its id
 * (request.id, x-request-id) for the rows it leaves to a job (outbox messages, withdrawals: decision
 * 045). Built from a request by requestOrigin (http/request-origin.ts); null fields outside a request.
 */
export interface AuditContext {
  readonly ip: string | null;
  readonly requestId: string | null;
}

export async function writeAudit(db: DbOrTx, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actor.userId,
    actorRole: entry.actor.role,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    details: redactSecrets(entry.details ?? {}) as Record<string, unknown>,
    ip: entry.ip,
    at: entry.at,
  });
}
