import { and, count, desc, eq, inArray, isNull, lt, max, ne, or, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import {
  channelPayments,
  consents,
  contactMessages,
  dataDeletionRequests,
  documentAccessLog,
  loanPayments,
  loans,
  memberAddresses,
  memberDocuments,
  memberIdentities,
  memberPersonal,
  memberReferences,
  outboxMessages,
  payoutAccounts,
  sessions,
  users,
  withdrawalParts,
  withdrawals,
} from '../../db/schema';
import { ERASED_TEXT, eraseFromAudit, recordStaffView, writeAudit, type AuditContext } from '../../audit';
import { assertNoConflict } from '../../staff/conflict';
import { AUDIT_SUBJECT_TYPES, type AuditSubjectType } from '../../../shared/schemas/audit';
import { AppError } from '../../http/errors';
import { forgetIdempotentAnswers } from '../../http/idempotency';
import { balanceAndDebitsByCode, memberWalletSpec } from '../../ledger';
import { asLanguage, eraseMessagesTo, messageText, queueEmail, queueSms, staffNotice } from '../../providers/notify';
import { renameOtpPhone } from '../../otp/service';
import { renameSignInPhone } from '../../sessions/rate-limit';
import { storageFor } from '../../providers/storage';
import { deleteUserSessions } from '../../sessions/store';
import { forgetUserDevices } from '../../sessions/devices';
import type { SessionAuth } from '../../sessions/store';
import { birthday, formatIsoDate, parseIsoDate, philippineDate } from '../../../shared/activation/age';
import { deletionRejectionReasonKey, isDeletionRejectionReason, type DeletionRejectionReason } from '../../../shared/reasons/catalogue';
import {
  DELETION_CURSOR,
  type DeletionBlocker,
  type DeletionDetail,
  type DeletionListQuery,
  type DeletionListResponse,
  type DeletionRequestRow,
} from '../../../shared/schemas/deletion-review';
import { deletionTransition, isDeletionStatus, type DeletionAction, type DeletionStatus } from '../../../shared/states/deletion';
import { OPEN_LOAN_STATUSES } from '../../../shared/states/loan';
import { HELD_WITHDRAWAL_STATUSES } from '../../../shared/states/withdrawal';
import { eraseActivationRecords } from '../../domain/activation/erase';
import { eraseDocuments } from '../../domain/documents/erase';
import { anonymiseUser, eraseSignUpRecords } from '../../domain/identity/erase';
import { renameReminderRecipient } from '../../domain/repayments/erase';
import { eraseContactMessages } from '../../domain/support/erase';
import { text } from '../../../shared/i18n/text';
import { together } from '../../db/together';

/**
 * The data-deletion review (docs/decisions/029-data-deletion-review.md). Staff
 * (OFFICER, ADMIN) read the requests and a request's detail (each opening is in the access log and
 * the audit log, since it shows the member's contact details); an ADMIN decides: COMPLETE anonymises
 * the member in one transaction and keeps the records the law requires, linked to the anonymised
 * id; REJECT gives a reason of the catalogue. The member is told the outcome in their language.
 *
 * Erasing the member's rows of the activation, documents and support tables is this module's job
 * as well as their own modules' (the OWNERS of src/server/db/table-ownership.test.ts list it).
 */

/** The access-log kind of a staff view of a deletion request (beside ID_FRONT, SELFIE, APPLICATION). */
const DELETION_REQUEST_VIEW_KIND = 'DELETION_REQUEST';

/** What an anonymised member's name reads (staff screens show it; the member can no longer sign in). */
const ANONYMISED_NAME = '[deleted]';
/** Unusable as an argon2 hash: no password ever verifies against it. */
const NO_PASSWORD = '!deleted';
/** The anonymised contact columns: unique per member (the columns are unique), and no one's real address. */
const anonymisedPhone = (userId: string) => `deleted:${userId}`;
const anonymisedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

type Row = typeof dataDeletionRequests.$inferSelect;

function rowView(row: Row, names: ReadonlyMap<string, string>): DeletionRequestRow {
  const code = row.rejectionReasonCode;
  return {
    id: row.id,
    memberId: row.userId,
    memberName: row.memberName,
    reason: row.reason,
    status: isDeletionStatus(row.status) ? row.status : 'OPEN',
    requestedAt: row.requestedAt.toISOString(),
    handledAt: row.handledAt?.toISOString() ?? null,
    handledBy: row.handledBy ? { id: row.handledBy, name: names.get(row.handledBy) ?? '' } : null,
    rejectionReasonCode: code && isDeletionRejectionReason(code) ? code : null,
  };
}

async function handlerNames(db: AppDeps['db'] | Tx, rows: readonly Row[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((r) => r.handledBy).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: users.id, name: users.fullName }).from(users).where(inArray(users.id, ids));
  return new Map(found.map((r) => [r.id, r.name]));
}

