/**
 * The reference model of a loan's life, written from the rules (DECISIONS.md invariants 4 and 12,
 * docs/decisions/012-servicing.md, the contract's section 9), NOT from the production allocation
 * or late-charge code: it imports nothing from src/shared/loan/servicing.ts or late-charges.ts.
 * It is deliberately small and slow: integer centavos in plain arrays, one obvious loop per rule.
 *
 * What the borrower owes is a list of instalments (principal, interest, fees as the schedule
 * asks them) and the late charges the lender added (the model takes each charge from the
 * production run, after checking it against the rules: see checks.ts).
 *
 * A payment, as invariant 12 and the "any amount" rule say ("charges, interest,
 * principal, oldest first"):
 * 1. every open late charge, oldest first;
 * 2. what is due next: the instalments past their due date, then the next open instalment (the
 *    first one with something left whose due date is today or later), whatever its period: paying
 *    the next amount due early covers it; each instalment's fees, interest, principal;
 * 3. what is left, as the borrower chose:
 *    - NEXT ("to my next instalments", the default): the following instalments in order, in full;
 *    - PRINCIPAL ("to reduce my principal"): the principal of the remaining instalments from the
 *      last one backwards; the interest of instalments whose period has not begun falls to the
 *      contract's rate on the reduced balance (the lives runner checks the production figure
 *      against the contract's rule and then takes it: the model never invents a rebate of its own).
 * Anything above what is owed is excess: it must be refused or be visible (the borrower's wallet).
 *
 * An instalment is "covered" on the day nothing is left on it; covered on or before its due date
 * means paid on time: it may never carry a late charge, an overdue day or an overdue status.
 *
 * The arrears tolerance (decision 069; ARREARS_TOLERANCE, 0 unless set): after its due
 * date an instalment is overdue while a late charge of it is unpaid, or while more than the
 * tolerance of its principal, interest and fees is unpaid. A few pesos short, within it, the
 * instalment earns no late charge, no overdue day and no overdue status, yet what is short stays
 * owed: the model keeps it on the instalment, the next payment takes it first (the waterfall
 * above), and a payoff asks it.
 */

export type Choice = 'NEXT' | 'PRINCIPAL';

export interface ModelLine {
  readonly number: number;
  readonly dueDate: string;
  /** The day before the line's period: the previous due date (line 1: the disbursement date). */
  readonly periodStart: string;
  readonly principal: bigint;
  /** The interest the line asks now (after any rebate). */
  interest: bigint;
  readonly scheduledInterest: bigint;
  readonly fees: bigint;
  paidPrincipal: bigint;
  paidInterest: bigint;
  paidFees: bigint;
  /** Fees the lender no longer asks (a payoff does not charge the fees of lines not yet due). */
  feesForgiven: bigint;
  /** The day nothing was left on the line (charges included), else null. */
  coveredOn: string | null;
}

export interface ModelCharge {
  readonly id: string;
  readonly lineNumber: number;
  readonly day: string;
  readonly kind: string;
  readonly amount: bigint;
  paid: bigint;
  waived: boolean;
}

export interface ModelInput {
  readonly startDate: string;
  readonly principal: bigint;
  readonly termMonths: number;
  readonly lines: readonly { number: number; dueDate: string; principal: bigint; interest: bigint; fees: bigint }[];
  /** Fees taken from the proceeds at disbursement (on no line). */
  readonly feesDeducted: bigint;
  /** The contract's cap on interest, fees and fines together, in basis points a year (2,500). */
  readonly annualCostCapBps: number;
  /** SEC small loan (at most PHP 10,000 and 4 months): the total cost never above the principal. */
  readonly small: boolean;
  readonly graceDays: number;
  readonly dailyRateBps: number;
  readonly collectionChargeBps: number;
  /** The arrears tolerance in centavos (0 when absent). */
  readonly arrearsTolerance?: bigint;
  /** The contract's monthly rate (section 4) as a 15-decimal scaled integer (0.0123 -> 12_300_000_000_000n). */
  readonly monthlyRateScaled: bigint;
}

