import type { LoanModel } from './model';

/**
 * The properties of a loan's life, checked each day against the reference model (model.ts), on a
 * snapshot of what production says about the loan (built by an adapter: the pure functions, or the
 * real app's tables). Each violation names its property.
 */

export const PROPERTIES = {
  PAID_ON_TIME_NEVER_LATE: 'no late charge or overdue day on an instalment paid by its due date',
  CAP: "interest, fees and fines within the contract's cap (25 % a year)",
  ALLOCATIONS_EQUAL_PAYMENTS: 'the sum of allocations equals the sum of payments (or the excess is visible)',
  REPAID_IFF_NOTHING_OWED: 'REPAID exactly when nothing is owed',
  MATCHES_MODEL: 'what each instalment still asks (charges included) is what the model says',
  OVERDUE_MATCHES_MODEL: 'an instalment is overdue exactly when the model says, and only an overdue one has days past due',
  WITHIN_TOLERANCE: 'no late charge or overdue day on an instalment at most the arrears tolerance short, and what is short stays owed',
  CHARGE_RULES: 'a late charge only after the grace days, on an unpaid instalment, at most the rate on what is unpaid',
  ANY_AMOUNT: 'any amount from PHP 1 up to what is owed is accepted; more is refused or visible',
  REBATE_AS_CONTRACT: "a principal reduction rebates the later interest at the contract's rate",
  PAYOFF: 'a payoff asks the principal, the charges, what is due and the interest earned, nothing more',
  EXTENSION: 'an extension keeps the principal owed and the charges, and replaces only instalments not yet due',
  LEDGER: 'ledger:check holds',
  QUIET_HOURS: 'no notice leaves outside 06:00-22:00 Manila',
} as const;
export type Property = keyof typeof PROPERTIES;

export interface Violation {
  readonly property: Property;
  readonly day: string;
  readonly detail: string;
}

export interface ProdLine {
  readonly number: number;
  readonly dueDate: string;
  /** Principal, interest and fees still asked (no charges). */
  readonly owed: bigint;
  /** Of which principal. */
  readonly principalLeft: bigint;
  /** The interest the line asks now (scheduled less rebated). */
  readonly interestAsked: bigint;
  readonly fees: bigint;
  readonly status: string;
  readonly daysPastDue: number;
}

export interface ProdCharge {
  readonly id: string;
  readonly lineNumber: number;
  readonly day: string;
  readonly kind: string;
  readonly amount: bigint;
  readonly paid: bigint;
  readonly waived: boolean;
}

export interface ProdSnapshot {
  readonly lines: readonly ProdLine[];
  readonly charges: readonly ProdCharge[];
  readonly repaid: boolean;
  /** What production says is still owed in all. */
  readonly outstanding: bigint;
  /** Paid on the lines plus paid on the charges. */
  readonly recordedPaid: bigint;
  /** Sum of the allocations of posted payments (equals recordedPaid when the app is sound). */
  readonly allocated: bigint;
  /** Fees deducted from the proceeds. */
  readonly feesDeducted: bigint;
}

const fmt = (c: bigint) => `${c < 0n ? '-' : ''}${(c < 0n ? -c : c) / 100n}.${String((c < 0n ? -c : c) % 100n).padStart(2, '0')}`;

/**
 * New charges in the snapshot: each checked against the rules on the model as it is now (before
 * the charge), then taken into the model. Waivers are taken too.
 */