/** GET /api/admin/deletion-requests: newest first (then by id), a page at a time, optionally one status. */
export async function listDeletionReview(deps: AppDeps, q: DeletionListQuery): Promise<DeletionListResponse> {
  const where: SQL[] = [];
  if (q.status) where.push(eq(dataDeletionRequests.status, q.status));
  if (q.cursor) {
    const [, at, id] = DELETION_CURSOR.exec(q.cursor)!;
    const time = new Date(at!);
    where.push(or(lt(dataDeletionRequests.requestedAt, time), and(eq(dataDeletionRequests.requestedAt, time), lt(dataDeletionRequests.id, id!)))!);
  }
  const rows = await deps.db
    .select()
    .from(dataDeletionRequests)
    .where(and(...where))
    .orderBy(desc(dataDeletionRequests.requestedAt), desc(dataDeletionRequests.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const names = await handlerNames(deps.db, page);
  const last = page.at(-1);
  return {
    requests: page.map((r) => rowView(r, names)),
    nextCursor: rows.length > q.limit && last ? `${last.requestedAt.toISOString()}_${last.id}` : null,
  };
}

/**
 * The audit subjects whose details may quote a member, searched for the member's words when they are
 * erased. Not USER (staff accounts), COMPANY_PROFILE nor PRODUCT: the member's name and their
 * references' are words they chose, and must not cut the lender's own records (sec-insider review).
 */
const QUOTES_MEMBERS: Readonly<Record<AuditSubjectType, boolean>> = {
  MEMBER: true,
  LOAN: true,
  WITHDRAWAL: true,
  CONTACT_MESSAGE: true,
  DELETION_REQUEST: true,
  OUTBOX_MESSAGE: true,
  USER: false,
  COMPANY_PROFILE: false,
  PRODUCT: false,
};
const AUDIT_SUBJECTS_ABOUT_MEMBERS: readonly AuditSubjectType[] = AUDIT_SUBJECT_TYPES.filter((type) => QUOTES_MEMBERS[type]);

/**
 * A member's payment references that can still be paid: being created at the provider, or waiting
 * for the payment (whatever their expiry says until the worker has asked the provider).
 */
const PAYABLE_REFERENCE_STATUSES = ['CREATING', 'PENDING'] as const;
/** A transfer of a split withdrawal still on its way to the member's account. */
const PART_IN_FLIGHT_STATUSES = ['PENDING', 'PROCESSING'] as const;

/**
 * Why the member cannot be anonymised now: anything that can still move money for them (an open
 * loan, money in, arriving at or held from the wallet, a withdrawal or one of its transfers in flight,
 * a payment reference that can still be paid, an officer payment awaiting approval, which would be
 * credited to the wallet when the loan no longer owes it, decision 054), or a staff account.
 */
async function blockersOf(db: AppDeps['db'] | Tx, userId: string): Promise<DeletionBlocker[]> {
  const [account, openLoan, wallet, held, parts, references, officerPayments] = await together(
    db,
    () => db.select({ role: users.role }).from(users).where(eq(users.id, userId)),
    () =>
      db
        .select({ id: loans.id })
        .from(loans)
        .where(and(eq(loans.memberId, userId), inArray(loans.status, [...OPEN_LOAN_STATUSES])))
        .limit(1),
    // The wallet's own figure (src/server/modules/wallet/service.ts): withdrawals net of the returned
    // transfers of a split withdrawal (docs/decisions/033).
    () => balanceAndDebitsByCode(db, memberWalletSpec(userId).code, 'WITHDRAWAL', 'WITHDRAWAL_RETURN'),
    () =>
      db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .where(and(eq(withdrawals.memberId, userId), inArray(withdrawals.status, [...HELD_WITHDRAWAL_STATUSES])))
        .limit(1),
    () =>
      db
        .select({ id: withdrawalParts.id })
        .from(withdrawalParts)
        .innerJoin(withdrawals, eq(withdrawals.id, withdrawalParts.withdrawalId))
        .where(and(eq(withdrawals.memberId, userId), inArray(withdrawalParts.status, [...PART_IN_FLIGHT_STATUSES])))
        .limit(1),
    () =>
      db
        .select({ id: channelPayments.id })
        .from(channelPayments)
        .where(and(eq(channelPayments.memberId, userId), inArray(channelPayments.status, [...PAYABLE_REFERENCE_STATUSES])))
        .limit(1),
    () =>
      db
        .select({ id: loanPayments.id })
        .from(loanPayments)
        .innerJoin(loans, eq(loans.id, loanPayments.loanId))
        .where(and(eq(loans.memberId, userId), eq(loanPayments.status, 'PENDING_APPROVAL')))
        .limit(1),
  );
  const blockers: DeletionBlocker[] = [];
  // A staff account is the lender's record of who did what (the audit log names its actor from it):
  // the member's erasure never applies to it, whoever files the request (security review, sec-insider).
  if (account[0] && account[0].role !== 'MEMBER') blockers.push('STAFF_ACCOUNT');
  if (openLoan.length > 0) blockers.push('OPEN_LOAN');
  if (wallet && (wallet.posted !== 0n || wallet.available !== 0n || wallet.creditsPending !== 0n)) blockers.push('WALLET_BALANCE');
  if (held.length > 0 || parts.length > 0 || (wallet && wallet.debitsPending !== 0n)) blockers.push('PENDING_WITHDRAWAL');
  if (references.length > 0) blockers.push('OPEN_PAYMENT_REFERENCE');
  if (officerPayments.length > 0) blockers.push('OFFICER_PAYMENT_AWAITING_APPROVAL');
  return blockers;
}

async function countOf(db: AppDeps['db'] | Tx, table: Parameters<ReturnType<AppDeps['db']['select']>['from']>[0], where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

/** The date the kept records may be kept until: RECORD_RETENTION_YEARS after the last loan closed or today, the later. */
function keptUntil(deps: AppDeps, lastLoanChange: Date | null): string {
  const now = deps.clock.now();
  const from = lastLoanChange && lastLoanChange > now ? lastLoanChange : now;
  return formatIsoDate(birthday(parseIsoDate(philippineDate(from))!, deps.config.recordRetentionYears));
}

/**
 * GET /api/admin/deletion-requests/:id: the request, what a completion would erase (with counts)
 * and keep, until when, and what blocks it now. The view is written to the access log and the
 * audit log before anything is read (it shows the member's phone and e-mail).
 */
export async function deletionDetail(
  deps: AppDeps,
  staff: SessionAuth,
  requestId: string,
  ctx: { ip: string | null; userAgent?: string | undefined },
): Promise<DeletionDetail> {
  const [row] = await deps.db.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.id, requestId));
  if (!row) throw new AppError(404, 'NOT_FOUND');
  const now = deps.clock.now();
  await recordStaffView(deps.db, {
    staff,
    memberId: row.userId,
    kind: DELETION_REQUEST_VIEW_KIND,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    at: now,
    audit: { action: 'DELETION_REQUEST_VIEW', subjectType: 'DELETION_REQUEST', subjectId: row.id, details: { memberId: row.userId } },
  });
  const request = rowView(row, await handlerNames(deps.db, [row]));
  const userId = row.userId;
  const [user] = userId ? await deps.db.select().from(users).where(eq(users.id, userId)) : [];
  const anonymised = !user || user.phone === anonymisedPhone(user.id);
  const db = deps.db;
  const id = userId ?? '00000000-0000-0000-0000-000000000000';
  const [personal, address, references, identity, documents, payout, contacts, live, loanCount, lastLoan, consentCount, views, requests] = await Promise.all([
    countOf(db, memberPersonal, eq(memberPersonal.userId, id)),
    countOf(db, memberAddresses, eq(memberAddresses.userId, id)),
    countOf(db, memberReferences, eq(memberReferences.userId, id)),
    countOf(db, memberIdentities, eq(memberIdentities.userId, id)),
    countOf(db, memberDocuments, eq(memberDocuments.userId, id)),
    countOf(db, payoutAccounts, eq(payoutAccounts.userId, id)),
    countOf(db, contactMessages, eq(contactMessages.userId, id)),
    countOf(db, sessions, and(eq(sessions.userId, id), isNull(sessions.revokedAt))!),
    countOf(db, loans, eq(loans.memberId, id)),
    db
      .select({ at: max(loans.statusChangedAt) })
      .from(loans)
      .where(eq(loans.memberId, id)),
    countOf(db, consents, eq(consents.userId, id)),
    countOf(db, documentAccessLog, eq(documentAccessLog.memberId, id)),
    countOf(db, dataDeletionRequests, eq(dataDeletionRequests.userId, id)),
  ]);
  const sent = user && !anonymised ? await countOf(db, outboxMessages, inArray(outboxMessages.recipient, [user.phone, user.email])) : null;
  return {
    request,
    member: user && !anonymised ? { phone: user.phone, email: user.email, accountState: user.accountState, registeredAt: user.createdAt.toISOString() } : null,
    erased: [
      { category: 'ACCOUNT', count: user && !anonymised ? 1 : 0 },
      { category: 'PERSONAL', count: personal },
      { category: 'ADDRESS', count: address },
      { category: 'REFERENCES', count: references },
      { category: 'IDENTITY', count: identity },
      { category: 'DOCUMENTS', count: documents },
      { category: 'PAYOUT_ACCOUNT', count: payout },
      { category: 'CONTACT_MESSAGES', count: contacts },
      { category: 'SESSIONS', count: live },
    ],
    kept: [
      { category: 'LOANS', count: loanCount },
      // The wallet's and the loans' ledger accounts and entries: not counted here (the ledger module owns their reading).
      { category: 'LEDGER', count: null },
      { category: 'CONSENTS', count: consentCount },
      { category: 'AUDIT', count: views },
      { category: 'MESSAGES_SENT', count: sent },
      { category: 'REQUEST', count: requests },
    ],
    retentionYears: deps.config.recordRetentionYears,
    keptUntil: userId ? keptUntil(deps, lastLoan[0]?.at ?? null) : null,
    blockers: userId && !anonymised ? await blockersOf(db, userId) : [],
  };
}

/** The member's contact details in the national form as well (0917..., how staff and members type them). */
function phoneForms(e164: string): string[] {
  return e164.startsWith('+63') ? [e164, `0${e164.slice(3)}`, e164.slice(1)] : [e164];
}

/** Whether an account other than `user` has `user`'s e-mail address (verified or not). */
async function addressUsedByAnother(tx: Tx, user: { id: string; email: string }): Promise<boolean> {
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, user.email), ne(users.id, user.id)))
    .limit(1);
  return other !== undefined;
}

