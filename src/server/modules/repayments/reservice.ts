import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { loanExtensions, loanPaymentAllocations, loanPayments, loanReservicings, loanServicingRuns, loans } from '../../db/schema';
import { writeAudit } from '../../audit/log';
import { replayLoan, type ReplayCharge, type ReplayPayment } from '../../../shared/loan/reservice';
import type { LateChargeKind } from '../../../shared/loan/late-charges';
import { totalOutstanding, type Allocation, type AllocationComponent, type ExcessChoice, type OpenCharge } from '../../../shared/loan/servicing';
import { formatAmount, toDecimalString } from '../../../shared/money/money';
import { hasOverdue, loadState, paymentDay, type PaymentRow, type ServicingState } from './core';
import { SERVICED_STATUSES } from '../../../shared/states/loan';
import { SYSTEM_ACTOR, transition } from '../../domain/loans/transition';
import { loanNumberOf, type LoanRow } from '../../domain/loans/repository';
import { todayPh } from '../../domain/day';
import { rebookSplits, reduceCharges, reverseCharges, writeReplayedAllocations } from './reservice-writes';

/**
 * Re-servicing of loans allocated under the rule before decision 061 (decision 066). Migration 0031
 * wrote a PENDING loan_reservicings row for every loan with a posted payment; the servicing pass
 * (runServicing, before any day is serviced) takes each once, in one transaction with the loan row
 * locked, and:
 *
 * 1. replays the loan's posted payments and the daily job's runs in the order they happened under
 *    today's rule (shared/loan/reservice.ts): a payment that had prepaid principal under the old
 *    rule keeps that choice for what is above its next instalment (REDUCE_PRINCIPAL), any other its
 *    stored choice;
 * 2. replaces the loan's allocations and the lines' paid amounts by the replay's (the replaced
 *    allocations are kept in loan_reservicings.previous), and books each payment's change of split
 *    by one LOAN_REALLOCATION transfer (credits and debits between the component accounts; what a
 *    payment paid that nothing is owed for any more goes to the member's wallet);
 * 3. reverses every late charge the replay would not have charged, through the waiver's transfer
 *    (penalty income back to the receivable) with the reason FAIR_ALLOCATION the borrower reads on
 *    /loan: a charge that had been paid is first unpaid by step 2 (its money re-applied to what the
 *    new rule owes), then reversed in full;
 * 4. cures (or closes) the loan through the state machine with a system reason when the replay
 *    leaves nothing past due (or nothing owed). It never moves a loan to OVERDUE.
 *
 * Each change is audited (LOAN_CHARGE_REVERSED per charge, LOAN_RESERVICED for the loan). The row is
 * made DONE (or SKIPPED with why) in the same transaction: a second pass changes nothing, and a
 * process that dies midway leaves the row PENDING and nothing changed.
 */

type SkipReason = 'EXTENDED' | 'PAYOFF' | 'WAIVED_AFTER_PART_PAYMENT' | 'NOT_SERVICED' | 'REPAID_WOULD_OWE' | 'WOULD_OWE_MORE';

export interface ReservicePassResult {
  readonly loans: number;
  readonly changed: number;
  readonly skipped: number;
  readonly chargesReversed: number;
  readonly chargesReduced: number;
}

/** When a posted payment was allocated: an officer's at its approval (or recording), the others' at receipt. */
function allocatedAt(p: PaymentRow): Date {
  return p.source === 'OFFICER' ? (p.approvedAt ?? p.createdAt) : p.receivedAt;
}

function sameAllocations(a: readonly Pick<Allocation, 'lineNumber' | 'component' | 'chargeId' | 'amount' | 'prepayment'>[], b: readonly Allocation[]): boolean {
  const key = (x: Pick<Allocation, 'lineNumber' | 'component' | 'chargeId' | 'amount' | 'prepayment'>) =>
    `${x.lineNumber}|${x.component}|${x.chargeId ?? ''}|${x.amount}|${x.prepayment}`;
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.length === right.length && left.every((k, i) => k === right[i]);
}

async function finish(tx: Tx, loanId: string, status: 'DONE' | 'SKIPPED', at: Date, result: Record<string, unknown>, previous: unknown = null) {
  await tx.update(loanReservicings).set({ status, doneAt: at, result, previous }).where(eq(loanReservicings.loanId, loanId));
}

/**
 * The loan's posted payments and the daily job's runs replayed in the order they happened under
 * today's rule (shared/loan/reservice.ts), beside the allocations they were given then.
 */
