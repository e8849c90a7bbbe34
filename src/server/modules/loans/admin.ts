import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { loanInstalments, loans, sessions, users } from '../../db/schema';
import { prepared } from '../../db/prepared';
import { sessionAndVersionsColumns } from '../../sessions/store';
import { STAFF_ROLES } from '../../../shared/states/roles';
import { AppError } from '../../http/errors';
import { idempotent, type IdempotentAnswer } from '../../http/idempotency';
import { recordStaffView, writeAudit, type AuditContext } from '../../audit';
import { createTransfer, ensureMemberWallet, ensureSystemAccount, shardOf, type TransferLeg } from '../../ledger';
import { languageOfUser, messageText, queueEmail, queueSms, staffNotice } from '../../providers/notify';
import type { SessionAuth } from '../../sessions/store';
import { assess } from '../../../shared/loan/eligibility';
import { ratePercent } from '../../../shared/loan/rate-solver';
import { formatAmount, toDecimalString } from '../../../shared/money/money';
import type { AdminLoanDetail } from '../../../shared/schemas/loans';
import { decodeKeysetCursor, encodeKeysetCursor, type KeysetPosition } from '../../../shared/schemas/params';
import { LOAN_STATUSES, LOAN_STATUS_CATALOGUE, isCounterOffer, isLoanStatus, type LoanStatus } from '../../../shared/states/loan';
import { loanReasonKey, type CounterOfferReason, type LoanRejectionReason } from '../../../shared/reasons/catalogue';
import { assertNoConflict, conflictOfInterest } from '../../staff/conflict';
import { adminMember, memberFacts } from './member-data';
import { type CatalogueText, text, textList } from '../../../shared/i18n/text';
import { checkAmountAndTerm } from './service';
import { adminTimelineOf, assessmentDto, loanView } from './views';
import { loanById, loanNumberOf, productOf, scheduleOf, type LoanRow } from '../../domain/loans/repository';
import { todayPh } from '../../domain/day';
import { limitDto, memberLimits } from '../../domain/loans/limits';
import { transition } from '../../domain/loans/transition';
import { renderIn } from '../../../shared/i18n/lookup';

/**
 * The officer's side of loans (/api/admin/loans, OFFICER and ADMIN): the queue, an application's
 * detail, start review, approve with an offer, reject with a reason, disburse into the wallet.
 * What the borrower reads of a decision is a reason code of the fixed catalogue (src/shared/reasons);
 * an officer's note stays in the audit log and the back office. No staff member acts on their own
 * loan or on one of a member sharing their phone or e-mail (src/server/staff/conflict.ts).
 */

/** The counts by status stop at this many (the screen shows "1000+"): a count never reads a whole status. */
const QUEUE_COUNT_CAP = 1000;

/** What the queue shows when no status is asked for: the applications waiting for staff. */
const DEFAULT_QUEUE: readonly LoanStatus[] = ['PENDING', 'UNDER_REVIEW', 'APPROVED', 'CONTRACT_SIGNED'];

function minutesBetween(from: Date, to: Date): number {
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));
}

interface QueueInput {
  status?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

/** The statuses and position a queue page asks for, or the 400 it answers (after the session and role are checked). */
function queueParams(input: QueueInput): { statuses: LoanStatus[]; after: KeysetPosition | null } | { refusal: AppError } {
  const statuses = input.status
    ? input.status
        .split(',')
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean)
    : [...DEFAULT_QUEUE];
  const unknown = statuses.filter((s) => !isLoanStatus(s));
  if (unknown.length > 0 || statuses.length === 0) {
    return {
      refusal: new AppError(400, 'VALIDATION_FAILED', text('errors.unknownStatusUse', { unknown: unknown.join(', '), allowed: LOAN_STATUSES.join(', ') }), {
        status: text('errors.unknownStatus'),
      }),
    };
  }
  const after = input.cursor ? decodeKeysetCursor(input.cursor) : null;
  if (input.cursor && !after) return { refusal: new AppError(400, 'VALIDATION_FAILED', text('errors.cursor'), { cursor: text('errors.cursor') }) };
  return { statuses: statuses as LoanStatus[], after };
}

