import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { jsonRow, jsonRowMapper, preparedSql } from '../../db/prepared';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { ledgerAccounts, loanCharges, loanExtensions, loanInstalments, loanPaymentAllocations, loanPayments, loans, users } from '../../db/schema';
import { writeAudit } from '../../audit/log';
import { AppError } from '../../http/errors';
import {
  balanceOfRow,
  createTransfer,
  ensureSystemAccount,
  LedgerError,
  MEMBER_WALLET_KIND,
  systemAccountId,
  type AccountBalance,
  type TransferLeg,
} from '../../ledger';
import { asLanguage, messageText, queueSmsAndEmail } from '../../providers/notify';
import { philippineDate } from '../../../shared/activation/age';
import type { ProductConfig } from '../../../shared/loan/product';
import { type Schedule } from '../../../shared/loan/schedule';
import { extendedSchedule } from '../../../shared/loan/extension';
import { allocationPurposes, loanIsOverdue, totalOutstanding, type Allocation, type OpenCharge, type ServicingLine } from '../../../shared/loan/servicing';
import { formatAmount, toDecimalString, type Centavos } from '../../../shared/money/money';
import { sendAfterFor } from '../../../shared/notify/quiet-hours';
import type { ReceiptDto } from '../../../shared/schemas/repayments';
import { interpolate } from '../../../shared/i18n/lookup';
import { type LoanStatus } from '../../../shared/states/loan';
import { SERVICED_STATUSES } from '../../../shared/states/loan';
import { loanNumberOf, productOf, scheduleOf, type LoanRow } from '../../domain/loans/repository';
import { SYSTEM_ACTOR, transition } from '../../domain/loans/transition';
import { todayPh } from '../../domain/day';
import { text } from '../../../shared/i18n/text';

/**
 * The repayments module's shared core (docs/decisions/012-servicing.md): reading a loan's
 * servicing state, recording transitions, and applying an allocated payment: instalment lines,
 * charges, allocations, one balanced ledger transfer and the receipt SMS, in the caller's
 * transaction with the loan row locked.
 */

export type ChargeRow = typeof loanCharges.$inferSelect;
export type PaymentRow = typeof loanPayments.$inferSelect;

export function paymentReference(deps: AppDeps, number: number): string {
  return `${deps.config.company.shortName}-P${String(number).padStart(6, '0')}`;
}

/** Fills a fixed template's {{placeholders}}. */
/** The catalogue's one interpolation (src/shared/i18n/lookup.ts), for the servicing templates. */
export const fill = interpolate;

/** The member's loan being serviced (disbursed, active or overdue), else their latest repaid one; 404 NO_LOAN otherwise. */
export async function memberLoan(db: DbOrTx, memberId: string, lock = false): Promise<LoanRow> {
  const query = db
    .select()
    .from(loans)
    .where(and(eq(loans.memberId, memberId), inArray(loans.status, [...SERVICED_STATUSES, 'REPAID'])))
    .orderBy(asc(loans.createdAt));
  const rows = lock ? await query.for('update') : await query;
  const open = rows.find((r) => (SERVICED_STATUSES as readonly string[]).includes(r.status));
  const row = open ?? rows.at(-1);
  if (!row) throw new AppError(404, 'NO_LOAN', text('repayments.errors.noLoan'));
  return row;
}

/** Refuses a loan that cannot be paid: not disbursed, or repaid. */
export function assertPayable(loan: LoanRow): void {
  if (loan.status === 'REPAID') throw new AppError(409, 'LOAN_REPAID', text('repayments.errors.repaid'));
  if (!(SERVICED_STATUSES as readonly string[]).includes(loan.status) || !loan.scheduleStartDate)
    throw new AppError(409, 'LOAN_NOT_DISBURSED', text('repayments.errors.notDisbursed'));
}

export interface ServicingState {
  readonly loan: LoanRow;
  readonly startDate: string;
  readonly schedule: Schedule;
  readonly product: ProductConfig;
  readonly lines: ServicingLine[];
  readonly chargeRows: ChargeRow[];
  /** Unpaid, unwaived charges. */
  readonly openCharges: OpenCharge[];
  /** The arrears tolerance in centavos (ARREARS_TOLERANCE; decision 069): at most this much unpaid on an instalment is not overdue. */
  readonly arrearsTolerance: Centavos;
  /** The member's contact, when loadState was asked for it (null: no such user); postPayment reads it otherwise. */
  readonly contact?: MemberContact | null;
  /** The member's wallet balance, read with the contact (null: no wallet yet): a payment from the wallet checks it. */
  readonly wallet?: AccountBalance | null;
}

