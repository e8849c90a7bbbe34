/**
 * Every table of the schema, and what the member's data export (export.ts) does with it: exported in
 * one part (a file of the ZIP), or left out with the reason. export-coverage.test.ts fails when a
 * table of src/server/db/schema is in neither list, so a new table forces a decision
 * (docs/decisions/075-export-holds-everything.md).
 */

/** The parts of the export, one file each (two for those a person would open in a spreadsheet). */
export const EXPORT_PARTS = [
  'account',
  'activation',
  'consents',
  'documents',
  'security',
  'messages',
  'loans',
  'schedule',
  'payments',
  'charges',
  'extensions',
  'reminders',
  'wallet',
  'withdrawals',
  'support',
] as const;
export type ExportPart = (typeof EXPORT_PARTS)[number];

/** Parts also written as CSV (one row per line), beside their JSON. */
export const CSV_PARTS: readonly ExportPart[] = ['schedule', 'payments', 'wallet'];

export type Coverage = { readonly part: ExportPart; readonly what: string } | { readonly leftOut: string };

/** Keyed by the schema's export name (`loanInstalments`), as src/server/db/owners.ts is. */
export const EXPORT_COVERAGE: Readonly<Record<string, Coverage>> = {
  users: {
    part: 'account',
    what: 'the account, language, the referral code the member typed and their own invite code (never the inviter’s id); password hash left out',
  },
  pendingRegistrations: {
    leftOut: 'a registration not yet confirmed by its code: it has no account to sign in to, expires within the hour and becomes the users row',
  },
  sessions: { part: 'security', what: 'sign-ins kept open, without the session id (a bearer secret)' },
  signInAttempts: { part: 'security', what: 'sign-in attempts with the member’s phone' },
  trustedDevices: { part: 'security', what: 'devices remembered, without the device token’s hash' },
  recoveryAttempts: { part: 'security', what: 'password recoveries' },
  otpChallenges: { part: 'security', what: 'one-time code records, without the code’s hash' },
  outboxMessages: { part: 'messages', what: 'SMS and e-mails to the member’s phone and verified address, codes masked' },
  outboxAttempts: { leftOut: 'the SMS and e-mail providers’ technical answers per delivery try; each message’s status and sent time are in messages' },
  contactMessages: { part: 'support', what: 'the member’s contact messages and their state (not the staff member assigned)' },
  dataDeletionRequests: { part: 'support', what: 'deletion requests and their outcome (not the staff member who handled them)' },
  memberPersonal: { part: 'activation', what: 'personal details' },
  memberAddresses: { part: 'activation', what: 'address' },
  memberReferences: { part: 'activation', what: 'character references the member named' },
  memberIdentities: { part: 'activation', what: 'ID type and number' },
  payoutAccounts: { part: 'activation', what: 'payout account' },
  consents: { part: 'consents', what: 'consents with their text version and time' },
  memberDocuments: { part: 'documents', what: 'ID and selfie metadata, and the current images under images/' },
  documentUploadAttempts: { part: 'documents', what: 'upload attempts' },
  documentAccessLog: { part: 'documents', what: 'each staff view of the member’s documents and applications: when and the role, not who' },
  loans: { part: 'loans', what: 'applications and loans (not the staff who approved or disbursed)' },
  loanEvents: { part: 'loans', what: 'each loan’s history; the member’s own words when cancelling, never staff notes (decision 075)' },
  loanContracts: { part: 'loans', what: 'the signed contract and disclosure statement' },
  loanNotes: { part: 'loans', what: 'that an internal staff note exists: its date and author role, not its text (decision 075)' },
  loanPayoffQuotes: { part: 'loans', what: 'payoff quotes given' },
  loanReservicings: { part: 'loans', what: 'the re-servicing of a loan under the corrected allocation rule' },
  loanInstalments: { part: 'schedule', what: 'the repayment schedule and what was paid of each line' },
  loanPayments: { part: 'payments', what: 'payments (not the staff who recorded or approved them)' },
  loanPaymentAllocations: { part: 'payments', what: 'how each payment was applied' },
  channelPayments: { part: 'payments', what: 'payments started through a payment channel, with their instructions' },
  channelPaymentHolds: { part: 'payments', what: 'channel payments held for a check, without staff notes or ids' },
  loanCharges: { part: 'charges', what: 'late charges, their basis, waivers and reductions (not staff notes or ids)' },
  loanExtensions: { part: 'extensions', what: 'extension requests, decisions and signed disclosures' },
  loanExtensionEvents: { part: 'extensions', what: 'each extension’s history; the member’s own words only' },
  loanReminders: { part: 'reminders', what: 'every reminder and notice about the loans: template, day, recipient, language' },
  ledgerAccounts: { part: 'wallet', what: 'the member’s wallet account and its balances' },
  ledgerTransfers: { part: 'wallet', what: 'the description, reference and date of each transfer touching the wallet (no idempotency key or request hash)' },
  ledgerEntries: { part: 'wallet', what: 'every line of the wallet' },
  withdrawals: { part: 'withdrawals', what: 'withdrawals and their destination (not staff ids or notes)' },
  withdrawalEvents: { part: 'withdrawals', what: 'each withdrawal’s history; the member’s own words only' },
  withdrawalParts: { part: 'withdrawals', what: 'the parts of a split withdrawal' },
  channelPaymentEvents: {
    leftOut: 'the payment providers’ raw messages (payloads with provider references and signatures); what they changed is in payments',
  },
  payoutCallbacks: { leftOut: 'the payout providers’ raw callbacks; what they changed is in withdrawals' },
  loanServicingRuns: { leftOut: 'the daily job’s bookkeeping of which loans it ran; what it did (charges, reminders, statuses) is exported in those parts' },
  auditLog: {
    leftOut:
      'the security record of who did what, naming staff by id; what it records about the member is exported from the records it mirrors (loan, withdrawal and extension histories, document views)',
  },
  idempotencyKeys: { leftOut: 'request replay keys and stored answers for retries: a technical copy of answers already exported' },
  fxRateSnapshots: { leftOut: 'exchange rates for everyone, not about a person; the rate shown to the member is in loans' },
  companyProfiles: { leftOut: 'the company’s own details, not about a person' },
  productVersions: { leftOut: 'the loan products for everyone; the member’s terms are in the signed contract and disclosure in loans' },
  trialBalances: { leftOut: 'the ledger’s daily totals for the whole company, not about a person' },
  trialBalanceLines: { leftOut: 'the ledger’s daily totals by chart of accounts, summed over all members' },
  closedDayPortfolios: { leftOut: 'each closed day’s portfolio figures by product, summed over all loans, not about a person' },
};