/** A loan of the queue's page as its statement's JSON column carries it (timestamps as PostgreSQL's JSON text of a timestamptz). */
interface QueueLoanJson {
  id: string;
  number: number;
  status: string;
  memberId: string;
  memberName: string;
  amount: string;
  term: number;
  eligible: boolean;
  createdAt: string;
  statusChangedAt: string;
}

/**
 * GET /api/admin/loans in ONE statement (decision 042, as GET /api/wallet in decision 038): the
 * session and configuration versions (sessionAndVersionsColumns), the page and the counts by
 * status, both only for a staff session's row (users.role: nothing is read for anyone else). Built
 * once per database handle (with and without a cursor): the statuses, the position and the limit
 * are parameters. Keyset on (created_at, number), served by loans_status_idx (status, created_at,
 * number): each status is read in index order, limit + 1 rows at most (a lateral join per status),
 * and the few rows merged; the member's name is joined on the page's rows only. Each count reads
 * at most QUEUE_COUNT_CAP entries of the status index: past it the screen shows "1000+".
 */
function queueStatement(db: AppDeps['db'], withCursor: boolean) {
  const name = withCursor ? 'loans_queue_after_with_session' : 'loans_queue_with_session';
  return prepared(db, name, () => {
    const staff = sql`${users.role} in (${sql.join(
      STAFF_ROLES.map((r) => sql.raw(`'${r}'`)),
      sql`, `,
    )})`;
    const after = withCursor
      ? sql` and (q.created_at, q.number) > (${sql.placeholder('afterAt')}::timestamptz, ${sql.placeholder('afterNumber')}::bigint)`
      : sql``;
    const limit = sql.placeholder('limit');
    return db
      .select({
        ...sessionAndVersionsColumns,
        page: sql<QueueLoanJson[] | null>`(select json_agg(json_build_object('id', p.id, 'number', p.number, 'status', p.status, 'memberId', p.member_id,
            'memberName', p.full_name, 'amount', p.amount::text, 'term', p.term, 'eligible', p.pre_assessment -> 'eligible',
            'createdAt', p.created_at, 'statusChangedAt', p.status_changed_at) order by p.created_at, p.number)
          from (select l.id, l.number, l.status, l.member_id, u.full_name, l.amount, l.term, l.pre_assessment, l.created_at, l.status_changed_at
                from ${loans} l join ${users} u on u.id = l.member_id
                where l.id in (select x.id from unnest(${sql.placeholder('statuses')}::text[]) as s(status)
                               cross join lateral (select q.id from ${loans} q where q.status = s.status${after} order by q.created_at, q.number limit ${limit}) x)
                order by l.created_at, l.number limit ${limit}) p
          where ${staff})`,
        counts: sql<Record<string, number | string> | null>`(select json_object_agg(s.status,
            (select count(*) from (select 1 from ${loans} c where c.status = s.status limit ${sql.raw(String(QUEUE_COUNT_CAP))}) capped))
          from unnest(${sql.raw(`'{${LOAN_STATUSES.join(',')}}'`)}::text[]) as s(status) where ${staff})`,
      })
      .from(sql`(select 1) as one`)
      .leftJoin(sessions, eq(sessions.id, sql.placeholder('id')))
      .leftJoin(users, eq(users.id, sessions.userId))
      .limit(1)
      .prepare(name);
  });
}

/** The queue page's statement (queueStatement) for the request's session key; an invalid status or cursor reads no page and answers 400 from queueAnswer. */
export async function queueWithSession(deps: AppDeps, key: string, input: QueueInput) {
  const params = queueParams(input);
  const ok = 'statuses' in params ? params : { statuses: [], after: null };
  const [row] = await queueStatement(deps.db, ok.after !== null).execute({
    id: key,
    statuses: `{${ok.statuses.join(',')}}`,
    limit: input.limit + 1,
    ...(ok.after ? { afterAt: ok.after.at.toISOString(), afterNumber: ok.after.number.toString() } : {}),
  });
  if (!row) return { session: undefined, queue: null };
  const { page, counts, ...session } = row;
  return { session, queue: { refusal: 'refusal' in params ? params.refusal : null, limit: input.limit, page: page ?? [], counts: counts ?? {} } };
}

