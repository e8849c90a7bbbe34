import type { Centavos } from '../money/money';
import { lateChargesForDay, type DayCharge, type LateChargeKind } from './late-charges';
import type { ProductConfig } from './product';
import type { Schedule } from './schedule';
import { allocatePayment, type Allocation, type ExcessChoice, type OpenCharge, type ServicingLine } from './servicing';

/**
 * The replay of a loan's life under today's allocation rule (docs/decisions/066-reservicing-old-rule-loans.md,
 * amending 061): the loan's posted payments and the daily job's runs, in the order they happened,
 * over the schedule with nothing paid. At each run the late charges of its day are computed on the
 * replayed lines (lateChargesForDay, the daily job's own rule); at each payment the payment is
 * allocated by `allocatePayment` (decision 061). Pure: no database.
 *
 * The replay never invents a charge: a charge the replay computes that was never posted is not
 * added (the loan was not charged it). A posted charge is KEPT when the replay computes a charge of
 * the same line, kind and day, else REVERSED. A kept charge (not waived) the replay computes smaller
 * is REDUCED to the replayed amount (`reduced`, with the replayed basis); from then on the replay
 * carries it at that amount. A kept charge is never raised: a larger replayed amount keeps the posted one.
 */

export interface ReplayPayment {
  readonly id: string;
  /** When it was allocated (ms since the epoch): the order of the events. */
  readonly at: number;
  /** The Philippine day it was allocated on. */
  readonly day: string;
  readonly amount: Centavos;
  readonly excess: ExcessChoice;
}

export interface ReplayRun {
  /** The Philippine day the daily job charged. */
  readonly day: string;
  /** When it ran (ms since the epoch). */
  readonly at: number;
}

export interface ReplayCharge {
  readonly id: string;
  readonly lineNumber: number;
  readonly kind: LateChargeKind;
  readonly businessDate: string;
  readonly amount: Centavos;
  /** Waived by an officer: nothing is owed on it in the replay (it is kept or reversed as any other). */
  readonly waived: boolean;
}

export interface ReplayInput {
  readonly product: ProductConfig;
  readonly schedule: Schedule;
  /** The loan's instalment lines as scheduled (what is paid on them is ignored: the replay starts from nothing paid). */
  readonly lines: readonly Pick<ServicingLine, 'number' | 'dueDate' | 'principal' | 'interest' | 'fees'>[];
  readonly startDate: string;
  readonly payments: readonly ReplayPayment[];
  readonly runs: readonly ReplayRun[];
  readonly charges: readonly ReplayCharge[];
}

export interface ReplayResult {
  /** The lines as the replay leaves them (paid amounts, rebates, paid dates). */
  readonly lines: readonly ServicingLine[];
  /** Each payment's allocations under the new rule. */
  readonly allocations: ReadonlyMap<string, readonly Allocation[]>;
  /** What of each payment nothing was owed for any more (the charges it paid were reversed and the loan is paid). */
  readonly unallocated: ReadonlyMap<string, Centavos>;
  /** What the replay paid on each kept charge. */
  readonly chargePaid: ReadonlyMap<string, Centavos>;
  readonly kept: ReadonlySet<string>;
  readonly reversed: ReadonlySet<string>;
  /** Kept charges (not waived) the replay computes smaller: id -> the replayed charge (amount and basis). */
  readonly reduced: ReadonlyMap<string, DayCharge>;
}

type Event = { kind: 'RUN'; at: number; day: string } | { kind: 'PAYMENT'; at: number; payment: ReplayPayment };

