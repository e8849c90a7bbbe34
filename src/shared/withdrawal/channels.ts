import type { Centavos } from '../money/money';
import type { PayoutChannel, PayoutKind } from '../activation/payout-institutions';

/**
 * Payout channels and their limits. The server chooses the channel from the amount: at
 * most 50,000.00 PHP goes by InstaPay (real time), above by PESONet (same or next banking day).
 * E-wallets receive InstaPay only, so an e-wallet withdrawal is at most 50,000.00. Withdrawing is
 * always free (DECISIONS.md invariant 4).
 */
export type { PayoutChannel, PayoutKind };

export interface ChannelLimits {
  readonly channel: PayoutChannel;
  /** Smallest amount a transfer, in centavos. */
  readonly min: Centavos;
  /** Largest amount a transfer, in centavos. */
  readonly max: Centavos;
}

const PAYOUT_CHANNELS: readonly ChannelLimits[] = [
  { channel: 'INSTAPAY', min: 100_00n, max: 50_000_00n },
  { channel: 'PESONET', min: 50_000_01n, max: 5_000_000_00n },
];

export const CHANNEL_LIMITS: Readonly<Record<PayoutChannel, ChannelLimits>> = {
  INSTAPAY: PAYOUT_CHANNELS[0]!,
  PESONET: PAYOUT_CHANNELS[1]!,
};

/** The fee to withdraw: always zero (invariant 4). */
export const WITHDRAWAL_FEE: Centavos = 0n;
/** The smallest withdrawal of any channel. */
const WITHDRAWAL_MIN: Centavos = CHANNEL_LIMITS.INSTAPAY.min;

/** The channels a destination kind can receive (an institution may list fewer). */
export function channelsFor(kind: PayoutKind, supported?: readonly PayoutChannel[]): ChannelLimits[] {
  const byKind = kind === 'EWALLET' ? PAYOUT_CHANNELS.filter((c) => c.channel === 'INSTAPAY') : [...PAYOUT_CHANNELS];
  return supported ? byKind.filter((c) => supported.includes(c.channel)) : byKind;
}

/** The largest single withdrawal to a destination. */
export function maxFor(kind: PayoutKind, supported?: readonly PayoutChannel[]): Centavos {
  return channelsFor(kind, supported).reduce((max, c) => (c.max > max ? c.max : max), 0n);
}

export type AmountRefusal = 'NOT_POSITIVE' | 'BELOW_MINIMUM' | 'ABOVE_CHANNEL_MAX' | 'ABOVE_BALANCE';

export type ChannelChoice = { ok: true; channel: PayoutChannel } | { ok: false; reason: AmountRefusal; limit: Centavos };

/**
 * Chooses the channel for `amount` to a destination of `kind`, or says why the amount is refused.
 * The channel limits are checked before the balance (a too-large amount says so whatever the
 * balance); `available` is the member's available wallet balance when given.
 */
export function chooseChannel(amount: Centavos, kind: PayoutKind, available?: Centavos, supported?: readonly PayoutChannel[]): ChannelChoice {
  const choice = chooseAmongChannels(amount, channelsFor(kind, supported));
  if (choice.ok && available !== undefined && amount > available) return { ok: false, reason: 'ABOVE_BALANCE', limit: available };
  return choice;
}

/** The smallest amount any of `channels` takes (null when there is none). */
export function minimumOf(channels: readonly ChannelLimits[]): Centavos | null {
  return channels.length === 0 ? null : channels.reduce((m, c) => (c.min < m ? c.min : m), channels[0]!.min);
}

/**
 * The one channel rule, for the server (channelsFor a destination) and the browser (the limits
 * GET /api/withdrawals/options sent): the channel whose limits hold `amount`, or why none does.
 */
export function chooseAmongChannels(amount: Centavos, channels: readonly ChannelLimits[]): ChannelChoice {
  if (amount <= 0n) return { ok: false, reason: 'NOT_POSITIVE', limit: 0n };
  const min = minimumOf(channels) ?? WITHDRAWAL_MIN;
  if (amount < min) return { ok: false, reason: 'BELOW_MINIMUM', limit: min };
  const channel = channels.find((c) => amount >= c.min && amount <= c.max);
  if (!channel) return { ok: false, reason: 'ABOVE_CHANNEL_MAX', limit: channels.reduce((max, c) => (c.max > max ? c.max : max), 0n) };
  return { ok: true, channel: channel.channel };
}

/** The message of an amount refusal: a key of the 'withdrawals.errors' catalogue and the value it states. */
export interface AmountRefusalMessage {
  readonly key: 'amountPositive' | 'belowMinimum' | 'aboveChannelMax' | 'ewalletMax' | 'aboveBalance' | 'aboveSplitMax';
  /** The placeholder the limit fills ({{min}}, {{max}}, {{available}}), none for amountPositive. */
  readonly placeholder: 'min' | 'max' | 'available' | null;
  readonly limit: Centavos;
}

/** The one mapping from a refusal to its message (the server's field error and the browser's alike). */
export function amountRefusalMessage(reason: AmountRefusal | 'ABOVE_SPLIT_MAX', limit: Centavos, kind: PayoutKind | null): AmountRefusalMessage {
  switch (reason) {
    case 'ABOVE_SPLIT_MAX':
      return { key: 'aboveSplitMax', placeholder: 'max', limit };
    case 'NOT_POSITIVE':
      return { key: 'amountPositive', placeholder: null, limit };
    case 'BELOW_MINIMUM':
      return { key: 'belowMinimum', placeholder: 'min', limit };
    case 'ABOVE_CHANNEL_MAX':
      return { key: kind === 'EWALLET' ? 'ewalletMax' : 'aboveChannelMax', placeholder: 'max', limit };
    case 'ABOVE_BALANCE':
      return { key: 'aboveBalance', placeholder: 'available', limit };
  }
}
