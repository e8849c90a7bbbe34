import { describe, expect, it } from 'vitest';
import { lateChargesForDay } from './late-charges';
import { PRODUCT_V1, type ProductConfig } from './product';
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

describe('a SEC small loan (at most PHP 10,000 and 4 months): each line charged at most 5 % of its amount a month', () => {
  // PHP 10,000 over 4 months from 2026-01-31, the cost cap raised so that only the SEC limit binds.
  // Line 1, due 2026-02-28: 2,470.32 principal + 79.68 interest = 2,550.00; 5 % of it is 127.50.
  const small: ProductConfig = {
    ...PRODUCT_V1,
    minAmount: 500_000n,
    maxAmount: 1_000_000n,
    terms: [1, 2, 3, 4],
    defaultTerm: 4,
    annualCostCapBps: 100_000,
    eligibility: { ...PRODUCT_V1.eligibility, incomeMultipleByTerm: { 1: 1, 2: 1, 3: 1, 4: 1 } },
  };
  const s = buildSchedule(small, 1_000_000n, 4, '2026-01-31');
  const smallBase = { product: small, schedule: s, lines: unpaidLines(s.lines), startDate: '2026-01-31', finesAlreadyCharged: 0n };

  it('the first day after grace: the 5 % collection charge takes the whole month, the day of 0.5 % is cut to nothing', () => {
    expect(s.lines[0]!.principal + s.lines[0]!.interest).toBe(255_000n);
    const charges = lateChargesForDay({ ...smallBase, day: '2026-03-04', collectionCharged: new Set<number>() });
    expect(charges.map((c) => [c.lineNumber, c.kind, c.amount])).toEqual([[1, 'COLLECTION', 12_750n]]);
  });

  it('nothing more within the first month after grace; from the second month another 5 % may be charged', () => {
    const charged = { collectionCharged: new Set([1]), chargedByLine: new Map([[1, 12_750n]]), finesAlreadyCharged: 12_750n };
    expect(lateChargesForDay({ ...smallBase, ...charged, day: '2026-03-05' })).toEqual([]);
    // 2026-04-03 is 34 days late, 31 after grace: the second month. A day of 0.5 % of 2,550.00 is 12.75.
    const later = lateChargesForDay({ ...smallBase, ...charged, day: '2026-04-03' });
    expect(later.map((c) => [c.lineNumber, c.kind, c.amount])).toEqual([[1, 'PENALTY_INTEREST', 1_275n]]);
  });
});
