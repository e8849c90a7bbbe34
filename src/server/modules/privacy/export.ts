import { eq } from 'drizzle-orm';
import { csvFile } from '../../http/csv';
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema';
import { readAccountRecords, readLoanRecords, readWalletRecords, readWithdrawalRecords } from './export-reads';
import { AppError } from '../../http/errors';
import { asLanguage } from '../../providers/notify';
import { translate } from '../../../shared/i18n/lookup';
import { storageFor } from '../../providers/storage';
import { philippineDate } from '../../../shared/activation/age';
import { formatMoney } from '../../../shared/money/money';
import { loanNumber as loanNumberOf, withdrawalReference } from '../../../shared/company/references';
import { CSV_PARTS, EXPORT_PARTS, type ExportPart } from './export-coverage';

/**
 * The member's data export (Data Privacy Act of 2012, right of access; DECISIONS.md invariant 9;
 * docs/decisions/075-export-holds-everything.md): one file per part of what Tapat holds about the
 * member (export-coverage.ts lists every table and where it goes), a README.txt in the member's
 * language naming each part, and the current ID and selfie images.
 *
 * Never in it: password, code, session, device or request hashes and keys, storage keys, staff ids
 * (approvers, assignees, authors), staff notes' text (decision 075), other members' ids.
 */

/** Secrets and keys that only make sense inside Tapat. */
const SECRET_COLUMN = /hash|secret|token|pepper|storageKey|idempotencyKey|requestKey/i;
/** Another person's id: the staff member who approved, decided, waived, handled or wrote; the inviter. */
const PERSON_ID_COLUMN = /(?:By|UserId)$|^assignedTo$/;
/** Staff's free text (decision 010): back office only. */
const NOTE_COLUMN = /note$/i;
/** The member's own id on each row: said once, in account.json. */
const OWN_ID_COLUMN = /^(?:userId|memberId)$/;

/** An amount: integer centavos and the peso text a person reads. */
export interface ExportedAmount {
  readonly centavos: number;
  readonly formatted: string;
}

const amount = (value: bigint): ExportedAmount => ({ centavos: Number(value), formatted: formatMoney(value) });

/** A row as JSON: dates ISO, amounts as centavos and pesos, JSON text parsed, secrets, other people's ids, notes and `omit` left out. */
function clean(row: Record<string, unknown>, omit: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (omit.includes(key) || key === 'seq' || SECRET_COLUMN.test(key) || PERSON_ID_COLUMN.test(key) || NOTE_COLUMN.test(key) || OWN_ID_COLUMN.test(key))
      continue;
    out[key] = value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? amount(value) : value;
  }
  return out;
}

const cleanAll = (rows: readonly Record<string, unknown>[], omit: readonly string[] = []) => rows.map((r) => clean(r, omit));

/** An event of a history: the member's own words (a cancellation) kept, a staff member's note never. */
function cleanEvent(row: Record<string, unknown> & { note: string | null }, memberActor: boolean, omit: readonly string[]): Record<string, unknown> {
  return { ...clean(row, omit), ...(memberActor && row.note ? { yourNote: row.note } : {}) };
}

export interface DataExport {
  readonly filename: string;
  readonly zip: Uint8Array;
}

export async function exportMemberData(deps: AppDeps, userId: string): Promise<DataExport> {
  const db = deps.db;
  const now = deps.clock.now();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  const language = asLanguage(user.language);

  const account = await readAccountRecords(db, userId, user);
  const loans = await readLoanRecords(db, userId);
  const wallet = await readWalletRecords(db, userId);
  const withdrawals = await readWithdrawalRecords(db, userId);
  const { documents } = account;
  const { loanRows, instalments, payments } = loans;
  const { walletLines } = wallet;

  const files: Zippable = {};
  const documentEntries = await addImages(deps, documents, files);

  const company = deps.config.company;
  // The numbers the member reads on their screens and receipts (src/shared/company/references.ts).
  const loanNumber = (id: string) => {
    const loan = loanRows.find((l) => l.id === id);
    return loan ? loanNumberOf(company.shortName, loan.number) : null;
  };
  const receipt = (number: number) => `${company.shortName}-P${String(number).padStart(6, '0')}`;

  const content = exportContent(user, account, loans, wallet, withdrawals, documentEntries, loanNumber, receipt, company.shortName);
  for (const part of EXPORT_PARTS) {
    files[`${part}.json`] = [strToU8(JSON.stringify(content[part], null, 2) + '\n'), { level: 6 }];
  }
  addCsvFiles(files, instalments, payments, walletLines, loanNumber, receipt);
  files['README.txt'] = [strToU8(readme(language, company.companyName, company.dataProtectionOfficerEmail, now)), { level: 6 }];
  return { filename: `tapat-data-${philippineDate(now)}.zip`, zip: zipSync(files, { mtime: now }) };
}

type AccountRecords = Awaited<ReturnType<typeof readAccountRecords>>;
type LoanRecords = Awaited<ReturnType<typeof readLoanRecords>>;
type WalletRecords = Awaited<ReturnType<typeof readWalletRecords>>;
type WithdrawalRecords = Awaited<ReturnType<typeof readWithdrawalRecords>>;

