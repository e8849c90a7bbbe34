import { CREDIT_COMPONENT_MAX, CREDIT_SCORE_MAX, POINTS_LOST_PER_DAY_OVERDUE, POINTS_PER_LOAN_REPAID, type CreditComponentId } from './weights';
import { daysBetween } from '../loan/dates';
import { instalmentsThatFellDue } from '../loan/figures';

/**
 * The credit score shown in Settings (specification section 2: a score out of 1000), made
 * transparent (DECISIONS.md section 2): it is the sum of five components, each computed from
 * behaviour Tapat can verify, each with its own maximum. Nothing rewards keeping money in the wallet
 * or leaving loan proceeds unwithdrawn (invariant 4).
 *
 * A component without data says so (`hasData: false`) and gives no points: the score never
 * pretends to know what it does not.
 */
export { CREDIT_COMPONENTS, CREDIT_COMPONENT_MAX, CREDIT_SCORE_MAX } from './weights';
export type { CreditComponentId } from './weights';

/** An instalment that has fallen due: when it was due and when it was paid in full (null: not yet). */
export interface DueInstalment {
  /** YYYY-MM-DD, Philippine calendar. */
  readonly dueDate: string;
  /** YYYY-MM-DD, Philippine calendar; null when still unpaid. */
  readonly paidOn: string | null;
}

export interface CreditInputs {
  /** Activation steps completed (0 to `profileStepsTotal`). */
  readonly profileStepsDone: number;
  readonly profileStepsTotal: number;
  /** Loans in status REPAID. */
  readonly loansRepaid: number;
  /**
   * The member's instalments, with their payment dates, when repayments are recorded; null when
   * the product does not record repayments yet (then the repayment components have no data).
   */
  readonly instalments: readonly DueInstalment[] | null;
  /** Today, YYYY-MM-DD, Philippine calendar. */
  readonly today: string;
}

/**
 * Why a component has the points it has:
 * - COMPLETE / PARTIAL / NONE: the data is there and gives all, some or none of the points;
 * - NOTHING_DUE: repayments are recorded but no instalment has fallen due yet;
 * - NOT_RECORDED: repayments are not recorded in Tapat yet.
 */
export type CreditReason = 'COMPLETE' | 'PARTIAL' | 'NONE' | 'NOTHING_DUE' | 'NOT_RECORDED';

export interface CreditComponent {
  readonly id: CreditComponentId;
  readonly points: number;
  readonly max: number;
  readonly hasData: boolean;
  readonly reason: CreditReason;
  /** The figures the explanation quotes (counts and days). */
  readonly facts: Readonly<Record<string, number>>;
}

export interface CreditScore {
  readonly score: number;
  readonly max: number;
  readonly components: readonly CreditComponent[];
}

function reasonOf(points: number, max: number): CreditReason {
  if (points >= max) return 'COMPLETE';
  return points > 0 ? 'PARTIAL' : 'NONE';
}

/** Points in proportion, rounded down (a whole number of points, never more than max). */
function share(max: number, part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.min(max, Math.floor((max * Math.max(0, part)) / whole));
}

function component(id: CreditComponentId, points: number, facts: Record<string, number>, reason?: CreditReason): CreditComponent {
  const max = CREDIT_COMPONENT_MAX[id];
  const r = reason ?? reasonOf(points, max);
  return { id, points, max, hasData: r !== 'NOT_RECORDED', reason: r, facts };
}

/** Days an instalment was (paid late) or is (unpaid) overdue on `today`; 0 when paid on time. */
export function daysOverdueOf(instalment: DueInstalment, today: string): number {
  const end = instalment.paidOn ?? today;
  return Math.max(0, daysBetween(instalment.dueDate, end));
}

/**
 * The instalments the repayment components count on `today`: those that fell due
 * (src/shared/loan/figures.ts, the one definition the explanation's "instalments that fell due"
 * quotes): due date passed, or due today and paid. A line paid ahead of a due date still to come
 * (a prepayment, a payoff) counts from that date on; one not yet due says nothing.
 */
function counted(instalments: readonly DueInstalment[], today: string): DueInstalment[] {
  return instalmentsThatFellDue(instalments, today);
}

/** The score and its five components. Pure: the same inputs always give the same score. */
export function computeCreditScore(input: CreditInputs): CreditScore {
  if (!Number.isInteger(input.profileStepsTotal) || input.profileStepsTotal <= 0) throw new RangeError('profileStepsTotal must be a positive whole number');
  const stepsDone = Math.min(Math.max(0, Math.floor(input.profileStepsDone)), input.profileStepsTotal);
  const repaid = Math.max(0, Math.floor(input.loansRepaid));

  const components: CreditComponent[] = [
    component('profile', share(CREDIT_COMPONENT_MAX.profile, stepsDone, input.profileStepsTotal), { done: stepsDone, total: input.profileStepsTotal }),
  ];

  if (input.instalments === null) {
    components.push(component('onTime', 0, {}, 'NOT_RECORDED'), component('early', 0, {}, 'NOT_RECORDED'));
  } else {
    const due = counted(input.instalments, input.today);
    if (due.length === 0) {
      components.push(component('onTime', 0, { due: 0, count: 0 }, 'NOTHING_DUE'), component('early', 0, { due: 0, count: 0 }, 'NOTHING_DUE'));
    } else {
      const onTime = due.filter((i) => i.paidOn !== null && i.paidOn <= i.dueDate).length;
      const early = due.filter((i) => i.paidOn !== null && i.paidOn < i.dueDate).length;
      components.push(
        component('onTime', share(CREDIT_COMPONENT_MAX.onTime, onTime, due.length), { due: due.length, count: onTime }),
        component('early', share(CREDIT_COMPONENT_MAX.early, early, due.length), { due: due.length, count: early }),
      );
    }
  }

  components.push(component('loansRepaid', Math.min(CREDIT_COMPONENT_MAX.loansRepaid, repaid * POINTS_PER_LOAN_REPAID), { count: repaid }));

  if (input.instalments === null) {
    components.push(component('daysOverdue', 0, {}, 'NOT_RECORDED'));
  } else {
    const due = counted(input.instalments, input.today);
    if (due.length === 0) {
      components.push(component('daysOverdue', 0, { days: 0 }, 'NOTHING_DUE'));
    } else {
      const days = due.reduce((sum, i) => sum + daysOverdueOf(i, input.today), 0);
      components.push(component('daysOverdue', Math.max(0, CREDIT_COMPONENT_MAX.daysOverdue - days * POINTS_LOST_PER_DAY_OVERDUE), { days }));
    }
  }

  const score = Math.min(
    CREDIT_SCORE_MAX,
    components.reduce((sum, c) => sum + c.points, 0),
  );
  return { score, max: CREDIT_SCORE_MAX, components };
}