async function replayed(tx: Tx, loanId: string, state: ServicingState, payments: readonly PaymentRow[]) {
  const oldAllocations = payments.length
    ? await tx
        .select()
        .from(loanPaymentAllocations)
        .where(
          inArray(
            loanPaymentAllocations.paymentId,
            payments.map((p) => p.id),
          ),
        )
    : [];
  const runs = await tx
    .select({ day: loanServicingRuns.businessDate, at: loanServicingRuns.ranAt })
    .from(loanServicingRuns)
    .where(eq(loanServicingRuns.loanId, loanId));
  const replayPayments: ReplayPayment[] = payments.map((p) => {
    // Under the old rule the only use of an amount above what was payable was principal prepaid: kept as the choice.
    const prepaid = oldAllocations.some((a) => a.paymentId === p.id && a.prepayment);
    const excess: ExcessChoice = prepaid || p.excess === 'REDUCE_PRINCIPAL' ? 'REDUCE_PRINCIPAL' : 'NEXT_INSTALMENTS';
    return { id: p.id, at: allocatedAt(p).getTime(), day: paymentDay(p), amount: p.amount, excess };
  });
  const charges: ReplayCharge[] = state.chargeRows.map((c) => ({
    id: c.id,
    lineNumber: c.lineNumber,
    kind: c.kind as LateChargeKind,
    businessDate: c.businessDate,
    amount: c.amount,
    waived: c.waivedAt !== null,
  }));
  const replay = replayLoan({
    product: state.product,
    schedule: state.schedule,
    lines: state.lines,
    startDate: state.startDate,
    payments: replayPayments,
    runs: runs.map((r) => ({ day: r.day, at: r.at.getTime() })),
    charges,
  });
  return { oldAllocations, replay };
}

type ReserviceOutcome = { status: 'DONE' | 'SKIPPED'; changed: boolean; chargesReversed: number; chargesReduced: number };
type Skip = (reason: SkipReason, extra?: Record<string, unknown>) => Promise<ReserviceOutcome>;

/** Re-services one loan (its loan_reservicings row PENDING). Null when another process holds it. */
export async function reserviceLoan(deps: AppDeps, loanId: string): Promise<ReserviceOutcome | null> {
  return deps.db.transaction(async (tx) => {
    const [loan] = await tx.select().from(loans).where(eq(loans.id, loanId)).for('update', { skipLocked: true });
    if (!loan) return null;
    const [row] = await tx.select().from(loanReservicings).where(eq(loanReservicings.loanId, loanId)).for('update', { skipLocked: true });
    if (!row) return null;
    if (row.status !== 'PENDING') return { status: row.status as 'DONE' | 'SKIPPED', changed: false, chargesReversed: 0, chargesReduced: 0 };
    const now = deps.clock.now();
    const skip = skipper(deps, tx, loan, now);
    const records = await servicedRecords(deps, tx, loan, skip);
    if (!('state' in records)) return records;
    const { payments, state } = records;

    const { oldAllocations, replay } = await replayed(tx, loanId, state, payments);

    const { today, open, owed } = owedAfterReplay(deps, state, replay);
    if (loan.status === 'REPAID' && owed > 0n) return skip('REPAID_WOULD_OWE', { owed: toDecimalString(owed) });

    const { movedPayments, toReverse, toReduce } = fairChanges(state, payments, oldAllocations, replay);
    const number = loanNumberOf(deps, loan.number);
    // Nothing charged that the fair rule would not have charged: the loan is left as it is. Moving an
    // old prepayment alone would only take back the interest rebate the old rule gave.
    if (toReverse.length === 0 && toReduce.length === 0) {
      await finish(tx, loanId, 'DONE', now, { changed: false, movedPayments: movedPayments.length });
      return { status: 'DONE' as const, changed: false, chargesReversed: 0, chargesReduced: 0 };
    }
    // Put right only when it leaves the borrower owing no more than now (charges reversed against the
    // interest rebate the replay takes back); otherwise an officer decides (the skip is listed and audited).
    const owedNow = totalOutstanding(state.lines, state.openCharges);
    if (owed > owedNow) return skip('WOULD_OWE_MORE', { owedNow: toDecimalString(owedNow), owedAfter: toDecimalString(owed) });

    return putRight(deps, tx, loan, now, { state, oldAllocations, replay, today, open, owed, movedPayments, toReverse, toReduce, number });
  });
}

