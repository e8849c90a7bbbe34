import { parseInputText, toInputText } from '../../../shared/money/calculator';
import { parseAmount, type Centavos } from '../../../shared/money/money';
import type { WithdrawalOptions } from '../../../shared/schemas/withdrawals';
import { splitWithdrawal, type SplitResult } from '../../../shared/withdrawal/split';
import { chooseAmongChannels, minimumOf as minimumOfChannels, type ChannelChoice, type ChannelLimits } from '../../../shared/withdrawal/channels';

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

/** The limits the server sent, in centavos, for the shared channel rule. */
function limitsOf(channels: WithdrawalOptions['channels']): ChannelLimits[] {
  return channels.map((c) => ({ channel: c.channel, min: parseAmount(c.min) ?? 0n, max: parseAmount(c.max) ?? 0n }));
}

/** The smallest amount any listed channel takes (null when none is listed). */
export function minimumOf(channels: WithdrawalOptions['channels']): Centavos | null {
  return minimumOfChannels(limitsOf(channels));
}

/** The channel whose limits hold `amount`, or why none does (src/shared/withdrawal/channels.ts). */
export function pickChannel(amount: Centavos, channels: WithdrawalOptions['channels']): ChannelChoice {
  return chooseAmongChannels(amount, limitsOf(channels));
}

/**
 * The transfers `amount` will be sent as (src/shared/withdrawal/split.ts, the server's rule): one when
 * a channel takes it, else the fewest within the channels' limits, at most `maxParts`.
 */
export function planTransfers(amount: Centavos, options: Pick<WithdrawalOptions, 'channels' | 'maxParts'>): SplitResult {
  return splitWithdrawal(amount, limitsOf(options.channels), options.maxParts);
}