/** GET /api/admin/loans's answer from queueWithSession's row, once the session was accepted as staff's (or its 400). */
export function queueAnswer(deps: AppDeps, read: Awaited<ReturnType<typeof queueWithSession>>['queue']) {
  // A staff session's row always comes with its page (the statement's one row).
  if (!read) throw new AppError(401, 'UNAUTHENTICATED');
  if (read.refusal) throw read.refusal;
  const now = deps.clock.now();
  const found = read.page.map((loan) => ({ ...loan, createdAt: new Date(loan.createdAt), statusChangedAt: new Date(loan.statusChangedAt) }));
  const rows = found.slice(0, read.limit);
  const last = rows.at(-1);
  return {
    items: rows.map((loan) => ({
      id: loan.id,
      loanNumber: loanNumberOf(deps, loan.number),
      status: loan.status as LoanStatus,
      statusColor: LOAN_STATUS_CATALOGUE[loan.status as LoanStatus].colour,
      memberId: loan.memberId,
      memberName: loan.memberName,
      amount: toDecimalString(BigInt(loan.amount)),
      term: loan.term,
      eligible: loan.eligible,
      createdAt: loan.createdAt.toISOString(),
      ageMinutes: minutesBetween(loan.createdAt, now),
      inStatusMinutes: minutesBetween(loan.statusChangedAt, now),
    })),
    counts: Object.fromEntries(LOAN_STATUSES.map((s) => [s, Number(read.counts[s] ?? 0)])),
    countCap: QUEUE_COUNT_CAP,
    nextCursor: found.length > read.limit && last ? encodeKeysetCursor(last.createdAt, last.number) : null,
  };
}

async function staffName(tx: Tx | AppDeps['db'], id: string | null): Promise<{ id: string; name: string } | null> {
  if (!id) return null;
  const [row] = await tx.select({ name: users.fullName }).from(users).where(eq(users.id, id));
  return { id, name: row?.name ?? 'Former staff member' };
}

async function adminLoan(db: Tx | AppDeps['db'], deps: AppDeps, loan: LoanRow): Promise<AdminLoanDetail['loan']> {
  return {
    ...(await loanView(db, deps, loan, 'STAFF')),
    timeline: await adminTimelineOf(db, loan),
    approvedBy: await staffName(db, loan.approvedBy),
    disbursedBy: await staffName(db, loan.disbursedBy),
    disbursementTransferId: loan.disbursementTransferId,
    productTerms: [...productOf(deps, loan).terms],
  };
}

function disburseBlocked(deps: AppDeps, loan: LoanRow, staff: SessionAuth): CatalogueText | null {
  if (loan.status === 'DISBURSED' || loan.status === 'ACTIVE' || loan.status === 'REPAID') return text('errors.ALREADY_DISBURSED');
  if (loan.status !== 'CONTRACT_SIGNED') return text('loans.errors.disburseAfterSigning');
  if (deps.config.loanMakerChecker && loan.approvedBy === staff.userId) return text('loans.errors.approverCannotDisburse');
  return null;
}

/** The access-log kind of a staff view of a loan application's personal data (beside ID_FRONT, SELFIE, ...). */
const APPLICATION_VIEW_KIND = 'APPLICATION';

export async function detail(
  deps: AppDeps,
  staff: SessionAuth,
  loanId: string,
  ctx: { ip: string | null; userAgent?: string | undefined } = { ip: null },
): Promise<AdminLoanDetail> {
  const loan = await loanById(deps.db, loanId);
  // Opening an application shows the member's birth date, address, ID number and references: each
  // view is in the access log the member's data export lists (like an image view) and in the audit log.
  const now = deps.clock.now();
  await recordStaffView(deps.db, {
    staff,
    memberId: loan.memberId,
    kind: APPLICATION_VIEW_KIND,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
    at: now,
    audit: { action: 'APPLICATION_VIEW', subjectType: 'LOAN', subjectId: loan.id, details: { memberId: loan.memberId } },
  });
  const facts = await memberFacts(deps.db, loan.memberId);
  const current = assess(productOf(deps, loan), {
    amount: loan.amount,
    termMonths: loan.term,
    monthlyNetIncome: facts.monthlyNetIncome,
    birthDate: facts.birthDate,
    today: todayPh(deps),
  });
  const conflict = await conflictOfInterest(deps.db, staff.userId, loan.memberId);
  const blocked = conflict ?? disburseBlocked(deps, loan, staff);
  return {
    loan: await adminLoan(deps.db, deps, loan),
    member: await adminMember(deps.db, loan.memberId),
    currentAssessment: assessmentDto(current, deps.clock.now()),
    // The limit ladder as the member sees it (decision 085), for the loan's product.
    limit: limitDto((await memberLimits(deps, deps.db, loan.memberId, todayPh(deps), [productOf(deps, loan)]))[0]!),
    permissions: {
      canStartReview: conflict === null && loan.status === 'PENDING',
      canApprove: conflict === null && loan.status === 'UNDER_REVIEW',
      canReject: conflict === null && (loan.status === 'PENDING' || loan.status === 'UNDER_REVIEW'),
      canDisburse: blocked === null,
      disburseBlockedReason: blocked && renderIn('en', blocked),
      conflictOfInterest: conflict && renderIn('en', conflict),
    },
  };
}

