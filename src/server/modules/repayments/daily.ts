import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { loanCharges, loanReminders, loanReservicings, loanServicingRuns, loans, users } from '../../db/schema';
import { runReservicing } from './reservice';
import { createTransfer, ensureSystemAccount } from '../../ledger';
import { queueSms } from '../../providers/notify';
import { repayments as texts } from '../../../shared/i18n/en/repayments';
import { addDays } from '../../../shared/loan/day';
import { lateChargesForDay, type DayCharge } from '../../../shared/loan/late-charges';
import { isOverdue } from '../../../shared/loan/servicing';
import { bpsToPercent } from '../../../shared/loan/product';
import { formatAmount, toDecimalString } from '../../../shared/money/money';
import { sendAfterFor } from '../../../shared/notify/quiet-hours';
import { fill, finesCharged, hasOverdue, loadState } from './core';
import { SERVICED_STATUSES } from '../../../shared/states/loan';
import { SYSTEM_ACTOR, transition } from '../../domain/loans/transition';
import { loanNumberOf, type LoanRow } from '../../domain/loans/repository';
import { todayPh } from '../../domain/day';
import { runServicingBatched, type BatchOptions } from './daily-batch';

/**
 * The daily servicing job (docs/decisions/012-servicing.md). For each loan being
 * serviced and each Philippine day from the day after its last run (or after disbursement) to
 * today, in one transaction per loan and day:
 *
 * 1. claims the day: the loan row FOR UPDATE SKIP LOCKED (another process, or a payment, has it:
 *    try again at the next pass) and a (loan, day) row in loan_servicing_runs (already there: done);
 * 2. activates a disbursed loan; computes the day's late charges (after the grace days, within the
 *    cost cap) and posts each to PENALTY_INCOME (late charges receivable -> penalty income) with its
 *    reason; moves the loan to OVERDUE while anything is past due;
 * 3. on today only (missed days are caught up for charges, never for reminders): reminders from
 *    fixed templates 3 days before a due date, on it, the day after, and weekly while overdue, to
 *    the borrower's own phone only, held to 06:00-22:00 Manila time, at most
 *    REMINDERS_PER_DAY a loan and day, each logged in loan_reminders.
 */

import { planReminders, type ServicingPassResult } from './reminders';

export { reminderFor, type ReminderTemplate, type ServicingPassResult } from './reminders';

async function postCharge(deps: AppDeps, tx: Tx, loan: LoanRow, day: string, charge: DayCharge, at: Date): Promise<boolean> {
  const basis = {
    overdueAmount: toDecimalString(charge.basis.overdueAmount),
    daysLate: charge.basis.daysLate,
    rateBps: charge.basis.rateBps,
    uncapped: toDecimalString(charge.basis.uncapped),
    headroom: toDecimalString(charge.basis.headroom),
    capped: charge.basis.capped,
  };
  const [row] = await tx
    .insert(loanCharges)
    .values({ loanId: loan.id, lineNumber: charge.lineNumber, kind: charge.kind, businessDate: day, amount: charge.amount, basis })
    .onConflictDoNothing()
    .returning({ id: loanCharges.id });
  if (!row) return false;
  const reason = fill(texts.chargeKind[charge.kind], {
    rate: bpsToPercent(charge.basis.rateBps),
    overdue: formatAmount(charge.basis.overdueAmount),
    days: charge.basis.daysLate,
  });
  const transfer = await createTransfer(tx, {
    idempotencyKey: `loan-charge:${row.id}`,
    code: 'LOAN_LATE_CHARGE',
    reference: loan.id,
    description: `Loan ${loanNumberOf(deps, loan.number)} instalment ${charge.lineNumber}, ${day}: ${reason}${charge.basis.capped ? ` ${texts.chargeKind.capped}` : ''}`,
    legs: [
      { accountId: await ensureSystemAccount(tx, 'LATE_CHARGES_RECEIVABLE', loan.ledgerShard), direction: 'DEBIT', amount: charge.amount },
      { accountId: await ensureSystemAccount(tx, 'PENALTY_INCOME', loan.ledgerShard), direction: 'CREDIT', amount: charge.amount },
    ],
    at,
  });
  await tx.update(loanCharges).set({ transferId: transfer.id }).where(eq(loanCharges.id, row.id));
  return true;
}

async function sendReminders(deps: AppDeps, tx: Tx, loan: LoanRow, day: string, at: Date, state: Awaited<ReturnType<typeof loadState>>): Promise<number> {
  const [sent] = await tx
    .select({ n: count() })
    .from(loanReminders)
    .where(and(eq(loanReminders.loanId, loan.id), eq(loanReminders.businessDate, day)));
  // The borrower's own phone, from the account: never a character reference (DECISIONS.md invariants 9, 10).
  const [member] = await tx.select({ phone: users.phone, language: users.language }).from(users).where(eq(users.id, loan.memberId));
  if (!member) return 0;
  let queued = 0;
  for (const r of planReminders(deps, loan, day, state, member, sent?.n ?? 0)) {
    const sendAfter = sendAfterFor(at, false);
    const [logged] = await tx
      .insert(loanReminders)
      .values({
        loanId: loan.id,
        lineNumber: r.lineNumber,
        template: r.template,
        businessDate: day,
        recipient: r.recipient,
        language: r.language,
        sendAfter,
        createdAt: at,
      })
      .onConflictDoNothing()
      .returning({ id: loanReminders.id });
    if (!logged) continue;
    // A job pass: no request to name (decision 045).
    await queueSms(tx, { to: r.recipient, body: r.body }, { sendAfter, requestId: null });
    queued += 1;
  }
  return queued;
}

