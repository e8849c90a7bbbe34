import { renderIn } from '../../../shared/i18n/lookup';
import { asc, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { DbOrTx, Tx } from '../../db/client';
import { loanEvents, loanPayments, loanPayoffQuotes, loanReminders } from '../../db/schema';
import { AppError } from '../../http/errors';
import { idempotent, type IdempotentAnswer } from '../../http/idempotency';
import type { RequestOrigin } from '../../http/request-origin';
import { memberWalletBalance } from '../../ledger';
import type { SessionAuth } from '../../sessions/store';
import { bpsToPercent } from '../../../shared/loan/product';
import { loanFigures } from '../../../shared/loan/figures';
import { closeLoan, payoffQuote, type PayoffQuote } from '../../../shared/loan/payoff';
import {
  allocatePayment,
  lineRemainder,
  maximumPayable,
  lineStatus,
  minimumPayment,
  totalOutstanding,
  amountDueNext,
  DEFAULT_EXCESS_CHOICE,
  EXCESS_CHOICES,
  type ExcessChoice,
  type Allocation,
} from '../../../shared/loan/servicing';
import { formatAmount, parseAmount, toDecimalString, type Centavos } from '../../../shared/money/money';
import { inverseRateToTwoDecimals, parseRate } from '../../../shared/money/rate';
import type { PaymentPreviewDto, PayoffQuoteDto, ReceiptDto, ReminderTemplate, ServicingDto } from '../../../shared/schemas/repayments';
import { loanStatusTexts, type LoanStatus } from '../../../shared/states/loan';
import { isLoanReason, loanReasonText } from '../../../shared/reasons/catalogue';
import { allocationDtos, assertPayable, loadState, memberLoan, paymentsOf, postPayment, type AppliedPayment, type ServicingState } from './core';
import { endOfManilaDay, todayPh } from '../../domain/day';
import { loanNumberOf, type LoanRow } from '../../domain/loans/repository';
import { isUuid } from '../../../shared/schemas/params';
import { text } from '../../../shared/i18n/text';

/**
 * The borrower's side of servicing (/api/loans/current/...; identity from the session): the
 * servicing view, wallet payments, payoff quotes and payoffs. See docs/decisions/012-servicing.md.
 */

/** The most that may be paid now: what closing the loan costs today (servicing.ts maximumPayable; decision 074). */
export function maximumPayment(state: Pick<ServicingState, 'lines' | 'openCharges' | 'startDate' | 'schedule'>, today: string): Centavos {
  return maximumPayable({
    lines: state.lines,
    charges: state.openCharges,
    startDate: state.startDate,
    today,
    monthlyRate: state.schedule.contractualPeriodRate,
  });
}

/** The smallest payment accepted: MINIMUM_PAYMENT (any amount from ₱1.00), or everything that may be paid when that is less. */
export function smallestPayment(state: Pick<ServicingState, 'lines' | 'openCharges' | 'startDate' | 'schedule'>, today: string): Centavos {
  const min = minimumPayment(state.lines, state.openCharges);
  const max = maximumPayment(state, today);
  return min < max ? min : max;
}

/** Where the member's signed documents and receipts are served (the loans module's routes, and this module's receipt PDF). */
const MEMBER_DOCUMENTS = { contractUrl: '/api/loans/current/contract.pdf', disclosureUrl: '/api/loans/current/disclosure.pdf' } as const;

export async function servicingView(db: DbOrTx, deps: AppDeps, loan: LoanRow, audience: 'member' | 'staff' = 'staff'): Promise<ServicingDto> {
  if (!loan.scheduleStartDate) throw new AppError(409, 'LOAN_NOT_DISBURSED', text('repayments.errors.notDisbursed'));
  const state = await loadState(db, deps, loan);
  const today = todayPh(deps);
  const lines = servicingLines(state, today);
  const next = lines.find((l) => l.status === 'OVERDUE' || l.status === 'DUE' || l.status === 'UPCOMING') ?? null;
  const closed = loan.status === 'REPAID';
  // Past due, due now and the total from the one function every page, SMS and document reads (figures.ts).
  const figures = loanFigures(state.lines, state.openCharges, today, state.arrearsTolerance, {
    startDate: state.startDate,
    monthlyRate: state.schedule.contractualPeriodRate,
  });
  const closing = figures.closing ?? maximumPayment(state, today);
  const { events, reminders } = await servicingRecords(db, loan);
  const rate = parseRate(loan.exchangeRate);
  const paid = state.lines.reduce((s, l) => s + l.principalPaid + l.interestPaid + l.feesPaid, 0n) + state.chargeRows.reduce((s, c) => s + c.paid, 0n);
  return {
    loan: {
      id: loan.id,
      loanNumber: loanNumberOf(deps, loan.number),
      status: loan.status as LoanStatus,
      statusMessage: renderIn('en', loanStatusTexts(loan.status as LoanStatus, deps.config.company).message),
      principal: toDecimalString(loan.amount),
      term: loan.term,
      disbursedOn: loan.scheduleStartDate,
    },
    display: { currency: loan.selectedCurrency, exchangeRate: loan.exchangeRate, displayRate: inverseRateToTwoDecimals(rate), ratesAsOf: loan.ratesAsOf },
    documents: audience === 'member' ? { ...MEMBER_DOCUMENTS } : null,
    asOf: today,
    lines,
    nextDue: next ? { lineNumber: next.number, dueDate: next.dueDate, amount: next.outstanding, status: next.status } : null,
    ...(state.arrearsTolerance > 0n ? { arrearsTolerance: toDecimalString(state.arrearsTolerance) } : {}),
    totals: servicingTotals(state, figures, today, closed, closing, paid),
    charges: state.chargeRows.map((c) => chargeDto(c)),
    payments: await paymentsOf(db, deps, loan),
    reminders: reminderDtos(reminders),
    history: historyDtos(events),
  };
}

/** Each instalment line as the servicing view shows it: its status, what was scheduled, paid and rebated, and what is left. */
function servicingLines(state: ServicingState, today: string) {
  const chargesOn = (n: number) => state.openCharges.filter((c) => c.lineNumber === n).reduce((s, c) => s + c.outstanding, 0n);
  const paidCharges = (n: number) => state.chargeRows.filter((c) => c.lineNumber === n).reduce((s, c) => s + c.paid, 0n);
  return state.lines.map((line) => {
    const st = lineStatus(state.lines, line, chargesOn(line.number), state.startDate, today, state.arrearsTolerance);
    const rem = lineRemainder(line);
    const paidTotal = line.principalPaid + line.interestPaid + line.feesPaid + paidCharges(line.number);
    return {
      number: line.number,
      dueDate: line.dueDate,
      status: st.status,
      daysPastDue: st.daysPastDue,
      scheduled: {
        principal: toDecimalString(line.principal),
        interest: toDecimalString(line.interest),
        fees: toDecimalString(line.fees),
        total: toDecimalString(line.principal + line.interest + line.fees),
      },
      paid: {
        principal: toDecimalString(line.principalPaid),
        interest: toDecimalString(line.interestPaid),
        fees: toDecimalString(line.feesPaid),
        charges: toDecimalString(paidCharges(line.number)),
        total: toDecimalString(paidTotal),
      },
      interestRebated: toDecimalString(line.interestRebated),
      feesRebated: toDecimalString(line.feesRebated),
      charges: toDecimalString(chargesOn(line.number)),
      outstanding: toDecimalString(rem.total + chargesOn(line.number)),
      paidOn: line.paidOn,
    };
  });
}

/** The loan's status history and its reminders, newest reminder first. */
async function servicingRecords(db: DbOrTx, loan: LoanRow) {
  const events = await db.select().from(loanEvents).where(eq(loanEvents.loanId, loan.id)).orderBy(asc(loanEvents.seq));
  const reminders = await db
    .select()
    .from(loanReminders)
    .where(eq(loanReminders.loanId, loan.id))
    .orderBy(desc(loanReminders.createdAt), desc(loanReminders.lineNumber));
  return { events, reminders };
}

/** The servicing view's totals: what is owed, payable now and paid, and the smallest and largest payment accepted (none once the loan is closed). */
function servicingTotals(
  state: ServicingState,
  figures: ReturnType<typeof loanFigures>,
  today: string,
  closed: boolean,
  closing: Centavos,
  paid: Centavos,
): ServicingDto['totals'] {
  return {
    outstanding: toDecimalString(figures.total),
    payableNow: toDecimalString(figures.dueNow),
    outstandingPrincipal: toDecimalString(state.lines.reduce((s, l) => s + l.principal - l.principalPaid, 0n)),
    charges: toDecimalString(state.openCharges.reduce((s, c) => s + c.outstanding, 0n)),
    paid: toDecimalString(paid),
    minimumPayment: toDecimalString(closed ? 0n : smallestPayment(state, today)),
    maximumPayment: toDecimalString(closed ? 0n : closing),
    closingCost: toDecimalString(closed ? 0n : closing),
    overdue: toDecimalString(figures.pastDue),
  };
}

function reminderDtos(reminders: readonly (typeof loanReminders.$inferSelect)[]): ServicingDto['reminders'] {
  return reminders.map((r) => ({
    id: r.id,
    lineNumber: r.lineNumber,
    template: r.template as ReminderTemplate,
    businessDate: r.businessDate,
    channel: 'SMS' as const,
    queuedAt: r.createdAt.toISOString(),
    sendAfter: r.sendAfter?.toISOString() ?? null,
  }));
}

function historyDtos(events: readonly (typeof loanEvents.$inferSelect)[]): ServicingDto['history'] {
  return events.map((e) => ({
    at: e.at.toISOString(),
    from: (e.fromStatus as LoanStatus | null) ?? null,
    to: e.toStatus as LoanStatus,
    action: e.action,
    actorRole: e.actorRole,
    reasonCode: e.reasonCode && isLoanReason(e.reasonCode) ? e.reasonCode : null,
    reason: e.reasonCode && isLoanReason(e.reasonCode) ? loanReasonText(e.reasonCode) : null,
  }));
}

export function chargeDto(c: ServicingState['chargeRows'][number]): ServicingDto['charges'][number] {
  const basis = c.basis as { overdueAmount: string; daysLate: number; rateBps: number; uncapped: string; headroom: string; capped: boolean };
  return {
    id: c.id,
    lineNumber: c.lineNumber,
    kind: c.kind as ServicingDto['charges'][number]['kind'],
    businessDate: c.businessDate,
    amount: toDecimalString(c.amount),
    paid: toDecimalString(c.paid),
    outstanding: toDecimalString(c.waivedAt ? 0n : c.amount - c.paid),
    basis: {
      overdueAmount: basis.overdueAmount,
      daysLate: basis.daysLate,
      ratePercent: bpsToPercent(basis.rateBps),
      uncapped: basis.uncapped,
      headroom: basis.headroom,
      capped: basis.capped,
    },
    waived: c.waivedAt !== null,
    waivedAt: c.waivedAt?.toISOString() ?? null,
    waiveReasonCode: (c.waiveReasonCode as ServicingDto['charges'][number]['waiveReasonCode']) ?? null,
    reducedFrom: c.reducedFrom === null ? null : toDecimalString(c.reducedFrom),
    // Nothing waits once the charge is paid in full (the payment closes the request: decision 053).
    waivePending: c.waivedAt === null && c.waiveRequestedAt !== null && c.waiveRequestClosedAt === null && c.paid < c.amount,
    waiveRequestClosed:
      c.waiveRequestClosedAt && c.waiveRequestCloseReason
        ? { at: c.waiveRequestClosedAt.toISOString(), reason: c.waiveRequestCloseReason as 'PAID_IN_FULL' }
        : null,
  };
}

export async function currentServicing(deps: AppDeps, memberId: string): Promise<ServicingDto> {
  const loan = await memberLoan(deps.db, memberId);
  return servicingView(deps.db, deps, loan, 'member');
}

/** The payment amount's checks against the loan (min, max). Throws AMOUNT_TOO_SMALL / AMOUNT_ABOVE_OUTSTANDING with fields.amount. */
export function checkAmount(state: ServicingState, amount: Centavos, today: string): void {
  const max = maximumPayment(state, today);
  const min = smallestPayment(state, today);
  if (amount > max) {
    const message = text('repayments.errors.aboveOutstanding', { max: formatAmount(max) });
    throw new AppError(400, 'AMOUNT_ABOVE_OUTSTANDING', message, { amount: message });
  }
  if (amount < min) {
    const message = text('repayments.errors.belowMinimum', { min: formatAmount(min) });
    throw new AppError(400, 'AMOUNT_TOO_SMALL', message, { amount: message });
  }
}

export function allocateFor(state: ServicingState, amount: Centavos, today: string, excess: ExcessChoice = DEFAULT_EXCESS_CHOICE): AppliedPayment {
  const r = allocatePayment({
    lines: state.lines,
    charges: state.openCharges,
    amount,
    startDate: state.startDate,
    today,
    excess,
    monthlyRate: state.schedule.contractualPeriodRate,
  });
  if (r.unallocated !== 0n)
    throw new AppError(400, 'AMOUNT_ABOVE_OUTSTANDING', text('errors.AMOUNT_ABOVE_OUTSTANDING'), {
      amount: text('errors.AMOUNT_ABOVE_OUTSTANDING'),
    });
  return r;
}

export function parsePositive(typed: string): Centavos {
  const amount = parseAmount(typed);
  if (amount === null || amount <= 0n)
    throw new AppError(400, 'VALIDATION_FAILED', text('repayments.errors.amount'), { amount: text('repayments.errors.amount') });
  return amount;
}

/**
 * The member's wallet id when it holds `amount`: its balance as loadState read it with the member's
 * contact (no statement of its own), else its balance row. A wallet not created yet holds nothing:
 * the payment is refused as before (which rolled back the wallet it created). The ledger's transfer
 * refuses a wallet gone below zero again, in the same transaction.
 */
async function checkWallet(tx: Tx, state: ServicingState, memberId: string, amount: Centavos): Promise<string> {
  const balance = state.wallet !== undefined ? state.wallet : await memberWalletBalance(tx, memberId);
  const available = balance?.available ?? 0n;
  if (!balance || amount > available) {
    const message = text('repayments.errors.aboveBalance', { available: formatAmount(available) });
    throw new AppError(409, 'INSUFFICIENT_BALANCE', message, { amount: message });
  }
  return balance.accountId;
}

/** A payment from the member's wallet (Idempotency-Key): charges, what is past due, the next instalment, then the rest as the member chose. */
export async function payFromWallet(
  deps: AppDeps,
  auth: SessionAuth,
  input: { amount: string; excess?: ExcessChoice | undefined },
  key: string,
  ctx: RequestOrigin,
): Promise<IdempotentAnswer<{ receipt: ReceiptDto }>> {
  const amount = parsePositive(input.amount);
  const excess = input.excess ?? DEFAULT_EXCESS_CHOICE;
  const now = deps.clock.now();
  return deps.db.transaction((tx) =>
    idempotent(tx, { userId: auth.userId, scope: 'repayments.wallet', key, request: { amount: amount.toString(), excess }, at: now }, async () => {
      const loan = await memberLoan(tx, auth.userId, true);
      assertPayable(loan);
      const state = await loadState(tx, deps, loan, { contact: true });
      const today = todayPh(deps);
      checkAmount(state, amount, today);
      const applied = allocateFor(state, amount, today, excess);
      const wallet = await checkWallet(tx, state, auth.userId, amount);
      const [payment] = await tx
        .insert(loanPayments)
        .values({
          loanId: loan.id,
          source: 'WALLET',
          kind: 'PAYMENT',
          status: 'POSTED',
          amount,
          idempotencyKey: key,
          receivedAt: now,
          actorUserId: auth.userId,
          actorRole: 'MEMBER',
          excess,
        })
        .returning();
      const { receipt } = await postPayment(deps, tx, state, payment!, applied, wallet, { causedByMember: true, requestId: ctx.requestId });
      return { status: 201, body: { receipt } };
    }),
  );
}

/** The effect of a payment of `amount` today under one choice (the allocation the payment would make). */
function paymentEffect(state: ServicingState, amount: Centavos, today: string, excess: ExcessChoice): PaymentPreviewDto['effects'][number] {
  const r = allocatePayment({
    lines: state.lines,
    charges: state.openCharges,
    amount,
    startDate: state.startDate,
    today,
    excess,
    monthlyRate: state.schedule.contractualPeriodRate,
  });
  const paidOf = (id: string) => r.allocations.filter((a) => a.chargeId === id).reduce((s, a) => s + a.amount, 0n);
  const charges = state.openCharges.map((c) => ({ ...c, outstanding: c.outstanding - paidOf(c.id) }));
  const owing = r.lines.filter((l) => lineRemainder(l).total > 0n);
  const next = owing[0];
  const dueDates = new Map(state.lines.map((l) => [l.number, l.dueDate]));
  return {
    excess,
    allocations: allocationDtos(r.allocations, dueDates, today),
    interestRebated: toDecimalString(r.interestRebated),
    remainingBalance: toDecimalString(totalOutstanding(r.lines, charges)),
    nextDue: next ? { lineNumber: next.number, dueDate: next.dueDate, amount: toDecimalString(lineRemainder(next).total) } : null,
    lastDueDate: owing.length > 0 ? owing[owing.length - 1]!.dueDate : null,
  };
}

/**
 * The review before a wallet payment: where the amount would go under each choice, computed by the
 * same allocation as the payment itself (nothing is paid). The choice matters only for an amount
 * above what is due next; then both effects are given, the default first.
 */
export async function previewPayment(deps: AppDeps, auth: SessionAuth, input: { amount: string }): Promise<{ preview: PaymentPreviewDto }> {
  const amount = parsePositive(input.amount);
  const loan = await memberLoan(deps.db, auth.userId);
  assertPayable(loan);
  const state = await loadState(deps.db, deps, loan);
  const today = todayPh(deps);
  checkAmount(state, amount, today);
  const dueNext = amountDueNext(state.lines, state.openCharges, today);
  const choice = amount > dueNext;
  const effects = (choice ? EXCESS_CHOICES : [DEFAULT_EXCESS_CHOICE]).map((excess) => paymentEffect(state, amount, today, excess));
  return { preview: { amount: toDecimalString(amount), dueNext: toDecimalString(dueNext), choice, effects } };
}

// ---------------------------------------------------------------------------------------------
// Payoff

function quoteOf(state: ServicingState, today: string): PayoffQuote {
  return payoffQuote({
    lines: state.lines,
    charges: state.openCharges,
    startDate: state.startDate,
    asOf: today,
    monthlyRate: state.schedule.contractualPeriodRate,
  });
}

function quoteDto(id: string, number: string, q: PayoffQuote, validUntil: Date): PayoffQuoteDto {
  return {
    quoteId: id,
    loanNumber: number,
    asOf: q.asOf,
    validUntil: validUntil.toISOString(),
    principal: toDecimalString(q.principal),
    interest: toDecimalString(q.interest),
    fees: toDecimalString(q.fees),
    charges: toDecimalString(q.charges),
    prepaymentPenalty: toDecimalString(q.prepaymentPenalty),
    total: toDecimalString(q.total),
    interestRebate: toDecimalString(q.interestRebate),
    feeRebate: toDecimalString(q.feeRebate),
    method: 'ACTUARIAL',
    accrual: q.accrual ? { ...q.accrual, balance: toDecimalString(q.accrual.balance), amount: toDecimalString(q.accrual.amount) } : null,
  };
}

/** A payoff quote for today, valid to the end of the Philippine day. */
export async function requestPayoffQuote(deps: AppDeps, auth: SessionAuth): Promise<{ quote: PayoffQuoteDto }> {
  return deps.db.transaction(async (tx) => {
    const loan = await memberLoan(tx, auth.userId, true);
    assertPayable(loan);
    const state = await loadState(tx, deps, loan);
    const today = todayPh(deps);
    const q = quoteOf(state, today);
    const validUntil = endOfManilaDay(today);
    const number = loanNumberOf(deps, loan.number);
    const [row] = await tx
      .insert(loanPayoffQuotes)
      .values({ loanId: loan.id, asOf: today, validUntil, amount: q.total, breakdown: quoteDto('', number, q, validUntil), createdAt: deps.clock.now() })
      .returning({ id: loanPayoffQuotes.id });
    return { quote: quoteDto(row!.id, number, q, validUntil) };
  });
}

/** The payoff's allocation: every charge, the fees of lines due, the quote's interest (the rest rebated, with the fees of lines not yet due), all principal (payoff.ts closeLoan, as a closing payment). */
export function payoffAllocation(state: ServicingState, q: PayoffQuote, today: string): AppliedPayment {
  const { allocations, lines } = closeLoan({ lines: state.lines, charges: state.openCharges, startDate: state.startDate }, q, today);
  const sum = (component: Allocation['component']) => allocations.filter((a) => a.component === component).reduce((s, a) => s + a.amount, 0n);
  return {
    lines,
    allocations,
    charges: sum('CHARGE'),
    fees: sum('FEES'),
    interest: sum('INTEREST'),
    principal: sum('PRINCIPAL'),
    prepaidPrincipal: allocations.filter((a) => a.prepayment).reduce((s, a) => s + a.amount, 0n),
  };
}

/** Pays a payoff quote from the wallet and closes the loan (REPAID). A stale or expired quote is refused. */
export async function payoff(
  deps: AppDeps,
  auth: SessionAuth,
  quoteId: string,
  key: string,
  ctx: RequestOrigin,
): Promise<IdempotentAnswer<{ receipt: ReceiptDto }>> {
  const now = deps.clock.now();
  return deps.db.transaction((tx) =>
    idempotent(tx, { userId: auth.userId, scope: 'repayments.payoff', key, request: { quoteId }, at: now }, async () => {
      const loan = await memberLoan(tx, auth.userId, true);
      assertPayable(loan);
      const [quote] = isUuid(quoteId) ? await tx.select().from(loanPayoffQuotes).where(eq(loanPayoffQuotes.id, quoteId)).for('update') : [];
      if (!quote || quote.loanId !== loan.id) throw new AppError(404, 'NOT_FOUND', text('repayments.errors.noQuote'));
      if (quote.usedAt) throw new AppError(409, 'QUOTE_USED', text('repayments.errors.quoteUsed'));
      if (now.getTime() >= quote.validUntil.getTime()) throw new AppError(409, 'QUOTE_EXPIRED', text('repayments.errors.quoteExpired'));
      const state = await loadState(tx, deps, loan, { contact: true });
      const today = todayPh(deps);
      const q = quoteOf(state, today);
      if (q.total !== quote.amount || q.asOf !== quote.asOf) throw new AppError(409, 'QUOTE_STALE', text('repayments.errors.quoteStale'));
      const applied = payoffAllocation(state, q, today);
      const wallet = await checkWallet(tx, state, auth.userId, q.total);
      const [payment] = await tx
        .insert(loanPayments)
        .values({
          loanId: loan.id,
          source: 'WALLET',
          kind: 'PAYOFF',
          status: 'POSTED',
          amount: q.total,
          idempotencyKey: key,
          receivedAt: now,
          actorUserId: auth.userId,
          actorRole: 'MEMBER',
          payoffQuoteId: quote.id,
        })
        .returning();
      const { receipt } = await postPayment(deps, tx, state, payment!, applied, wallet, { causedByMember: true, requestId: ctx.requestId });
      await tx.update(loanPayoffQuotes).set({ usedAt: now }).where(eq(loanPayoffQuotes.id, quote.id));
      return { status: 201, body: { receipt } };
    }),
  );
}
