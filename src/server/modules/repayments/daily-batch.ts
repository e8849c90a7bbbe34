import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, max, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { loanReminders, loanServicingRuns, loans, users } from '../../db/schema';
import { runReservicing } from './reservice';
import { createPairedTransfer, ensureSystemAccount, type PairedTransfer, type TransferPair } from '../../ledger';
import { addDays } from '../../../shared/loan/day';
import { lateChargesForDay, type DayCharge } from '../../../shared/loan/late-charges';
import { isOverdue } from '../../../shared/loan/servicing';
import { toDecimalString } from '../../../shared/money/money';
import { sendAfterFor } from '../../../shared/notify/quiet-hours';
import { finesCharged, hasOverdue, loadStates, openChargesOf, type ChargeRow, type ServicingState } from './core';
import { SERVICED_STATUSES, type LoanAction, type LoanStatus } from '../../../shared/states/loan';
import { SYSTEM_ACTOR } from '../../domain/loans/transition';
import { nextStatus, transitionMany, type PlannedMove } from '../../domain/loans/transition-batch';
import { queueSmsMany } from '../../providers/notify-batch';
import { type LoanRow } from '../../domain/loans/repository';
import { todayPh } from '../../domain/day';
import { planReminders, type PlannedReminder, type ServicingPassResult } from './reminders';

/**
 * The daily servicing pass, set-based (docs/decisions/077-set-based-daily-close.md). It does what
 * daily.ts's per-loan path does for each loan and Philippine day (activation, late charges within
 * the cap, the overdue and cure transitions, today's reminders), with the same pure functions, but
 * a batch of loans at a time, in one transaction per batch:
 *
 * 1. claim: up to `batchSize` serviced loans after the cursor, in id order, not yet serviced today
 *    and not waiting for re-servicing, locked FOR UPDATE SKIP LOCKED (a batch another process holds
 *    is skipped; a process killed mid-batch rolls back and the loans go to the next claimer);
 * 2. read: the loans' last serviced days, lines, charges and extensions (core.ts loadStates) and the
 *    borrowers' phones, a few statements whatever the batch's size;
 * 3. compute, in TypeScript, each loan's days from its last run to today, as the per-loan path does;
 * 4. write: the run rows, charges, loan events and status changes, reminders and their SMS each as
 *    one multi-row statement, and every late charge of the batch in one ledger transfer (one debit
 *    of the loan's shard of LATE_CHARGES_RECEIVABLE and one credit of its shard of PENALTY_INCOME a
 *    charge, so the entries are those the per-loan path writes).
 *
 * Each (loan, day) is done once: its run row is written in the batch's transaction under the loan's
 * lock, and a day already there (another process was faster) rolls the batch back.
 */

const DEFAULT_SERVICING_BATCH = 500;

/** The transfer code of a batch of late charges (check.ts attributes its entries to loans by loan_charges). */
const LATE_CHARGES_BATCH_CODE = 'LOAN_LATE_CHARGES';

interface PlannedCharge {
  readonly id: string;
  readonly loan: LoanRow;
  readonly day: string;
  readonly charge: DayCharge;
}

interface BatchPlan {
  runs: { loanId: string; businessDate: string; result: Record<string, unknown> }[];
  charges: PlannedCharge[];
  moves: PlannedMove[];
  /** Each claimed loan's status before the pass. */
  statuses: Map<string, LoanStatus>;
  reminders: PlannedReminder[];
  days: number;
}

/** The legal transition of `loan` by the system (written by transitionMany with the batch). */
function systemTransition(plan: BatchPlan, loan: LoanRow, action: LoanAction, data: Record<string, unknown>): LoanRow {
  const to = nextStatus(loan.status as LoanStatus, action, SYSTEM_ACTOR);
  plan.moves.push({ loanId: loan.id, action, data });
  return { ...loan, status: to };
}

function chargeRowOf(p: PlannedCharge, at: Date): ChargeRow {
  return {
    id: p.id,
    loanId: p.loan.id,
    lineNumber: p.charge.lineNumber,
    kind: p.charge.kind,
    businessDate: p.day,
    amount: p.charge.amount,
    paid: 0n,
    basis: {},
    transferId: null,
    waivedAt: null,
    waivedBy: null,
    waiveReasonCode: null,
    waiveTransferId: null,
    waiveRequestedBy: null,
    waiveRequestedAt: null,
    waiveRequestReasonCode: null,
    waiveRequestNote: null,
    createdAt: at,
  } as unknown as ChargeRow;
}

/** The same order as loadState's charges: by line, date and kind. */
function byLineDateKind(a: ChargeRow, b: ChargeRow): number {
  if (a.lineNumber !== b.lineNumber) return a.lineNumber - b.lineNumber;
  if (a.businessDate !== b.businessDate) return a.businessDate < b.businessDate ? -1 : 1;
  return a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0;
}

