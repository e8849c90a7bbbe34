import type { Db } from '../db/client';
import { documentAccessLog } from '../db/schema';
import { writeAudit, type AuditEntryInput } from './log';

/**
 * A staff member looked at a member's personal data (an ID image, an application, a deletion
 * request): one row in the access log the member's data export lists, and one in the staff audit
 * log, together or not at all. Every such view goes through here.
 */
export interface StaffViewInput {
  readonly staff: { readonly userId: string; readonly role: string };
  /** The member whose data was shown; null when the request's member is gone. */
  readonly memberId: string | null;
  /** The image shown, for a document view. */
  readonly documentId?: string | null;
  /** What the access log calls it: a document kind, APPLICATION or DELETION_REQUEST. */
  readonly kind: string;
  readonly ip: string | null;
  readonly userAgent?: string | null | undefined;
  readonly at: Date;
  readonly audit: Pick<AuditEntryInput, 'action' | 'subjectType' | 'subjectId' | 'details'>;
}

export async function recordStaffView(db: Db, view: StaffViewInput): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(documentAccessLog).values({
      staffUserId: view.staff.userId,
      staffRole: view.staff.role,
      memberId: view.memberId,
      documentId: view.documentId ?? null,
      kind: view.kind,
      ip: view.ip,
      userAgent: view.userAgent?.slice(0, 300) ?? null,
      createdAt: view.at,
    });
    await writeAudit(tx, { actor: view.staff, ...view.audit, ip: view.ip, at: view.at });
  });
}
