import { describe, expect, it } from 'vitest';
import { SIMULATED_FAILURE_REASON_CODE, simulatedFails, simulatedPayoutProvider } from './simulated';
import { manualPayoutProvider } from './manual';
import type { PayoutOrder } from './types';

const order: PayoutOrder = {
  id: '6b1f7a0e-1111-4222-8333-944455556666',
  reference: 'TAPAT-000001',
  amount: 100_00n,
  channel: 'INSTAPAY',
  destination: { institutionCode: 'BDO', kind: 'BANK', accountNumber: '001234567890', accountName: 'Maria' },
};
const t0 = new Date('2026-11-22T04:00:00Z');

describe('the simulated payout provider', () => {
  it('settles after the delay', async () => {
    const p = simulatedPayoutProvider({ settleSeconds: 20, failureRate: 0 });
    const sub = await p.submit(order, t0);
    expect(sub.checkAfter?.getTime()).toBe(t0.getTime() + 20_000);
    const submitted = { ...order, providerReference: sub.providerReference, submittedAt: t0 };
    expect(await p.outcome(submitted, new Date(t0.getTime() + 19_999))).toEqual({ state: 'PENDING', checkAfter: sub.checkAfter });
    expect(await p.outcome(submitted, new Date(t0.getTime() + 20_000))).toEqual({ state: 'PAID', providerReference: sub.providerReference });
  });

  it('always fails at rate 1 and never at rate 0', async () => {
    const p = simulatedPayoutProvider({ settleSeconds: 0, failureRate: 1 });
    expect(await p.outcome({ ...order, providerReference: null, submittedAt: t0 }, t0)).toEqual({ state: 'FAILED', reasonCode: SIMULATED_FAILURE_REASON_CODE });
    for (let i = 0; i < 50; i += 1) {
      expect(simulatedFails(`id-${i}`, 0)).toBe(false);
      expect(simulatedFails(`id-${i}`, 1)).toBe(true);
    }
  });

  it('fails about the share asked for, the same way every time', () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `withdrawal-${i}`);
    const failed = ids.filter((id) => simulatedFails(id, 0.25)).length;
    expect(failed).toBeGreaterThan(400);
    expect(failed).toBeLessThan(600);
    expect(ids.filter((id) => simulatedFails(id, 0.25)).length).toBe(failed);
  });
});

describe('the manual payout provider', () => {
  it('never settles by itself', async () => {
    expect(await manualPayoutProvider.submit(order, t0)).toEqual({ providerReference: null, checkAfter: null });
    expect((await manualPayoutProvider.outcome({ ...order, providerReference: null, submittedAt: t0 }, t0)).state).toBe('PENDING');
  });
});