export function openChargesOf(rows: readonly ChargeRow[]): OpenCharge[] {
  return rows.filter((c) => c.waivedAt === null && c.paid < c.amount).map((c) => ({ id: c.id, lineNumber: c.lineNumber, outstanding: c.amount - c.paid }));
}

/** The member's contact the receipt goes to (users: phone, e-mail, language), read with the state for a payment (loadState's `contact`). */
export interface MemberContact {
  readonly phone: string;
  readonly email: string;
  readonly language: string;
}

/**
 * loadState's one statement (decision 096): the lines by number, the charges by line, date and
 * kind, and the latest effective extension, as JSON (bigints, dates and timestamps as their text,
 * mapped back by jsonRowMapper as drizzle maps a select), and with `contact` the member's contact
 * for the receipt and their wallet's balance. Built once per process, sent as a named statement (preparedSql).
 */
function stateSql(contact: boolean): SQL {
  const loanId = sql.placeholder('loanId');
  const parts = [
    sql`(select coalesce(json_agg(${jsonRow('i', loanInstalments)} order by i.number), '[]'::json) from ${loanInstalments} i where i.loan_id = ${loanId}) as "lines"`,
    sql`(select coalesce(json_agg(${jsonRow('c', loanCharges)} order by c.line_number, c.business_date, c.kind), '[]'::json) from ${loanCharges} c where c.loan_id = ${loanId}) as "charges"`,
    sql`(select json_build_object('totalMonths', e.total_months, 'rate', e.contractual_monthly_rate) from ${loanExtensions} e
  where e.loan_id = ${loanId} and e.status = 'EFFECTIVE' order by e.signed_at desc limit 1) as "extension"`,
  ];
  if (contact)
    parts.push(
      sql`(select json_build_object('phone', u.phone, 'email', u.email, 'language', u.language) from ${users} u where u.id = ${sql.placeholder('memberId')}) as "contact"`,
      // The member's wallet row (bigints as text, jsonRow) by its unique code: a payment from the wallet checks it without a statement of its own.
      sql`(select ${jsonRow('a', ledgerAccounts)} from ${ledgerAccounts} a where a.code = ${`${MEMBER_WALLET_KIND}:`} || ${sql.placeholder('memberId')}::text) as "wallet"`,
    );
  return sql`select ${sql.join(parts, sql`, `)}`;
}
interface StateRow {
  lines: Record<string, unknown>[];
  charges: Record<string, unknown>[];
  extension: { totalMonths: number | null; rate: string | null } | null;
  contact?: MemberContact | null;
  wallet?: Record<string, unknown> | null;
}
const lineOf = jsonRowMapper(loanInstalments);
const chargeOf = jsonRowMapper(loanCharges);
const accountOf = jsonRowMapper(ledgerAccounts);

/**
 * A loan's servicing state in one statement (stateSql). `contact`: the member's contact is read in
 * the same statement (a payment's receipt; postPayment reads it otherwise).
 */
export async function loadState(db: DbOrTx, deps: AppDeps, loan: LoanRow, options: { contact?: boolean } = {}): Promise<ServicingState> {
  const [row] = options.contact
    ? await preparedSql<StateRow>(db, 'repayments_state_with_contact', () => stateSql(true)).execute({ loanId: loan.id, memberId: loan.memberId })
    : await preparedSql<StateRow>(db, 'repayments_state', () => stateSql(false)).execute({ loanId: loan.id });
  // After an extension (docs/decisions/016-extensions.md) the schedule is the stored lines with the
  // extended term and the new lines' contractual rate, recorded when it took effect.
  const state = stateOf(deps, loan, row!.lines.map(lineOf), row!.charges.map(chargeOf), row!.extension);
  if (!options.contact) return state;
  return { ...state, contact: row!.contact ?? null, wallet: row!.wallet ? balanceOfRow(accountOf(row!.wallet)) : null };
}

/**
 * The servicing states of several loans (a back-office page) in three statements whatever their
 * number, each the same as loadState's: lines by number, charges by line, date and kind, the
 * latest effective extension.
 */
