import { renderIn } from '../../../shared/i18n/lookup';
import { asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { systemReasonOf } from '../../../shared/loan/system-reasons';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { loanContracts, loanEvents, loanExtensions, loans, sessions, users } from '../../db/schema';
import { sessionAndVersionsColumns } from '../../sessions/store';
import { latestRates } from '../../providers/fx/store';
import { statementOf, toDisclosure } from '../../../shared/loan/disclosure';
import type { ProductConfig } from '../../../shared/loan/product';
import { CURRENCIES } from '../../../shared/money/currencies';
import { parseAmount, toDecimalString } from '../../../shared/money/money';
import { convertFromPhpRoundedUp, inverseRateToTwoDecimals, parseRate } from '../../../shared/money/rate';
import type { DisclosureDto, LoanView, PreAssessmentDto, adminTimelineEntrySchema } from '../../../shared/schemas/loans';
import {
  LOAN_STATUS_CATALOGUE,
  loanStatusTexts,
  findTransition,
  isCounterOffer,
  isOpenStatus,
  mustAcceptOffer,
  type LoanAction,
  type LoanStatus,
} from '../../../shared/states/loan';
import { isCounterOfferReason, isLoanReason, isLoanRejectionReason, loanReasonText, type LoanReason } from '../../../shared/reasons/catalogue';
import type { z } from 'zod';
import type { Assessment } from '../../../shared/loan/eligibility';
import { currentLoanOrder, displayCurrencyOf, loanNumberOf, productOf, scheduleOf, type LoanRow } from '../../domain/loans/repository';
import { todayPh } from '../../domain/day';
import { together } from '../../db/together';

/** Loan views and timelines: what the member and officer services share (rows and transitions: src/server/domain/loans). */

/**
 * GET /api/loans/current in ONE statement (decision 038, as GET /api/wallet; decision 042): the
 * session and configuration versions (sessionAndVersionsColumns), the session's member's loan
 * chosen as currentLoanOf chooses it, its contract row (with the signed disclosure's text once the
 * loan is signed: disclosureOf), and its member's timeline as one JSON column (the columns
 * entriesOf reads, the note left out: a member never reads it). Everything hangs on
 * sessions.user_id of the cookie's session row: no session row, no loan. The route checks the
 * session (acceptSessionRow) before it uses anything else of the row.
 */
export async function currentLoanWithSession(db: DbOrTx, key: string) {
  const statement = prepared(db, 'loans_current_with_session', () => {
    const latest = alias(loans, 'latest');
    const loanOfMember = db
      .select({ id: latest.id })
      .from(latest)
      .where(eq(latest.memberId, sessions.userId))
      .orderBy(...currentLoanOrder(latest))
      .limit(1);
    return db
      .select({
        ...sessionAndVersionsColumns,
        loan: loans,
        contract: { signedAt: loanContracts.signedAt, documentsSha256: loanContracts.documentsSha256 },
        disclosureJson: sql<string | null>`case when ${loans.signedAt} is not null then ${loanContracts.disclosureJson} end`,
        events: sql<TimelineEventJson[] | null>`(select json_agg(json_build_object(
            'at', e.at, 'fromStatus', e.from_status, 'toStatus', e.to_status, 'action', e.action, 'actorUserId', e.actor_user_id,
            'actorRole', e.actor_role, 'reasonCode', e.reason_code, 'data', e.data, 'actorName', a.full_name) order by e.seq)
          from ${loanEvents} e left join ${users} a on a.id = e.actor_user_id where e.loan_id = ${loans.id})`,
        inForce: inForceColumn(sql`${loans.id}`),
      })
      .from(sql`(select 1) as one`)
      .leftJoin(sessions, eq(sessions.id, sql.placeholder('id')))
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(loans, eq(loans.id, sql`(${loanOfMember})`))
      .leftJoin(loanContracts, eq(loanContracts.loanId, loans.id))
      .limit(1)
      .prepare('loans_current_with_session');
  });
  const [row] = await statement.execute({ id: key });
  if (!row) return { session: undefined, current: null };
  const { loan, contract, disclosureJson, events, inForce, ...session } = row;
  return { session, current: loan ? { loan, contract, disclosureJson, events: events ?? [], inForce: inForce ?? null } : null };
}

/** The schedule in force after an extension, as the loan view carries it (LoanView.inForce). */
export type InForceSchedule = LoanView['inForce'];

/**
 * The latest extension in force of a loan (loan_extensions, written by the repayments module; read
 * here): its months from disbursement, the signed statement's regular instalment, the first line
 * it replaced and its last due date, as one JSON value (null when none is in force).
 */
function inForceColumn(loanId: ReturnType<typeof sql>) {
  return sql<InForceSchedule>`(select json_build_object('term', x.total_months, 'instalment', (x.disclosure_json::jsonb ->> 'regularInstalment'),
      'fromLine', x.from_line, 'endDate', x.new_end_date)
    from ${loanExtensions} x where x.loan_id = ${loanId} and x.status = 'EFFECTIVE' order by x.signed_at desc limit 1)`;
}

async function inForceOf(db: DbOrTx, loanId: string): Promise<InForceSchedule> {
  const [row] = await db.select({ inForce: inForceColumn(sql`${loanId}::uuid`) }).from(sql`(select 1) as one`);
  return row?.inForce ?? null;
}

/** What currentLoanWithSession read of the loan: enough for memberLoanViewOf without another statement. */
export type CurrentLoanRead = NonNullable<Awaited<ReturnType<typeof currentLoanWithSession>>['current']>;

/** A timeline event as the JSON column of currentLoanWithSession carries it (`at` as PostgreSQL's JSON text of a timestamptz). */
export interface TimelineEventJson {
  at: string;
  fromStatus: string | null;
  toStatus: string;
  action: string;
  actorUserId: string | null;
  actorRole: string;
  reasonCode: string | null;
  data: unknown;
  actorName: string | null;
}

/** The member's loan view from currentLoanWithSession's row (the same answer as loanView(db, deps, loan)). */
export function memberLoanViewOf(deps: AppDeps, read: CurrentLoanRead): LoanView {
  const timeline = read.events.map((e) => timelineEntryOf(e, new Date(e.at), e.actorName, read.loan, 'MEMBER'));
  return loanViewFrom(deps, read.loan, read.contract ? { ...read.contract, disclosureJson: read.disclosureJson } : undefined, timeline, read.inForce);
}

// ---------------------------------------------------------------------------------------------
// Currencies and rates (display only: loans are booked in PHP)

export interface RateSnapshot {
  readonly rate: string;
  readonly asOf: string;
}

/** The rate of an active currency from the rates in force at `now` (the stored snapshot in force, else the shipped one), or null when it is not offered. */
export async function activeRate(db: DbOrTx, currency: string, now: Date): Promise<RateSnapshot | null> {
  const snapshot = await latestRates(db, now);
  const offered = CURRENCIES.find((c) => c.currencyCode === currency && c.active);
  const rate = snapshot.rates[currency];
  if (!offered || rate === undefined) return null;
  return { rate, asOf: snapshot.asOf };
}

// ---------------------------------------------------------------------------------------------
// Schedules and disclosures

/** The borrower a statement is issued to (BSP Circular 730): name and address. */
export interface StatementBorrower {
  readonly name: string;
  readonly address: string | null;
}

/**
 * The loan's disclosure: the signed one until disbursement (and after it, when the disbursement
 * kept the signed schedule's start date); re-issued from the disbursement date the ledger booked
 * when that date moved; else (not signed) a preview from today, issued to `borrower` when given.
 */
export async function disclosureOf(db: DbOrTx, deps: AppDeps, loan: LoanRow, borrower: StatementBorrower | null = null): Promise<DisclosureDto> {
  const signed = needsSignedDisclosure(loan)
    ? (await db.select({ disclosureJson: loanContracts.disclosureJson }).from(loanContracts).where(eq(loanContracts.loanId, loan.id)))[0]
    : undefined;
  return disclosureFrom(deps, loan, signed?.disclosureJson ?? null, borrower);
}

/** The signed disclosure is read once the loan is signed (disclosureOf). */
function needsSignedDisclosure(loan: LoanRow): boolean {
  return !!loan.signedAt;
}

/** disclosureOf, given the signed contract's disclosure when it was read. */
function disclosureFrom(deps: AppDeps, loan: LoanRow, signedJson: string | null, borrower: StatementBorrower | null = null): DisclosureDto {
  const signed = loan.signedAt && signedJson !== null ? signedDisclosure(signedJson) : null;
  if (loan.scheduleStartDate) {
    if (signed && signed.scheduleStartDate === loan.scheduleStartDate) return namedDisclosure(deps, loan, signed);
    // Re-issued at disbursement: dated and scheduled from the disbursement date; the signed statement stays as signed.
    // Everything but the date comes from the signed statement, so the re-issue reads the same whenever it is asked for.
    const startDate = loan.scheduleStartDate;
    const to = signed?.statement?.borrower ?? borrower;
    const issue = signed ? 'REISSUED_AT_DISBURSEMENT' : 'ISSUED';
    const signedStatement = signed?.statement ? { certifiedCorrect: signed.statement.certifiedCorrect } : null;
    return builtDisclosure(deps, loan, startDate, [to, issue, signedStatement], () => {
      const base = statementOf(deps.config.company, startDate, to, issue);
      const statement = signedStatement ? { ...base, ...signedStatement } : base;
      return toDisclosure(productOf(deps, loan), scheduleOf(deps, loan, startDate), displayCurrencyOf(loan), statement, deps.config.servicing.arrearsTolerance);
    });
  }
  if (signed) return namedDisclosure(deps, loan, signed);
  const today = todayPh(deps);
  return builtDisclosure(deps, loan, today, [borrower], () =>
    toDisclosure(
      productOf(deps, loan),
      scheduleOf(deps, loan, today),
      displayCurrencyOf(loan),
      statementOf(deps.config.company, today, borrower),
      deps.config.servicing.arrearsTolerance,
    ),
  );
}

// Disclosures kept once built (decision 042): a loan polled again and again shows the same one, and
// building it (the schedule, the rates, the texts) or parsing the signed one's text was most of its
// view's own work. Each is kept under ALL its inputs, so a kept one is exactly what building it
// again would give: the signed text itself; else the product version's object (a new version is a
// new object), the amount, term, start date, display currency and rate, the company's name and
// signatory, the arrears tolerance, and the statement's borrower, issue and signatory. Frozen: a shared answer is never
// changed by a caller. At most DISCLOSURES_KEPT of each kind (the oldest goes first).
export const DISCLOSURES_KEPT = 500;
const signedDisclosures = new Map<string, DisclosureDto>();
const builtDisclosures = new WeakMap<ProductConfig, Map<string, DisclosureDto>>();

function kept(map: Map<string, DisclosureDto>, key: string, build: () => DisclosureDto): DisclosureDto {
  let value = map.get(key);
  if (value === undefined) {
    value = deepFreeze(build());
    if (map.size >= DISCLOSURES_KEPT) map.delete(map.keys().next().value as string);
    map.set(key, value);
  }
  return value;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/** The signed contract's disclosure from its text (parsed once per text). */
function signedDisclosure(json: string): DisclosureDto {
  return kept(signedDisclosures, json, () => JSON.parse(json) as DisclosureDto);
}

/**
 * A statement with its product named: one signed before the statement named it gets the loan's own
 * product's code and names (its version never changes), for the pages and PDFs only; the signed
 * text and its hash stay as signed.
 */
export function namedDisclosure(deps: AppDeps, loan: LoanRow, d: DisclosureDto): DisclosureDto {
  if (d.product) return d;
  const p = productOf(deps, loan);
  return { ...d, product: { code: p.code, names: { en: p.names.en, fil: p.names.fil } } };
}

/** A disclosure built from the loan's product, amount, term, display currency and `startDate`, with `statement` the rest of its inputs. */
function builtDisclosure(deps: AppDeps, loan: LoanRow, startDate: string, statement: unknown[], build: () => DisclosureDto): DisclosureDto {
  const product = productOf(deps, loan);
  let map = builtDisclosures.get(product);
  if (!map) {
    map = new Map();
    builtDisclosures.set(product, map);
  }
  const { companyName, disclosureSignatory } = deps.config.company;
  const key = JSON.stringify([
    loan.amount.toString(),
    loan.term,
    startDate,
    loan.selectedCurrency,
    loan.exchangeRate,
    loan.ratesAsOf,
    companyName,
    disclosureSignatory.name,
    disclosureSignatory.position,
    deps.config.servicing.arrearsTolerance.toString(),
    ...statement,
  ]);
  return kept(map, key, build);
}

export function assessmentDto(a: Assessment, at: Date): PreAssessmentDto {
  return {
    eligible: a.eligible,
    reasons: a.reasons.map((r) => ({ code: r.code, message: r.message, values: { ...r.values } })),
    maxEligibleAmount: toDecimalString(a.maxEligibleAmount),
    maxEligibleByTerm: a.maxEligibleByTerm.map((t) => ({ term: t.term, amount: toDecimalString(t.amount) })),
    instalment: toDecimalString(a.instalment),
    debtServiceRatioPercent: a.debtServiceRatioBps === null ? null : (a.debtServiceRatioBps / 100).toFixed(2),
    incomeMultiple: a.incomeMultiple,
    assessedAt: at.toISOString(),
  };
}

type AdminTimelineEntry = z.infer<typeof adminTimelineEntrySchema>;

/** A stored reason code as the catalogue's code and English text (anything else reads as none). */
function reasonOf(code: string | null): { reasonCode: LoanReason | null; reason: string | null } {
  return code && isLoanReason(code) ? { reasonCode: code, reason: loanReasonText(code) } : { reasonCode: null, reason: null };
}

/**
 * The loan's history as `viewer` reads it. What the borrower reads of a decision is the catalogue's
 * text of its reason code; the free-text note (an officer's internal note, or the member's own words
 * when cancelling) is only in the back office's timeline (adminTimelineOf).
 */
async function timelineOf(db: DbOrTx, loan: LoanRow, viewer: 'MEMBER' | 'STAFF'): Promise<LoanView['timeline']> {
  return (await entriesOf(db, loan, viewer)).map((e) => e.entry);
}

/** The back office's timeline: each entry with its free-text note. */
export async function adminTimelineOf(db: DbOrTx, loan: LoanRow): Promise<AdminTimelineEntry[]> {
  return (await entriesOf(db, loan, 'STAFF')).map((e) => ({ ...e.entry, note: e.note }));
}

async function entriesOf(db: DbOrTx, loan: LoanRow, viewer: 'MEMBER' | 'STAFF'): Promise<{ entry: LoanView['timeline'][number]; note: string | null }[]> {
  // Built once per database handle (src/server/db/prepared.ts): every loan view reads it.
  const statement = prepared(db, 'loans_events_of', () =>
    db
      .select({ event: loanEvents, actorName: users.fullName })
      .from(loanEvents)
      .leftJoin(users, eq(loanEvents.actorUserId, users.id))
      .where(eq(loanEvents.loanId, sql.placeholder('loanId')))
      .orderBy(asc(loanEvents.seq))
      .prepare('loans_events_of'),
  );
  const rows = await statement.execute({ loanId: loan.id });
  return rows.map(({ event, actorName }) => ({ entry: timelineEntryOf(event, event.at, actorName, loan, viewer), note: event.note }));
}

type TimelineEventFields = Pick<typeof loanEvents.$inferSelect, 'fromStatus' | 'toStatus' | 'action' | 'actorUserId' | 'actorRole' | 'reasonCode' | 'data'>;

/** Who made an event, as `viewer` reads it: the member's own action is theirs (YOU), a named person's, or the system's. */
function actorOf(
  event: Pick<TimelineEventFields, 'actorRole' | 'actorUserId'>,
  actorName: string | null,
  loan: Pick<LoanRow, 'memberId'>,
  viewer: 'MEMBER' | 'STAFF',
): Pick<LoanView['timeline'][number], 'actor' | 'actorName'> {
  if (event.actorRole === 'MEMBER' && viewer === 'MEMBER' && event.actorUserId === loan.memberId) return { actor: 'YOU', actorName: null };
  if (event.actorRole === 'SYSTEM' || actorName === null) return { actor: 'SYSTEM', actorName: null };
  return { actor: 'PERSON', actorName };
}

/** One event of a loan's history as `viewer` reads it (entriesOf, memberLoanViewOf). */
function timelineEntryOf(
  event: TimelineEventFields,
  at: Date,
  actorName: string | null,
  loan: Pick<LoanRow, 'memberId'>,
  viewer: 'MEMBER' | 'STAFF',
): LoanView['timeline'][number] {
  return {
    at: at.toISOString(),
    from: (event.fromStatus as LoanStatus | null) ?? null,
    to: event.toStatus as LoanStatus,
    action: event.action as LoanAction,
    actorRole: event.actorRole as 'MEMBER' | 'OFFICER' | 'ADMIN' | 'SYSTEM',
    ...actorOf(event, actorName, loan, viewer),
    ...reasonOf(event.reasonCode),
    systemReason: systemReasonOf(event.data),
  };
}

/** The approved offer: the amount and term against the application, the counter-offer's reason, its acceptance. */
function offerOf(loan: LoanRow): LoanView['offer'] {
  if (!loan.approvedAt) return null;
  const code = loan.offerReasonCode && isCounterOfferReason(loan.offerReasonCode) ? loan.offerReasonCode : null;
  return {
    counterOffer: isCounterOffer(loan),
    reasonCode: code,
    reason: code ? loanReasonText(code) : null,
    requestedAmount: toDecimalString(loan.requestedAmount),
    requestedTerm: loan.requestedTerm,
    amount: toDecimalString(loan.amount),
    term: loan.term,
    acceptedAt: loan.offerAcceptedAt?.toISOString() ?? null,
  };
}

/** The loan is an approved counter-offer the borrower has not accepted yet. */
export function offerAwaitsAcceptance(loan: LoanRow): boolean {
  return mustAcceptOffer({ ...loan, status: loan.status as LoanStatus });
}

// ---------------------------------------------------------------------------------------------
// The loan view

function statusFields(status: LoanStatus, deps: AppDeps) {
  const entry = LOAN_STATUS_CATALOGUE[status];
  const texts = loanStatusTexts(status, deps.config.company);
  return {
    status,
    statusMessage: renderIn('en', texts.message),
    statusTexts: texts,
    statusColor: entry.colour,
    statusIcon: entry.icon,
    statementShow: texts.statement !== null,
    statement: texts.statement ? renderIn('en', texts.statement) : null,
    statementMessage: texts.statementMessage ? renderIn('en', texts.statementMessage) : null,
  };
}

/** A loan's contract row (without the signed disclosure's text): built once per database handle (src/server/db/prepared.ts). */
function contractStatement(db: DbOrTx) {
  return prepared(db, 'loans_contract', () =>
    db
      .select({ signedAt: loanContracts.signedAt, documentsSha256: loanContracts.documentsSha256, disclosureJson: sql<string | null>`null` })
      .from(loanContracts)
      .where(eq(loanContracts.loanId, sql.placeholder('loanId')))
      .prepare('loans_contract'),
  );
}

/** A loan's contract row with the signed disclosure's text. */
function contractWithDisclosureStatement(db: DbOrTx) {
  return prepared(db, 'loans_contract_with_disclosure', () =>
    db
      .select({ signedAt: loanContracts.signedAt, documentsSha256: loanContracts.documentsSha256, disclosureJson: loanContracts.disclosureJson })
      .from(loanContracts)
      .where(eq(loanContracts.loanId, sql.placeholder('loanId')))
      .prepare('loans_contract_with_disclosure'),
  );
}

export async function loanView(db: DbOrTx, deps: AppDeps, loan: LoanRow, viewer: 'MEMBER' | 'STAFF' = 'MEMBER'): Promise<LoanView> {
  // The contract (with the signed disclosure when it is the one shown), the timeline and the schedule
  // in force: sent together on the pool, one after another in a transaction.
  const withDisclosure = needsSignedDisclosure(loan);
  const [[contract], timeline, inForce] = await together(
    db,
    () => (withDisclosure ? contractWithDisclosureStatement(db) : contractStatement(db)).execute({ loanId: loan.id }),
    () => timelineOf(db, loan, viewer),
    async () => (loan.disbursedAt ? inForceOf(db, loan.id) : null),
  );
  return loanViewFrom(deps, loan, contract, timeline, inForce);
}

/** A loan's view from its contract row (with the signed disclosure's text when it is the one shown) and its timeline. */
function loanViewFrom(
  deps: AppDeps,
  loan: LoanRow,
  contract: { signedAt: Date; documentsSha256: string; disclosureJson: string | null } | undefined | null,
  timeline: LoanView['timeline'],
  inForce: InForceSchedule,
): LoanView {
  const status = loan.status as LoanStatus;
  const product = productOf(deps, loan);
  const disclosure = disclosureFrom(deps, loan, contract?.disclosureJson ?? null);
  const rate = parseRate(loan.exchangeRate);
  // The instalment in force: the extension's when one took effect, else the contract's.
  const regular = parseAmount(inForce?.instalment ?? disclosure.regularInstalment) ?? 0n;
  return {
    id: loan.id,
    loanNumber: loanNumberOf(deps, loan.number),
    ...statusFields(status, deps),
    open: isOpenStatus(status),
    productCode: loan.productCode,
    productVersion: loan.productVersion,
    requestedAmount: toDecimalString(loan.requestedAmount),
    requestedTerm: loan.requestedTerm,
    amount: toDecimalString(loan.amount),
    term: loan.term,
    selectedCurrency: loan.selectedCurrency,
    exchangeRate: loan.exchangeRate,
    displayRate: inverseRateToTwoDecimals(rate),
    ratesAsOf: loan.ratesAsOf,
    amountXR: toDecimalString(convertFromPhpRoundedUp(loan.amount, rate)),
    instalmentXR: toDecimalString(convertFromPhpRoundedUp(regular, rate)),
    interestModel: product.interest.model,
    interestRatePercent: disclosure.nominalMonthlyRatePercent,
    rejectionReasonCode: loan.rejectionReasonCode && isLoanRejectionReason(loan.rejectionReasonCode) ? loan.rejectionReasonCode : null,
    rejectionReason: loan.rejectionReasonCode && isLoanRejectionReason(loan.rejectionReasonCode) ? loanReasonText(loan.rejectionReasonCode) : null,
    offer: offerOf(loan),
    createdAt: loan.createdAt.toISOString(),
    approvedAt: loan.approvedAt?.toISOString() ?? null,
    signedAt: loan.signedAt?.toISOString() ?? null,
    disbursedAt: loan.disbursedAt?.toISOString() ?? null,
    preAssessment: loan.preAssessment as PreAssessmentDto,
    disclosure,
    timeline,
    canCancel: findTransition(status, 'CANCEL') !== null,
    canAcceptOffer: offerAwaitsAcceptance(loan),
    canSign: status === 'APPROVED' && !offerAwaitsAcceptance(loan),
    contract: contract
      ? {
          signedAt: contract.signedAt.toISOString(),
          documentsSha256: contract.documentsSha256,
          contractUrl: '/api/loans/current/contract.pdf',
          disclosureUrl: '/api/loans/current/disclosure.pdf',
        }
      : null,
    inForce: inForce ? { ...inForce, term: Number(inForce.term), fromLine: Number(inForce.fromLine) } : null,
  };
}