/** Every day of one loan from the day after `last` to today, in memory, as daily.ts serviceDay does them one by one. */
function planLoan(
  deps: AppDeps,
  plan: BatchPlan,
  locked: LoanRow,
  stateIn: ServicingState,
  last: string | null,
  today: string,
  at: Date,
  member: { phone: string; language: string } | undefined,
  sentToday: number,
): void {
  let loan = locked;
  let state = stateIn;
  for (let day = addDays(last ?? locked.scheduleStartDate!, 1); day <= today; day = addDays(day, 1)) {
    if (loan.status === 'DISBURSED') loan = systemTransition(plan, loan, 'ACTIVATE', { day, systemReason: 'REPAYMENT_STARTED', systemValues: {} });
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
    if (dayCharges.length > 0) {
      const planned = dayCharges.map((charge) => ({ id: randomUUID(), loan, day, charge }));
      plan.charges.push(...planned);
      const chargeRows = [...state.chargeRows, ...planned.map((p) => chargeRowOf(p, at))].sort(byLineDateKind);
      state = { ...state, chargeRows, openCharges: openChargesOf(chargeRows) };
    }
    const overdue = hasOverdue(state.lines, state.openCharges, day, state.arrearsTolerance);
    if (loan.status === 'ACTIVE' && overdue) {
      const late = state.lines.find((l) => isOverdue(l, day, state.arrearsTolerance));
      loan = systemTransition(
        plan,
        loan,
        'FALL_OVERDUE',
        late
          ? { day, systemReason: 'INSTALMENT_UNPAID', systemValues: { number: String(late.number), due: late.dueDate } }
          : { day, systemReason: 'CHARGE_UNPAID', systemValues: {} },
      );
    } else if (loan.status === 'OVERDUE' && !overdue) {
      loan = systemTransition(plan, loan, 'CURE', { day });
    }
    const reminders = day === today && member ? planReminders(deps, loan, day, state, member, sentToday) : [];
    plan.reminders.push(...reminders);
    plan.runs.push({
      loanId: loan.id,
      businessDate: day,
      result: {
        charges: dayCharges.map((c) => ({ line: c.lineNumber, kind: c.kind, amount: toDecimalString(c.amount), capped: c.basis.capped })),
        reminders: reminders.length,
        status: loan.status,
      },
    });
    plan.days += 1;
  }
}

function chargeBasis(charge: DayCharge) {
  return {
    overdueAmount: toDecimalString(charge.basis.overdueAmount),
    daysLate: charge.basis.daysLate,
    rateBps: charge.basis.rateBps,
    uncapped: toDecimalString(charge.basis.uncapped),
    headroom: toDecimalString(charge.basis.headroom),
    capped: charge.basis.capped,
  };
}

/** A column of a batch's rows as one array parameter (unnest): one parameter a column whatever the batch's size. */
function column(values: readonly (string | number | null)[]) {
  return sql.param(values);
}

/**
 * Writes a batch's plan: one statement a table, each row set passed as arrays (unnest), and every
 * late charge in one paired ledger transfer whose entries are written first and whose accounts are
 * locked and moved last, just before the commit (paired-transfer.ts; decision 081).
 */
