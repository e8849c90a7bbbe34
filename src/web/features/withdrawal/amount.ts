import { parseInputText, toInputText } from '../../../shared/money/calculator';
import { parseAmount, type Centavos } from '../../../shared/money/money';
import type { WithdrawalOptions } from '../../../shared/schemas/withdrawals';

/**
 * The withdrawal amount input (specification section 5, "Withdrawal amount", as DECISIONS.md
 * corrects it) and the channel the amount will travel by, from the limits the server sent
 * (GET /api/withdrawals/options). The server checks all of it again.
 */
export const AMOUNT_MAX_LENGTH = 14;

/**
 * Keeps only digits and the first dot, at most 2 decimals and 14 characters; an amount above the
 * available balance becomes the balance.
 */
export function withdrawalAmountInput(raw: string, available: Centavos): string {
  let text = raw.replace(/[^\d.]/g, '');
  const dot = text.indexOf('.');
  if (dot >= 0)
    text = `${text.slice(0, dot + 1)}${text
      .slice(dot + 1)
      .replace(/\./g, '')
      .slice(0, 2)}`;
  text = text.slice(0, AMOUNT_MAX_LENGTH);
  const value = parseInputText(text);
  if (value !== null && value > available) return toInputText(available < 0n ? 0n : available);
  return text;
}

/** The amount typed, in centavos (null when empty or only a dot). */
export function amountOf(text: string): Centavos | null {
  return parseInputText(text);
}

export type Channel = WithdrawalOptions['channels'][number]['channel'];

export type ChannelPick =
  | { readonly ok: true; readonly channel: Channel }
  | { readonly ok: false; readonly reason: 'NOT_POSITIVE' | 'BELOW_MINIMUM' | 'ABOVE_CHANNEL_MAX'; readonly limit: Centavos };

interface Limits {
  readonly channel: Channel;
  readonly min: Centavos;
  readonly max: Centavos;
}

function limitsOf(channels: WithdrawalOptions['channels']): Limits[] {
  return channels.map((c) => ({ channel: c.channel, min: parseAmount(c.min) ?? 0n, max: parseAmount(c.max) ?? 0n }));
}

/** The smallest amount any listed channel takes (null when none is listed). */
export function minimumOf(channels: WithdrawalOptions['channels']): Centavos | null {
  const limits = limitsOf(channels);
  return limits.length === 0 ? null : limits.reduce((m, c) => (c.min < m ? c.min : m), limits[0]!.min);
}

/** The channel whose limits hold `amount`, or why none does. */
export function pickChannel(amount: Centavos, channels: WithdrawalOptions['channels']): ChannelPick {
  if (amount <= 0n) return { ok: false, reason: 'NOT_POSITIVE', limit: 0n };
  const limits = limitsOf(channels);
  const min = minimumOf(channels) ?? 0n;
  if (amount < min) return { ok: false, reason: 'BELOW_MINIMUM', limit: min };
  const found = limits.find((c) => amount >= c.min && amount <= c.max);
  if (found) return { ok: true, channel: found.channel };
  return { ok: false, reason: 'ABOVE_CHANNEL_MAX', limit: limits.reduce((m, c) => (c.max > m ? c.max : m), 0n) };
}
