import type { Centavos } from '../money/money';
import { chooseAmongChannels, minimumOf, type AmountRefusal, type ChannelLimits, type PayoutChannel } from './channels';

/**
 * One withdrawal, several transfers (docs/decisions/033-split-withdrawals.md).
 * An amount above the largest transfer a destination takes is sent as the fewest transfers, each
 * within its channel's [min, max]: as many transfers of the largest maximum as needed, then the
 * rest; when the rest is below every channel's minimum, the last two are rebalanced (the last takes
 * the minimum, the one before it the remainder). The same function runs on the server (the rule) and
 * in the browser (the "Sent as 4 transfers" line). Never any fee.
 */

/** The default cap on the transfers of one withdrawal (WITHDRAWAL_MAX_PARTS). */
export const DEFAULT_WITHDRAWAL_MAX_PARTS = 10;

export interface WithdrawalPartPlan {
  readonly channel: PayoutChannel;
  readonly amount: Centavos;
}

export type SplitRefusal = AmountRefusal | 'ABOVE_SPLIT_MAX';

export type SplitResult = { ok: true; parts: WithdrawalPartPlan[] } | { ok: false; reason: SplitRefusal; limit: Centavos };

/** The largest amount one withdrawal may send to these channels with at most `maxParts` transfers. */
export function splitMaximum(channels: readonly ChannelLimits[], maxParts: number): Centavos {
  const largest = channels.reduce((m, c) => (c.max > m ? c.max : m), 0n);
  return largest * BigInt(Math.max(0, Math.floor(maxParts)));
}

/** Splits `amount` into the fewest transfers to `channels`, at most `maxParts` of them, or says why it cannot. */
export function splitWithdrawal(amount: Centavos, channels: readonly ChannelLimits[], maxParts: number): SplitResult {
  const single = chooseAmongChannels(amount, channels);
  if (single.ok) return { ok: true, parts: [{ channel: single.channel, amount }] };
  if (single.reason !== 'ABOVE_CHANNEL_MAX') return single;
  const widest = channels.reduce<ChannelLimits | null>((w, c) => (w === null || c.max > w.max ? c : w), null);
  if (!widest || maxParts < 2) return single;
  const max = widest.max;
  const count = (amount + max - 1n) / max;
  if (count > BigInt(Math.floor(maxParts))) return { ok: false, reason: 'ABOVE_SPLIT_MAX', limit: splitMaximum(channels, maxParts) };
  const full = Number(count) - 1;
  const rest = amount - max * BigInt(full);
  const parts: WithdrawalPartPlan[] = Array.from({ length: full }, () => ({ channel: widest.channel, amount: max }));
  const restChoice = chooseAmongChannels(rest, channels);
  if (restChoice.ok) return { ok: true, parts: [...parts, { channel: restChoice.channel, amount: rest }] };
  // The rest is below every minimum: the last two become (max + rest - min) and min.
  const min = minimumOf(channels)!;
  const before = max + rest - min;
  const beforeChoice = chooseAmongChannels(before, channels);
  const lastChoice = chooseAmongChannels(min, channels);
  if (!beforeChoice.ok || !lastChoice.ok) return single;
  parts[parts.length - 1] = { channel: beforeChoice.channel, amount: before };
  return { ok: true, parts: [...parts, { channel: lastChoice.channel, amount: min }] };
}

/** Equal parts grouped for display: "₱50,000.00 × 3 + ₱40,000.00" (in order, runs of one amount). */
export function groupParts(parts: readonly { amount: Centavos }[]): { amount: Centavos; count: number }[] {
  const groups: { amount: Centavos; count: number }[] = [];
  for (const p of parts) {
    const last = groups.at(-1);
    if (last && last.amount === p.amount) last.count += 1;
    else groups.push({ amount: p.amount, count: 1 });
  }
  return groups;
}
