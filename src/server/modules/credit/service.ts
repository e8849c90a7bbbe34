import { and, count, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { loans, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { philippineDate } from '../../../shared/activation/age';
import { computeCreditScore } from '../../../shared/credit/score';
import type { CreditScoreResponse } from '../../../shared/schemas/member-settings';
import { ACCOUNT_STATES, ACTIVATION_STEPS, type AccountState } from '../../../shared/states/account';

/**
 * The member's credit score (Settings), computed by the pure function in src/shared/credit/score.ts
 * from what Tapat records: the activation steps completed (the account state) and the loans repaid
 * in full (status REPAID). Tapat does not record repayments yet, so the on-time, early and
 * days-overdue components say they have no data instead of guessing from the schedule. Reads the
 * users and loans tables; writes nothing.
 */
export async function creditScoreOf(deps: AppDeps, userId: string): Promise<CreditScoreResponse> {
  const [user] = await deps.db.select({ state: users.accountState }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'UNAUTHENTICATED');
  const [repaid] = await deps.db
    .select({ n: count() })
    .from(loans)
    .where(and(eq(loans.memberId, userId), eq(loans.status, 'REPAID')));
  const today = philippineDate(deps.clock.now());
  const result = computeCreditScore({
    // PERSONAL_INFO: no step done ... INFO_COMPLETED: all five.
    profileStepsDone: ACCOUNT_STATES.indexOf(user.state as AccountState),
    profileStepsTotal: ACTIVATION_STEPS.length,
    loansRepaid: repaid?.n ?? 0,
    instalments: null,
    today,
  });
  return { score: result.score, max: result.max, asOf: today, components: result.components.map((c) => ({ ...c, facts: { ...c.facts } })) };
}
