import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { AppDeps } from '../../deps';
import {
  consents,
  contactMessages,
  dataDeletionRequests,
  documentAccessLog,
  documentUploadAttempts,
  memberAddresses,
  memberDocuments,
  memberIdentities,
  memberPersonal,
  memberReferences,
  otpChallenges,
  outboxMessages,
  payoutAccounts,
  recoveryAttempts,
  sessions,
  signInAttempts,
  users,
} from '../../db/schema';
import { AppError } from '../../http/errors';
import { asLanguage, messageText, queueEmail, queueSms } from '../../providers/notify';
import type { RequestOrigin } from '../../http/request-origin';
import { confirmCurrentPassword } from '../../sessions/reauth';
import type { SessionAuth } from '../../sessions/store';
import { storageFor } from '../../providers/storage';
import { translateEn } from '../../../shared/i18n/lookup';
import { philippineDateTime } from '../../../shared/i18n/philippine-time';
import { philippineDate } from '../../../shared/activation/age';
import { toDecimalString } from '../../../shared/money/money';
import { uniqueViolation } from '../../db/errors';
import { isDeletionRejectionReason, type DeletionRejectionReason } from '../../../shared/reasons/catalogue';
import { text } from '../../../shared/i18n/text';

/**
 * The member's data rights (Data Privacy Act of 2012, DECISIONS.md invariant 9): a download of
 * everything Tapat holds about them, and a request to delete it that staff handle.
 */

/** Never exported: secrets and keys that only make sense inside Tapat. */
const SECRET_COLUMN = /hash|secret|token|pepper|storageKey/i;

/** A row as JSON: dates as ISO strings, amounts (bigint centavos) as decimal strings, secrets and `omit` left out. */
function clean(row: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key) || SECRET_COLUMN.test(key)) continue;
    out[key] = value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? toDecimalString(value) : value;
  }
  return out;
}

const cleanAll = (rows: readonly Record<string, unknown>[], omit: readonly string[] = []) => rows.map((r) => clean(r, omit));

export interface DataExport {
  readonly filename: string;
  readonly zip: Uint8Array;
}

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

/**
 * A ZIP with data.json (the account without its password hash, the activation data, consents,
 * document metadata, staff views of the documents and of loan applications (kind APPLICATION), sessions without their token hashes, sign-in and
 * recovery attempts, one-time code records without the codes, the SMS and e-mails sent to the
 * member with every one-time code masked (their redacted bodies, never the delivered ones), their
 * contact messages and deletion requests) and the current ID and selfie images.
 */
