import { describe, expect, it } from 'vitest';
import { lateChargesForDay } from './late-charges';
import { PRODUCT_V1 } from './product';
import { buildSchedule } from './schedule';
import { unpaidLines } from './servicing';

/** The default product: PHP 200,000 over 6 months from 2026-11-22; cap 25,000.00, interest 6,000.00, headroom 19,000.00. */
const schedule = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-11-22');
const lines = unpaidLines(schedule.lines);
const HEADROOM = 1_900_000n;
const base = { product: PRODUCT_V1, schedule, lines, startDate: '2026-11-22', collectionCharged: new Set<number>() };

describe('lateChargesForDay', () => {
  it('nothing within the grace days', () => {
    // Line 1 due 2026-12-22; 2026-12-25 is 3 days late.
    expect(lateChargesForDay({ ...base, day: '2026-12-25', finesAlreadyCharged: 0n })).toEqual([]);
  });

  it('the first day after grace: the 5 % collection charge and one day of 0.5 %', () => {
    // 34,334.00 x 5 % = 1,716.70; x 0.5 % = 171.67.
    const charges = lateChargesForDay({ ...base, day: '2026-12-26', finesAlreadyCharged: 0n });
    expect(charges.map((c) => [c.lineNumber, c.kind, c.amount, c.basis.daysLate, c.basis.capped])).toEqual([
      [1, 'COLLECTION', 171_670n, 4, false],
      [1, 'PENALTY_INTEREST', 17_167n, 4, false],
    ]);
  });

  it('later days: the penalty only, once the collection charge is on the line', () => {
    const charges = lateChargesForDay({ ...base, collectionCharged: new Set([1]), day: '2026-12-27', finesAlreadyCharged: 188_837n });
    expect(charges.map((c) => [c.kind, c.amount])).toEqual([['PENALTY_INTEREST', 17_167n]]);
  });

  it('at the cap boundary: exactly the headroom is charged in full', () => {
    const charges = lateChargesForDay({ ...base, day: '2026-12-26', finesAlreadyCharged: HEADROOM - 171_670n });
    expect(charges.map((c) => [c.kind, c.amount, c.basis.capped])).toEqual([['COLLECTION', 171_670n, false]]);
  });

  it('one centavo over the boundary: the penalty is cut to the centavo left', () => {
    const charges = lateChargesForDay({ ...base, day: '2026-12-26', finesAlreadyCharged: HEADROOM - 171_671n });
    expect(charges.map((c) => [c.kind, c.amount, c.basis.uncapped, c.basis.capped])).toEqual([
      ['COLLECTION', 171_670n, 171_670n, false],
      ['PENALTY_INTEREST', 1n, 17_167n, true],
    ]);
  });

  it('with the headroom used up, nothing more is charged', () => {
    expect(lateChargesForDay({ ...base, day: '2026-12-26', finesAlreadyCharged: HEADROOM })).toEqual([]);
  });

  it('after the term the cap grows by 25 % a year: month 8 allows 8,333.33 more than the term did', () => {
    // Everything unpaid on 2027-07-22 (8 months): cap(8) = 33,333.33, headroom = 33,333.33 - 6,000.00 - fines.
    // Fines of 19,000.00 + 7,833.33 leave 500.00; a day of 0.5 % on 206,000.00 would be 1,030.00.
    const charges = lateChargesForDay({ ...base, collectionCharged: new Set([1, 2, 3, 4, 5, 6]), day: '2027-07-22', finesAlreadyCharged: HEADROOM + 783_333n });
    expect(charges.reduce((s, c) => s + c.amount, 0n)).toBe(50_000n);
    expect(charges.at(-1)!.basis.capped).toBe(true);
  });

  it('no charge on a paid line', () => {
    const paid = lines.map((l, i) => (i === 0 ? { ...l, principalPaid: l.principal, interestPaid: l.interest, paidOn: '2026-12-30' } : l));
    expect(lateChargesForDay({ ...base, lines: paid, day: '2026-12-31', finesAlreadyCharged: 0n })).toEqual([]);
  });
});
