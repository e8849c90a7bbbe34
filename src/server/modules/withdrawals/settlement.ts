import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { withdrawals } from '../../db/schema';
import { type PayoutMode } from '../../providers/payouts';
import { transition } from './transitions';
import { settleDueParts } from './parts';
import { payoutOrderOf, type WithdrawalRow } from './views';

/**
 * The work the withdrawals worker does (src/server/jobs/withdrawals.ts calls these on an interval;
 * tests call them directly). Each item is claimed with SELECT ... FOR UPDATE SKIP LOCKED in its own
 * transaction and its status change commits together with its ledger post or void, so several
 * processes can run them at once and a process killed at any point leaves nothing half done: the
 * next run finds the same item due and finishes it.
 */

/** The catalogue's code the system records when a withdrawal's code was not confirmed in time. */
const EXPIRED_REASON_CODE = 'CODE_NOT_CONFIRMED' as const;

/** AWAITING_CODE past its expiry -> EXPIRED, funds released. Returns how many. */
/** `log` (the pass's logger) gets a line per expired withdrawal with the id of the request that created it (originReqId). */
async function expireDue(deps: AppDeps, limit = 100, log?: FastifyBaseLogger): Promise<number> {
  let done = 0;
  while (done < limit) {
    const now = deps.clock.now();
    const moved = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'AWAITING_CODE'), lte(withdrawals.expiresAt, now)))
        .orderBy(asc(withdrawals.expiresAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return false;
      await transition(tx, deps, row, 'EXPIRE', {
        actor: 'SYSTEM',
        actorUserId: null,
        at: now,
        reasonCode: EXPIRED_REASON_CODE,
        causedByMember: false,
        requestId: null,
      });
      log?.info({ withdrawalId: row.id, outcome: 'EXPIRED', originReqId: row.requestId ?? undefined }, 'withdrawal processed');
      return true;
    });
    if (!moved) break;
    done += 1;
  }
  return done;
}

function orderOf(deps: AppDeps, row: WithdrawalRow) {
  return { ...payoutOrderOf(deps, row), providerReference: row.providerReference, submittedAt: row.confirmedAt ?? row.createdAt };
}

/** PROCESSING payouts whose outcome is due: asks the provider; PAID posts, FAILED voids. Returns how many were resolved. */
/** `log` (the pass's logger) gets a line per resolved withdrawal with the id of the request that created it (originReqId). */
async function settleDue(deps: AppDeps, limit = 100, log?: FastifyBaseLogger): Promise<number> {
  let resolved = 0;
  for (let i = 0; i < limit; i += 1) {
    const now = deps.clock.now();
    const outcome = await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(withdrawals)
        .where(and(eq(withdrawals.status, 'PROCESSING'), isNotNull(withdrawals.checkAfter), lte(withdrawals.checkAfter, now)))
        .orderBy(asc(withdrawals.checkAfter))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!row) return 'NONE' as const;
      const provider = deps.providers.payout(deps.config, (row.payoutMode ?? deps.config.payouts.mode) as PayoutMode);
      const result = await provider.outcome(orderOf(deps, row), now);
      if (result.state === 'PENDING') {
        await tx.update(withdrawals).set({ checkAfter: result.checkAfter, updatedAt: now }).where(eq(withdrawals.id, row.id));
        return 'PENDING' as const;
      }
      if (result.state === 'PAID') {
        await transition(tx, deps, row, 'SETTLE', {
          actor: 'SYSTEM',
          actorUserId: null,
          at: now,
          causedByMember: false,
          requestId: null,
          changes: { providerReference: result.providerReference },
        });
      } else {
        await transition(tx, deps, row, 'FAIL', {
          actor: 'SYSTEM',
          actorUserId: null,
          at: now,
          reasonCode: result.reasonCode,
          causedByMember: false,
          requestId: null,
        });
      }
      log?.info({ withdrawalId: row.id, outcome: result.state, originReqId: row.requestId ?? undefined }, 'withdrawal processed');
      return 'RESOLVED' as const;
    });
    if (outcome === 'NONE') break;
    if (outcome === 'RESOLVED') resolved += 1;
  }
  return resolved;
}

/** One pass of the worker: expire, then settle. */
export async function runWithdrawalJobs(deps: AppDeps, log?: FastifyBaseLogger): Promise<{ expired: number; settled: number }> {
  const expired = await expireDue(deps, 100, log);
  const settled = (await settleDue(deps, 100, log)) + (await settleDueParts(deps, 100, log));
  return { expired, settled };
}