export interface ModelPayment {
  /** What the model applied to the loan. */
  readonly applied: bigint;
  /** What was above everything owed (must be refused or visible in the wallet). */
  readonly excess: bigint;
  /**
   * The payment reached what closing the loan costs today (closingCost): it closed the loan
   * whatever the choice, as a payoff the same day would.
   */
  readonly closed: boolean;
}

// -------------------------------------------------------------------------------------------
// Calendar (Philippine dates as YYYY-MM-DD; written here so the model shares nothing with servicing)

export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export function plusDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

function dayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Months begun since `start` on `day` (a started month counts; 0 on the start day). */
function monthsBegun(start: string, day: string): number {
  const [y1, m1, d1] = start.split('-').map(Number) as [number, number, number];
  const [y2, m2, d2] = day.split('-').map(Number) as [number, number, number];
  let months = (y2 - y1) * 12 + (m2 - m1);
  if (d2 > d1) months += 1;
  return Math.max(0, months);
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

// -------------------------------------------------------------------------------------------

export class LoanModel {
  readonly lines: ModelLine[];
  readonly charges: ModelCharge[] = [];
  /** The charges of each line (an index of `charges`). */
  private readonly chargesByLine = new Map<number, ModelCharge[]>();
  readonly chargeIds = new Set<string>();
  /** Every centavo the model applied to the loan, and every centavo it saw above what was owed. */
  paidIn = 0n;
  excessSeen = 0n;

  constructor(readonly input: ModelInput) {
    this.termMonths = input.termMonths;
    this.rateScaled = input.monthlyRateScaled;
    let previous = input.startDate;
    this.lines = [...input.lines]
      .sort((a, b) => a.number - b.number)
      .map((l) => {
        const line: ModelLine = {
          number: l.number,
          dueDate: l.dueDate,
          periodStart: previous,
          principal: l.principal,
          interest: l.interest,
          scheduledInterest: l.interest,
          fees: l.fees,
          paidPrincipal: 0n,
          paidInterest: 0n,
          paidFees: 0n,
          feesForgiven: 0n,
          coveredOn: null,
        };
        previous = l.dueDate;
        return line;
      });
  }

  /** What a line still asks, without its charges. */
  lineLeft(line: ModelLine): bigint {
    return line.principal - line.paidPrincipal + (line.interest - line.paidInterest) + (line.fees - line.feesForgiven - line.paidFees);
  }

  chargeLeft(c: ModelCharge): bigint {
    return c.waived ? 0n : c.amount - c.paid;
  }

  chargesOn(n: number): readonly ModelCharge[] {
    return this.chargesByLine.get(n) ?? [];
  }

  chargesLeftOn(n: number): bigint {
    return this.chargesOn(n).reduce((s, c) => s + this.chargeLeft(c), 0n);
  }

  /** A line with its charges. */
  lineOwed(line: ModelLine): bigint {
    return this.lineLeft(line) + this.chargesLeftOn(line.number);
  }

  owed(): bigint {
    return this.lines.reduce((s, l) => s + this.lineOwed(l), 0n);
  }

  principalLeft(): bigint {
    return this.lines.reduce((s, l) => s + l.principal - l.paidPrincipal, 0n);
  }

  isPayable(line: ModelLine, today: string): boolean {
    return today > line.periodStart;
  }

  /** The first line with something left on it. */
  nextOpenLine(): ModelLine | null {
    return this.lines.find((l) => this.lineOwed(l) > 0n) ?? null;
  }

  /** What the borrower must pay to have the next open line covered: it and everything before it. */
  nextAmountDue(): bigint {
    const next = this.nextOpenLine();
    if (!next) return 0n;
    return this.lines.filter((l) => l.number <= next.number).reduce((s, l) => s + this.lineOwed(l), 0n);
  }

  /** Everything payable today: charges and every line whose period has begun. */
  payableNow(today: string): bigint {
    return this.lines.filter((l) => this.isPayable(l, today)).reduce((s, l) => s + this.lineOwed(l), 0n);
  }

  /** The most that may be paid with a choice: everything owed (NEXT), or what is payable now and the principal of later lines (PRINCIPAL). */
  mostPayable(today: string, choice: Choice): bigint {
    const most = this.mostPayableUncapped(today, choice);
    const closing = this.closingCost(today);
    return most < closing ? most : closing;
  }

  /**
   * What closing the loan costs today (the contract's section 9, decision 074): the charges; every
   * instalment due by today in full; the instalment whose period is running (begun after the
   * previous due date, due after today) its principal and the interest earned on the balance for
   * the days elapsed (`interestEarned`), not its fees; every later instalment its principal only
   * (its interest is not earned, its fees not charged). No payment may be larger (invariant 11:
   * nobody pays interest that a payoff would not ask), and any payment that large closes the loan.
   */
  closingCost(today: string): bigint {
    return this.closingLines(today).reduce((s, c) => s + c.fees + c.interest + c.principal, 0n) + this.charges.reduce((s, c) => s + this.chargeLeft(c), 0n);
  }

  /**
   * The interest earned by `today` on a running instalment: the contract's monthly rate on the
   * principal still owed on it and every later one, for the days elapsed of the period's days,
   * rounded DOWN to the centavo (the borrower's favour); never above what the instalment asks,
   * never below what was already paid of it. Written from the contract, not from payoff.ts.
   */
  interestEarned(line: ModelLine, today: string): bigint {
    const balance = this.lines.filter((l) => l.number >= line.number).reduce((s, l) => s + l.principal - l.paidPrincipal, 0n);
    const elapsed = BigInt(dayCount(line.periodStart, today));
    const period = BigInt(dayCount(line.periodStart, line.dueDate));
    let earned = (balance * this.rateScaled * elapsed) / (10n ** 15n * period);
    if (earned > line.interest) earned = line.interest;
    if (earned < line.paidInterest) earned = line.paidInterest;
    return earned;
  }

  /** What closing asks of each instalment today (fees, interest, principal still to pay), by the rule of closingCost. */
  private closingLines(today: string): { line: ModelLine; fees: bigint; interest: bigint; principal: bigint }[] {
    return this.lines.map((l) => {
      const principal = l.principal - l.paidPrincipal;
      if (l.dueDate <= today) return { line: l, fees: l.fees - l.feesForgiven - l.paidFees, interest: l.interest - l.paidInterest, principal };
      if (l.periodStart < today) return { line: l, fees: 0n, interest: this.interestEarned(l, today) - l.paidInterest, principal };
      return { line: l, fees: 0n, interest: 0n, principal };
    });
  }

  /** Closes the loan today: every charge, and each instalment what closingLines asks; the rest of its interest and fees is no longer asked. Returns what it cost. */
  private close(today: string): bigint {
    let total = 0n;
    for (const c of this.charges) {
      const left = this.chargeLeft(c);
      c.paid += left;
      total += left;
    }
    for (const { line, fees, interest, principal } of this.closingLines(today)) {
      total += fees + interest + principal;
      line.paidFees += fees;
      line.paidInterest += interest;
      line.paidPrincipal += principal;
      line.interest = line.paidInterest;
      line.feesForgiven = line.fees - line.paidFees;
    }
    return total;
  }

  private mostPayableUncapped(today: string, choice: Choice): bigint {
    if (choice === 'NEXT') return this.owed();
    const dueNext = this.dueNext(today);
    const charges = this.charges.reduce((s, c) => s + this.chargeLeft(c), 0n);
    return (
      charges +
      dueNext.reduce((s, l) => s + this.lineLeft(l), 0n) +
      this.lines.filter((l) => !dueNext.includes(l)).reduce((s, l) => s + l.principal - l.paidPrincipal, 0n)
    );
  }

  /** The arrears tolerance: at most this much left on an instalment past its due date is not overdue. */
  get tolerance(): bigint {
    return this.input.arrearsTolerance ?? 0n;
  }

  /** Past its due date and a few pesos short at most: owed, but not overdue (no charge, no overdue day). */
  withinTolerance(line: ModelLine, today: string): boolean {
    const left = this.lineLeft(line);
    return line.dueDate < today && this.chargesLeftOn(line.number) === 0n && left > 0n && left <= this.tolerance;
  }

  overdueLines(today: string): number[] {
    return this.lines
      .filter((l) => l.dueDate < today)
      .filter((l) => this.chargesLeftOn(l.number) > 0n || this.lineLeft(l) > this.tolerance)
      .map((l) => l.number);
  }

  /** Paid on or before its due date: no charge, no overdue day, ever. */
  coveredByDueDate(line: ModelLine): boolean {
    return line.coveredOn !== null && line.coveredOn <= line.dueDate;
  }

  /** The most interest, fees and fines may total on `day` (the contract's 25 % a year; invariant 4). */
  capOn(day: string): bigint {
    const months = BigInt(Math.max(this.termMonths, monthsBegun(this.input.startDate, day)));
    const cap = (this.input.principal * BigInt(this.input.annualCostCapBps) * months) / 120_000n;
    return this.input.small && cap > this.input.principal ? this.input.principal : cap;
  }

  /** Interest asked (after rebates), fees (deducted and financed, less any forgiven) and fines (a waived charge counts for what was paid of it). */
  costSoFar(): bigint {
    const interest = this.lines.reduce((s, l) => s + l.interest, 0n);
    const fees = this.input.feesDeducted + this.lines.reduce((s, l) => s + l.fees - l.feesForgiven, 0n);
    const fines = this.charges.reduce((s, c) => s + (c.waived ? c.paid : c.amount), 0n);
    return interest + fees + fines;
  }

  private markCovered(today: string): void {
    for (const l of this.lines) if (l.coveredOn === null && this.lineOwed(l) === 0n) l.coveredOn = today;
  }

  /** Pays one line's fees, interest, principal from `left`; returns what is left. */
  private payLine(line: ModelLine, left: bigint): bigint {
    const fees = min(left, line.fees - line.feesForgiven - line.paidFees);
    line.paidFees += fees;
    left -= fees;
    const interest = min(left, line.interest - line.paidInterest);
    line.paidInterest += interest;
    left -= interest;
    const principal = min(left, line.principal - line.paidPrincipal);
    line.paidPrincipal += principal;
    left -= principal;
    return left;
  }

  /** The instalments due next on `today`: those past their due date with something left, and the next open one. */
  dueNext(today: string): ModelLine[] {
    const open = this.lines.filter((l) => this.lineLeft(l) > 0n);
    const next = open.find((l) => l.dueDate >= today);
    return [...open.filter((l) => l.dueDate < today), ...(next ? [next] : [])];
  }

  pay(amount: bigint, today: string, choice: Choice): ModelPayment {
    if (amount <= 0n) throw new RangeError('a payment is positive');
    const closed = this.owed() > 0n && amount >= this.closingCost(today);
    if (closed) {
      const cost = this.close(today);
      this.paidIn += cost;
      this.excessSeen += amount - cost;
      this.markCovered(today);
      return { applied: cost, excess: amount - cost, closed };
    }
    let left = amount;
    const byAge = (a: ModelCharge, b: ModelCharge) => a.lineNumber - b.lineNumber || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0);
    for (const c of [...this.charges].sort(byAge)) {
      const take = min(left, this.chargeLeft(c));
      c.paid += take;
      left -= take;
    }
    // What is due next, then the rest as the borrower chose.
    const first = this.dueNext(today);
    for (const line of first) left = this.payLine(line, left);
    const later = this.lines.filter((l) => !first.includes(l));
    if (choice === 'NEXT') {
      for (const line of later) left = this.payLine(line, left);
    } else {
      for (const line of [...later].reverse()) {
        const take = min(left, line.principal - line.paidPrincipal);
        line.paidPrincipal += take;
        left -= take;
      }
    }
    const applied = amount - left;
    this.paidIn += applied;
    this.excessSeen += left;
    this.markCovered(today);
    return { applied, excess: left, closed };
  }

  /**
   * The contract's rule for the interest of a line whose period has not begun after a principal
   * reduction: the monthly rate on the principal still owed on it and every later line, never above
   * what the schedule asked, never below what was already paid of it. The rate is a 15-decimal
   * scaled integer; rounding half up to the centavo. Null for a line whose period has begun.
   */
  contractInterest(line: ModelLine, today: string, rateScaled: bigint): bigint | null {
    if (line.periodStart < today) return null;
    const balance = this.lines.filter((l) => l.number >= line.number).reduce((s, l) => s + l.principal - l.paidPrincipal, 0n);
    const scale = 10n ** 15n;
    let interest = (2n * balance * rateScaled + scale) / (2n * scale);
    if (interest > line.scheduledInterest) interest = line.scheduledInterest;
    if (interest < line.paidInterest) interest = line.paidInterest;
    return interest;
  }

  /** The term in force (an extension lengthens it; the cap grows with it). */
  termMonths: number;

  /** The contract's monthly rate in force, scaled (an extension may set another). */
  rateScaled: bigint;

  /**
   * An extension took effect: the lines from `fromLine` on are replaced by the new schedule's (what
   * was paid on them moves with them, as production records it), the term becomes `termMonths`.
   * The runner checks before calling this that the principal owed did not change.
   */
  replaceLines(
    fromLine: number,
    lines: readonly {
      number: number;
      dueDate: string;
      principal: bigint;
      interest: bigint;
      fees: bigint;
      paidPrincipal: bigint;
      paidInterest: bigint;
      paidFees: bigint;
    }[],
    termMonths: number,
    rateScaled?: bigint,
  ): void {
    if (rateScaled !== undefined) this.rateScaled = rateScaled;
    const kept = this.lines.filter((l) => l.number < fromLine);
    let previous = kept.at(-1)?.dueDate ?? this.input.startDate;
    const added = [...lines]
      .filter((l) => l.number >= fromLine)
      .sort((a, b) => a.number - b.number)
      .map((l) => {
        const line: ModelLine = {
          number: l.number,
          dueDate: l.dueDate,
          periodStart: previous,
          principal: l.principal,
          interest: l.interest,
          scheduledInterest: l.interest,
          fees: l.fees,
          paidPrincipal: l.paidPrincipal,
          paidInterest: l.paidInterest,
          paidFees: l.paidFees,
          feesForgiven: 0n,
          coveredOn: null,
        };
        previous = l.dueDate;
        return line;
      });
    this.lines.splice(0, this.lines.length, ...kept, ...added);
    this.termMonths = termMonths;
  }

  addCharge(c: Omit<ModelCharge, 'paid' | 'waived'>): void {
    const charge = { ...c, paid: 0n, waived: false };
    this.charges.push(charge);
    this.chargeIds.add(c.id);
    const list = this.chargesByLine.get(c.lineNumber);
    if (list) list.push(charge);
    else this.chargesByLine.set(c.lineNumber, [charge]);
    const line = this.lines.find((l) => l.number === c.lineNumber);
    if (line) line.coveredOn = null;
  }

  waive(id: string, today: string): void {
    const c = this.charges.find((x) => x.id === id);
    if (!c || c.waived) throw new Error(`no open charge ${id}`);
    c.waived = true;
    this.markCovered(today);
  }

  /**
   * A payoff on `today` (RA 11765, invariant 11): the same as a payment of what closing costs
   * (closingCost): every charge, every line due by today in full, the running line's principal and
   * the interest earned on it, later lines only their principal. Returns the model's total (the
   * runner compares it with the quote's).
   */
  payoff(today: string): bigint {
    const total = this.close(today);
    this.paidIn += total;
    this.markCovered(today);
    return total;
  }
}
