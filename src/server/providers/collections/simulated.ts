import { createHash } from 'node:crypto';
import type { CollectionProvider, CreatedCollection, CollectionStatus } from './types';

/**
 * The offline default collection provider: every payment is "paid" `confirmSeconds` after it was
 * created, except a share `expireRate` (0..1) that stays unpaid and expires. Stateless: the outcome
 * is a function of the payment id (the first 32 bits of SHA-256("collect:" + id) / 2^32 below the
 * rate expire), so every process and every restart agrees. Its confirmations reach the same path as
 * a real provider's callback, through the worker asking `status`.
 */
export function simulatedExpires(id: string, expireRate: number): boolean {
  if (expireRate <= 0) return false;
  if (expireRate >= 1) return true;
  return createHash('sha256').update(`collect:${id}`).digest().readUInt32BE(0) / 2 ** 32 < expireRate;
}

function digitsOf(id: string, length: number): string {
  const hex = createHash('sha256').update(`va:${id}`).digest('hex');
  return BigInt(`0x${hex}`).toString().slice(0, length);
}

export function simulatedCollectionProvider(options: { confirmSeconds: number; expireRate: number }): CollectionProvider {
  const delayMs = Math.max(0, Math.round(options.confirmSeconds * 1000));
  return {
    name: 'SIMULATED',
    async create(order, now): Promise<CreatedCollection> {
      const instructions =
        order.method === 'VIRTUAL_ACCOUNT'
          ? { accountNumber: `9999${digitsOf(order.id, 10)}`, checkoutUrl: null, paymentCode: null }
          : order.method === 'OVER_THE_COUNTER'
            ? { accountNumber: null, checkoutUrl: null, paymentCode: `SIM${digitsOf(order.id, 9)}` }
            : { accountNumber: null, checkoutUrl: null, paymentCode: null };
      return { providerPaymentId: `sim-${order.id}`, instructions, checkAfter: new Date(now.getTime() + delayMs) };
    },
    async status(payment, now): Promise<CollectionStatus> {
      const base = { provider: 'SIMULATED' as const, source: 'POLL' as const, providerPaymentId: payment.providerPaymentId, referenceId: payment.reference };
      if (simulatedExpires(payment.id, options.expireRate)) {
        if (now.getTime() < payment.expiresAt.getTime()) return { kind: 'PENDING', checkAfter: payment.expiresAt };
        return { ...base, kind: 'EXPIRED', amount: null, currency: null, paidAt: null, payload: { simulated: true, status: 'EXPIRED' } };
      }
      const due = payment.createdAt.getTime() + delayMs;
      if (now.getTime() < due) return { kind: 'PENDING', checkAfter: new Date(due) };
      return { ...base, kind: 'SUCCEEDED', amount: payment.amount, currency: 'PHP', paidAt: now, payload: { simulated: true, status: 'SUCCEEDED' } };
    },
  };
}
