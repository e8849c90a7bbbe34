import type { Centavos } from '../money/money';
import { RATE_SCALE } from './schedule';
import type { ServicingLine } from './servicing';

/**
 * The smallest servicing primitives (an instalment line's remainder, its period, the two named
 * roundings of interest earned within a period), shared by the allocation (servicing.ts) and what
 * closing the loan costs (payoff.ts). servicing.ts re-exports them: import them from there.
 */

/** Interest earned part-way through a period (payoff): rounded down, in the borrower's favour. */
export function roundAccruedDown(numerator: bigint, denominator: bigint): Centavos {
  if (numerator < 0n || denominator <= 0n) throw new RangeError('roundAccruedDown takes n >= 0 and d > 0');
  return numerator / denominator;
}

/** A monthly rate as an exact decimal of 15 places (the schedule engine's scale). */
export function scaledRate(monthlyRate: number): bigint {
  if (!Number.isFinite(monthlyRate) || monthlyRate < 0) throw new RangeError('A monthly rate is a finite number >= 0');
  return BigInt(Math.round(monthlyRate * Number(RATE_SCALE)));
}

export interface LineRemainder {
  readonly principal: Centavos;
  readonly interest: Centavos;
  readonly fees: Centavos;
  /** principal + interest + fees (late charges are separate). */
  readonly total: Centavos;
}

export function lineRemainder(line: ServicingLine): LineRemainder {
  const principal = line.principal - line.principalPaid;
  const interest = line.interest - line.interestRebated - line.interestPaid;
  const fees = line.fees - line.feesPaid - line.feesRebated;
  if (principal < 0n || interest < 0n || fees < 0n) throw new RangeError(`Line ${line.number} is over-allocated`);
  return { principal, interest, fees, total: principal + interest + fees };
}

/** The first day a line may be paid without it being a prepayment: the day after the previous due date. */
export function periodStart(lines: readonly Pick<ServicingLine, 'number' | 'dueDate'>[], number: number, startDate: string): string {
  const previous = lines.find((l) => l.number === number - 1);
  return previous ? previous.dueDate : startDate;
}

/** Is the line payable on `today` (its period has begun)? */
export function isPayable(lines: readonly Pick<ServicingLine, 'number' | 'dueDate'>[], number: number, startDate: string, today: string): boolean {
  return today > periodStart(lines, number, startDate);
}
