import { todayPh } from '../../domain/day';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { loanInstalments, loans, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { computeCreditScore } from '../../../shared/credit/score';
import type { CreditScoreResponse } from '../../../shared/schemas/member-settings';
import type { CreditLimitsResponse } from '../../../shared/schemas/limit-ladder';
import { limitDto, memberLimits } from '../../domain/loans/limits';
import { ACCOUNT_STATES, ACTIVATION_STEPS, type AccountState } from '../../../shared/states/account';

/**
 * The member's credit score (Settings), computed by the pure function in src/shared/credit/score.ts
 * from what Tapat records: the activation steps completed (the account state) and the loans repaid
 * in full (status REPAID), and the repayment record: each instalment's due date and the date it was
 * paid in full (on time, early, late, or still unpaid and overdue) for the on-time, early and
 * days-overdue components. Reads the users, loans and loan_instalments tables; writes nothing.
 */
export async function creditScoreOf(deps: AppDeps, userId: string): Promise<CreditScoreResponse> {
  const [user] = await deps.db.select({ state: users.accountState }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  const [repaid] = await deps.db
    .select({ n: count() })
    .from(loans)
    .where(and(eq(loans.memberId, userId), eq(loans.status, 'REPAID')));
  const today = todayPh(deps);
  // The repayment record: every instalment of the member's disbursed loans, with the
  // Philippine date it was paid in full (loan_instalments.paid_on, written by the repayments module).
  const instalments = await deps.db
    .select({ dueDate: loanInstalments.dueDate, paidOn: loanInstalments.paidOn })
    .from(loanInstalments)
    .innerJoin(loans, eq(loans.id, loanInstalments.loanId))
    .where(and(eq(loans.memberId, userId), inArray(loans.status, ['DISBURSED', 'ACTIVE', 'OVERDUE', 'REPAID'])));
  const result = computeCreditScore({
    // PERSONAL_INFO: no step done ... INFO_COMPLETED: all five.
    profileStepsDone: ACCOUNT_STATES.indexOf(user.state as AccountState),
    profileStepsTotal: ACTIVATION_STEPS.length,
    loansRepaid: repaid?.n ?? 0,
    instalments,
    today,
  });
  return { score: result.score, max: result.max, asOf: today, components: result.components.map((c) => ({ ...c, facts: { ...c.facts } })) };
}

/**
 * The member's limit for each product offered (decision 085): the limit ladder's step from their
 * loans repaid on time, serious lateness on the last loan, the product's maximum and the
 * income-based maximum, with the loans counted and what would raise it. Never the wallet.
 */
export async function creditLimitsOf(deps: AppDeps, userId: string): Promise<CreditLimitsResponse> {
  const today = todayPh(deps);
  const limits = await memberLimits(deps, deps.db, userId, today);
  return { asOf: today, limits: limits.map(limitDto) };
}