async function writePlan(tx: Tx, plan: BatchPlan, today: string, at: Date, phases?: Record<string, number>): Promise<number> {
  let queued = 0;
  let t = phases ? performance.now() : 0;
  const atIso = at.toISOString();
  if (plan.runs.length > 0) {
    const inserted = await tx.execute<{ n: number }>(sql`
      with ins as (
        insert into loan_servicing_runs (loan_id, business_date, ran_at, result)
        select r.loan_id, r.business_date, ${atIso}::timestamptz, r.result
        from unnest(${column(plan.runs.map((r) => r.loanId))}::uuid[], ${column(plan.runs.map((r) => r.businessDate))}::date[],
                    ${column(plan.runs.map((r) => JSON.stringify(r.result)))}::jsonb[]) as r(loan_id, business_date, result)
        on conflict do nothing
        returning 1
      )
      select count(*)::int as n from ins`);
    const n = Number(inserted.rows[0]?.n ?? 0);
    // Another process serviced one of these days: roll the batch back (its loans are claimed again at the next pass).
    if (n !== plan.runs.length) throw new Error(`servicing batch: ${plan.runs.length - n} (loan, day) runs were already there`);
  }
  t = lap(phases, 'writeRuns', t);

  let transfer: PairedTransfer | null = null;
  if (plan.charges.length > 0) {
    const accounts = new Map<string, string>();
    const account = async (key: 'LATE_CHARGES_RECEIVABLE' | 'PENALTY_INCOME', shard: number) => {
      const k = `${key}:${shard}`;
      let id = accounts.get(k);
      if (!id) {
        id = await ensureSystemAccount(tx, key, shard);
        accounts.set(k, id);
      }
      return id;
    };
    const pairs: TransferPair[] = [];
    for (const p of plan.charges) {
      pairs.push({
        debitAccountId: await account('LATE_CHARGES_RECEIVABLE', p.loan.ledgerShard),
        creditAccountId: await account('PENALTY_INCOME', p.loan.ledgerShard),
        amount: p.charge.amount,
      });
    }
    const loansCharged = new Set(plan.charges.map((p) => p.loan.id)).size;
    transfer = await createPairedTransfer(tx, {
      idempotencyKey: `loan-charges:${today}:${randomUUID()}`,
      code: LATE_CHARGES_BATCH_CODE,
      reference: null,
      description: `Late charges of the servicing pass of ${today}: ${plan.charges.length} on ${loansCharged} loans`,
      pairs,
      at,
    });
    t = lap(phases, 'writeTransfer', t);
    const cs = plan.charges;
    await tx.execute(sql`
      insert into loan_charges (id, loan_id, line_number, kind, business_date, amount, basis, transfer_id)
      select c.id, c.loan_id, c.line_number, c.kind, c.business_date, c.amount, c.basis, ${transfer.id}::uuid
      from unnest(${column(cs.map((p) => p.id))}::uuid[], ${column(cs.map((p) => p.loan.id))}::uuid[], ${column(cs.map((p) => p.charge.lineNumber))}::int[],
                  ${column(cs.map((p) => p.charge.kind))}::text[], ${column(cs.map((p) => p.day))}::date[],
                  ${column(cs.map((p) => p.charge.amount.toString()))}::bigint[], ${column(cs.map((p) => JSON.stringify(chargeBasis(p.charge))))}::jsonb[])
        as c(id, loan_id, line_number, kind, business_date, amount, basis)`);
    t = lap(phases, 'writeCharges', t);
  }

  await transitionMany(tx, plan.statuses, plan.moves, { actor: SYSTEM_ACTOR, at });
  t = lap(phases, 'writeTransitions', t);

  if (plan.reminders.length > 0) {
    const sendAfter = sendAfterFor(at, false);
    const rs = plan.reminders;
    const logged = await tx.execute<{ loan_id: string; line_number: number; template: string }>(sql`
      insert into loan_reminders (loan_id, line_number, template, business_date, recipient, language, send_after, created_at)
      select r.loan_id, r.line_number, r.template, r.business_date, r.recipient, r.language, ${sendAfter?.toISOString() ?? null}::timestamptz, ${atIso}::timestamptz
      from unnest(${column(rs.map((r) => r.loanId))}::uuid[], ${column(rs.map((r) => r.lineNumber))}::int[], ${column(rs.map((r) => r.template))}::text[],
                  ${column(rs.map((r) => r.day))}::date[], ${column(rs.map((r) => r.recipient))}::text[], ${column(rs.map((r) => r.language))}::text[])
        with ordinality as r(loan_id, line_number, template, business_date, recipient, language, n)
      order by r.n
      on conflict do nothing
      returning loan_id::text, line_number, template`);
    const fresh = new Set(logged.rows.map((l) => `${l.loan_id}:${l.line_number}:${l.template}`));
    const sms = rs.filter((r) => fresh.has(`${r.loanId}:${r.lineNumber}:${r.template}`));
    // A job pass: no request to name (decision 045).
    queued += sms.length;
    await queueSmsMany(
      tx,
      sms.map((r) => ({ to: r.recipient, body: r.body })),
      { sendAfter, requestId: null },
    );
    t = lap(phases, 'writeReminders', t);
  }
  // Last: the late charges' accounts locked and their sums moved, held only until the commit.
  if (transfer) await transfer.applySums();
  lap(phases, 'writeSums', t);
  return queued;
}

export interface BatchOptions {
  /** Loans per batch (default DEFAULT_SERVICING_BATCH). */
  readonly batchSize?: number;
  /** Only these loans (the differential test); default every serviced loan. */
  readonly loanIds?: readonly string[];
  /** When given, the milliseconds spent in each phase of the pass are added to it (bench/servicing-night.ts's profile). */
  readonly phases?: Record<string, number>;
}

/** Adds the time since `since` to `phases[name]` and answers now (a no-op without phases). */
function lap(phases: Record<string, number> | undefined, name: string, since: number): number {
  if (!phases) return since;
  const now = performance.now();
  phases[name] = (phases[name] ?? 0) + (now - since);
  return now;
}

