import { createHash } from 'node:crypto';
import { withdrawalReasonText, type PayoutFailureReason } from '../../../shared/reasons/catalogue';
import type { PayoutOutcome, PayoutProvider, Submission } from './types';

/**
 * The offline default payout provider: accepts every payout and settles it `settleSeconds` after
 * submission; a share `failureRate` (0..1) of payouts fail instead. Stateless: the outcome is a
 * function of the payout id, so it is the same after a restart and every process agrees. A rate of
 * 0 never fails and 1 always fails (tests force outcomes this way); in between, a payout fails when
 * the first 32 bits of SHA-256(id) / 2^32 fall below the rate.
 */
export const SIMULATED_FAILURE_REASON_CODE: PayoutFailureReason = 'BANK_DECLINED';
/** The text the member reads for it (the catalogue's). */
export const SIMULATED_FAILURE_REASON = withdrawalReasonText(SIMULATED_FAILURE_REASON_CODE);

export function simulatedFails(id: string, failureRate: number): boolean {
  if (failureRate <= 0) return false;
  if (failureRate >= 1) return true;
  const draw = createHash('sha256').update(id).digest().readUInt32BE(0) / 2 ** 32;
  return draw < failureRate;
}

export function simulatedPayoutProvider(options: { settleSeconds: number; failureRate: number }): PayoutProvider {
  const delayMs = Math.max(0, Math.round(options.settleSeconds * 1000));
  return {
    mode: 'SIMULATED',
    async submit(order, now): Promise<Submission> {
      return { providerReference: `SIM-${order.id.slice(0, 8).toUpperCase()}`, checkAfter: new Date(now.getTime() + delayMs) };
    },
    async outcome(order, now): Promise<PayoutOutcome> {
      const due = order.submittedAt.getTime() + delayMs;
      if (now.getTime() < due) return { state: 'PENDING', checkAfter: new Date(due) };
      if (simulatedFails(order.id, options.failureRate)) return { state: 'FAILED', reasonCode: SIMULATED_FAILURE_REASON_CODE };
      return { state: 'PAID', providerReference: order.providerReference ?? `SIM-${order.id.slice(0, 8).toUpperCase()}` };
    },
  };
}
