import { describe, expect, it } from 'vitest';
import { pesos } from '../money/money';
import { dueDates, monthsBetween } from './dates';
import { toDisclosure } from './disclosure';
import { PRODUCT_V1, SMALL_PRODUCT_V1, timingProblem } from './product';
import { buildSchedule } from './schedule';
import { addDays } from './day';

/** Payday schedules and a due day the borrower picks (docs/decisions/084), against hand-computed figures. */

const totals = (s: ReturnType<typeof buildSchedule>) => s.lines.map((l) => [l.dueDate, l.principal, l.interest, l.total, l.balanceAfter]);

describe('due dates', () => {
  it('monthly on the disbursement day stays the rule from before (31 January -> 28 February -> 31 March)', () => {
    expect(dueDates('2027-01-31', 3)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
    // Picking the disbursement day itself is the same rule.
    expect(dueDates('2027-01-31', 3, { frequency: 'MONTHLY', dueDay: 31 })).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
  });

  it('monthly on a picked day: the first such day on or after one month, then every month', () => {
    // 28 Nov -> one month is 28 Dec; the 5th of December is before it, so 5 Jan, then 5 Feb, 5 Mar.
    expect(dueDates('2026-11-28', 3, { frequency: 'MONTHLY', dueDay: 5 })).toEqual(['2027-01-05', '2027-02-05', '2027-03-05']);
    // 3 Nov -> 3 Dec; the 20th of December is after it: 20 Dec.
    expect(dueDates('2026-11-03', 2, { frequency: 'MONTHLY', dueDay: 20 })).toEqual(['2026-12-20', '2027-01-20']);
    // 31 Jan -> 28 Feb (one month, clamped); day 28 is on it: 28 Feb, 28 Mar.
    expect(dueDates('2027-01-31', 2, { frequency: 'MONTHLY', dueDay: 28 })).toEqual(['2027-02-28', '2027-03-28']);
  });

  it('semi-monthly: the 15th and the last day, from the first at least 15 days after disbursement', () => {
    // 28 Nov + 15 days = 13 Dec: the first payday on or after it is 15 Dec.
    expect(dueDates('2026-11-28', 4, { frequency: 'SEMI_MONTHLY', dueDay: null })).toEqual(['2026-12-15', '2026-12-31', '2027-01-15', '2027-01-31']);
    // 1 Feb + 15 = 16 Feb: 28 Feb (13 days after the 15th), 15 Mar.
    expect(dueDates('2027-02-01', 2, { frequency: 'SEMI_MONTHLY', dueDay: null })).toEqual(['2027-02-28', '2027-03-15']);
    // 31 Dec + 15 = 15 Jan: the 15th itself counts.
    expect(dueDates('2026-12-31', 2, { frequency: 'SEMI_MONTHLY', dueDay: null })).toEqual(['2027-01-15', '2027-01-31']);
    // 2028 is a leap year: 15 Feb, 29 Feb.
    expect(dueDates('2028-01-31', 2, { frequency: 'SEMI_MONTHLY', dueDay: null })).toEqual(['2028-02-15', '2028-02-29']);
  });

  it('measures time in calendar months: whole months, then the share of the month', () => {
    expect(monthsBetween('2026-11-28', '2026-12-28')).toBe(1);
    // 28 Dec -> 28 Jan is 31 days; 28 Dec -> 5 Jan is 8 of them.
    expect(monthsBetween('2026-11-28', '2027-01-05')).toBeCloseTo(1 + 8 / 31, 12);
    // 28 Nov -> 28 Dec is 30 days; 15 Dec is 17 of them.
    expect(monthsBetween('2026-11-28', '2026-12-15')).toBeCloseTo(17 / 30, 12);
    expect(() => monthsBetween('2026-11-28', '2026-11-27')).toThrow(RangeError);
  });
});

describe('the small loan (2 % a month on the declining balance)', () => {
  it('PHP 10,000 over 1 month, semi-monthly from 28 Nov 2026', () => {
    // Two instalments at 1 % a half-month (200 bps / 2). Annuity: 10,000 x 0.01 x 1.01^2 / (1.01^2 - 1)
    // = 102.01 / 0.0201 = 5,075.124... -> 5,076.00 (rounded up to the peso).
    // Line 1 (15 Dec): interest 10,000.00 x 1 % = 100.00; principal 5,076.00 - 100.00 = 4,976.00; balance 5,024.00.
    // Line 2 (31 Dec): interest 5,024.00 x 1 % = 50.24; pays 5,024.00 + 50.24 = 5,074.24. Interest 150.24.
    const s = buildSchedule(SMALL_PRODUCT_V1, pesos(10_000), 1, '2026-11-28', { frequency: 'SEMI_MONTHLY', dueDay: null });
    expect(totals(s)).toEqual([
      ['2026-12-15', 497_600n, 10_000n, 507_600n, 502_400n],
      ['2026-12-31', 502_400n, 5_024n, 507_424n, 0n],
    ]);
    expect(s.totalInterest).toBe(15_024n);
    expect(s.contractualPeriodRate).toBe(0.01);
    expect(s.contractualMonthlyRate).toBe(0.02);
    // EIR on the actual dates: t1 = 17/30 (28 Nov -> 15 Dec of a 30-day month), t2 = 1 + 3/31 (28 Dec -> 31 Dec).
    // 5,076 / 1.018106^0.5667 + 5,074.24 / 1.018106^1.0968 = 5,024.64 + 4,975.35 = 10,000 (to the centavo):
    // 1.8106 % a month (below 2 %: the first period is 17 days, charged as half a month).
    expect(s.eir.monthly).toBeCloseTo(0.018106, 6);
    const d = toDisclosure(SMALL_PRODUCT_V1, s);
    expect(d.eir.monthlyPercent).toBe('1.8106');
    expect(d.frequency).toBe('SEMI_MONTHLY');
    expect(d.dueDay).toBeUndefined();
    expect(d.numberOfInstalments).toBe(2);
    expect(d.termMonths).toBe(1);
  });

  it('PHP 10,000 over 2 months, monthly on the 5th from 28 Nov 2026', () => {
    // The monthly annuity, unchanged: 10,000 x 0.02 x 1.02^2 / (1.02^2 - 1) = 208.08 / 0.0404 = 5,150.49... -> 5,151.00.
    // Line 1 (5 Jan): interest 200.00, principal 4,951.00, balance 5,049.00.
    // Line 2 (5 Feb): interest 5,049.00 x 2 % = 100.98; pays 5,149.98. Interest 300.98.
    const s = buildSchedule(SMALL_PRODUCT_V1, pesos(10_000), 2, '2026-11-28', { frequency: 'MONTHLY', dueDay: 5 });
    expect(totals(s)).toEqual([
      ['2027-01-05', 495_100n, 20_000n, 515_100n, 504_900n],
      ['2027-02-05', 504_900n, 10_098n, 514_998n, 0n],
    ]);
    // EIR: t1 = 1 + 8/31 = 1.2581, t2 = 2 + 8/31 = 2.2581 (28 Jan -> 28 Feb is 31 days).
    // At r = 1.7032 %: 5,151 / 1.021473 + 5,149.98 / 1.038869 = 5,042.72 + 4,957.29 = 10,000.01.
    expect(s.eir.monthly).toBeCloseTo(0.0170315, 6);
    const d = toDisclosure(SMALL_PRODUCT_V1, s);
    expect(d.eir.monthlyPercent).toBe('1.7032');
    expect(d.frequency).toBe('MONTHLY');
    expect(d.dueDay).toBe(5);
  });

  it('monthly on the disbursement day keeps the figures, the EIR and the statement from before', () => {
    const before = buildSchedule(SMALL_PRODUCT_V1, pesos(10_000), 4, '2026-11-28');
    const picked = buildSchedule(SMALL_PRODUCT_V1, pesos(10_000), 4, '2026-11-28', { frequency: 'MONTHLY', dueDay: 28 });
    expect(picked.lines).toEqual(before.lines);
    expect(picked.eir).toEqual(before.eir);
    // PHP 10,000 over 4 months: 2,627.00 x 3 and 2,623.84 (decision 078), EIR 2 % a month.
    expect(before.lines.map((l) => l.total)).toEqual([262_700n, 262_700n, 262_700n, 262_384n]);
    expect(toDisclosure(SMALL_PRODUCT_V1, picked)).toEqual(toDisclosure(SMALL_PRODUCT_V1, before));
    expect('frequency' in toDisclosure(SMALL_PRODUCT_V1, before)).toBe(false);
  });

  it('stays within the contract cap (EIR x 12 <= 25 %) and the SEC caps on every start day of a year, semi-monthly', () => {
    for (const term of SMALL_PRODUCT_V1.terms) {
      for (let day = '2027-01-01'; day < '2028-01-01'; day = addDays(day, 1)) {
        const s = buildSchedule(SMALL_PRODUCT_V1, pesos(10_000), term, day, { frequency: 'SEMI_MONTHLY', dueDay: null });
        expect(s.eir.annualNominal).toBeLessThanOrEqual(0.25);
        expect(s.eir.monthly).toBeLessThanOrEqual(0.12);
        expect(s.totalInterest).toBeLessThanOrEqual(pesos(10_000));
      }
    }
  });
});

describe('the personal loan (0.5 % a month add-on)', () => {
  it('PHP 200,000 over 6 months, semi-monthly from 28 Nov 2026', () => {
    // 12 instalments, each ceil(200,000 / 12 + 200,000 x 0.5 % / 2) = ceil(16,666.67 + 500) = 17,167.00;
    // the total is still 200,000 + 200,000 x 0.5 % x 6 = 206,000.00, so the last is 206,000 - 11 x 17,167 = 17,163.00.
    const s = buildSchedule(PRODUCT_V1, pesos(200_000), 6, '2026-11-28', { frequency: 'SEMI_MONTHLY', dueDay: null });
    expect(s.lines).toHaveLength(12);
    expect(s.lines.map((l) => l.total)).toEqual([...Array.from({ length: 11 }, () => 1_716_700n), 1_716_300n]);
    expect(s.totalInterest).toBe(600_000n);
    expect(s.totalPayable).toBe(20_600_000n);
    expect(s.lines.map((l) => l.dueDate)).toEqual([
      '2026-12-15',
      '2026-12-31',
      '2027-01-15',
      '2027-01-31',
      '2027-02-15',
      '2027-02-28',
      '2027-03-15',
      '2027-03-31',
      '2027-04-15',
      '2027-04-30',
      '2027-05-15',
      '2027-05-31',
    ]);
    expect(s.lines.reduce((sum, l) => sum + l.principal, 0n)).toBe(20_000_000n);
  });

  it('PHP 200,000 over 6 months, monthly on the 10th: the same instalments, later dates, a lower EIR', () => {
    // 200,000 / 6 + 1,000 = 34,333.33 -> 34,334.00 x 5, the last 206,000 - 5 x 34,334 = 34,330.00.
    const before = buildSchedule(PRODUCT_V1, pesos(200_000), 6, '2026-11-28');
    const s = buildSchedule(PRODUCT_V1, pesos(200_000), 6, '2026-11-28', { frequency: 'MONTHLY', dueDay: 10 });
    expect(s.lines.map((l) => l.total)).toEqual([3_433_400n, 3_433_400n, 3_433_400n, 3_433_400n, 3_433_400n, 3_433_000n]);
    expect(s.lines.map((l) => l.dueDate)).toEqual(['2027-01-10', '2027-02-10', '2027-03-10', '2027-04-10', '2027-05-10', '2027-06-10']);
    // Every payment 13 days of a month later (28 Dec -> 10 Jan): the EIR falls from 0.8511 % to 0.7618 % a month.
    expect(toDisclosure(PRODUCT_V1, before).eir.monthlyPercent).toBe('0.8511');
    expect(toDisclosure(PRODUCT_V1, s).eir.monthlyPercent).toBe('0.7618');
  });
});

describe('the choice against the product', () => {
  it('refuses a day outside 1-28, a day for a semi-monthly schedule and a frequency not offered', () => {
    expect(timingProblem(SMALL_PRODUCT_V1, {})).toBeNull();
    expect(timingProblem(SMALL_PRODUCT_V1, { frequency: 'MONTHLY', dueDay: 28 })).toBeNull();
    expect(timingProblem(SMALL_PRODUCT_V1, { frequency: 'SEMI_MONTHLY' })).toBeNull();
    expect(timingProblem(SMALL_PRODUCT_V1, { dueDay: 29 })).toBe('DUE_DAY_RANGE');
    expect(timingProblem(SMALL_PRODUCT_V1, { dueDay: 0 })).toBe('DUE_DAY_RANGE');
    expect(timingProblem(SMALL_PRODUCT_V1, { frequency: 'SEMI_MONTHLY', dueDay: 15 })).toBe('DUE_DAY_ONLY_MONTHLY');
    const monthlyOnly = { ...SMALL_PRODUCT_V1, frequencies: undefined };
    expect(timingProblem(monthlyOnly, { frequency: 'SEMI_MONTHLY' })).toBe('FREQUENCY_NOT_OFFERED');
  });
});