/** One batch after `after`: null when no loan is left to claim. */
async function serviceBatch(
  deps: AppDeps,
  after: string,
  today: string,
  options: BatchOptions,
): Promise<{ last: string; days: number; charges: number; reminders: number; transitions: number } | null> {
  const phases = options.phases;
  const begun = phases ? performance.now() : 0;
  const result = await deps.db.transaction(async (tx) => {
    let t = phases ? performance.now() : 0;
    // The next loans by id, locked (a loan another process holds is skipped): one range of the
    // primary key whatever the book's size. Those already serviced today, or waiting for a
    // re-servicing, are then left out by their keys (they stay locked until the commit, untouched).
    // Filtering them inside this statement made its plan the planner's guess (decision 092).
    const locked = await tx
      .select()
      .from(loans)
      .where(
        and(
          inArray(loans.status, [...SERVICED_STATUSES]),
          isNotNull(loans.scheduleStartDate),
          gt(loans.id, after),
          options.loanIds ? inArray(loans.id, [...options.loanIds]) : undefined,
        ),
      )
      .orderBy(asc(loans.id))
      .limit(options.batchSize ?? DEFAULT_SERVICING_BATCH)
      .for('update', { skipLocked: true });
    if (locked.length === 0) {
      lap(phases, 'claim', t);
      return null;
    }
    const lockedIds = locked.map((l) => l.id);
    const skip = await tx.execute<{ loan_id: string }>(sql`
      select r.loan_id::text from loan_servicing_runs r
       where r.loan_id = any(${column(lockedIds)}::uuid[]) and r.business_date = ${today}
      union
      select s.loan_id::text from loan_reservicings s
       where s.loan_id = any(${column(lockedIds)}::uuid[]) and s.status = 'PENDING'`);
    const skipped = new Set(skip.rows.map((r) => r.loan_id));
    const claimed = locked.filter((l) => !skipped.has(l.id));
    t = lap(phases, 'claim', t);
    const last = lockedIds[lockedIds.length - 1]!;
    if (claimed.length === 0) return { last, days: 0, charges: 0, reminders: 0, transitions: 0 };
    const ids = claimed.map((l) => l.id);
    const memberIds = [...new Set(claimed.map((l) => l.memberId))];
    // One after the other: a transaction is one connection, which runs one statement at a time
    // (node-postgres queued concurrent ones on the same client, a use it deprecates).
    const lastRuns = await tx
      .select({ loanId: loanServicingRuns.loanId, last: max(loanServicingRuns.businessDate) })
      .from(loanServicingRuns)
      .where(inArray(loanServicingRuns.loanId, ids))
      .groupBy(loanServicingRuns.loanId);
    const states = await loadStates(tx, deps, claimed);
    const members = await tx.select({ id: users.id, phone: users.phone, language: users.language }).from(users).where(inArray(users.id, memberIds));
    const sent = await tx
      .select({ loanId: loanReminders.loanId, n: sql<number>`count(*)::int` })
      .from(loanReminders)
      .where(and(inArray(loanReminders.loanId, ids), eq(loanReminders.businessDate, today)))
      .groupBy(loanReminders.loanId);
    t = lap(phases, 'read', t);
    const lastOf = new Map(lastRuns.map((r) => [r.loanId, r.last]));
    const memberOf = new Map(members.map((m) => [m.id, m]));
    const sentOf = new Map(sent.map((s) => [s.loanId, s.n]));
    const at = deps.clock.now();
    const plan: BatchPlan = { runs: [], charges: [], moves: [], statuses: new Map(claimed.map((l) => [l.id, l.status as LoanStatus])), reminders: [], days: 0 };
    for (const loan of claimed) {
      planLoan(deps, plan, loan, states.get(loan.id)!, lastOf.get(loan.id) ?? null, today, at, memberOf.get(loan.memberId), sentOf.get(loan.id) ?? 0);
    }
    lap(phases, 'plan', t);
    const reminders = await writePlan(tx, plan, today, at, phases);
    lap(phases, 'untilCommit', begun);
    return {
      last,
      days: plan.days,
      charges: plan.charges.length,
      reminders,
      transitions: plan.moves.length,
    };
  });
  lap(phases, 'total', begun);
  return result;
}

/**
 * One pass over every loan being serviced, batch after batch until none is left. Safe to run in
 * several processes at once (each claims its own batches) and to repeat.
 */
export async function runServicingBatched(deps: AppDeps, options: BatchOptions = {}): Promise<ServicingPassResult> {
  await runReservicing(deps);
  const today = todayPh(deps);
  let after = '00000000-0000-0000-0000-000000000000';
  const total = { days: 0, charges: 0, reminders: 0, transitions: 0 };
  for (;;) {
    const batch = await serviceBatch(deps, after, today, options);
    if (!batch) break;
    after = batch.last;
    total.days += batch.days;
    total.charges += batch.charges;
    total.reminders += batch.reminders;
    total.transitions += batch.transitions;
  }
  return total;
}
