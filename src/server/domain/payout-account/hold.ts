import type { AppDeps } from '../../deps';
import { HOUR } from '../../clock';

/**
 * The payout-account policy (DECISIONS.md section 9): a change of payout account after activation
 * is free, re-verified by a code, and pauses withdrawals for WITHDRAWAL_HOLD_AFTER_PAYOUT_CHANGE_HOURS.
 * The activation module (which changes the account) and the withdrawals module (which refuses to
 * pay out meanwhile) both read the hold from here.
 */

/** How long withdrawals wait after a change of payout account, in hours (the configuration's). */
export function payoutChangeHoldHours(deps: Pick<AppDeps, 'config'>): number {
  return deps.config.payouts.holdAfterPayoutChangeHours;
}

/** Until when withdrawals are paused after the payout account changed at `changedAt`, or null when they are not. */
export function withdrawalsBlockedUntil(deps: Pick<AppDeps, 'config'>, changedAt: Date | null | undefined, now: Date): Date | null {
  if (!changedAt) return null;
  const until = new Date(changedAt.getTime() + payoutChangeHoldHours(deps) * HOUR);
  return until.getTime() > now.getTime() ? until : null;
}