/**
 * The erasure itself, inside the completion's transaction (the request and the users row locked, no
 * blocker): table by table as docs/decisions/029 (addendum) decides. Answers the storage keys of the
 * member's images, deleted from storage after the commit.
 */
async function erasePersonalData(tx: Tx, deps: AppDeps, user: typeof users.$inferSelect, requestedAt: Date, now: Date, ctx: AuditContext): Promise<string[]> {
  const userId = user.id;
  const phone = anonymisedPhone(userId);
  const email = anonymisedEmail(userId);
  const [personal] = await tx.select().from(memberPersonal).where(eq(memberPersonal.userId, userId));
  const [identity] = await tx.select({ number: memberIdentities.identityNumber }).from(memberIdentities).where(eq(memberIdentities.userId, userId));
  const [payout] = await tx
    .select({ number: payoutAccounts.accountNumber, name: payoutAccounts.accountName })
    .from(payoutAccounts)
    .where(eq(payoutAccounts.userId, userId));
  const references = await tx
    .select({ name: memberReferences.fullName, phone: memberReferences.phone })
    .from(memberReferences)
    .where(eq(memberReferences.userId, userId));
  // What free text about the member (audit details) may quote: cut out wherever it appears.
  const needles = [
    ...phoneForms(user.phone),
    user.email,
    user.fullName,
    personal ? [personal.firstName, personal.middleName, personal.lastName].filter(Boolean).join(' ') : '',
    personal ? `${personal.firstName} ${personal.lastName}` : '',
    identity?.number ?? '',
    payout?.number ?? '',
    payout?.name ?? '',
    ...references.flatMap((r) => [r.name, ...phoneForms(r.phone)]),
  ];

  // The e-mail address is the member's own unless another account uses it and the member never
  // proved it (decisions 051, 055: addresses are unique only once verified). Then what was sent to
  // it, or signed out from it, may be the other account's: it stays.
  const addressOwn = user.emailVerifiedAt !== null || !(await addressUsedByAnother(tx, user));
  // Messages: what was sent stays as a record (channel, time, status), without recipient or text.
  await eraseMessagesTo(tx, user.phone, phone);
  if (addressOwn) await eraseMessagesTo(tx, user.email, email);
  // Contact-form messages: the member's, signed in or not (by e-mail); the staff's replies to them in the audit log.
  const contacts = await eraseContactMessages(tx, userId, addressOwn ? user.email : null);
  await eraseFromAudit(tx, {
    needles,
    within: AUDIT_SUBJECTS_ABOUT_MEMBERS,
    subjects: { type: 'CONTACT_MESSAGE', ids: contacts, fields: ['text'] },
  });
  // Codes, sign-in and recovery records, unfinished sign-ups with the member's phone. Not by e-mail:
  // since decision 051 anyone may sign up with an address, so such a sign-up may be someone else's.
  await renameOtpPhone(tx, user.phone, phone);
  await renameSignInPhone(tx, user.phone, phone);
  await eraseSignUpRecords(tx, userId, user.phone);
  // The collection-conduct log keeps each reminder (which template, when, to the borrower); the number goes.
  await renameReminderRecipient(tx, user.phone, phone);
  // Stored answers to retried requests: the member's go, others' (staff's) lose the member's details.
  await forgetIdempotentAnswers(tx, userId, needles, ERASED_TEXT);

  // The last message to the real address: the notice, which loses its recipient once delivered.
  const language = asLanguage(user.language);
  const company = deps.config.company;
  const values = { company: company.shortName, date: philippineDate(requestedAt), years: deps.config.recordRetentionYears, supportEmail: company.supportEmail };
  await queueSms(
    tx,
    { to: user.phone, body: messageText(language, 'messages.privacy.deletionCompleted', values) },
    { ...staffNotice(ctx, now), recipientAfterSend: phone },
  );
  await queueEmail(
    tx,
    {
      to: user.email,
      member: userId,
      subject: messageText(language, 'messages.privacy.deletionCompletedSubject', values),
      body: messageText(language, 'messages.privacy.deletionCompleted', values),
    },
    { ...staffNotice(ctx, now), recipientAfterSend: email },
  );

  const documents = await eraseDocuments(tx, userId);
  await eraseActivationRecords(tx, userId);
  await anonymiseUser(tx, userId, { phone, email, fullName: ANONYMISED_NAME, passwordHash: NO_PASSWORD }, now);
  // Revoked and gone: the rows held the member's addresses and browsers.
  await deleteUserSessions(tx, userId);
  await forgetUserDevices(tx, userId);
  return documents;
}

