import { describe, expect, it } from 'vitest';
import { bucketOf, dueDateRangeOf, manilaMonthOf, percentOf } from './collections';

describe('days-past-due buckets', () => {
  it('puts each day in one bucket, none before day 1', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([null, 'D1_30', 'D1_30', 'D31_60', 'D31_60', 'D61_90', 'D61_90', 'OVER_90', 'OVER_90']);
  });

  it('turns a bucket into the range of oldest unpaid due dates, across a month and a year', () => {
    expect(dueDateRangeOf('D1_30', '2027-01-15')).toEqual({ from: '2026-12-16', to: '2027-01-14' });
    expect(dueDateRangeOf('D31_60', '2027-01-15')).toEqual({ from: '2026-11-16', to: '2026-12-15' });
    expect(dueDateRangeOf('OVER_90', '2027-01-15')).toEqual({ from: null, to: '2026-10-16' });
  });
});

describe('percentOf', () => {
  it('rounds half up to two decimals and is 0.00 on an empty portfolio', () => {
    expect(percentOf(1n, 3n)).toBe('33.33');
    expect(percentOf(2n, 3n)).toBe('66.67');
    expect(percentOf(1n, 8n)).toBe('12.50');
    expect(percentOf(1n, 80_000n)).toBe('0.00');
    expect(percentOf(1n, 20_000n)).toBe('0.01');
    expect(percentOf(5n, 5n)).toBe('100.00');
    expect(percentOf(0n, 0n)).toBe('0.00');
  });
});

describe('manilaMonthOf', () => {
  it('gives the month and the next, across the year end', () => {
    expect(manilaMonthOf('2026-12-31')).toEqual({ first: '2026-12-01', next: '2027-01-01' });
    expect(manilaMonthOf('2027-01-01')).toEqual({ first: '2027-01-01', next: '2027-02-01' });
  });
});
