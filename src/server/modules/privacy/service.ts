import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { dataDeletionRequests, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { asLanguage, messageText, queueEmail, queueSms } from '../../providers/notify';
import type { RequestOrigin } from '../../http/request-origin';
import { confirmCurrentPassword } from '../../sessions/reauth';
import type { SessionAuth } from '../../sessions/store';
import { translateEn } from '../../../shared/i18n/lookup';
import { philippineDateTime } from '../../../shared/i18n/philippine-time';
import { uniqueViolation } from '../../db/errors';
import { isDeletionRejectionReason, type DeletionRejectionReason } from '../../../shared/reasons/catalogue';
import { exportMemberData, type DataExport } from './export';

/**
 * The member's data rights (Data Privacy Act of 2012, DECISIONS.md invariant 9): a download of
 * everything Tapat holds about them, and a request to delete it that staff handle.
 */

export { exportMemberData, type DataExport };

/**
 * POST /api/privacy/export: the member's current password first (a wrong one counts as a failed
 * sign-in, under the same limits: sessions/reauth.ts), then the export, and the member is told by
 * SMS and e-mail that a copy of their data was made. A stolen session alone downloads nothing.
 */
export async function exportMemberDataConfirmed(deps: AppDeps, auth: SessionAuth, input: { password: string }, ctx: RequestOrigin): Promise<DataExport> {
  await confirmCurrentPassword(deps.db, deps.clock, auth, input.password, ctx, { field: 'password', key: 'activation.privacy.passwordWrong' });
  const exported = await exportMemberData(deps, auth.userId);
  const [user] = await deps.db.select({ phone: users.phone, email: users.email, language: users.language }).from(users).where(eq(users.id, auth.userId));
  if (user) {
    // In the member's language (users.language), the time in Philippine time.
    const language = asLanguage(user.language);
    const company = deps.config.company;
    const values = { company: company.shortName, date: philippineDateTime(deps.clock.now(), language), supportEmail: company.supportEmail };
    const body = messageText(language, 'activation.privacy.exportNotice', values);
    await deps.db.transaction(async (tx) => {
      await queueSms(tx, { to: user.phone, body }, ctx);
      await queueEmail(
        tx,
        { to: user.email, member: auth.userId, subject: messageText(language, 'activation.privacy.exportNoticeSubject', values), body },
        ctx,
      );
    });
  }
  return exported;
}

// Deletion requests ------------------------------------------------------------------------

const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== null;

const openRequestConflict = () => new AppError(409, 'CONFLICT', translateEn('activation.errors.deletionRequestOpen'));

/** Files a deletion request for staff; one open request at a time (409 for a second). */
export async function requestDeletion(
  deps: AppDeps,
  userId: string,
  input: { reason: string | null },
  ctx: { ip: string },
): Promise<{ requestedAt: string; message: string }> {
  const now = deps.clock.now();
  const [user] = await deps.db.select({ fullName: users.fullName }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  const open = await deps.db
    .select({ id: dataDeletionRequests.id })
    .from(dataDeletionRequests)
    .where(and(eq(dataDeletionRequests.userId, userId), eq(dataDeletionRequests.status, 'OPEN')))
    .limit(1);
  if (open.length > 0) throw openRequestConflict();
  try {
    await deps.db
      .insert(dataDeletionRequests)
      .values({ userId, memberName: user.fullName, reason: input.reason, status: 'OPEN', requestedAt: now, ip: ctx.ip });
  } catch (error) {
    if (isUniqueViolation(error)) throw openRequestConflict();
    throw error;
  }
  return { requestedAt: now.toISOString(), message: translateEn('activation.privacy.deletionRequested') };
}

type RequestStatus = 'OPEN' | 'COMPLETED' | 'REJECTED';

/** The member's latest deletion request, if any, with the catalogue's reason when it was declined. */
export async function myDeletionRequest(
  deps: AppDeps,
  userId: string,
): Promise<{ request: { requestedAt: string; status: RequestStatus; rejectionReasonCode: DeletionRejectionReason | null } | null }> {
  const [row] = await deps.db
    .select({ requestedAt: dataDeletionRequests.requestedAt, status: dataDeletionRequests.status, code: dataDeletionRequests.rejectionReasonCode })
    .from(dataDeletionRequests)
    .where(eq(dataDeletionRequests.userId, userId))
    .orderBy(desc(dataDeletionRequests.requestedAt))
    .limit(1);
  if (!row) return { request: null };
  const status = row.status as RequestStatus;
  const code = status === 'REJECTED' && row.code && isDeletionRejectionReason(row.code) ? row.code : null;
  return { request: { requestedAt: row.requestedAt.toISOString(), status, rejectionReasonCode: code } };
}