/** Locks the request and checks the state machine allows the action. */
async function lockFor(tx: Tx, requestId: string, action: DeletionAction): Promise<{ row: Row; to: DeletionStatus }> {
  const [row] = await tx.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.id, requestId)).for('update');
  if (!row) throw new AppError(404, 'NOT_FOUND');
  const step = deletionTransition(isDeletionStatus(row.status) ? row.status : 'OPEN', action);
  if (!step) throw new AppError(409, 'DELETION_REQUEST_STATE');
  return { row, to: step.to };
}

async function answer(tx: Tx, id: string): Promise<{ request: DeletionRequestRow }> {
  const [row] = await tx.select().from(dataDeletionRequests).where(eq(dataDeletionRequests.id, id));
  return { request: rowView(row!, await handlerNames(tx, [row!])) };
}

/**
 * POST /api/admin/deletion-requests/:id/complete (ADMIN): refused (DELETION_BLOCKED, each blocker
 * in `fields`) while anything can still move money for the member (blockersOf: an open loan, a wallet
 * balance, a withdrawal in progress, a payment reference that can still be paid, an officer payment
 * awaiting approval), and
 * for a staff account; refused (CONFLICT_OF_INTEREST) to the ADMIN whose own request it is or who
 * shares the member's phone or e-mail.
 * Otherwise, in one transaction: the member is told (SMS and e-mail to the contact details they
 * still have, in their language), their name, phone, e-mail, password, birth date, address, ID
 * details, references, payout account, image records and contact messages are replaced or deleted,
 * every session is revoked, the request is COMPLETED and the action audited. Loans, the ledger,
 * consents and the audit and access logs stay, linked to the same (now anonymous) id. The image
 * objects are deleted from storage after the commit.
 */
