import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addMonths, daysBetween, dueDate, isIsoDate, monthsElapsedCeil } from './dates';

describe('addMonths and due dates', () => {
  it('keep the day of the month, or the last day of a shorter month, counted from the start', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-01-31', 2)).toBe('2026-03-31');
    expect(addMonths('2026-08-31', 1)).toBe('2026-09-30');
    expect(addMonths('2026-11-22', 2)).toBe('2027-01-22');
    expect(addMonths('2026-12-15', 12)).toBe('2027-12-15');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2026-05-10', -5)).toBe('2025-12-10');
    expect(dueDate('2026-01-30', 1)).toBe('2026-02-28');
    expect(dueDate('2026-01-30', 2)).toBe('2026-03-30');
  });

  it('refuses what is not a date', () => {
    expect(() => addMonths('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addMonths('26-1-1', 1)).toThrow(RangeError);
    expect(() => addMonths('2026-01-01', 0.5)).toThrow(RangeError);
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
  });

  it('is monotonic and lands in the right month (property)', () => {
    const date = fc
      .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2060-12-31T00:00:00Z'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 120 }), (start, n) => {
        const due = addMonths(start, n);
        expect(isIsoDate(due)).toBe(true);
        expect(due >= start).toBe(true);
        expect(addMonths(start, n + 1) > due).toBe(true);
        const [y, m] = start.split('-').map(Number) as [number, number];
        const index = y * 12 + m - 1 + n;
        expect(due.slice(0, 7)).toBe(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
        expect(Number(due.slice(8))).toBeLessThanOrEqual(Number(start.slice(8)));
      }),
    );
  });
});

describe('daysBetween and monthsElapsedCeil', () => {
  it('count calendar days and started months', () => {
    expect(daysBetween('2026-02-28', '2026-03-30')).toBe(30);
    expect(daysBetween('2026-03-30', '2026-02-28')).toBe(-30);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(monthsElapsedCeil('2026-01-31', '2026-01-31')).toBe(0);
    expect(monthsElapsedCeil('2026-01-31', '2026-02-01')).toBe(1);
    expect(monthsElapsedCeil('2026-01-31', '2026-02-28')).toBe(1);
    expect(monthsElapsedCeil('2026-01-31', '2026-03-01')).toBe(2);
  });
});