export async function loadStates(db: DbOrTx, deps: AppDeps, loans: readonly LoanRow[]): Promise<Map<string, ServicingState>> {
  const states = new Map<string, ServicingState>();
  if (loans.length === 0) return states;
  const ids = [...new Set(loans.map((l) => l.id))];
  // One after the other: `db` may be a transaction, one connection that runs one statement at a time.
  const rows = await db
    .select()
    .from(loanInstalments)
    .where(inArray(loanInstalments.loanId, ids))
    .orderBy(asc(loanInstalments.loanId), asc(loanInstalments.number));
  const chargeRows = await db
    .select()
    .from(loanCharges)
    .where(inArray(loanCharges.loanId, ids))
    .orderBy(asc(loanCharges.loanId), asc(loanCharges.lineNumber), asc(loanCharges.businessDate), asc(loanCharges.kind));
  const extensions = await db
    .selectDistinctOn([loanExtensions.loanId], {
      loanId: loanExtensions.loanId,
      totalMonths: loanExtensions.totalMonths,
      rate: loanExtensions.contractualMonthlyRate,
    })
    .from(loanExtensions)
    .where(and(inArray(loanExtensions.loanId, ids), eq(loanExtensions.status, 'EFFECTIVE')))
    .orderBy(asc(loanExtensions.loanId), desc(loanExtensions.signedAt));
  // Grouped by loan once (each list keeps its statement's order), not filtered again for each loan.
  const group = <T extends { loanId: string }>(list: readonly T[]) => {
    const m = new Map<string, T[]>();
    for (const x of list) {
      const g = m.get(x.loanId);
      if (g) g.push(x);
      else m.set(x.loanId, [x]);
    }
    return m;
  };
  const linesOf = group(rows);
  const chargesOf = group(chargeRows);
  const extensionOf = new Map<string, (typeof extensions)[number]>();
  for (const e of extensions) if (!extensionOf.has(e.loanId)) extensionOf.set(e.loanId, e);
  for (const loan of loans) {
    states.set(loan.id, stateOf(deps, loan, linesOf.get(loan.id) ?? [], chargesOf.get(loan.id) ?? [], extensionOf.get(loan.id) ?? null));
  }
  return states;
}

function stateOf(
  deps: AppDeps,
  loan: LoanRow,
  rows: (typeof loanInstalments.$inferSelect)[],
  chargeRows: ChargeRow[],
  extension: { totalMonths: number | null; rate: string | null } | null,
): ServicingState {
  const lines: ServicingLine[] = rows.map((r) => ({
    number: r.number,
    dueDate: r.dueDate,
    principal: r.principal,
    interest: r.interest,
    fees: r.fees,
    principalPaid: r.principalPaid,
    interestPaid: r.interestPaid,
    feesPaid: r.feesPaid,
    interestRebated: r.interestRebated,
    feesRebated: r.feesRebated,
    paidOn: r.paidOn,
  }));
  const original = scheduleOf(deps, loan);
  const schedule = extension?.totalMonths && extension.rate ? extendedSchedule(original, rows, extension.totalMonths, Number(extension.rate)) : original;
  return {
    loan,
    startDate: loan.scheduleStartDate!,
    schedule,
    product: productOf(deps, loan),
    lines,
    chargeRows,
    openCharges: openChargesOf(chargeRows),
    arrearsTolerance: deps.config.servicing.arrearsTolerance,
  };
}

/** Is any line (or charge) overdue on `today`, within the arrears tolerance (servicing.ts loanIsOverdue; decision 069)? */
export function hasOverdue(lines: readonly ServicingLine[], charges: readonly OpenCharge[], today: string, tolerance: Centavos): boolean {
  return loanIsOverdue(lines, charges, today, tolerance);
}

/** Takes back (part of) a late charge: penalty income back to the receivable, once per key (an officer's waiver, a re-servicing reversal). */
export async function waiveChargeTransfer(tx: Tx, loan: LoanRow, idempotencyKey: string, description: string, amount: Centavos, at: Date) {
  return createTransfer(tx, {
    idempotencyKey,
    code: 'LOAN_CHARGE_WAIVER',
    reference: loan.id,
    description,
    legs: [
      { accountId: await ensureSystemAccount(tx, 'PENALTY_INCOME', loan.ledgerShard), direction: 'DEBIT', amount },
      { accountId: await ensureSystemAccount(tx, 'LATE_CHARGES_RECEIVABLE', loan.ledgerShard), direction: 'CREDIT', amount },
    ],
    at,
  });
}