export async function completeDeletion(deps: AppDeps, staff: SessionAuth, requestId: string, ctx: AuditContext): Promise<{ request: DeletionRequestRow }> {
  const { result, storageKeys } = await deps.db.transaction(async (tx) => {
    const { row, to } = await lockFor(tx, requestId, 'COMPLETE');
    const userId = row.userId;
    // No ADMIN decides their own request, nor one of a member sharing their phone or e-mail (decision 010).
    if (userId) await assertNoConflict(tx, staff.userId, userId);
    const now = deps.clock.now();
    const keys: string[] = [];
    if (userId) {
      // The member's row is locked: a sign-in or a change of the account waits for this decision.
      const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (user) {
        const blockers = await blockersOf(tx, userId);
        if (blockers.length > 0) {
          throw new AppError(409, 'DELETION_BLOCKED', undefined, Object.fromEntries(blockers.map((b) => [b, text(`backoffice.deletion.blockers.${b}`)])));
        }
        keys.push(...(await erasePersonalData(tx, deps, user, row.requestedAt, now, ctx)));
      }
    }
    // The request stays as the proof that it was made and honoured (with the name at the time); the
    // member's own words and the address it came from go.
    await tx
      .update(dataDeletionRequests)
      .set({ status: to, handledAt: now, handledBy: staff.userId, ip: null, reason: null })
      .where(eq(dataDeletionRequests.id, row.id));
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'DELETION_REQUEST_COMPLETE',
      subjectType: 'DELETION_REQUEST',
      subjectId: row.id,
      details: { from: row.status, to, memberId: userId, imagesDeleted: keys.length },
      ip: ctx.ip,
      at: now,
    });
    return { result: await answer(tx, row.id), storageKeys: keys };
  });
  // After the commit, every object tried (a missing one is no failure: deletion is idempotent). A
  // storage failure is not hidden: the answer is an error although the request is COMPLETED, and the
  // objects left have no row pointing at them (decision 029, addendum: not swept yet).
  const storage = storageFor(deps.config.storage);
  const outcomes = await Promise.allSettled(storageKeys.map((key) => storage.delete(key)));
  const failed = outcomes.filter((o) => o.status === 'rejected').length;
  if (failed > 0) throw new Error(`deletion ${requestId} completed, but ${failed} of ${storageKeys.length} images could not be deleted from storage`);
  return result;
}

