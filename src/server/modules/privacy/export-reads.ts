import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  channelPaymentHolds,
  channelPayments,
  consents,
  contactMessages,
  dataDeletionRequests,
  documentAccessLog,
  documentUploadAttempts,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransfers,
  loanCharges,
  loanContracts,
  loanEvents,
  loanExtensionEvents,
  loanExtensions,
  loanInstalments,
  loanNotes,
  loanPaymentAllocations,
  loanPayments,
  loanPayoffQuotes,
  loanReminders,
  loanReservicings,
  loans,
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
  trustedDevices,
  users,
  withdrawalEvents,
  withdrawalParts,
  withdrawals,
} from '../../db/schema';
import { MEMBER_WALLET_KIND } from '../../ledger';

/**
 * What the data export reads about one member (export.ts builds the files from it), by part: the
 * account and its activation, the loans and everything about them, the wallet, the withdrawals.
 */

/** The account, its activation, documents, sessions, codes, messages, contacts and deletion requests. */
export async function readAccountRecords(
  db: Db,
  userId: string,
  user: { readonly phone: string; readonly email: string; readonly emailVerifiedAt: Date | null },
) {
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
  const sessionRows = await db
    .select({
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      persistent: sessions.persistent,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(asc(sessions.createdAt));
  const devices = await db
    .select({ createdAt: trustedDevices.createdAt, expiresAt: trustedDevices.expiresAt })
    .from(trustedDevices)
    .where(eq(trustedDevices.userId, userId))
    .orderBy(asc(trustedDevices.createdAt));
  const signIns = await db
    .select({ at: signInAttempts.createdAt, succeeded: signInAttempts.succeeded, ip: signInAttempts.ip })
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
  const [invited] = await db.select({ n: count() }).from(users).where(eq(users.referredBy, userId));
  return {
    personal,
    address,
    references,
    identity,
    payout,
    consentRows,
    documents,
    staffViews,
    uploads,
    sessionRows,
    devices,
    signIns,
    recoveries,
    codes,
    messages,
    contacts,
    deletions,
    invited,
  };
}

/** The member's loans and everything about them: events, contracts, notes (dates and roles only), quotes, lines, payments, charges, extensions, reminders, channel payments. */
export async function readLoanRecords(db: Db, userId: string) {
  const loanRows = await db.select().from(loans).where(eq(loans.memberId, userId)).orderBy(asc(loans.createdAt));
  const loanIds = loanRows.map((l) => l.id);
  const ofLoans = <T>(rows: () => Promise<T[]>): Promise<T[]> => (loanIds.length === 0 ? Promise.resolve([]) : rows());
  const events = await ofLoans(() => db.select().from(loanEvents).where(inArray(loanEvents.loanId, loanIds)).orderBy(asc(loanEvents.seq)));
  const contracts = await ofLoans(() => db.select().from(loanContracts).where(inArray(loanContracts.loanId, loanIds)));
  const notes = await ofLoans(() =>
    db
      .select({ loanId: loanNotes.loanId, at: loanNotes.createdAt, authorRole: loanNotes.authorRole })
      .from(loanNotes)
      .where(inArray(loanNotes.loanId, loanIds))
      .orderBy(asc(loanNotes.seq)),
  );
  const quotes = await ofLoans(() =>
    db.select().from(loanPayoffQuotes).where(inArray(loanPayoffQuotes.loanId, loanIds)).orderBy(asc(loanPayoffQuotes.createdAt)),
  );
  const reservicings = await ofLoans(() => db.select().from(loanReservicings).where(inArray(loanReservicings.loanId, loanIds)));
  const instalments = await ofLoans(() =>
    db.select().from(loanInstalments).where(inArray(loanInstalments.loanId, loanIds)).orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number)),
  );
  const payments = await ofLoans(() =>
    db.select().from(loanPayments).where(inArray(loanPayments.loanId, loanIds)).orderBy(asc(loanPayments.receivedAt), asc(loanPayments.number)),
  );
  const allocations = await ofLoans(() =>
    db
      .select()
      .from(loanPaymentAllocations)
      .where(inArray(loanPaymentAllocations.loanId, loanIds))
      .orderBy(asc(loanPaymentAllocations.paymentId), asc(loanPaymentAllocations.lineNumber)),
  );
  const channelRows = await db.select().from(channelPayments).where(eq(channelPayments.memberId, userId)).orderBy(asc(channelPayments.createdAt));
  const holds =
    channelRows.length === 0
      ? []
      : await db
          .select()
          .from(channelPaymentHolds)
          .where(
            inArray(
              channelPaymentHolds.channelPaymentId,
              channelRows.map((c) => c.id),
            ),
          )
          .orderBy(asc(channelPaymentHolds.heldAt));
  const charges = await ofLoans(() =>
    db.select().from(loanCharges).where(inArray(loanCharges.loanId, loanIds)).orderBy(asc(loanCharges.businessDate), asc(loanCharges.lineNumber)),
  );
  // By the member's loans (loan_extensions_loan_idx), not by member_id, which has no index.
  const extensions = await ofLoans(() =>
    db.select().from(loanExtensions).where(inArray(loanExtensions.loanId, loanIds)).orderBy(asc(loanExtensions.requestedAt)),
  );
  const extensionEvents =
    extensions.length === 0
      ? []
      : await db
          .select()
          .from(loanExtensionEvents)
          .where(
            inArray(
              loanExtensionEvents.extensionId,
              extensions.map((e) => e.id),
            ),
          )
          .orderBy(asc(loanExtensionEvents.seq));
  const reminders = await ofLoans(() =>
    db.select().from(loanReminders).where(inArray(loanReminders.loanId, loanIds)).orderBy(asc(loanReminders.createdAt), asc(loanReminders.lineNumber)),
  );
  return {
    loanRows,
    events,
    contracts,
    notes,
    quotes,
    reservicings,
    instalments,
    payments,
    allocations,
    channelRows,
    holds,
    charges,
    extensions,
    extensionEvents,
    reminders,
  };
}

