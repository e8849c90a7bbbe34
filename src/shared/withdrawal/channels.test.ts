import { describe, expect, it } from 'vitest';
import { CHANNEL_LIMITS, WITHDRAWAL_FEE, amountRefusalMessage, channelsFor, chooseAmongChannels, chooseChannel, maxFor, minimumOf } from './channels';

describe('payout channel choice', () => {
  it('refuses 99.99 and takes 100.00 by InstaPay', () => {
    expect(chooseChannel(99_99n, 'BANK')).toEqual({ ok: false, reason: 'BELOW_MINIMUM', limit: 100_00n });
    expect(chooseChannel(100_00n, 'BANK')).toEqual({ ok: true, channel: 'INSTAPAY' });
    expect(chooseChannel(100_00n, 'EWALLET')).toEqual({ ok: true, channel: 'INSTAPAY' });
  });

  it('sends 50,000.00 by InstaPay and 50,000.01 by PESONet', () => {
    expect(chooseChannel(50_000_00n, 'BANK')).toEqual({ ok: true, channel: 'INSTAPAY' });
    expect(chooseChannel(50_000_01n, 'BANK')).toEqual({ ok: true, channel: 'PESONET' });
    expect(chooseChannel(5_000_000_00n, 'BANK')).toEqual({ ok: true, channel: 'PESONET' });
    expect(chooseChannel(5_000_000_01n, 'BANK')).toEqual({ ok: false, reason: 'ABOVE_CHANNEL_MAX', limit: 5_000_000_00n });
  });

  it('refuses an e-wallet withdrawal above 50,000.00', () => {
    expect(chooseChannel(50_000_00n, 'EWALLET')).toEqual({ ok: true, channel: 'INSTAPAY' });
    expect(chooseChannel(50_000_01n, 'EWALLET')).toEqual({ ok: false, reason: 'ABOVE_CHANNEL_MAX', limit: 50_000_00n });
    expect(maxFor('EWALLET')).toBe(50_000_00n);
    expect(channelsFor('EWALLET').map((c) => c.channel)).toEqual(['INSTAPAY']);
  });

  it('refuses above InstaPay for a bank that receives InstaPay only', () => {
    expect(chooseChannel(50_000_01n, 'BANK', undefined, ['INSTAPAY'])).toEqual({ ok: false, reason: 'ABOVE_CHANNEL_MAX', limit: 50_000_00n });
  });

  it('refuses zero and negative amounts', () => {
    expect(chooseChannel(0n, 'BANK')).toMatchObject({ ok: false, reason: 'NOT_POSITIVE' });
    expect(chooseChannel(-1n, 'BANK')).toMatchObject({ ok: false, reason: 'NOT_POSITIVE' });
  });

  it('checks the balance after the channel limits', () => {
    expect(chooseChannel(1_000_00n, 'BANK', 999_99n)).toEqual({ ok: false, reason: 'ABOVE_BALANCE', limit: 999_99n });
    expect(chooseChannel(1_000_00n, 'BANK', 1_000_00n)).toEqual({ ok: true, channel: 'INSTAPAY' });
    expect(chooseChannel(50_00n, 'BANK', 10n)).toMatchObject({ reason: 'BELOW_MINIMUM' });
  });

  it('never charges a fee', () => {
    expect(WITHDRAWAL_FEE).toBe(0n);
    expect(CHANNEL_LIMITS.PESONET.min).toBe(CHANNEL_LIMITS.INSTAPAY.max + 1n);
  });
});

describe('the one channel rule and its refusal messages', () => {
  it('chooses among the listed limits as the server chooses for a destination', () => {
    for (const kind of ['BANK', 'EWALLET'] as const)
      for (const amount of [-1n, 0n, 99_99n, 100_00n, 50_000_00n, 50_000_01n, 5_000_000_00n, 5_000_000_01n])
        expect(chooseAmongChannels(amount, channelsFor(kind))).toEqual(chooseChannel(amount, kind));
  });

  it('gives the smallest minimum, or none without channels', () => {
    expect(minimumOf(channelsFor('BANK'))).toBe(100_00n);
    expect(minimumOf([])).toBeNull();
  });

  it('refuses above the balance only once a channel holds the amount', () => {
    expect(chooseChannel(200_00n, 'BANK', 150_00n)).toEqual({ ok: false, reason: 'ABOVE_BALANCE', limit: 150_00n });
    expect(chooseChannel(99_99n, 'BANK', 50_00n)).toEqual({ ok: false, reason: 'BELOW_MINIMUM', limit: 100_00n });
  });

  it('maps every refusal to one message key and the value it states', () => {
    expect(amountRefusalMessage('NOT_POSITIVE', 0n, 'BANK')).toEqual({ key: 'amountPositive', placeholder: null, limit: 0n });
    expect(amountRefusalMessage('BELOW_MINIMUM', 100_00n, 'BANK')).toEqual({ key: 'belowMinimum', placeholder: 'min', limit: 100_00n });
    expect(amountRefusalMessage('ABOVE_CHANNEL_MAX', 50_000_00n, 'EWALLET')).toEqual({ key: 'ewalletMax', placeholder: 'max', limit: 50_000_00n });
    expect(amountRefusalMessage('ABOVE_CHANNEL_MAX', 5_000_000_00n, 'BANK')).toEqual({ key: 'aboveChannelMax', placeholder: 'max', limit: 5_000_000_00n });
    expect(amountRefusalMessage('ABOVE_CHANNEL_MAX', 5_000_000_00n, null)).toEqual({ key: 'aboveChannelMax', placeholder: 'max', limit: 5_000_000_00n });
    expect(amountRefusalMessage('ABOVE_BALANCE', 150_00n, 'BANK')).toEqual({ key: 'aboveBalance', placeholder: 'available', limit: 150_00n });
  });
});