/** The skip of this loan: its row made SKIPPED with why, and audited. */
function skipper(deps: AppDeps, tx: Tx, loan: LoanRow, now: Date): Skip {
  const loanId = loan.id;
  return async (reason, extra = {}) => {
    await finish(tx, loanId, 'SKIPPED', now, { reason, ...extra });
    await writeAudit(tx, {
      actor: SYSTEM_ACTOR,
      action: 'LOAN_RESERVICED',
      subjectType: 'LOAN',
      subjectId: loanId,
      details: { loanNumber: loanNumberOf(deps, loan.number), outcome: 'SKIPPED', reason, ...extra },
      ip: null,
      at: now,
    });
    return { status: 'SKIPPED' as const, changed: false, chargesReversed: 0, chargesReduced: 0 };
  };
}

/**
 * The loan's posted payments and servicing state; or the skip of a loan the replay does not take:
 * not serviced, extended, paid off, or with a waived charge partly paid.
 */
async function servicedRecords(
  deps: AppDeps,
  tx: Tx,
  loan: LoanRow,
  skip: Skip,
): Promise<ReserviceOutcome | { payments: PaymentRow[]; state: ServicingState }> {
  const loanId = loan.id;
  if (!loan.scheduleStartDate || !([...SERVICED_STATUSES, 'REPAID'] as readonly string[]).includes(loan.status)) return skip('NOT_SERVICED');
  const extensions = await tx
    .select({ id: loanExtensions.id })
    .from(loanExtensions)
    .where(and(eq(loanExtensions.loanId, loanId), eq(loanExtensions.status, 'EFFECTIVE')));
  if (extensions.length > 0) return skip('EXTENDED');
  const payments = await tx
    .select()
    .from(loanPayments)
    .where(and(eq(loanPayments.loanId, loanId), eq(loanPayments.status, 'POSTED')))
    .orderBy(asc(loanPayments.number));
  if (payments.some((p) => p.kind === 'PAYOFF')) return skip('PAYOFF');
  const state = await loadState(tx, deps, loan);
  const partlyPaidWaived = state.chargeRows.filter((c) => c.waivedAt !== null && c.paid > 0n);
  if (partlyPaidWaived.length > 0) return skip('WAIVED_AFTER_PART_PAYMENT', { charges: partlyPaidWaived.map((c) => c.id) });
  return { payments, state };
}

type Replayed = Awaited<ReturnType<typeof replayed>>;

/** What the borrower would owe after the replay: the charges it keeps still open, and the total. */
function owedAfterReplay(deps: AppDeps, state: ServicingState, replay: Replayed['replay']) {
  const today = todayPh(deps);
  const open: OpenCharge[] = state.chargeRows
    .filter((c) => replay.kept.has(c.id) && c.waivedAt === null)
    .map((c) => ({ id: c.id, lineNumber: c.lineNumber, outstanding: (replay.reduced.get(c.id)?.amount ?? c.amount) - (replay.chargePaid.get(c.id) ?? 0n) }))
    .filter((c) => c.outstanding > 0n);
  const owed = totalOutstanding(replay.lines, open);
  return { today, open, owed };
}

/** What the replay changes: the payments whose split moves, the charges it reverses and those it reduces. */
function fairChanges(state: ServicingState, payments: readonly PaymentRow[], oldAllocations: Replayed['oldAllocations'], replay: Replayed['replay']) {
  const movedPayments = payments.filter(
    (p) =>
      !sameAllocations(
        oldAllocations.filter((a) => a.paymentId === p.id).map((a) => ({ ...a, component: a.component as AllocationComponent })),
        replay.allocations.get(p.id) ?? [],
      ) || (replay.unallocated.get(p.id) ?? 0n) > 0n,
  );
  const toReverse = state.chargeRows.filter((c) => replay.reversed.has(c.id));
  const toReduce = state.chargeRows.filter((c) => replay.reduced.has(c.id));
  return { movedPayments, toReverse, toReduce };
}

type FairPlan = Replayed &
  ReturnType<typeof owedAfterReplay> &
  ReturnType<typeof fairChanges> & {
    readonly state: ServicingState;
    readonly number: string;
  };

