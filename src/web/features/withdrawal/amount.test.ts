import { describe, expect, it } from 'vitest';
import { minimumOf, pickChannel, withdrawalAmountInput } from './amount';

const channels = [
  { channel: 'INSTAPAY' as const, min: '100.00', max: '50000.00' },
  { channel: 'PESONET' as const, min: '50000.01', max: '5000000.00' },
];

describe('withdrawalAmountInput', () => {
  const balance = 1_000_000_00n;

  it('keeps only digits and one dot', () => {
    expect(withdrawalAmountInput('1,000', balance)).toBe('1000');
    expect(withdrawalAmountInput('-12a3', balance)).toBe('123');
    expect(withdrawalAmountInput('1.2.3', balance)).toBe('1.23');
    expect(withdrawalAmountInput('1e3', balance)).toBe('13');
    expect(withdrawalAmountInput('', balance)).toBe('');
    expect(withdrawalAmountInput('.', balance)).toBe('.');
  });

  it('keeps at most 2 decimals and 14 characters', () => {
    expect(withdrawalAmountInput('10.129', balance)).toBe('10.12');
    expect(withdrawalAmountInput('123456789012345678', 10n ** 30n)).toBe('12345678901234');
  });

  it('sets an amount above the balance to the balance', () => {
    expect(withdrawalAmountInput('5000', 1234_50n)).toBe('1234.50');
    expect(withdrawalAmountInput('1234.50', 1234_50n)).toBe('1234.50');
    expect(withdrawalAmountInput('1234.51', 1234_50n)).toBe('1234.50');
    expect(withdrawalAmountInput('5', 0n)).toBe('0.00');
  });
});

describe('pickChannel', () => {
  it('chooses the channel whose limits hold the amount', () => {
    expect(pickChannel(100_00n, channels)).toEqual({ ok: true, channel: 'INSTAPAY' });
    expect(pickChannel(50_000_00n, channels)).toEqual({ ok: true, channel: 'INSTAPAY' });
    expect(pickChannel(50_000_01n, channels)).toEqual({ ok: true, channel: 'PESONET' });
    expect(pickChannel(5_000_000_00n, channels)).toEqual({ ok: true, channel: 'PESONET' });
  });

  it('says why an amount fits no channel', () => {
    expect(pickChannel(0n, channels)).toEqual({ ok: false, reason: 'NOT_POSITIVE', limit: 0n });
    expect(pickChannel(99_99n, channels)).toEqual({ ok: false, reason: 'BELOW_MINIMUM', limit: 100_00n });
    expect(pickChannel(5_000_000_01n, channels)).toEqual({ ok: false, reason: 'ABOVE_CHANNEL_MAX', limit: 5_000_000_00n });
    expect(pickChannel(60_000_00n, channels.slice(0, 1))).toEqual({ ok: false, reason: 'ABOVE_CHANNEL_MAX', limit: 50_000_00n });
  });

  it('knows the minimum of the listed channels', () => {
    expect(minimumOf(channels)).toBe(100_00n);
    expect(minimumOf([])).toBeNull();
  });
});