// ---------------------------------------------------------------------------------------------
// Applying a payment

export interface AppliedPayment {
  readonly lines: readonly ServicingLine[];
  readonly allocations: readonly Allocation[];
  readonly charges: Centavos;
  readonly fees: Centavos;
  readonly interest: Centavos;
  readonly principal: Centavos;
  readonly prepaidPrincipal: Centavos;
}

/** The lines whose paid amounts, rebate or paid date changed. */
function changedLines(before: readonly ServicingLine[], after: readonly ServicingLine[]): ServicingLine[] {
  return after.filter((line) => {
    const old = before.find((l) => l.number === line.number)!;
    return !(
      old.principalPaid === line.principalPaid &&
      old.interestPaid === line.interestPaid &&
      old.feesPaid === line.feesPaid &&
      old.interestRebated === line.interestRebated &&
      old.feesRebated === line.feesRebated &&
      old.paidOn === line.paidOn
    );
  });
}

/** Writes the lines whose paid amounts, rebate or paid date changed. */
export async function writeLines(tx: Tx, loanId: string, before: readonly ServicingLine[], after: readonly ServicingLine[]): Promise<void> {
  for (const line of changedLines(before, after)) {
    await tx
      .update(loanInstalments)
      .set({
        principalPaid: line.principalPaid,
        interestPaid: line.interestPaid,
        feesPaid: line.feesPaid,
        interestRebated: line.interestRebated,
        feesRebated: line.feesRebated,
        paidOn: line.paidOn,
      })
      .where(and(eq(loanInstalments.loanId, loanId), eq(loanInstalments.number, line.number)));
  }
}

/**
 * A payment's changed lines and its allocation rows in one statement (decision 096), as writeLines
 * and one insert of the allocations wrote them: the values as JSON (amounts as decimal text of
 * centavos, cast back to bigint), the text built once per process and sent as a named statement.
 */
function paymentWritesStatement(tx: Tx) {
  return preparedSql<{ lines: string; allocations: string }>(
    tx,
    'repayments_payment_lines_allocations',
    () => sql`with l as (
  update ${loanInstalments} i set principal_paid = v.principal_paid::bigint, interest_paid = v.interest_paid::bigint, fees_paid = v.fees_paid::bigint,
    interest_rebated = v.interest_rebated::bigint, fees_rebated = v.fees_rebated::bigint, paid_on = v.paid_on::date
  from json_to_recordset(${sql.placeholder('lines')}::json) as v(number int, principal_paid text, interest_paid text, fees_paid text, interest_rebated text, fees_rebated text, paid_on text)
  where i.loan_id = ${sql.placeholder('loanId')}::uuid and i.number = v.number
  returning 1
), a as (
  insert into ${loanPaymentAllocations} (payment_id, loan_id, line_number, component, charge_id, amount, prepayment)
  select ${sql.placeholder('paymentId')}::uuid, ${sql.placeholder('loanId')}::uuid, v.line_number, v.component, v.charge_id, v.amount::bigint, v.prepayment
  from json_to_recordset(${sql.placeholder('allocations')}::json) as v(ord int, line_number int, component text, charge_id uuid, amount text, prepayment boolean)
  order by v.ord
  returning 1
)
select (select count(*) from l)::text as "lines", (select count(*) from a)::text as "allocations"`,
  );
}

async function writePaymentLinesAndAllocations(
  tx: Tx,
  loanId: string,
  paymentId: string,
  before: readonly ServicingLine[],
  applied: AppliedPayment,
): Promise<void> {
  const lines = changedLines(before, applied.lines);
  if (lines.length === 0 && applied.allocations.length === 0) return;
  const [row] = await paymentWritesStatement(tx).execute({
    loanId,
    paymentId,
    lines: JSON.stringify(
      lines.map((l) => ({
        number: l.number,
        principal_paid: l.principalPaid.toString(),
        interest_paid: l.interestPaid.toString(),
        fees_paid: l.feesPaid.toString(),
        interest_rebated: l.interestRebated.toString(),
        fees_rebated: l.feesRebated.toString(),
        paid_on: l.paidOn,
      })),
    ),
    allocations: JSON.stringify(
      applied.allocations.map((a, ord) => ({
        ord,
        line_number: a.lineNumber,
        component: a.component,
        charge_id: a.chargeId,
        amount: a.amount.toString(),
        prepayment: a.prepayment,
      })),
    ),
  });
  if (Number(row?.lines) !== lines.length || Number(row?.allocations) !== applied.allocations.length)
    throw new Error(
      `the payment's statement wrote ${row?.lines} of ${lines.length} lines and ${row?.allocations} of ${applied.allocations.length} allocations`,
    );
}