/** Each part's JSON content: the member's rows, cleaned, with the numbers they know them by. */
function exportContent(
  user: typeof users.$inferSelect,
  account: AccountRecords,
  loans: LoanRecords,
  wallet: WalletRecords,
  withdrawals: WithdrawalRecords,
  documentEntries: Record<string, unknown>[],
  loanNumber: (id: string) => string | null,
  receipt: (number: number) => string,
  shortName: string,
): Record<ExportPart, unknown> {
  return {
    ...accountParts(user, account, documentEntries),
    ...loanParts(loans, loanNumber, receipt, shortName),
    ...moneyParts(wallet, withdrawals, shortName),
    support: { contactMessages: cleanAll(account.contacts), deletionRequests: cleanAll(account.deletions) },
  };
}

/** The parts about the member and their account: the account, activation, consents, documents, security and messages. */
function accountParts(user: typeof users.$inferSelect, account: AccountRecords, documentEntries: Record<string, unknown>[]) {
  const {
    personal,
    address,
    references,
    identity,
    payout,
    consentRows,
    staffViews,
    uploads,
    sessionRows,
    devices,
    signIns,
    recoveries,
    codes,
    messages,
    invited,
  } = account;
  return {
    account: {
      ...clean(user, ['referredBy']),
      id: user.id,
      // Whether an invite brought the member, never whose it was: that is another member's id.
      referred: user.referredBy !== null,
      membersYouInvited: invited?.n ?? 0,
    },
    activation: {
      personal: personal ? clean(personal) : null,
      address: address ? clean(address) : null,
      references: cleanAll(references),
      identity: identity ? clean(identity) : null,
      payoutAccount: payout ? clean(payout) : null,
    },
    consents: cleanAll(consentRows),
    documents: { documents: documentEntries, documentViewsByStaff: cleanAll(staffViews), documentUploadAttempts: cleanAll(uploads) },
    security: {
      sessions: cleanAll(sessionRows),
      trustedDevices: cleanAll(devices),
      signInAttempts: cleanAll(signIns),
      recoveryAttempts: cleanAll(recoveries),
      oneTimeCodes: cleanAll(codes),
    },
    messages: cleanAll(messages),
  };
}

/** The parts about the member's loans: the loans, their schedules, payments, charges, extensions and reminders. */
function loanParts(loans: LoanRecords, loanNumber: (id: string) => string | null, receipt: (number: number) => string, shortName: string) {
  const { loanRows, instalments, payments, allocations, channelRows, holds, charges, extensions, extensionEvents, reminders } = loans;
  return {
    loans: loanRows.map((loan) => loanEntry(loans, loan, loanNumber)),
    schedule: instalments.map((i) => ({ loanNumber: loanNumber(i.loanId), ...clean(i, ['loanId']) })),
    payments: {
      payments: payments.map((p) => ({
        loanNumber: loanNumber(p.loanId),
        receipt: receipt(p.number),
        ...clean(p, ['loanId', 'transferId', 'reallocationTransferId']),
        allocations: cleanAll(
          allocations.filter((a) => a.paymentId === p.id),
          ['paymentId', 'loanId', 'id'],
        ),
      })),
      channelPayments: channelRows.map((c) => ({
        loanNumber: loanNumber(c.loanId),
        reference: `${shortName}-C${String(c.number).padStart(6, '0')}`,
        ...clean(c, ['loanId', 'walletTransferId']),
      })),
      channelPaymentHolds: cleanAll(holds, ['walletTransferId']),
    },
    charges: charges.map((c) => ({
      loanNumber: loanNumber(c.loanId),
      ...clean(c, ['loanId', 'transferId', 'waiveTransferId', 'reductionTransferId']),
    })),
    extensions: extensions.map((x) => ({
      loanNumber: loanNumber(x.loanId),
      ...clean(x, ['loanId', 'disclosureJson']),
      disclosure: x.disclosureJson ? (JSON.parse(x.disclosureJson) as unknown) : null,
      history: extensionEvents.filter((e) => e.extensionId === x.id).map((e) => cleanEvent(e, e.actorRole === 'MEMBER', ['extensionId'])),
    })),
    reminders: reminders.map((r) => ({ loanNumber: loanNumber(r.loanId), ...clean(r, ['loanId']) })),
  };
}

/** The parts about the member's money outside loans: the wallet and the withdrawals. */
function moneyParts(wallet: WalletRecords, withdrawals: WithdrawalRecords, shortName: string) {
  const { walletAccounts, walletLines } = wallet;
  const { withdrawalRows, withdrawalEventRows, parts } = withdrawals;
  return {
    wallet: {
      accounts: walletAccounts.map((a) => ({
        ...clean(a, ['id']),
        balance: amount(a.creditsPosted - a.debitsPosted),
        available: amount(a.creditsPosted - a.debitsPosted - a.debitsPending),
      })),
      lines: cleanAll(walletLines),
    },
    withdrawals: withdrawalRows.map((w) => ({
      reference: withdrawalReference(shortName, w.number),
      ...clean(w, ['pendingTransferId', 'resolutionTransferId', 'ledgerShard', 'requestId', 'checkAfter']),
      parts: cleanAll(
        parts.filter((p) => p.withdrawalId === w.id),
        ['withdrawalId', 'resolutionTransferId', 'checkAfter'],
      ),
      history: withdrawalEventRows.filter((e) => e.withdrawalId === w.id).map((e) => cleanEvent(e, e.actor === 'MEMBER', ['withdrawalId'])),
    })),
  };
}