/** POST /api/admin/deletion-requests/:id/reject {reasonCode} (ADMIN): the member is told why, in their language; the account stays as it is. */
export async function rejectDeletion(
  deps: AppDeps,
  staff: SessionAuth,
  requestId: string,
  input: { reasonCode: DeletionRejectionReason },
  ctx: AuditContext,
): Promise<{ request: DeletionRequestRow }> {
  return deps.db.transaction(async (tx) => {
    const { row, to } = await lockFor(tx, requestId, 'REJECT');
    if (row.userId) await assertNoConflict(tx, staff.userId, row.userId);
    const now = deps.clock.now();
    if (row.userId) {
      const [user] = await tx.select({ phone: users.phone, email: users.email, language: users.language }).from(users).where(eq(users.id, row.userId));
      if (user) {
        const language = asLanguage(user.language);
        const company = deps.config.company;
        const values = {
          company: company.shortName,
          date: philippineDate(row.requestedAt),
          reason: messageText(language, deletionRejectionReasonKey(input.reasonCode)),
          supportEmail: company.supportEmail,
        };
        await queueSms(tx, { to: user.phone, body: messageText(language, 'messages.privacy.deletionRejected', values) }, staffNotice(ctx, now));
        await queueEmail(
          tx,
          {
            to: user.email,
            member: row.userId,
            subject: messageText(language, 'messages.privacy.deletionRejectedSubject', values),
            body: messageText(language, 'messages.privacy.deletionRejected', values),
          },
          staffNotice(ctx, now),
        );
      }
    }
    await tx
      .update(dataDeletionRequests)
      .set({ status: to, handledAt: now, handledBy: staff.userId, rejectionReasonCode: input.reasonCode })
      .where(eq(dataDeletionRequests.id, row.id));
    await writeAudit(tx, {
      actor: { userId: staff.userId, role: staff.role },
      action: 'DELETION_REQUEST_REJECT',
      subjectType: 'DELETION_REQUEST',
      subjectId: row.id,
      details: { from: row.status, to, reasonCode: input.reasonCode, memberId: row.userId },
      ip: ctx.ip,
      at: now,
    });
    return answer(tx, row.id);
  });
}