/**
 * Posts a payment row (already inserted as `payment`) with its allocation: lines, charges,
 * allocation rows, the ledger transfer (from `debitAccountId`), transitions, and the receipt SMS.
 */
export async function postPayment(
  deps: AppDeps,
  tx: Tx,
  state: ServicingState,
  payment: PaymentRow,
  applied: AppliedPayment,
  debitAccountId: string,
  /** causedByMember: the receipt at once, else after the quiet hours; requestId: the request that posts it (decision 045), null from a job. */
  options: { causedByMember: boolean; requestId: string | null },
): Promise<{ receipt: ReceiptDto; loan: LoanRow }> {
  const now = deps.clock.now();
  const today = todayPh(deps);
  const loan = state.loan;
  const number = loanNumberOf(deps, loan.number);
  const reference = paymentReference(deps, payment.number);

  // The lines and the allocation rows in one statement (decision 096); the charges, rarely paid, each by its own.
  await writePaymentLinesAndAllocations(tx, loan.id, payment.id, state.lines, applied);
  const chargePaid = new Map<string, Centavos>();
  for (const a of applied.allocations) if (a.component === 'CHARGE' && a.chargeId) chargePaid.set(a.chargeId, (chargePaid.get(a.chargeId) ?? 0n) + a.amount);
  for (const [id, amount] of chargePaid) {
    const row = state.chargeRows.find((c) => c.id === id)!;
    const paidInFull = row.paid + amount === row.amount;
    // A waiver asked above the threshold and still waiting has nothing left to waive once the charge is
    // paid in full: the request is closed as moot in this transaction, audited (decision 053).
    const moot = paidInFull && row.waivedAt === null && row.waiveRequestedAt !== null && row.waiveRequestClosedAt === null;
    await tx
      .update(loanCharges)
      .set({ paid: row.paid + amount, ...(moot ? { waiveRequestClosedAt: now, waiveRequestCloseReason: 'PAID_IN_FULL' } : {}) })
      .where(eq(loanCharges.id, id));
    if (moot)
      await writeAudit(tx, {
        actor: SYSTEM_ACTOR,
        action: 'LOAN_CHARGE_WAIVE_REQUEST_MOOT',
        subjectType: 'LOAN',
        subjectId: loan.id,
        details: {
          loanNumber: number,
          chargeId: row.id,
          lineNumber: row.lineNumber,
          kind: row.kind,
          requestedBy: row.waiveRequestedBy,
          requestedAt: row.waiveRequestedAt!.toISOString(),
          reasonCode: row.waiveRequestReasonCode,
          closeReason: 'PAID_IN_FULL',
          paymentId: payment.id,
          paymentReference: reference,
        },
        ip: null,
        at: now,
      });
  }
  const remainingCharges = state.openCharges.map((c) => ({ ...c, outstanding: c.outstanding - (chargePaid.get(c.id) ?? 0n) }));
  const remaining = totalOutstanding(applied.lines, remainingCharges);

  let current = loan;
  const data = { paymentId: payment.id, reference };
  if (current.status === 'DISBURSED' && remaining > 0n) current = await transition(tx, current, 'ACTIVATE', { actor: SYSTEM_ACTOR, at: now, data });
  if (remaining === 0n) {
    current = await transition(tx, current, 'REPAY', { actor: SYSTEM_ACTOR, at: now, system: { code: 'REPAID_BY_PAYMENT', values: { reference } }, data });
  } else if (current.status === 'OVERDUE' && !hasOverdue(applied.lines, remainingCharges, today, state.arrearsTolerance)) {
    current = await transition(tx, current, 'CURE', { actor: SYSTEM_ACTOR, at: now, system: { code: 'CURED_BY_PAYMENT', values: { reference } }, data });
  }

  // The member's contact, read with the state by the payments (loadState's `contact`; decision 096).
  const member =
    state.contact !== undefined
      ? state.contact
      : (await tx.select({ phone: users.phone, email: users.email, language: users.language }).from(users).where(eq(users.id, loan.memberId)))[0];
  // The receipt is written in the member's language (users.language), from the catalogue.
  const language = asLanguage(member?.language);
  const company = deps.config.company.shortName;
  const body =
    remaining === 0n
      ? messageText(language, 'repayments.sms.receiptRepaid', { company, reference, amount: formatAmount(payment.amount), loan: number })
      : messageText(language, 'repayments.sms.receipt', {
          company,
          reference,
          amount: formatAmount(payment.amount),
          loan: number,
          principal: formatAmount(applied.principal),
          interest: formatAmount(applied.interest),
          charges: formatAmount(applied.charges),
          fees: formatAmount(applied.fees),
          remaining: formatAmount(remaining),
        });
  // The receipt goes only to the borrower's own phone (DECISIONS.md invariant 10).
  if (member) {
    const sendAfter = sendAfterFor(now, options.causedByMember);
    // The same fixed receipt by e-mail, to the borrower's own address only; both rows in one statement.
    const subject = messageText(language, 'repayments.email.receiptSubject', { company, reference, loan: number });
    await queueSmsAndEmail(
      tx,
      { to: member.phone, body },
      { to: member.email, member: loan.memberId, subject, body: `${body}\n\n${messageText(language, 'repayments.email.receiptFooter')}` },
      { sendAfter, requestId: options.requestId },
    );
  }

  // The ledger transfer comes last, just before the commit: it locks the loan's shard of the system
  // accounts (LOANS_RECEIVABLE, INTEREST_INCOME, ... and COLLECTION_CLEARING for a channel), rows
  // every payment on that shard writes, and a row lock is held until the commit. Written first, those
  // rows stayed locked through the transitions, the receipt and the caller's statements, and the
  // payments of one shard queued behind each other (docs/decisions/082-payday-without-a-queue.md).
  // The shard's account ids are kept per database once read (systemAccountId; decision 089).
  const system = (key: Parameters<typeof systemAccountId>[2]) => systemAccountId(deps.db, tx, key, loan.ledgerShard);
  const legs: TransferLeg[] = [{ accountId: debitAccountId, direction: 'DEBIT', amount: payment.amount }];
  if (applied.principal > 0n) legs.push({ accountId: await system('LOANS_RECEIVABLE'), direction: 'CREDIT', amount: applied.principal });
  if (applied.interest > 0n) legs.push({ accountId: await system('INTEREST_INCOME'), direction: 'CREDIT', amount: applied.interest });
  if (applied.fees > 0n) legs.push({ accountId: await system('FEE_INCOME'), direction: 'CREDIT', amount: applied.fees });
  if (applied.charges > 0n) legs.push({ accountId: await system('LATE_CHARGES_RECEIVABLE'), direction: 'CREDIT', amount: applied.charges });
  let transferId: string;
  try {
    const transfer = await createTransfer(tx, {
      idempotencyKey: `loan-payment:${payment.id}`,
      code: payment.kind === 'PAYOFF' ? 'LOAN_PAYOFF' : 'LOAN_REPAYMENT',
      reference: loan.id,
      description: `Payment ${reference} on loan ${number}`,
      legs,
      at: now,
    });
    transferId = transfer.id;
  } catch (error) {
    if (error instanceof LedgerError && error.ledgerCode === 'INSUFFICIENT_FUNDS') {
      throw new AppError(409, 'INSUFFICIENT_BALANCE', text('errors.INSUFFICIENT_BALANCE'), {
        amount: text('errors.INSUFFICIENT_BALANCE'),
      });
    }
    throw error;
  }

  await tx.update(loanPayments).set({ transferId, remainingAfter: remaining, status: 'POSTED' }).where(eq(loanPayments.id, payment.id));
  const posted = { ...payment, transferId, remainingAfter: remaining, status: 'POSTED' };
  const dueDates = new Map(state.lines.map((l) => [l.number, l.dueDate]));
  return { receipt: receiptDto(deps, posted, current.status as LoanStatus, number, applied.allocations, dueDates, applied.prepaidPrincipal), loan: current };
}

