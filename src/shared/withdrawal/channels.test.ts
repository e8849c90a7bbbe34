import { describe, expect, it } from 'vitest';
import { CHANNEL_LIMITS, WITHDRAWAL_FEE, channelsFor, chooseChannel, maxFor } from './channels';

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
