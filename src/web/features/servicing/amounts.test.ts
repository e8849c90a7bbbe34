import { describe, expect, it } from 'vitest';
import { checkPaymentAmount, convertedAmount, paidPercent, paymentAmountInput } from './amounts';

const PHP = { currency: 'PHP', exchangeRate: '1', displayRate: '1.00', ratesAsOf: '2026-11-22' };
const USD = { currency: 'USD', exchangeRate: '0.01712', displayRate: '58.41', ratesAsOf: '2026-11-22' };

describe('convertedAmount', () => {
  it('is null for PHP, and rounds a conversion up to a whole unit', () => {
    expect(convertedAmount('34334.00', PHP)).toBeNull();
    // 34,334.00 x 0.01712 = 587.79808 -> 588.00
    expect(convertedAmount('34334.00', USD)).toBe('588.00');
    expect(convertedAmount('0.00', USD)).toBe('0.00');
  });
  it('shows nothing rather than a made-up figure when the amount or the rate is unreadable', () => {
    expect(convertedAmount('abc', USD)).toBeNull();
    expect(convertedAmount('10.00', { ...USD, exchangeRate: 'x' })).toBeNull();
  });
});

describe('paidPercent', () => {
  it('rounds down, and is 0 when nothing was owed', () => {
    expect(paidPercent('0.00', '206000.00')).toBe(0);
    expect(paidPercent('34334.00', '171666.00')).toBe(16);
    expect(paidPercent('206000.00', '0.00')).toBe(100);
    expect(paidPercent('0.00', '0.00')).toBe(0);
  });
});

describe('paymentAmountInput', () => {
  it('keeps digits and one dot with two decimals', () => {
    expect(paymentAmountInput('₱34,334.509')).toBe('34334.50');
    expect(paymentAmountInput('1.2.3')).toBe('1.23');
    expect(paymentAmountInput('-5')).toBe('5');
    expect(paymentAmountInput('12345678901234567')).toHaveLength(13);
  });
});

describe('checkPaymentAmount', () => {
  const limits = { min: '100.00', max: '200000.00', balance: '50000.00' };
  it('accepts an amount inside the limits, as the API takes it', () => {
    expect(checkPaymentAmount('34334', limits)).toEqual({ ok: true, amount: '34334.00' });
    expect(checkPaymentAmount('100', limits)).toEqual({ ok: true, amount: '100.00' });
  });
  it('refuses empty, zero, malformed, below the minimum, above the maximum, above the balance', () => {
    expect(checkPaymentAmount('', limits)).toEqual({ ok: false, error: 'enterAmount' });
    expect(checkPaymentAmount('0.00', limits)).toEqual({ ok: false, error: 'enterAmount' });
    expect(checkPaymentAmount('10.123', limits)).toEqual({ ok: false, error: 'enterAmount' });
    expect(checkPaymentAmount('99.99', limits)).toEqual({ ok: false, error: 'belowMin' });
    expect(checkPaymentAmount('200000.01', limits)).toEqual({ ok: false, error: 'aboveMax' });
    expect(checkPaymentAmount('50000.01', limits)).toEqual({ ok: false, error: 'aboveBalance' });
  });
});
