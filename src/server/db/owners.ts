/**
 * Each table has an owner: the only code that inserts, updates or deletes its rows (DESIGN.md: "each
 * module writes only its own tables"). A table written by two owners is listed here with both, on
 * purpose; any other writer fails table-ownership.test.ts, which reads every write on the syntax tree.
 * A new table fails it until it is given an owner. docs/architecture.md's map is generated from this
 * list (scripts/architecture-map.ts).
 *
 * Owners are a module (`modules/<name>`), a capability's part of the domain layer (`domain/<name>`:
 * the loans' one transition, each capability's erasure for the privacy module), or a shared server
 * folder (`ledger`, `otp`, `audit`, ...).
 */
export const TABLE_OWNERS: Readonly<Record<string, readonly string[]>> = {
  auditLog: ['audit'],
  companyProfiles: ['modules/backoffice'],
  consents: ['modules/activation'],
  // The data-deletion review (modules/privacy, docs/decisions/029) erases a member through each
  // owner's erasure: the activation, documents, support and identity capabilities' rows and the loan
  // reminders' recipient in the domain layer (domain/<capability>/erase.ts, decision 067), the
  // outbox, sessions, sign-in, code and audit rows through their services (providers/notify,
  // sessions, otp, audit). The privacy module itself writes only its requests.
  contactMessages: ['modules/support', 'domain/support'],
  dataDeletionRequests: ['modules/privacy'],
  // Staff views of a member's data: one writer, audit/staff-view.ts (with the audit row).
  documentAccessLog: ['audit'],
  documentUploadAttempts: ['modules/documents', 'domain/documents'],
  fxRateSnapshots: ['providers'],
  idempotencyKeys: ['http'],
  ledgerAccounts: ['ledger'],
  ledgerEntries: ['ledger'],
  ledgerTransfers: ['ledger'],
  // A loan's life: the loans module creates it; its status and events change only through the
  // domain layer's one checked transition (domain/loans/transition.ts, decision 067), which both the
  // loans module (up to disbursement) and the repayments module (servicing) call.
  loans: ['modules/loans', 'domain/loans'],
  loanEvents: ['modules/loans', 'domain/loans'],
  // The lines are written at disbursement by the loans module (the signed schedule), then paid,
  // rebated and re-dated by the repayments module (payments, extensions).
  loanInstalments: ['modules/loans', 'modules/repayments'],
  loanContracts: ['modules/loans'],
  loanCharges: ['modules/repayments'],
  loanPaymentAllocations: ['modules/repayments'],
  loanPayments: ['modules/repayments'],
  loanPayoffQuotes: ['modules/repayments'],
  loanReminders: ['modules/repayments', 'domain/repayments'],
  loanServicingRuns: ['modules/repayments'],
  loanReservicings: ['modules/repayments'],
  loanExtensions: ['modules/repayments'],
  loanExtensionEvents: ['modules/repayments'],
  channelPayments: ['modules/repayments'],
  channelPaymentEvents: ['modules/repayments'],
  channelPaymentHolds: ['modules/repayments'],
  loanNotes: ['modules/collections'],
  payoutCallbacks: ['modules/withdrawals'],
  memberAddresses: ['modules/activation', 'domain/activation'],
  memberDocuments: ['modules/documents', 'domain/documents'],
  memberIdentities: ['modules/activation', 'domain/activation'],
  memberPersonal: ['modules/activation', 'domain/activation'],
  memberReferences: ['modules/activation', 'domain/activation'],
  otpChallenges: ['otp'],
  // Queued by providers/notify.ts inside each business transaction; claimed, sent and retried by
  // the delivery module's worker (docs/decisions/019-delivery-worker.md).
  outboxMessages: ['providers', 'modules/delivery'],
  outboxAttempts: ['modules/delivery'],
  payoutAccounts: ['modules/activation', 'domain/activation'],
  pendingRegistrations: ['modules/identity', 'domain/identity'],
  productVersions: ['modules/backoffice'],
  recoveryAttempts: ['modules/identity', 'domain/identity'],
  sessions: ['sessions'],
  signInAttempts: ['sessions'],
  // Device cookies (decision 050): issued, checked and forgotten by sessions/devices.ts only.
  trustedDevices: ['sessions'],
  // The ledger's closed days: written once each by ledger/trial-balance.ts (closeLedgerDays).
  trialBalances: ['ledger'],
  trialBalanceLines: ['ledger'],
  // Each closed day's portfolio by product (decision 092): written once by the accounting module.
  closedDayPortfolios: ['modules/accounting'],
  // A member's account is created at registration (identity) and completed at activation; staff
  // accounts are created by server/staff/create.ts (user:create, the admin socket).
  // The member's language is saved by the preferences module.
  users: ['modules/identity', 'modules/activation', 'modules/preferences', 'modules/referrals', 'domain/identity', 'staff'],
  withdrawalEvents: ['modules/withdrawals'],
  withdrawalParts: ['modules/withdrawals'],
  withdrawals: ['modules/withdrawals'],
};
