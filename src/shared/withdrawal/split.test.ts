import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { channelsFor, chooseAmongChannels } from './channels';
import { DEFAULT_WITHDRAWAL_MAX_PARTS, groupParts, splitMaximum, splitWithdrawal } from './split';

const ewallet = channelsFor('EWALLET');
const bank = channelsFor('BANK');
const sum = (parts: readonly { amount: bigint }[]) => parts.reduce((s, p) => s + p.amount, 0n);

describe('splitting a withdrawal into transfers', () => {
  it('sends 190,000.00 to an e-wallet as 50,000.00 x 3 + 40,000.00', () => {
    const result = splitWithdrawal(190_000_00n, ewallet, 10);
    expect(result).toEqual({
      ok: true,
      parts: [
        { channel: 'INSTAPAY', amount: 50_000_00n },
        { channel: 'INSTAPAY', amount: 50_000_00n },
        { channel: 'INSTAPAY', amount: 50_000_00n },
        { channel: 'INSTAPAY', amount: 40_000_00n },
      ],
    });
    expect(result.ok && groupParts(result.parts)).toEqual([
      { amount: 50_000_00n, count: 3 },
      { amount: 40_000_00n, count: 1 },
    ]);
  });

  it('keeps an amount one channel takes as one transfer, exactly at the maximum too', () => {
    expect(splitWithdrawal(50_000_00n, ewallet, 10)).toEqual({ ok: true, parts: [{ channel: 'INSTAPAY', amount: 50_000_00n }] });
    expect(splitWithdrawal(100_00n, ewallet, 10)).toEqual({ ok: true, parts: [{ channel: 'INSTAPAY', amount: 100_00n }] });
    expect(splitWithdrawal(5_000_000_00n, bank, 10)).toEqual({ ok: true, parts: [{ channel: 'PESONET', amount: 5_000_000_00n }] });
    expect(splitWithdrawal(100_000_00n, ewallet, 10)).toEqual({
      ok: true,
      parts: [
        { channel: 'INSTAPAY', amount: 50_000_00n },
        { channel: 'INSTAPAY', amount: 50_000_00n },
      ],
    });
  });

  it('rebalances the last two when max + 1 centavo leaves a rest below the minimum', () => {
    expect(splitWithdrawal(50_000_01n, ewallet, 10)).toEqual({
      ok: true,
      parts: [
        { channel: 'INSTAPAY', amount: 49_900_01n },
        { channel: 'INSTAPAY', amount: 100_00n },
      ],
    });
    // A bank: 5,000,000.01 is a PESONet transfer of 4,999,900.01 and an InstaPay transfer of 100.00.
    expect(splitWithdrawal(5_000_000_01n, bank, 10)).toEqual({
      ok: true,
      parts: [
        { channel: 'PESONET', amount: 4_999_900_01n },
        { channel: 'INSTAPAY', amount: 100_00n },
      ],
    });
  });

  it('takes a rest at or above the minimum as it is', () => {
    expect(splitWithdrawal(50_100_00n, ewallet, 10)).toEqual({
      ok: true,
      parts: [
        { channel: 'INSTAPAY', amount: 50_000_00n },
        { channel: 'INSTAPAY', amount: 100_00n },
      ],
    });
  });

  it('refuses more transfers than the cap, naming the largest amount allowed', () => {
    expect(splitWithdrawal(500_000_00n, ewallet, 10).ok).toBe(true);
    expect(splitWithdrawal(500_000_01n, ewallet, 10)).toEqual({ ok: false, reason: 'ABOVE_SPLIT_MAX', limit: 500_000_00n });
    expect(splitWithdrawal(150_000_00n, ewallet, 2)).toEqual({ ok: false, reason: 'ABOVE_SPLIT_MAX', limit: 100_000_00n });
    expect(splitMaximum(ewallet, DEFAULT_WITHDRAWAL_MAX_PARTS)).toBe(500_000_00n);
  });

  it('with a cap of one transfer answers what the channel rule answers', () => {
    expect(splitWithdrawal(50_000_01n, ewallet, 1)).toEqual({ ok: false, reason: 'ABOVE_CHANNEL_MAX', limit: 50_000_00n });
  });

  it('refuses what the channel rule refuses below the minimum and zero', () => {
    expect(splitWithdrawal(99_99n, ewallet, 10)).toEqual({ ok: false, reason: 'BELOW_MINIMUM', limit: 100_00n });
    expect(splitWithdrawal(0n, ewallet, 10)).toEqual({ ok: false, reason: 'NOT_POSITIVE', limit: 0n });
  });

  it('for any amount: the parts sum to it, each is within its channel, and their number is the fewest', () => {
    for (const [channels, maxAll] of [
      [ewallet, 50_000_00n],
      [bank, 5_000_000_00n],
    ] as const) {
      fc.assert(
        fc.property(fc.bigInt({ min: 100_00n, max: maxAll * 10n }), (amount) => {
          const result = splitWithdrawal(amount, channels, 10);
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(sum(result.parts)).toBe(amount);
          for (const part of result.parts) expect(chooseAmongChannels(part.amount, channels)).toEqual({ ok: true, channel: part.channel });
          expect(BigInt(result.parts.length)).toBe((amount + maxAll - 1n) / maxAll);
        }),
      );
    }
  });
});