function staffActor(staff: SessionAuth) {
  return { userId: staff.userId, role: staff.role };
}

/** The audit row of a staff action on a loan, written in the action's transaction. */
function auditLoan(
  deps: AppDeps,
  tx: Tx,
  staff: SessionAuth,
  ctx: AuditContext,
  action: 'LOAN_START_REVIEW' | 'LOAN_APPROVE' | 'LOAN_REJECT' | 'LOAN_DISBURSE',
  loan: LoanRow,
  at: Date,
  details: Record<string, unknown>,
) {
  return writeAudit(tx, {
    actor: staffActor(staff),
    action,
    subjectType: 'LOAN',
    subjectId: loan.id,
    details: { loanNumber: loanNumberOf(deps, loan.number), ...details },
    ip: ctx.ip,
    at,
  });
}

export async function startReview(deps: AppDeps, staff: SessionAuth, loanId: string, note: string | undefined, ctx: AuditContext) {
  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, loanId, true);
    await assertNoConflict(tx, staff.userId, loan.memberId);
    const now = deps.clock.now();
    const updated = await transition(tx, loan, 'START_REVIEW', { actor: staffActor(staff), at: now, note: note || null, changes: { reviewStartedAt: now } });
    await auditLoan(deps, tx, staff, ctx, 'LOAN_START_REVIEW', loan, now, { from: loan.status, to: updated.status, note: note || null });
    return { loan: await adminLoan(tx, deps, updated) };
  });
}

/**
 * Approve with an offer: the amount and the term may be lowered (never raised) within the product,
 * and the offer must pass the eligibility rules (an officer cannot approve an instalment the
 * borrower's income does not carry). A lower or shorter offer (a counter-offer) needs a reason code
 * of the catalogue, and the borrower accepts it before signing. The borrower is told by SMS and
 * e-mail in the same transaction.
 */
export async function approve(
  deps: AppDeps,
  staff: SessionAuth,
  loanId: string,
  input: { amount: string; term: number; reasonCode?: CounterOfferReason | undefined; note?: string | undefined },
  ctx: AuditContext,
) {
  const found = await loanById(deps.db, loanId);
  await assertNoConflict(deps.db, staff.userId, found.memberId);
  const product = productOf(deps, found);
  const amount = offerAmount(product, found, input);
  const facts = await memberFacts(deps.db, found.memberId);
  assertEligibleOffer(deps, product, amount, input.term, facts);
  const { counter, reasonCode } = counterOfferReason(found, amount, input);

  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, loanId, true);
    const now = deps.clock.now();
    const updated = await transition(tx, loan, 'APPROVE', {
      actor: staffActor(staff),
      at: now,
      reasonCode,
      note: input.note || null,
      data: { amount: toDecimalString(amount), term: input.term, lowered: counter },
      changes: { amount, term: input.term, approvedBy: staff.userId, approvedAt: now, offerReasonCode: reasonCode, offerAcceptedAt: null },
    });
    await auditLoan(deps, tx, staff, ctx, 'LOAN_APPROVE', loan, now, {
      from: loan.status,
      to: updated.status,
      requested: { amount: toDecimalString(loan.requestedAmount), term: loan.requestedTerm },
      offer: { amount: toDecimalString(amount), term: input.term },
      reasonCode,
      note: input.note || null,
    });
    await tellApproved(deps, tx, { loan, updated, facts, amount, term: input.term, reasonCode }, ctx);
    return { loan: await adminLoan(tx, deps, updated) };
  });
}