/** A loan as its member knows it: its number, history, contract, quotes, re-servicing and that staff noted it. */
function loanEntry(records: LoanRecords, loan: LoanRecords['loanRows'][number], loanNumber: (id: string) => string | null): Record<string, unknown> {
  const { events, contracts, notes, quotes, reservicings } = records;
  const contract = contracts.find((c) => c.loanId === loan.id);
  return {
    ...clean(loan, ['disbursementTransferId', 'ledgerShard']),
    loanNumber: loanNumber(loan.id),
    history: events.filter((e) => e.loanId === loan.id).map((e) => cleanEvent(e, e.actorRole === 'MEMBER', ['loanId'])),
    contract: contract
      ? {
          ...clean(contract, ['loanId', 'contractJson', 'disclosureJson']),
          contract: JSON.parse(contract.contractJson) as unknown,
          disclosure: JSON.parse(contract.disclosureJson) as unknown,
        }
      : null,
    payoffQuotes: cleanAll(
      quotes.filter((q) => q.loanId === loan.id),
      ['loanId'],
    ),
    reservicing:
      reservicings
        .filter((r) => r.loanId === loan.id)
        .map((r) => clean(r, ['loanId']))
        .at(0) ?? null,
    // Decision 075: that a note exists and when, not its words (back office only, decision 010).
    internalStaffNotes: notes.filter((n) => n.loanId === loan.id).map((n) => ({ at: n.at.toISOString(), authorRole: n.authorRole })),
  };
}

/** The images into the archive; each document's entry names its file (null when superseded or gone). */
async function addImages(deps: AppDeps, documents: AccountRecords['documents'], files: Zippable): Promise<Record<string, unknown>[]> {
  // The images: the current ID and selfie, as stored (re-encoded, without metadata).
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
    documentEntries.push({ ...clean(doc), file });
  }
  return documentEntries;
}

/** The CSV copies of the parts a member may open in a spreadsheet (CSV_PARTS), beside their JSON. */
function addCsvFiles(
  files: Zippable,
  instalments: LoanRecords['instalments'],
  payments: LoanRecords['payments'],
  walletLines: WalletRecords['walletLines'],
  loanNumber: (id: string) => string | null,
  receipt: (number: number) => string,
): void {
  files['schedule.csv'] = [
    strToU8(
      csvFile(
        ['loan', 'line', 'due_date', 'principal', 'interest', 'fees', 'total', 'principal_paid', 'interest_paid', 'fees_paid', 'paid_on'],
        instalments.map((i) => [
          loanNumber(i.loanId),
          i.number,
          i.dueDate,
          formatMoney(i.principal, ''),
          formatMoney(i.interest, ''),
          formatMoney(i.fees, ''),
          formatMoney(i.total, ''),
          formatMoney(i.principalPaid, ''),
          formatMoney(i.interestPaid, ''),
          formatMoney(i.feesPaid, ''),
          i.paidOn,
        ]),
      ),
    ),
    { level: 6 },
  ];
  files['payments.csv'] = [
    strToU8(
      csvFile(
        ['loan', 'receipt', 'received_at', 'source', 'kind', 'status', 'amount'],
        payments.map((p) => [loanNumber(p.loanId), receipt(p.number), p.receivedAt.toISOString(), p.source, p.kind, p.status, formatMoney(p.amount, '')]),
      ),
    ),
    { level: 6 },
  ];
  files['wallet.csv'] = [
    strToU8(
      csvFile(
        ['at', 'description', 'reference', 'direction', 'phase', 'amount'],
        walletLines.map((l) => [l.at.toISOString(), l.description, l.reference, l.direction, l.phase, formatMoney(l.amount, '')]),
      ),
    ),
    { level: 6 },
  ];
}

function readme(language: ReturnType<typeof asLanguage>, companyName: string, dpoEmail: string, now: Date): string {
  // A file's text in the member's language (not a message: translate, not messageText).
  const t = (key: string, values: Record<string, string> = {}) => translate(language, `activation.privacy.readme.${key}`, values);
  const lines = [t('title', { company: companyName, date: now.toISOString() }), '', t('intro'), ''];
  for (const part of EXPORT_PARTS) {
    const names = CSV_PARTS.includes(part) ? `${part}.json, ${part}.csv` : `${part}.json`;
    lines.push(`${names}: ${t(part)}`);
  }
  lines.push(`images/: ${t('images')}`, '', t('amounts'), t('notes'), '', t('contact', { email: dpoEmail }), '');
  return lines.join('\n');
}