/** The wallet: the member's account and each of its lines with the transfer it belongs to. */
export async function readWalletRecords(db: Db, userId: string) {
  const walletAccounts = await db
    .select({
      id: ledgerAccounts.id,
      name: ledgerAccounts.name,
      currency: ledgerAccounts.currency,
      debitsPosted: ledgerAccounts.debitsPosted,
      creditsPosted: ledgerAccounts.creditsPosted,
      debitsPending: ledgerAccounts.debitsPending,
      creditsPending: ledgerAccounts.creditsPending,
      createdAt: ledgerAccounts.createdAt,
    })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), eq(ledgerAccounts.kind, MEMBER_WALLET_KIND)));
  const walletLines =
    walletAccounts.length === 0
      ? []
      : await db
          .select({
            at: ledgerEntries.createdAt,
            direction: ledgerEntries.direction,
            phase: ledgerEntries.phase,
            amount: ledgerEntries.amount,
            transferId: ledgerTransfers.id,
            transferType: ledgerTransfers.type,
            code: ledgerTransfers.code,
            reference: ledgerTransfers.reference,
            description: ledgerTransfers.description,
          })
          .from(ledgerEntries)
          .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
          .where(
            inArray(
              ledgerEntries.accountId,
              walletAccounts.map((a) => a.id),
            ),
          )
          .orderBy(asc(ledgerTransfers.seq), asc(ledgerEntries.id));
  return { walletAccounts, walletLines };
}

/** The member's withdrawals, their events and their transfers. */
export async function readWithdrawalRecords(db: Db, userId: string) {
  const withdrawalRows = await db.select().from(withdrawals).where(eq(withdrawals.memberId, userId)).orderBy(asc(withdrawals.createdAt));
  const withdrawalIds = withdrawalRows.map((w) => w.id);
  const withdrawalEventRows =
    withdrawalIds.length === 0
      ? []
      : await db.select().from(withdrawalEvents).where(inArray(withdrawalEvents.withdrawalId, withdrawalIds)).orderBy(asc(withdrawalEvents.seq));
  const parts =
    withdrawalIds.length === 0
      ? []
      : await db
          .select()
          .from(withdrawalParts)
          .where(inArray(withdrawalParts.withdrawalId, withdrawalIds))
          .orderBy(asc(withdrawalParts.withdrawalId), asc(withdrawalParts.partIndex));
  return { withdrawalRows, withdrawalEventRows, parts };
}
