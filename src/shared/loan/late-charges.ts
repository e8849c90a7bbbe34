import type { Centavos } from '../money/money';
import { SEC_SMALL_LOAN_CAPS, fineHeadroom, isSmallLoan } from './charges';
import { daysBetween, monthsElapsedCeil } from './dates';
import type { ProductConfig } from './product';
import type { Schedule } from './schedule';
import { isOverdue, lineRemainder, type ServicingLine } from './servicing';

/**
 * The late charges of one Philippine day (the daily servicing job; docs/decisions/012-servicing.md),
 * from the product's penalty rules (charges.ts: section 9's 0.5 % a day after 3 days of grace and a
 * 5 % collection charge), each capped by `fineHeadroom` so that interest, fees and fines together
 * never exceed the annual cost cap.
 *
 * For each line overdue on day D (servicing.ts isOverdue: due date passed and more than the arrears
 * tolerance unpaid; decision 069), on day D with daysLate = D - due date > graceDays:
 * - PENALTY_INTEREST for day D: overdue amount x dailyRateBps / 10,000, rounded down;
 * - COLLECTION once, on the first day after the grace days: overdue amount x collectionChargeBps /
 *   10,000, rounded down.
 * The overdue amount is the line's unpaid principal, interest and fees (never earlier charges: no
 * charge on a charge). Lines are taken oldest first; each charge takes what the headroom leaves,
 * and a charge cut by the cap says so. A SEC small loan (charges.ts) also keeps each line's charges
 * within 5 % of its amount a month.
 */
export const LATE_CHARGE_KINDS = ['PENALTY_INTEREST', 'COLLECTION'] as const;
export type LateChargeKind = (typeof LATE_CHARGE_KINDS)[number];

export interface DayCharge {
  readonly lineNumber: number;
  readonly kind: LateChargeKind;
  readonly amount: Centavos;
  /** How it was computed, for the borrower's statement. */
  readonly basis: {
    readonly overdueAmount: Centavos;
    readonly daysLate: number;
    readonly rateBps: number;
    /** The amount before the cap. */
    readonly uncapped: Centavos;
    /** The fine headroom before this charge. */
    readonly headroom: Centavos;
    readonly capped: boolean;
  };
}

/** amount x bps / 10,000, rounded down (a charge rounds in the borrower's favour). */
function chargeBpsDown(amount: Centavos, bps: number): Centavos {
  return (amount * BigInt(bps)) / 10_000n;
}

export function lateChargesForDay(input: {
  readonly product: ProductConfig;
  readonly schedule: Schedule;
  readonly lines: readonly ServicingLine[];
  readonly startDate: string;
  /** The Philippine date charged. */
  readonly day: string;
  /** Late charges already charged on this loan (not waived). */
  readonly finesAlreadyCharged: Centavos;
  /** Lines that already carry their collection charge. */
  readonly collectionCharged: ReadonlySet<number>;
  /** Charges already on each line (not waived), for the small-loan limit. */
  readonly chargedByLine?: ReadonlyMap<number, Centavos>;
  /** The arrears tolerance (decision 069): a line with at most this much unpaid is not overdue and earns nothing. Default 0. */
  readonly arrearsTolerance?: Centavos;
}): DayCharge[] {
  const rules = input.product.penalties;
  const months = monthsElapsedCeil(input.startDate, input.day);
  let headroom = fineHeadroom(input.product, input.schedule, months, input.finesAlreadyCharged);
  const small = isSmallLoan(input.schedule.principal, input.schedule.termMonths);
  const out: DayCharge[] = [];
  for (const line of [...input.lines].sort((a, b) => a.number - b.number)) {
    if (!isOverdue(line, input.day, input.arrearsTolerance ?? 0n)) continue;
    const overdue = lineRemainder(line).total;
    const daysLate = daysBetween(line.dueDate, input.day);
    if (daysLate <= rules.graceDays) continue;
    let lineCharged = input.chargedByLine?.get(line.number) ?? 0n;
    const wanted: { kind: LateChargeKind; bps: number; amount: Centavos }[] = [];
    if (!input.collectionCharged.has(line.number))
      wanted.push({ kind: 'COLLECTION', bps: rules.collectionChargeBps, amount: chargeBpsDown(overdue, rules.collectionChargeBps) });
    wanted.push({ kind: 'PENALTY_INTEREST', bps: rules.dailyRateBps, amount: chargeBpsDown(overdue, rules.dailyRateBps) });
    for (const w of wanted) {
      let amount = w.amount < headroom ? w.amount : headroom;
      if (small) {
        const limit =
          chargeBpsDown(
            line.principal + line.interest + line.fees,
            SEC_SMALL_LOAN_CAPS.latePenaltyMonthlyBps * Math.max(1, Math.ceil((daysLate - rules.graceDays) / 30)),
          ) - lineCharged;
        if (amount > limit) amount = limit > 0n ? limit : 0n;
      }
      if (amount <= 0n) continue;
      out.push({
        lineNumber: line.number,
        kind: w.kind,
        amount,
        basis: { overdueAmount: overdue, daysLate, rateBps: w.bps, uncapped: w.amount, headroom, capped: amount < w.amount },
      });
      headroom -= amount;
      lineCharged += amount;
    }
  }
  return out;
}
