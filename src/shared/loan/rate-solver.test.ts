import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { annualise, presentValue, ratePercent, rateToBps, solvePeriodicRate } from './rate-solver';

describe('solvePeriodicRate', () => {
  it('finds the rate of a one-payment loan exactly: 110 in a month for 100 is 10 %', () => {
    expect(solvePeriodicRate([110], 100)).toBeCloseTo(0.1, 14);
  });

  it('finds zero for payments that total the present value', () => {
    expect(Math.abs(solvePeriodicRate([50, 50], 100))).toBeLessThan(1e-14);
  });

  it('finds a negative rate when the payments total less', () => {
    expect(solvePeriodicRate([90], 100)).toBeCloseTo(-0.1, 14);
  });

  it('matches the annuity formula: 12 payments of 8,884.8788 for 100,000 is 1 % a month', () => {
    const payment = (100_000 * 0.01) / (1 - Math.pow(1.01, -12));
    expect(solvePeriodicRate(Array(12).fill(payment), 100_000)).toBeCloseTo(0.01, 12);
  });

  it('refuses flows without a rate', () => {
    expect(() => solvePeriodicRate([], 100)).toThrow(RangeError);
    expect(() => solvePeriodicRate([0, 0], 100)).toThrow(RangeError);
    expect(() => solvePeriodicRate([10], 0)).toThrow(RangeError);
    expect(() => solvePeriodicRate([-10, 20], 5)).toThrow(RangeError);
  });

  it('discounts the flows back to the target within 1e-9 (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000_000 }), { minLength: 1, maxLength: 60 }),
        fc.double({ min: 0.2, max: 1.5, noNaN: true }),
        (flows, share) => {
          const target = Math.max(1, Math.round(flows.reduce((a, b) => a + b, 0) * share));
          const rate = solvePeriodicRate(flows, target);
          expect(Math.abs(presentValue(flows, rate) - target) / target).toBeLessThan(1e-9);
        },
      ),
    );
  });
});

describe('annualise and ratePercent', () => {
  it('give x 12 and the compounded year', () => {
    expect(annualise(0.01).nominal).toBeCloseTo(0.12, 15);
    expect(annualise(0.01).compounded).toBeCloseTo(0.12682503013196977, 15);
  });

  it('writes percentages with fixed decimals', () => {
    expect(ratePercent(0.00851143663365, 4)).toBe('0.8511');
    expect(ratePercent(0.1021372396, 2)).toBe('10.21');
    expect(ratePercent(0, 4)).toBe('0.0000');
    expect(ratePercent(0.25, 0)).toBe('25');
    expect(ratePercent(-0.001, 2)).toBe('-0.10');
  });
});

describe('rateToBps', () => {
  it('turns a solved rate into whole basis points, half away from zero', () => {
    expect(rateToBps(0.4199999999)).toBe(4200);
    expect(rateToBps(0.123456)).toBe(1235);
    expect(rateToBps(0.12345)).toBe(1235);
    expect(rateToBps(0.123449)).toBe(1234);
    expect(rateToBps(0)).toBe(0);
    expect(rateToBps(-0.00005)).toBe(-1);
    expect(rateToBps(-0.00001)).toBe(0);
  });
});