type Product = ReturnType<typeof productOf>;
type MemberFactsRow = Awaited<ReturnType<typeof memberFacts>>;

/** The offer's amount: within the product, and neither more nor longer than the borrower applied for. */
function offerAmount(product: Product, found: LoanRow, input: { amount: string; term: number }) {
  const amount = checkAmountAndTerm(product, input.amount, input.term);
  if (amount > found.requestedAmount) {
    const message = text('loans.errors.offerAboveApplied', { amount: formatAmount(found.requestedAmount) });
    throw new AppError(409, 'OFFER_REFUSED', message, { amount: message });
  }
  if (input.term > found.requestedTerm) {
    const message = text('loans.errors.offerTermAboveApplied', { term: found.requestedTerm });
    throw new AppError(409, 'OFFER_REFUSED', message, { term: message });
  }
  return amount;
}

/** Refuses an offer the eligibility rules refuse (an instalment the borrower's income does not carry), naming the most they allow. */
function assertEligibleOffer(deps: AppDeps, product: Product, amount: bigint, term: number, facts: MemberFactsRow): void {
  const offer = assess(product, { amount, termMonths: term, monthlyNetIncome: facts.monthlyNetIncome, birthDate: facts.birthDate, today: todayPh(deps) });
  if (!offer.eligible) {
    const reasons = textList(
      offer.reasons.map((r) => text(`loans.staffReasons.${r.code}`, r.values)),
      ' ',
    );
    throw new AppError(
      409,
      'OFFER_REFUSED',
      offer.maxEligibleAmount > 0n
        ? text('loans.errors.offerIneligibleMax', { reasons, term, amount: formatAmount(offer.maxEligibleAmount) })
        : text('loans.errors.offerIneligible', { reasons }),
    );
  }
}

/** Whether the offer is a counter-offer, and its reason code: required for one, refused otherwise. */
function counterOfferReason(found: LoanRow, amount: bigint, input: { term: number; reasonCode?: CounterOfferReason | undefined }) {
  const counter = isCounterOffer({ requestedAmount: found.requestedAmount, requestedTerm: found.requestedTerm, amount, term: input.term });
  if (counter && !input.reasonCode)
    throw new AppError(400, 'VALIDATION_FAILED', text('loans.errors.counterOfferReason'), { reasonCode: text('loans.errors.counterOfferReason') });
  if (!counter && input.reasonCode)
    throw new AppError(400, 'VALIDATION_FAILED', text('loans.errors.reasonOnlyForCounterOffer'), {
      reasonCode: text('loans.errors.reasonOnlyForCounterOffer'),
    });
  const reasonCode = counter ? input.reasonCode! : null;
  return { counter, reasonCode };
}

/** The approval told to the borrower by SMS and e-mail, in their language (a counter-offer with the catalogue's text of its reason). */
async function tellApproved(
  deps: AppDeps,
  tx: Tx,
  approval: { loan: LoanRow; updated: LoanRow; facts: MemberFactsRow; amount: bigint; term: number; reasonCode: CounterOfferReason | null },
  ctx: AuditContext,
): Promise<void> {
  const { loan, updated, facts, amount, reasonCode } = approval;
  // A notice of what an officer did: held until 06:00 Manila when it falls in the quiet hours.
  const notice = staffNotice(ctx, deps.clock.now());
  const number = loanNumberOf(deps, loan.number);
  const schedule = scheduleOf(deps, updated, todayPh(deps));
  // Fixed templates in the member's language: the only words of staff that reach the borrower are the catalogue's text of the reason code.
  const language = await languageOfUser(tx, loan.memberId);
  const company = deps.config.company;
  const offer = { company: company.shortName, number, amount: formatAmount(amount), term: approval.term, instalment: formatAmount(schedule.regularInstalment) };
  const text = reasonCode
    ? messageText(language, 'messages.loans.approvedNewOffer', {
        ...offer,
        requestedAmount: formatAmount(loan.requestedAmount),
        requestedTerm: loan.requestedTerm,
        reason: messageText(language, loanReasonKey(reasonCode)),
      })
    : messageText(language, 'messages.loans.approved', offer);
  await queueSms(tx, { to: facts.phone, body: text }, notice);
  await queueEmail(
    tx,
    {
      to: facts.email,
      member: loan.memberId,
      subject: messageText(language, 'messages.loans.approvedSubject', { number }),
      body: messageText(language, 'messages.loans.approvedEmail', {
        name: facts.fullName,
        text,
        net: formatAmount(schedule.netProceeds),
        total: formatAmount(schedule.totalPayable),
        monthly: ratePercent(schedule.eir.monthly, 2),
        annual: ratePercent(schedule.eir.annualNominal, 2),
        companyName: company.companyName,
        sec: company.secRegistrationNumber,
        coa: company.certificateOfAuthorityNumber,
      }),
    },
    notice,
  );
}