export function takeCharges(model: LoanModel, snap: ProdSnapshot, out: Violation[], today: string): void {
  const fresh = snap.charges.filter((c) => !model.chargeIds.has(c.id));
  for (const c of fresh.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : a.lineNumber - b.lineNumber))) {
    const line = model.lines.find((l) => l.number === c.lineNumber);
    const v = (detail: string) =>
      out.push({ property: 'CHARGE_RULES', day: today, detail: `charge ${c.kind} ${fmt(c.amount)} on instalment ${c.lineNumber} for ${c.day}: ${detail}` });
    if (!line) v('no such instalment');
    else {
      if (model.coveredByDueDate(line))
        out.push({
          property: 'PAID_ON_TIME_NEVER_LATE',
          day: today,
          detail: `instalment ${line.number} (due ${line.dueDate}) was paid on ${line.coveredOn}, yet charged ${c.kind} ${fmt(c.amount)} for ${c.day}`,
        });
      const left = model.lineLeft(line);
      if (left <= 0n) v(`the model says nothing is unpaid on it`);
      else if (left <= model.tolerance)
        out.push({
          property: 'WITHIN_TOLERANCE',
          day: today,
          detail: `instalment ${line.number} is ${fmt(left)} short, within the tolerance ${fmt(model.tolerance)}, yet charged ${c.kind} ${fmt(c.amount)} for ${c.day}`,
        });
      const daysLate = Math.round((Date.parse(`${c.day}T00:00:00Z`) - Date.parse(`${line.dueDate}T00:00:00Z`)) / 86_400_000);
      if (daysLate <= model.input.graceDays) v(`only ${daysLate} days late (grace ${model.input.graceDays})`);
      const bps = c.kind === 'COLLECTION' ? model.input.collectionChargeBps : model.input.dailyRateBps;
      const most = (left * BigInt(bps)) / 10_000n;
      if (c.amount > most) v(`more than ${bps} bps of the unpaid ${fmt(left)} (${fmt(most)})`);
      const earlier = model.chargesOn(c.lineNumber);
      if (c.kind === 'COLLECTION' && earlier.some((x) => x.kind === 'COLLECTION')) v('a second collection charge');
      if (earlier.some((x) => x.kind === c.kind && x.day === c.day)) v('twice for one day');
    }
    model.addCharge({ id: c.id, lineNumber: c.lineNumber, day: c.day, kind: c.kind, amount: c.amount });
  }
  for (const c of snap.charges) {
    if (!c.waived) continue;
    const m = model.chargesOn(c.lineNumber).find((x) => x.id === c.id);
    if (m && !m.waived) model.waive(c.id, today);
  }
}