export function replayLoan(input: ReplayInput): ReplayResult {
  let lines: ServicingLine[] = [...input.lines]
    .sort((a, b) => a.number - b.number)
    .map((l) => ({
      number: l.number,
      dueDate: l.dueDate,
      principal: l.principal,
      interest: l.interest,
      fees: l.fees,
      principalPaid: 0n,
      interestPaid: 0n,
      feesPaid: 0n,
      interestRebated: 0n,
      feesRebated: 0n,
      paidOn: null,
    }));
  // A posted charge's day always had a run; a day charged without one (never in the job) is run at its start.
  const runs = new Map(input.runs.map((r) => [r.day, r.at]));
  for (const c of input.charges) if (!runs.has(c.businessDate)) runs.set(c.businessDate, Date.parse(`${c.businessDate}T00:00:00+08:00`));
  const events: Event[] = [
    ...[...runs].map(([day, at]): Event => ({ kind: 'RUN', at, day })),
    ...input.payments.map((payment): Event => ({ kind: 'PAYMENT', at: payment.at, payment })),
  ];
  // In time order; a run before a payment of the same instant; runs by day; payments as given.
  const order = new Map(input.payments.map((p, i) => [p.id, i]));
  events.sort((a, b) => {
    if (a.at !== b.at) return a.at - b.at;
    if (a.kind !== b.kind) return a.kind === 'RUN' ? -1 : 1;
    if (a.kind === 'RUN' && b.kind === 'RUN') return a.day < b.day ? -1 : a.day > b.day ? 1 : 0;
    return (order.get((a as { payment: ReplayPayment }).payment.id) ?? 0) - (order.get((b as { payment: ReplayPayment }).payment.id) ?? 0);
  });

  const kept = new Set<string>();
  const reversed = new Set<string>();
  const reduced = new Map<string, DayCharge>();
  const amountOf = (c: ReplayCharge) => reduced.get(c.id)?.amount ?? c.amount;
  const chargePaid = new Map<string, Centavos>();
  const allocations = new Map<string, Allocation[]>();
  const unallocated = new Map<string, Centavos>();
  const present = () => input.charges.filter((c) => kept.has(c.id));

  for (const event of events) {
    if (event.kind === 'RUN') {
      const charged = present();
      const chargedByLine = new Map<number, Centavos>();
      for (const c of charged)
        chargedByLine.set(c.lineNumber, (chargedByLine.get(c.lineNumber) ?? 0n) + (c.waived ? (chargePaid.get(c.id) ?? 0n) : amountOf(c)));
      const computed = lateChargesForDay({
        product: input.product,
        schedule: input.schedule,
        lines,
        startDate: input.startDate,
        day: event.day,
        finesAlreadyCharged: charged.reduce((s, c) => s + (c.waived ? (chargePaid.get(c.id) ?? 0n) : amountOf(c)), 0n),
        collectionCharged: new Set(charged.filter((c) => c.kind === 'COLLECTION').map((c) => c.lineNumber)),
        chargedByLine,
      });
      for (const c of input.charges.filter((x) => x.businessDate === event.day)) {
        const same = computed.find((d) => d.lineNumber === c.lineNumber && d.kind === c.kind);
        if (!same) {
          reversed.add(c.id);
          continue;
        }
        kept.add(c.id);
        if (!c.waived && same.amount < c.amount) reduced.set(c.id, same);
      }
      continue;
    }
    const p = event.payment;
    const open: OpenCharge[] = present().map((c) => ({
      id: c.id,
      lineNumber: c.lineNumber,
      outstanding: c.waived ? 0n : amountOf(c) - (chargePaid.get(c.id) ?? 0n),
    }));
    const r = allocatePayment({
      lines,
      charges: open,
      amount: p.amount,
      startDate: input.startDate,
      today: p.day,
      excess: p.excess,
      monthlyRate: input.schedule.contractualPeriodRate,
    });
    lines = [...r.lines];
    for (const a of r.allocations) if (a.component === 'CHARGE' && a.chargeId) chargePaid.set(a.chargeId, (chargePaid.get(a.chargeId) ?? 0n) + a.amount);
    allocations.set(p.id, [...r.allocations]);
    unallocated.set(p.id, r.unallocated);
  }
  return { lines, allocations, unallocated, chargePaid, kept, reversed, reduced };
}
