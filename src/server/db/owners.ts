/**
 * Each table has an owner: the only code that inserts, updates or deletes its rows (DESIGN.md: "each
 * module writes only its own tables"). A table written by two owners is listed here with both, on
 * purpose; any other writer fails table-ownership.test.ts, which reads every write on the syntax tree.
 * A new table fails it until it is given an owner. docs/architecture.md's map is generated from this
 * list (scripts/architecture-map.ts).
 *
 * Owners are a module (`modules/<name>`) or a shared server folder (`ledger`, `otp`, `audit`, ...).
 */
export const TABLE_OWNERS: Readonly<Record<string, readonly string[]>> = {
  auditLog: ['audit'],
  companyProfiles: ['modules/backoffice'],
  consents: ['modules/activation'],
  // The data-deletion review (modules/privacy, docs/decisions/029 and its addendum) erases a member's
  // rows of the activation, documents, support and identity tables, replaces their users columns and
  // the recipient of their loan reminders, and logs its views. The outbox, sessions, sign-in, code and
  // audit rows are erased by their owners' functions (providers/notify, sessions, otp, audit).
  contactMessages: ['modules/support', 'modules/privacy'],
  dataDeletionRequests: ['modules/privacy'],
  // Staff views of a member's data: one writer, audit/staff-view.ts (with the audit row).
  documentAccessLog: ['audit'],
  documentUploadAttempts: ['modules/documents', 'modules/privacy'],
  fxRateSnapshots: ['providers'],
  idempotencyKeys: ['http'],
  ledgerAccounts: ['ledger'],
  ledgerEntries: ['ledger'],
  ledgerTransfers: ['ledger'],
  // A loan's life: the loans module creates it; its status and events change only through the
  // domain layer's one checked transition (domain/loans/transition.ts, decision 067), which both the
  // loans module (up to disbursement) and the repayments module (servicing) call.
  loans: ['modules/loans', 'domain'],
  loanEvents: ['modules/loans', 'domain'],
  loanInstalments: ['modules/loans', 'modules/repayments'],
  loanContracts: ['modules/loans'],
  loanCharges: ['modules/repayments'],
  loanPaymentAllocations: ['modules/repayments'],
  loanPayments: ['modules/repayments'],
  loanPayoffQuotes: ['modules/repayments'],
  loanReminders: ['modules/repayments', 'modules/privacy'],
  loanServicingRuns: ['modules/repayments'],
  loanReservicings: ['modules/repayments'],
  loanExtensions: ['modules/repayments'],
  loanExtensionEvents: ['modules/repayments'],
  channelPayments: ['modules/repayments'],
  channelPaymentEvents: ['modules/repayments'],
  channelPaymentHolds: ['modules/repayments'],
  loanNotes: ['modules/collections'],
  payoutCallbacks: ['modules/withdrawals'],
  memberAddresses: ['modules/activation', 'modules/privacy'],
  memberDocuments: ['modules/documents', 'modules/privacy'],
  memberIdentities: ['modules/activation', 'modules/privacy'],
  memberPersonal: ['modules/activation', 'modules/privacy'],
  memberReferences: ['modules/activation', 'modules/privacy'],
  otpChallenges: ['otp'],
  // Queued by providers/notify.ts inside each business transaction; claimed, sent and retried by
  // the delivery module's worker (docs/decisions/019-delivery-worker.md).
  outboxMessages: ['providers', 'modules/delivery'],
  outboxAttempts: ['modules/delivery'],
  payoutAccounts: ['modules/activation', 'modules/privacy'],
  pendingRegistrations: ['modules/identity', 'modules/privacy'],
  productVersions: ['modules/backoffice'],
  recoveryAttempts: ['modules/identity', 'modules/privacy'],
  sessions: ['sessions'],
  signInAttempts: ['sessions'],
  // Device cookies (decision 050): issued, checked and forgotten by sessions/devices.ts only.
  trustedDevices: ['sessions'],
  // The ledger's closed days: written once each by ledger/trial-balance.ts (closeLedgerDays).
  trialBalances: ['ledger'],
  trialBalanceLines: ['ledger'],
  // A member's account is created at registration (identity) and completed at activation; staff
  // accounts are created by server/staff/create.ts (user:create, the admin socket).
  // The member's language is saved by the preferences module.
  users: ['modules/identity', 'modules/activation', 'modules/preferences', 'modules/referrals', 'modules/privacy', 'staff'],
  withdrawalEvents: ['modules/withdrawals'],
  withdrawalParts: ['modules/withdrawals'],
  withdrawals: ['modules/withdrawals'],
};