/** The properties that hold on every day. */
export function checkDay(model: LoanModel, snap: ProdSnapshot, today: string, out: Violation[]): void {
  const v = (property: Property, detail: string) => out.push({ property, day: today, detail });
  const prodChargesLeft = new Map<number, bigint>();
  const prodCharged = new Map<number, number>();
  for (const c of snap.charges) {
    prodChargesLeft.set(c.lineNumber, (prodChargesLeft.get(c.lineNumber) ?? 0n) + (c.waived ? 0n : c.amount - c.paid));
    prodCharged.set(c.lineNumber, (prodCharged.get(c.lineNumber) ?? 0) + 1);
  }
  // Invariant 12: paid by the due date is never late.
  for (const line of model.lines) {
    if (!model.coveredByDueDate(line)) continue;
    const p = snap.lines.find((l) => l.number === line.number);
    if (p && (p.status === 'OVERDUE' || p.daysPastDue > 0))
      v(
        'PAID_ON_TIME_NEVER_LATE',
        `instalment ${line.number} (due ${line.dueDate}) was paid on ${line.coveredOn}, yet is ${p.status} (${p.daysPastDue} days past due)`,
      );
    const charged = prodCharged.get(line.number) ?? 0;
    if (charged > 0 && !out.some((x) => x.property === 'PAID_ON_TIME_NEVER_LATE' && x.detail.startsWith(`instalment ${line.number} `)))
      v('PAID_ON_TIME_NEVER_LATE', `instalment ${line.number} (due ${line.dueDate}) was paid on ${line.coveredOn}, yet carries ${charged} late charge(s)`);
  }
  // Invariant 4: the cap, on production's own figures.
  const interest = snap.lines.reduce((s, l) => s + l.interestAsked, 0n);
  const fees = snap.feesDeducted + snap.lines.reduce((s, l) => s + l.fees, 0n);
  const fines = snap.charges.reduce((s, c) => s + (c.waived ? c.paid : c.amount), 0n);
  const cap = model.capOn(today);
  if (interest + fees + fines > cap)
    v('CAP', `interest ${fmt(interest)} + fees ${fmt(fees)} + fines ${fmt(fines)} = ${fmt(interest + fees + fines)} > cap ${fmt(cap)}`);
  // Every centavo applied is recorded, and allocated.
  if (snap.recordedPaid !== model.paidIn || snap.allocated !== model.paidIn)
    v(
      'ALLOCATIONS_EQUAL_PAYMENTS',
      `paid to the loan ${fmt(model.paidIn)}, recorded on lines and charges ${fmt(snap.recordedPaid)}, allocated ${fmt(snap.allocated)}`,
    );
  // REPAID exactly when nothing is owed.
  const owed = model.owed();
  if (snap.repaid !== (owed === 0n) || (snap.outstanding === 0n) !== (owed === 0n))
    v('REPAID_IFF_NOTHING_OWED', `repaid ${snap.repaid}, production owes ${fmt(snap.outstanding)}, the model ${fmt(owed)}`);
  // What each instalment still asks, and which are overdue.
  const diffs: string[] = [];
  for (const line of model.lines) {
    const p = snap.lines.find((l) => l.number === line.number);
    const prodOwed = p ? p.owed + (prodChargesLeft.get(line.number) ?? 0n) : -1n;
    if (prodOwed !== model.lineOwed(line)) diffs.push(`#${line.number} ${fmt(prodOwed)} (model ${fmt(model.lineOwed(line))})`);
    const principal = line.principal - line.paidPrincipal;
    if (p && p.principalLeft !== principal) diffs.push(`#${line.number} principal ${fmt(p.principalLeft)} (model ${fmt(principal)})`);
  }
  if (diffs.length > 0) v('MATCHES_MODEL', `still asked: ${diffs.join(', ')}`);
  const expected = model.overdueLines(today).join(',');
  const actual = snap.lines
    .filter((l) => l.status === 'OVERDUE')
    .map((l) => l.number)
    .join(',');
  if (expected !== actual) v('OVERDUE_MATCHES_MODEL', `overdue instalments [${actual}], the model [${expected}]`);
  const overdue = new Set(model.overdueLines(today));
  const counting = snap.lines.filter((l) => l.daysPastDue !== 0 && !overdue.has(l.number));
  if (counting.length > 0)
    v(
      'OVERDUE_MATCHES_MODEL',
      `days past due on instalments the model says are not overdue: ${counting.map((l) => `#${l.number} ${l.daysPastDue}`).join(', ')}`,
    );
  // The arrears tolerance: a few pesos short is not late, and still owed (MATCHES_MODEL checks the amount).
  for (const line of model.lines) {
    if (!model.withinTolerance(line, today)) continue;
    const p = snap.lines.find((l) => l.number === line.number);
    if (p && (p.status === 'OVERDUE' || p.daysPastDue > 0 || p.owed !== model.lineLeft(line)))
      v(
        'WITHIN_TOLERANCE',
        `instalment ${line.number} (due ${line.dueDate}) is ${fmt(model.lineLeft(line))} short (tolerance ${fmt(model.tolerance)}), yet is ${p.status} (${p.daysPastDue} days past due), owing ${fmt(p.owed)}`,
      );
  }
}

/**
 * After a payment with the choice "reduce my principal": the interest of the lines whose period
 * has not begun, checked against the contract's rule (to the centavo) and then taken into the model.
 */
export function takeRebates(model: LoanModel, snap: ProdSnapshot, today: string, rateScaled: bigint, out: Violation[]): void {
  for (const line of model.lines) {
    const p = snap.lines.find((l) => l.number === line.number);
    if (!p || p.interestAsked === line.interest) continue;
    const rule = model.contractInterest(line, today, rateScaled);
    const d = rule === null ? null : p.interestAsked - rule;
    if (rule === null || d === null || d > 1n || d < -1n || p.interestAsked > line.scheduledInterest)
      out.push({
        property: 'REBATE_AS_CONTRACT',
        day: today,
        detail: `instalment ${line.number} asks interest ${fmt(p.interestAsked)}; the contract's rule ${rule === null ? 'keeps it (its period has begun)' : fmt(rule)}; scheduled ${fmt(line.scheduledInterest)}`,
      });
    line.interest = p.interestAsked;
  }
}

export function describeViolations(vs: readonly Violation[]): string {
  return vs.map((x) => `  [${x.property}] ${x.day}: ${x.detail}`).join('\n');
}

export { fmt as formatCentavos };