export async function exportMemberData(deps: AppDeps, userId: string): Promise<DataExport> {
  const db = deps.db;
  const now = deps.clock.now();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');

  const [personal] = await db.select().from(memberPersonal).where(eq(memberPersonal.userId, userId));
  const [address] = await db.select().from(memberAddresses).where(eq(memberAddresses.userId, userId));
  const references = await db.select().from(memberReferences).where(eq(memberReferences.userId, userId)).orderBy(asc(memberReferences.position));
  const [identity] = await db.select().from(memberIdentities).where(eq(memberIdentities.userId, userId));
  const [payout] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
  const consentRows = await db.select().from(consents).where(eq(consents.userId, userId)).orderBy(asc(consents.givenAt));
  const documents = await db.select().from(memberDocuments).where(eq(memberDocuments.userId, userId)).orderBy(asc(memberDocuments.createdAt));
  const staffViews = await db
    .select({ viewedAt: documentAccessLog.createdAt, kind: documentAccessLog.kind, staffRole: documentAccessLog.staffRole })
    .from(documentAccessLog)
    .where(eq(documentAccessLog.memberId, userId))
    .orderBy(asc(documentAccessLog.createdAt));
  const uploads = await db
    .select({ kind: documentUploadAttempts.kind, accepted: documentUploadAttempts.accepted, at: documentUploadAttempts.createdAt })
    .from(documentUploadAttempts)
    .where(eq(documentUploadAttempts.userId, userId))
    .orderBy(asc(documentUploadAttempts.createdAt));
  const sessionRows = await db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt));
  const signIns = await db
    .select({ at: signInAttempts.createdAt, succeeded: signInAttempts.succeeded })
    .from(signInAttempts)
    .where(eq(signInAttempts.phone, user.phone))
    .orderBy(asc(signInAttempts.createdAt));
  const recoveries = await db
    .select({ createdAt: recoveryAttempts.createdAt, expiresAt: recoveryAttempts.expiresAt, completedAt: recoveryAttempts.completedAt })
    .from(recoveryAttempts)
    .where(eq(recoveryAttempts.userId, userId))
    .orderBy(asc(recoveryAttempts.createdAt));
  const codes = await db
    .select({
      purpose: otpChallenges.purpose,
      createdAt: otpChallenges.createdAt,
      expiresAt: otpChallenges.expiresAt,
      consumedAt: otpChallenges.consumedAt,
      attempts: otpChallenges.attempts,
    })
    .from(otpChallenges)
    .where(eq(otpChallenges.phone, user.phone))
    .orderBy(asc(otpChallenges.createdAt));
  const messages = await db
    .select({
      id: outboxMessages.id,
      channel: outboxMessages.channel,
      recipient: outboxMessages.recipient,
      subject: outboxMessages.subject,
      // A message that carried a code is exported as written with the code masked (providers/notify.ts withCode).
      body: sql<string>`coalesce(${outboxMessages.redactedBody}, ${outboxMessages.body})`,
      status: outboxMessages.status,
      createdAt: outboxMessages.createdAt,
      sentAt: outboxMessages.sentAt,
    })
    .from(outboxMessages)
    // The e-mails to the address only when the member verified it (decisions 051, 055): anyone may
    // type another person's address at registration, and that person's mail is not theirs (review11).
    .where(inArray(outboxMessages.recipient, user.emailVerifiedAt ? [user.phone, user.email] : [user.phone]))
    .orderBy(asc(outboxMessages.createdAt));
  const contacts = await db.select().from(contactMessages).where(eq(contactMessages.userId, userId)).orderBy(asc(contactMessages.createdAt));
  const deletions = await db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.userId, userId)).orderBy(asc(dataDeletionRequests.requestedAt));

  const files: Zippable = {};
  const storage = storageFor(deps.config.storage);
  const documentEntries = [];
  for (const doc of documents) {
    let file: string | null = null;
    if (!doc.supersededAt) {
      const bytes = await storage.get(doc.storageKey);
      if (bytes) {
        file = `images/${doc.kind}.jpg`;
        files[file] = [bytes, { level: 0 }];
      }
    }
    documentEntries.push({ ...clean(doc, ['userId']), file });
  }

  const data = {
    format: 'tapat-member-data',
    version: 1,
    exportedAt: now.toISOString(),
    controller: { companyName: deps.config.company.companyName, dataProtectionOfficerEmail: deps.config.company.dataProtectionOfficerEmail },
    // Whether an invite brought the member, never whose it was: that is another member's id.
    account: { ...clean(user, ['passwordHash', 'referredBy']), referred: user.referredBy !== null },
    activation: {
      personal: personal ? clean(personal, ['userId']) : null,
      address: address ? clean(address, ['userId']) : null,
      references: cleanAll(references, ['userId']),
      identity: identity ? clean(identity, ['userId']) : null,
      payoutAccount: payout ? clean(payout, ['userId']) : null,
    },
    consents: cleanAll(consentRows, ['userId']),
    documents: documentEntries,
    documentViewsByStaff: cleanAll(staffViews),
    documentUploadAttempts: cleanAll(uploads),
    sessions: cleanAll(sessionRows, ['id', 'userId']),
    signInAttempts: cleanAll(signIns),
    recoveryAttempts: cleanAll(recoveries),
    oneTimeCodes: cleanAll(codes),
    messagesSentToYou: cleanAll(messages),
    // The member's words and their state; not which staff member handles them (another person's id).
    contactMessages: cleanAll(contacts, ['userId', 'assignedTo']),
    deletionRequests: cleanAll(deletions, ['userId', 'handledBy']),
  };
  files['data.json'] = [strToU8(JSON.stringify(data, null, 2)), { level: 6 }];
  files['README.txt'] = [
    strToU8(
      `Your data at ${deps.config.company.companyName}, exported ${now.toISOString()}.\n\n` +
        'data.json: everything we hold about you, section by section.\n' +
        'images/: your current ID and selfie images, as we store them (re-encoded, without metadata).\n\n' +
        `Questions, corrections or deletion: ${deps.config.company.dataProtectionOfficerEmail}\n`,
    ),
    { level: 6 },
  ];
  return { filename: `tapat-data-${philippineDate(now)}.zip`, zip: zipSync(files, { mtime: now }) };
}

// Deletion requests ------------------------------------------------------------------------

const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== null;

const openRequestConflict = () => new AppError(409, 'CONFLICT', text('activation.errors.deletionRequestOpen'));

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