export function receiptDto(
  deps: AppDeps,
  payment: PaymentRow,
  loanStatus: LoanStatus,
  number: string,
  allocations: readonly Pick<Allocation, 'lineNumber' | 'component' | 'chargeId' | 'amount' | 'prepayment'>[],
  /** The due date of each instalment line (for the receipt's words). */
  dueDates: ReadonlyMap<number, string> = new Map(),
  prepaid?: Centavos,
): ReceiptDto {
  const sum = (component: string) => allocations.filter((a) => a.component === component).reduce((s, a) => s + a.amount, 0n);
  return {
    paymentId: payment.id,
    reference: paymentReference(deps, payment.number),
    loanNumber: number,
    source: payment.source as ReceiptDto['source'],
    channel: (payment.channel as ReceiptDto['channel']) ?? null,
    kind: payment.kind as ReceiptDto['kind'],
    status: payment.status as ReceiptDto['status'],
    amount: toDecimalString(payment.amount),
    receivedAt: payment.receivedAt.toISOString(),
    allocation: {
      charges: toDecimalString(sum('CHARGE')),
      fees: toDecimalString(sum('FEES')),
      interest: toDecimalString(sum('INTEREST')),
      principal: toDecimalString(sum('PRINCIPAL')),
      prepaidPrincipal: toDecimalString(prepaid ?? allocations.filter((a) => a.prepayment).reduce((s, a) => s + a.amount, 0n)),
    },
    allocations: allocationDtos(allocations, dueDates, paymentDay(payment)),
    excess: payment.excess === 'REDUCE_PRINCIPAL' ? 'REDUCE_PRINCIPAL' : 'NEXT_INSTALMENTS',
    remainingBalance: payment.remainingAfter === null ? null : toDecimalString(payment.remainingAfter),
    loanStatus,
  };
}