/** One loan and one day, in one transaction. Null when another process holds the loan. */
async function serviceDay(
  deps: AppDeps,
  loanId: string,
  day: string,
  today: string,
): Promise<{ done: boolean; charges: number; reminders: number; transitions: number } | null> {
  return deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update', { skipLocked: true });
    if (!locked) return null;
    if (!(SERVICED_STATUSES as readonly string[]).includes(locked.status) || !locked.scheduleStartDate)
      return { done: false, charges: 0, reminders: 0, transitions: 0 };
    const now = deps.clock.now();
    const [claimed] = await tx
      .insert(loanServicingRuns)
      .values({ loanId, businessDate: day, ranAt: now, result: {} })
      .onConflictDoNothing()
      .returning({ loanId: loanServicingRuns.loanId });
    if (!claimed) return { done: true, charges: 0, reminders: 0, transitions: 0 };
    let loan = locked;
    let transitions = 0;
    if (loan.status === 'DISBURSED') {
      loan = await transition(tx, loan, 'ACTIVATE', { actor: SYSTEM_ACTOR, at: now, system: { code: 'REPAYMENT_STARTED', values: {} }, data: { day } });
      transitions += 1;
    }
    let state = await loadState(tx, deps, loan);
    const collectionCharged = new Set(state.chargeRows.filter((c) => c.kind === 'COLLECTION').map((c) => c.lineNumber));
    const chargedByLine = new Map<number, bigint>();
    for (const c of state.chargeRows) chargedByLine.set(c.lineNumber, (chargedByLine.get(c.lineNumber) ?? 0n) + (c.waivedAt === null ? c.amount : c.paid));
    const dayCharges = lateChargesForDay({
      product: state.product,
      schedule: state.schedule,
      lines: state.lines,
      startDate: state.startDate,
      day,
      finesAlreadyCharged: finesCharged(state.chargeRows),
      collectionCharged,
      chargedByLine,
      arrearsTolerance: state.arrearsTolerance,
    });
    let charges = 0;
    for (const charge of dayCharges) if (await postCharge(deps, tx, loan, day, charge, now)) charges += 1;
    if (charges > 0) state = await loadState(tx, deps, loan);
    const overdue = hasOverdue(state.lines, state.openCharges, day, state.arrearsTolerance);
    if (loan.status === 'ACTIVE' && overdue) {
      const late = state.lines.find((l) => isOverdue(l, day, state.arrearsTolerance));
      loan = await transition(tx, loan, 'FALL_OVERDUE', {
        actor: SYSTEM_ACTOR,
        at: now,
        system: late ? { code: 'INSTALMENT_UNPAID', values: { number: String(late.number), due: late.dueDate } } : { code: 'CHARGE_UNPAID', values: {} },
        data: { day },
      });
      transitions += 1;
    } else if (loan.status === 'OVERDUE' && !overdue) {
      loan = await transition(tx, loan, 'CURE', { actor: SYSTEM_ACTOR, at: now, data: { day } });
      transitions += 1;
    }
    const reminders = day === today ? await sendReminders(deps, tx, loan, day, now, state) : 0;
    await tx
      .update(loanServicingRuns)
      .set({
        result: {
          charges: dayCharges.map((c) => ({ line: c.lineNumber, kind: c.kind, amount: toDecimalString(c.amount), capped: c.basis.capped })),
          reminders,
          status: loan.status,
        },
      })
      .where(and(eq(loanServicingRuns.loanId, loanId), eq(loanServicingRuns.businessDate, day)));
    return { done: true, charges, reminders, transitions };
  });
}

/**
 * The servicing pass the worker runs: set-based, a batch of loans per transaction (daily-batch.ts,
 * decision 077). Safe to run in several processes at once and to repeat: each (loan, day) is done once.
 */
export function runServicing(deps: AppDeps, options: BatchOptions = {}): Promise<ServicingPassResult> {
  return runServicingBatched(deps, options);
}

/**
 * The per-loan pass: one loan and one day per transaction, catching up every day since its last
 * run. Kept as the reference the set-based pass is tested against (tests/api/servicing-batch.test.ts);
 * `loanIds` limits it to some loans.
 */
export async function runServicingPerLoan(deps: AppDeps, options: { loanIds?: readonly string[] } = {}): Promise<ServicingPassResult> {
  // Loans allocated under the rule before decision 061 are re-serviced first (decision 066); one
  // another process holds is left for the next pass, its days with it.
  await runReservicing(deps);
  const waiting = new Set(
    (await deps.db.select({ id: loanReservicings.loanId }).from(loanReservicings).where(eq(loanReservicings.status, 'PENDING'))).map((r) => r.id),
  );
  const today = todayPh(deps);
  const candidates = await deps.db
    .select({ id: loans.id, start: loans.scheduleStartDate, last: max(loanServicingRuns.businessDate) })
    .from(loans)
    .leftJoin(loanServicingRuns, eq(loanServicingRuns.loanId, loans.id))
    .where(inArray(loans.status, [...SERVICED_STATUSES]))
    .groupBy(loans.id, loans.scheduleStartDate)
    .orderBy(asc(loans.id));
  let days = 0;
  let charges = 0;
  let reminders = 0;
  let transitions = 0;
  const only = options.loanIds ? new Set(options.loanIds) : null;
  for (const c of candidates) {
    if (!c.start || waiting.has(c.id) || (only && !only.has(c.id))) continue;
    let day = addDays(c.last ?? c.start, 1);
    while (day <= today) {
      const r = await serviceDay(deps, c.id, day, today);
      if (r === null || !r.done) break;
      days += 1;
      charges += r.charges;
      reminders += r.reminders;
      transitions += r.transitions;
      day = addDays(day, 1);
    }
  }
  return { days, charges, reminders, transitions };
}