/** Steps 2 to 5 for a loan the fair rule puts right: allocations, lines and charges rewritten, the status settled, the row DONE and audited. */
async function putRight(deps: AppDeps, tx: Tx, loan: LoanRow, now: Date, plan: FairPlan): Promise<ReserviceOutcome> {
  const { state, oldAllocations, replay, owed, movedPayments, toReverse, toReduce, number } = plan;
  const loanId = loan.id;
  // 2. Allocations and lines.
  const { previous, previousLines } = previousAllocations(oldAllocations, state);
  const moved = movedPayments.map((p) => p.id);
  await writeReplayedAllocations(tx, loanId, state, replay, movedPayments);
  const transfers = await rebookSplits(tx, loan, number, movedPayments, oldAllocations, replay, now);
  // 3. Charges the fair allocation would have made smaller: reduced, the difference reversed as a waiver is.
  const reducedTotal = await reduceCharges(tx, loan, number, toReduce, replay, now);
  // 4. Charges the fair allocation would not have made: reversed as a waiver is (penalty income back to the receivable).
  const reversed = await reverseCharges(tx, loan, number, toReverse, now);
  const reversedTotal = reversed.total;
  const reversedCount = reversed.count;

  // 5. The loan's status, through the state machine (never to OVERDUE: the daily job does that on its next day).
  const values = { count: String(reversedCount + toReduce.length), amount: formatAmount(reversedTotal + reducedTotal) };
  const current = await settledStatus(deps, tx, loan, now, plan, values);

  const result = {
    changed: true,
    paymentsReallocated: moved,
    transfers,
    chargesReversed: toReverse.map((c) => c.id),
    chargesReduced: toReduce.map((c) => ({ id: c.id, from: toDecimalString(c.amount), to: toDecimalString(replay.reduced.get(c.id)!.amount) })),
    statusBefore: loan.status,
    statusAfter: current.status,
    owedAfter: toDecimalString(owed),
  };
  await finish(tx, loanId, 'DONE', now, result, { allocations: previous, lines: previousLines });
  await writeAudit(tx, {
    actor: SYSTEM_ACTOR,
    action: 'LOAN_RESERVICED',
    subjectType: 'LOAN',
    subjectId: loanId,
    details: { loanNumber: number, outcome: 'DONE', ...result, reversedTotal: toDecimalString(reversedTotal + reducedTotal) },
    ip: null,
    at: now,
  });
  return { status: 'DONE' as const, changed: true, chargesReversed: reversedCount, chargesReduced: toReduce.length };
}

/** The allocations and lines' paid amounts the replay replaces, as loan_reservicings.previous keeps them. */
function previousAllocations(oldAllocations: Replayed['oldAllocations'], state: ServicingState) {
  const previous = oldAllocations.map((a) => ({
    paymentId: a.paymentId,
    lineNumber: a.lineNumber,
    component: a.component,
    chargeId: a.chargeId,
    amount: toDecimalString(a.amount),
    prepayment: a.prepayment,
  }));
  const previousLines = state.lines.map((l) => ({
    number: l.number,
    principalPaid: toDecimalString(l.principalPaid),
    interestPaid: toDecimalString(l.interestPaid),
    feesPaid: toDecimalString(l.feesPaid),
    interestRebated: toDecimalString(l.interestRebated),
    feesRebated: toDecimalString(l.feesRebated),
    paidOn: l.paidOn,
  }));
  return { previous, previousLines };
}

/** The loan repaid when the replay leaves nothing owed, or cured when it leaves nothing past due; as it was otherwise. */
async function settledStatus(deps: AppDeps, tx: Tx, loan: LoanRow, now: Date, plan: FairPlan, values: { count: string; amount: string }): Promise<LoanRow> {
  const { replay, open, owed, today } = plan;
  let current: LoanRow = loan;
  if ((current.status === 'ACTIVE' || current.status === 'OVERDUE') && owed === 0n) {
    current = await transition(tx, current, 'REPAY', {
      actor: SYSTEM_ACTOR,
      at: now,
      system: { code: 'REPAID_BY_RESERVICING', values },
      data: { reservicing: true },
    });
  } else if (current.status === 'OVERDUE' && !hasOverdue(replay.lines, open, today, deps.config.servicing.arrearsTolerance)) {
    current = await transition(tx, current, 'CURE', {
      actor: SYSTEM_ACTOR,
      at: now,
      system: { code: 'CURED_BY_RESERVICING', values },
      data: { reservicing: true },
    });
  }
  return current;
}

/** Every loan still PENDING re-serviced once (runServicing calls it first). Cheap when none is: one indexed read. */
export async function runReservicing(deps: AppDeps): Promise<ReservicePassResult> {
  const pending = await deps.db
    .select({ id: loanReservicings.loanId })
    .from(loanReservicings)
    .where(eq(loanReservicings.status, 'PENDING'))
    .orderBy(asc(loanReservicings.loanId));
  let changed = 0;
  let skipped = 0;
  let chargesReversed = 0;
  let chargesReduced = 0;
  let done = 0;
  for (const p of pending) {
    const r = await reserviceLoan(deps, p.id);
    if (!r) continue;
    done += 1;
    if (r.status === 'SKIPPED') skipped += 1;
    if (r.changed) changed += 1;
    chargesReversed += r.chargesReversed;
    chargesReduced += r.chargesReduced;
  }
  return { loans: done, changed, skipped, chargesReversed, chargesReduced };
}
