import { createHash } from 'node:crypto';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../http/errors';
import { toDisclosure } from '../../../shared/loan/disclosure';
import { EXTENSION_NOTICE_DAYS, planExtension, requestDeadline, type ExtensionPlan } from '../../../shared/loan/extension';
import type { DisclosureDto } from '../../../shared/schemas/loans';
import { loadState, type ServicingState } from './core';
import { displayCurrencyOf, productOf, timingOf, type LoanRow } from '../../domain/loans/repository';
import { SERVICED_STATUSES } from '../../../shared/states/loan';
import { todayPh } from '../../domain/day';
import { text } from '../../../shared/i18n/text';

/**
 * The extension plan of a loan as it is now (docs/decisions/016-extensions.md): the servicing state
 * read through the repayments module's core, the pure plan of src/shared/loan/extension.ts, its
 * refusals as API errors, and the new disclosure statement with the SHA-256 a signing code binds.
 */

/** An extension fee, financed on the new lines. Product version 1 has none; a product that adds one must keep it inside the cap (the plan checks). */
export const EXTENSION_FEE = 0n;

function assertServiced(loan: LoanRow): void {
  if (loan.status === 'OVERDUE') throw new AppError(409, 'EXTENSION_PAST_DUE', text('extensions.errors.pastDue'));
  if (!(SERVICED_STATUSES as readonly string[]).includes(loan.status) || !loan.scheduleStartDate) {
    throw new AppError(409, 'EXTENSION_NOT_SERVICED', text('extensions.errors.notServiced'));
  }
}

/** Whether assertServiced lets the loan through (its servicing state can be read). */
export function isServiced(loan: LoanRow): boolean {
  return loan.status !== 'OVERDUE' && (SERVICED_STATUSES as readonly string[]).includes(loan.status) && loan.scheduleStartDate !== null;
}

export interface LoanPlan {
  readonly state: ServicingState;
  readonly plan: ExtensionPlan;
}

export async function planFor(db: DbOrTx, deps: AppDeps, loan: LoanRow, newTerm: number, fee: bigint): Promise<LoanPlan> {
  assertServiced(loan);
  return planOfState(deps, loan, await loadState(db, deps, loan), newTerm, fee);
}

/** planFor on a state already read (loadStates, for a page of requests). */
export function planOfState(deps: AppDeps, loan: LoanRow, state: ServicingState, newTerm: number, fee: bigint): LoanPlan {
  assertServiced(loan);
  const result = planExtension({
    product: productOf(deps, loan),
    principal: loan.amount,
    startDate: state.startDate,
    timing: timingOf(loan),
    lines: state.lines,
    chargesCounted: state.chargeRows.reduce((s, c) => s + (c.waivedAt ? c.paid : c.amount), 0n),
    chargesOwed: state.openCharges.reduce((s, c) => s + c.outstanding, 0n),
    today: todayPh(deps),
    newTerm,
    fee,
  });
  if (result.ok) return { state, plan: result.plan };
  switch (result.refusal) {
    case 'TOO_LATE':
      throw new AppError(409, 'EXTENSION_TOO_LATE', text('extensions.errors.tooLate', { deadline: result.deadline ?? '', days: EXTENSION_NOTICE_DAYS }));
    case 'PAST_DUE':
      throw new AppError(409, 'EXTENSION_PAST_DUE', text('extensions.errors.pastDue'));
    case 'TERM_NOT_OFFERED':
      throw new AppError(400, 'EXTENSION_TERM', text('extensions.errors.termNotOffered'), { term: text('extensions.errors.termNotOffered') });
    case 'NOT_LONGER':
      throw new AppError(400, 'EXTENSION_TERM', text('extensions.errors.notLonger'), { term: text('extensions.errors.notLonger') });
    case 'OVER_CAP':
      throw new AppError(409, 'EXTENSION_OVER_CAP', text('extensions.errors.overCap'));
    case 'NOT_SCHEDULED':
      throw new AppError(409, 'EXTENSION_NOT_SERVICED', text('extensions.errors.notServiced'));
    case 'NOT_MONTHLY':
      throw new AppError(409, 'EXTENSION_NOT_SERVICED', text('extensions.errors.notMonthly'));
  }
}

/** What the member may ask for now: the product's terms, the current end and the request deadline. */
export async function eligibilityOf(db: DbOrTx, deps: AppDeps, loan: LoanRow) {
  const terms = [...productOf(deps, loan).terms];
  if (!loan.scheduleStartDate || !(SERVICED_STATUSES as readonly string[]).includes(loan.status)) {
    return { terms, currentEndDate: null, requestDeadline: null };
  }
  const state = await loadState(db, deps, loan);
  const end = state.lines.reduce<string | null>((max, l) => (max === null || l.dueDate > max ? l.dueDate : max), null);
  return { terms, currentEndDate: end, requestDeadline: requestDeadline(state.lines) };
}

/** The new disclosure statement of the remaining principal, with the SHA-256 a signing code is bound to. */
export function disclosureOfPlan(deps: AppDeps, loan: LoanRow, extensionId: string, plan: ExtensionPlan): { disclosure: DisclosureDto; sha256: string } {
  const disclosure = toDisclosure(productOf(deps, loan), plan.schedule, displayCurrencyOf(loan), null, deps.config.servicing.arrearsTolerance);
  const sha256 = createHash('sha256')
    .update(JSON.stringify({ extensionId, fromLine: plan.fromLine, totalMonths: plan.totalMonths, disclosure }))
    .digest('hex');
  return { disclosure, sha256 };
}