export async function reject(
  deps: AppDeps,
  staff: SessionAuth,
  loanId: string,
  input: { reasonCode: LoanRejectionReason; note?: string | undefined },
  ctx: AuditContext,
) {
  return deps.db.transaction(async (tx) => {
    const loan = await loanById(tx, loanId, true);
    await assertNoConflict(tx, staff.userId, loan.memberId);
    const now = deps.clock.now();
    const updated = await transition(tx, loan, 'REJECT', {
      actor: staffActor(staff),
      at: now,
      reasonCode: input.reasonCode,
      note: input.note || null,
      changes: { rejectionReasonCode: input.reasonCode },
    });
    await auditLoan(deps, tx, staff, ctx, 'LOAN_REJECT', loan, now, {
      from: loan.status,
      to: updated.status,
      reasonCode: input.reasonCode,
      note: input.note || null,
    });
    const facts = await memberFacts(tx, loan.memberId);
    const language = await languageOfUser(tx, loan.memberId);
    await queueSms(
      tx,
      {
        to: facts.phone,
        body: messageText(language, 'messages.loans.rejected', { company: deps.config.company.shortName, number: loanNumberOf(deps, loan.number) }),
      },
      staffNotice(ctx, now),
    );
    return { loan: await adminLoan(tx, deps, updated) };
  });
}

/**
 * Disburse a signed loan: one ledger transfer debits loans receivable with the principal, credits
 * the member's wallet with the net proceeds (and fee income with any fee deducted), fixes the
 * schedule from today and moves the loan to DISBURSED. Idempotent twice over: the request's
 * Idempotency-Key answers a retry with the first answer, and the loan's state (locked) and the
 * transfer's own key (one per loan) make a second disbursement with any other key a refusal.
 */
export async function disburse(deps: AppDeps, staff: SessionAuth, loanId: string, idempotencyKey: string, note: string | undefined, ctx: AuditContext) {
  const now = deps.clock.now();
  return deps.db.transaction(
    (
      tx,
    ): Promise<
      IdempotentAnswer<{ loan: AdminLoanDetail['loan']; transfer: { id: string; walletCredited: string; receivable: string; feesDeducted: string } }>
    > =>
      idempotent(tx, { userId: staff.userId, scope: 'loans.disburse', key: idempotencyKey, request: { loanId, note: note ?? null }, at: now }, async () => {
        const loan = await loanById(tx, loanId, true);
        await assertNoConflict(tx, staff.userId, loan.memberId);
        assertDisbursable(deps, loan, staff);
        const start = todayPh(deps);
        const schedule = scheduleOf(deps, loan, start);
        const { transfer, ledgerShard, number } = await postDisbursement(deps, tx, loan, schedule, now);
        await insertInstalments(tx, loan, schedule);
        const updated = await transition(tx, loan, 'DISBURSE', {
          actor: staffActor(staff),
          at: now,
          note: note || null,
          data: { transferId: transfer.id, netProceeds: toDecimalString(schedule.netProceeds) },
          changes: { disbursedBy: staff.userId, disbursedAt: now, disbursementTransferId: transfer.id, scheduleStartDate: start, ledgerShard },
        });
        await auditLoan(deps, tx, staff, ctx, 'LOAN_DISBURSE', loan, now, {
          from: loan.status,
          to: updated.status,
          transferId: transfer.id,
          principal: toDecimalString(schedule.principal),
          netProceeds: toDecimalString(schedule.netProceeds),
          note: note || null,
        });
        await tellDisbursed(deps, tx, loan, number, schedule, ctx);
        return {
          status: 200,
          body: {
            loan: await adminLoan(tx, deps, updated),
            transfer: {
              id: transfer.id,
              walletCredited: toDecimalString(schedule.netProceeds),
              receivable: toDecimalString(schedule.principal),
              feesDeducted: toDecimalString(schedule.feesDeducted),
            },
          },
        };
      }),
  );
}