/** The Philippine day a payment was allocated on: approval or recording for an officer's, receipt for the others. */
export function paymentDay(payment: PaymentRow): string {
  return philippineDate(payment.source === 'OFFICER' ? (payment.approvedAt ?? payment.createdAt) : payment.receivedAt);
}

/** Allocations as the receipt shows them: each with its purpose in the borrower's words and the line's due date. */
export function allocationDtos(
  allocations: readonly Pick<Allocation, 'lineNumber' | 'component' | 'chargeId' | 'amount' | 'prepayment'>[],
  dueDates: ReadonlyMap<number, string>,
  paidOn: string,
): ReceiptDto['allocations'] {
  const purposes = allocationPurposes(allocations, (n) => dueDates.get(n), paidOn);
  return allocations.map((a, i) => ({
    lineNumber: a.lineNumber,
    component: a.component,
    chargeId: a.chargeId,
    amount: toDecimalString(a.amount),
    prepayment: a.prepayment,
    purpose: purposes[i]!,
    dueDate: dueDates.get(a.lineNumber) ?? null,
  }));
}

/** A loan's payments with their allocations, oldest first. */
export async function paymentsOf(db: DbOrTx, deps: AppDeps, loan: LoanRow): Promise<ReceiptDto[]> {
  const payments = await db.select().from(loanPayments).where(eq(loanPayments.loanId, loan.id)).orderBy(asc(loanPayments.number));
  const allocations = await db
    .select()
    .from(loanPaymentAllocations)
    .where(eq(loanPaymentAllocations.loanId, loan.id))
    .orderBy(asc(loanPaymentAllocations.lineNumber));
  const lines = await db
    .select({ number: loanInstalments.number, dueDate: loanInstalments.dueDate })
    .from(loanInstalments)
    .where(eq(loanInstalments.loanId, loan.id));
  const dueDates = new Map(lines.map((l) => [l.number, l.dueDate]));
  const number = loanNumberOf(deps, loan.number);
  return payments.map((p) =>
    receiptDto(
      deps,
      p,
      loan.status as LoanStatus,
      number,
      allocations.filter((a) => a.paymentId === p.id).map((a) => ({ ...a, component: a.component as Allocation['component'] })),
      dueDates,
    ),
  );
}

/** Fines charged for the headroom: each charge in full, or only its paid part once waived. */
export function finesCharged(rows: readonly ChargeRow[]): Centavos {
  return rows.reduce((s, c) => s + (c.waivedAt === null ? c.amount : c.paid), 0n);
}