type Schedule = ReturnType<typeof scheduleOf>;

/** Refuses a loan that may not be disbursed (by this officer): the 403 of maker-checker, the 409 of a loan disbursed or not signed. */
function assertDisbursable(deps: AppDeps, loan: LoanRow, staff: SessionAuth): void {
  const blocked = disburseBlocked(deps, loan, staff);
  if (blocked) {
    if (loan.status === 'CONTRACT_SIGNED') throw new AppError(403, 'MAKER_CHECKER', blocked);
    if (loan.status === 'DISBURSED' || loan.status === 'ACTIVE' || loan.status === 'REPAID') throw new AppError(409, 'ALREADY_DISBURSED', blocked);
    throw new AppError(409, 'LOAN_STATE', blocked);
  }
}

/** The disbursement's one ledger transfer: receivable debited with the principal, the wallet credited with the net proceeds, fee income with any fee deducted. */
async function postDisbursement(deps: AppDeps, tx: Tx, loan: LoanRow, schedule: Schedule, now: Date) {
  const wallet = await ensureMemberWallet(tx, loan.memberId);
  // Every transfer about this loan (repayments, charges, waivers) uses this shard of the system accounts (docs/decisions/030).
  const ledgerShard = shardOf(loan.id, deps.config.ledgerSystemShards);
  const receivable = await ensureSystemAccount(tx, 'LOANS_RECEIVABLE', ledgerShard);
  const legs: TransferLeg[] = [
    { accountId: receivable, direction: 'DEBIT', amount: schedule.principal },
    { accountId: wallet, direction: 'CREDIT', amount: schedule.netProceeds },
  ];
  if (schedule.feesDeducted > 0n)
    legs.push({ accountId: await ensureSystemAccount(tx, 'FEE_INCOME', ledgerShard), direction: 'CREDIT', amount: schedule.feesDeducted });
  const number = loanNumberOf(deps, loan.number);
  const transfer = await createTransfer(tx, {
    idempotencyKey: `loan-disbursement:${loan.id}`,
    code: 'LOAN_DISBURSEMENT',
    reference: loan.id,
    description: `Loan ${number} disbursed`,
    legs,
    at: now,
  });
  if (transfer.replayed) throw new AppError(409, 'ALREADY_DISBURSED', text('errors.ALREADY_DISBURSED'));
  return { transfer, ledgerShard, number };
}

/** The schedule fixed from the disbursement day: one loan_instalments row per line. */
async function insertInstalments(tx: Tx, loan: LoanRow, schedule: Schedule): Promise<void> {
  await tx.insert(loanInstalments).values(
    schedule.lines.map((l) => ({
      loanId: loan.id,
      number: l.number,
      dueDate: l.dueDate,
      principal: l.principal,
      interest: l.interest,
      fees: l.fees,
      total: l.total,
    })),
  );
}

/** The disbursement told to the borrower by SMS, in their language: the net proceeds and the first instalment. */
async function tellDisbursed(deps: AppDeps, tx: Tx, loan: LoanRow, number: string, schedule: Schedule, ctx: AuditContext): Promise<void> {
  const facts = await memberFacts(tx, loan.memberId);
  const language = await languageOfUser(tx, loan.memberId);
  await queueSms(
    tx,
    {
      to: facts.phone,
      body: messageText(language, 'messages.loans.disbursed', {
        company: deps.config.company.shortName,
        number,
        amount: formatAmount(schedule.netProceeds),
        first: formatAmount(schedule.lines[0]!.total),
        due: schedule.lines[0]!.dueDate,
      }),
    },
    staffNotice(ctx, deps.clock.now()),
  );
}
