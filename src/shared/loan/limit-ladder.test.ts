import { describe, expect, it } from 'vitest';
import { pesos } from '../money/money';
import { addDays } from './day';
import { creditLimit, ladderProblems, mostDaysLate, repaidOnTime, type LimitLadder, type RecordedLoan } from './limit-ladder';
import { PRODUCT_V1, SMALL_PRODUCT_V1 } from './product';
import { validateProduct } from './validate';

/**
 * The limit ladder (decision 085), by hand: PHP 10,000 for a first loan, 20,000 after one loan
 * repaid on time, 35,000 after three, 50,000 after five; a loan is on time when no instalment was
 * paid more than 3 days after its due date; 5,000 while the last loan has an instalment 30 days or
 * more late. The product lends up to 40,000, so the top step is cut to the product's maximum.
 */
const LADDER: LimitLadder = {
  steps: [
    { afterOnTimeLoans: 0, maxAmount: pesos(10_000) },
    { afterOnTimeLoans: 1, maxAmount: pesos(20_000) },
    { afterOnTimeLoans: 3, maxAmount: pesos(35_000) },
    { afterOnTimeLoans: 5, maxAmount: pesos(50_000) },
  ],
  onTimeDays: 3,
  seriousLateDays: 30,
  fallbackMaxAmount: pesos(5_000),
};
const PRODUCT = { code: 'TEST', maxAmount: pesos(40_000), limitLadder: LADDER };
const TODAY = '2027-06-15';

let n = 0;
/** A loan disbursed on `disbursedOn` with two monthly instalments, each paid `late` days after it was due (null: unpaid). */
function loan(disbursedOn: string, late: readonly (number | null)[], opts: { productCode?: string; repaid?: boolean } = {}): RecordedLoan {
  n += 1;
  const [y, m] = disbursedOn.split('-').map(Number) as [number, number];
  const lines = late.map((days, i) => {
    const due = `${y}-${String(m + i + 1).padStart(2, '0')}-10`;
    const paidOn = days === null ? null : addDays(due, days);
    return { dueDate: due, paidOn };
  });
  const repaid = opts.repaid ?? late.every((d) => d !== null);
  return { reference: `T-L${n}`, productCode: opts.productCode ?? 'TEST', disbursedOn, repaidOn: repaid ? lines.at(-1)!.paidOn : null, lines };
}

describe('the step from loans repaid on time', () => {
  it('a first loan: step 1 of 4, PHP 10,000; one loan on time reaches step 2', () => {
    const l = creditLimit(PRODUCT, [], null, TODAY);
    expect(l).toMatchObject({ limit: pesos(10_000), ceiling: pesos(10_000), bound: 'LADDER' });
    expect(l.ladder).toMatchObject({ stepNumber: 1, stepCount: 4, onTimeLoans: [], lateLoans: [], seriouslyLate: null });
    expect(l.ladder!.next).toEqual({ stepNumber: 2, step: { afterOnTimeLoans: 1, maxAmount: pesos(20_000) }, moreLoans: 1 });
  });

  it('after 1, 3 and 5 loans on time (3 days late still counts): PHP 20,000, 35,000, then the product maximum 40,000', () => {
    const record = [
      loan('2027-01-01', [0, -5]),
      loan('2027-01-02', [3, 0]),
      loan('2027-01-03', [1, 2]),
      loan('2027-01-04', [0, 0]),
      loan('2027-01-05', [-9, -9]),
    ];
    const one = creditLimit(PRODUCT, record.slice(0, 1), null, TODAY);
    expect(one).toMatchObject({ limit: pesos(20_000), bound: 'LADDER' });
    expect(one.ladder!.next).toMatchObject({ stepNumber: 3, moreLoans: 2 });
    const two = creditLimit(PRODUCT, record.slice(0, 2), null, TODAY);
    expect(two.limit).toBe(pesos(20_000));
    expect(two.ladder!.next!.moreLoans).toBe(1);
    const three = creditLimit(PRODUCT, record.slice(0, 3), null, TODAY);
    expect(three).toMatchObject({ limit: pesos(35_000), bound: 'LADDER' });
    expect(three.ladder).toMatchObject({ stepNumber: 3, next: { stepNumber: 4, moreLoans: 2 } });
    expect(three.ladder!.onTimeLoans.map((c) => c.mostDaysLate)).toEqual([0, 3, 2]);
    const five = creditLimit(PRODUCT, record, null, TODAY);
    expect(five).toMatchObject({ limit: pesos(40_000), ceiling: pesos(40_000), bound: 'PRODUCT' });
    expect(five.ladder).toMatchObject({ stepNumber: 4, next: null });
    expect(five.ladder!.onTimeLoans).toHaveLength(5);
  });

  it('a loan with an instalment paid 4 days late is not counted, and is named with its days', () => {
    const record = [loan('2027-01-01', [0, 4])];
    expect(repaidOnTime(LADDER, record[0]!)).toBe(false);
    const l = creditLimit(PRODUCT, record, null, TODAY);
    expect(l).toMatchObject({ limit: pesos(10_000), bound: 'LADDER' });
    expect(l.ladder).toMatchObject({ stepNumber: 1, onTimeLoans: [], lateLoans: [{ reference: record[0]!.reference, mostDaysLate: 4 }], seriouslyLate: null });
  });

  it('an open loan counts for nothing until repaid, even paid on time so far', () => {
    const open = loan('2027-05-01', [0, null]);
    expect(open.repaidOn).toBeNull();
    expect(creditLimit(PRODUCT, [open], null, TODAY).ladder!.onTimeLoans).toEqual([]);
  });

  it("loans of other products count toward this product's ladder", () => {
    const l = creditLimit(PRODUCT, [loan('2027-01-01', [0, 0], { productCode: 'SMALL' })], null, TODAY);
    expect(l.limit).toBe(pesos(20_000));
    expect(l.ladder!.onTimeLoans).toEqual([expect.objectContaining({ productCode: 'SMALL' })]);
  });
});

describe('serious lateness on the last loan', () => {
  it('a repaid last loan with an instalment 30 days late drops the ladder to PHP 5,000 (29 days does not)', () => {
    const good = [loan('2027-01-01', [0, 0]), loan('2027-01-02', [0, 0]), loan('2027-01-03', [0, 0])];
    const late30 = loan('2027-02-01', [0, 30]); // the second instalment, due 2027-04-10, paid 2027-05-10
    expect(mostDaysLate(late30, TODAY)).toBe(30);
    const l = creditLimit(PRODUCT, [...good, late30], null, TODAY);
    expect(l).toMatchObject({ limit: pesos(5_000), ceiling: pesos(5_000), bound: 'FALLBACK' });
    expect(l.ladder).toMatchObject({ stepNumber: 3, seriouslyLate: { reference: late30.reference, mostDaysLate: 30 } });
    expect(l.ladder!.lateLoans.map((c) => c.reference)).toEqual([late30.reference]);
    const late29 = loan('2027-02-01', [0, 29]);
    expect(creditLimit(PRODUCT, [...good, late29], null, TODAY)).toMatchObject({ limit: pesos(35_000), bound: 'LADDER' });
  });

  it('an open last loan 30 days past due today drops it too; a later loan repaid without such lateness lifts it', () => {
    const overdue = loan('2027-04-01', [0, null]); // the second instalment was due 2027-06-10
    expect(mostDaysLate(overdue, '2027-07-10')).toBe(30);
    expect(creditLimit(PRODUCT, [loan('2027-01-01', [0, 0]), overdue], null, '2027-07-10')).toMatchObject({ limit: pesos(5_000), bound: 'FALLBACK' });
    expect(creditLimit(PRODUCT, [loan('2027-01-01', [0, 0]), overdue], null, '2027-07-09')).toMatchObject({ limit: pesos(20_000), bound: 'LADDER' });
    const lateThenGood = [loan('2027-01-01', [0, 35]), loan('2027-05-01', [0, 0])];
    expect(creditLimit(PRODUCT, lateThenGood, null, TODAY)).toMatchObject({ limit: pesos(20_000), bound: 'LADDER' });
    // Only the last loan (the latest disbursed) decides, whatever the order given.
    expect(creditLimit(PRODUCT, [...lateThenGood].reverse(), null, TODAY).bound).toBe('LADDER');
  });

  it('an instalment not yet due is not late', () => {
    expect(mostDaysLate(loan('2027-06-01', [null, null]), TODAY)).toBe(0);
  });
});

describe('the limit is the smallest of the ladder, the product and the income', () => {
  it('an income-based maximum below the step sets it; the ceiling an application is held to stays the ladder', () => {
    const l = creditLimit(PRODUCT, [loan('2027-01-01', [0, 0])], pesos(12_345), TODAY);
    expect(l).toMatchObject({ limit: pesos(12_345), ceiling: pesos(20_000), bound: 'INCOME', incomeMax: pesos(12_345) });
  });

  it('a product without a ladder: the product maximum (and the income)', () => {
    const plain = { code: 'PLAIN', maxAmount: pesos(40_000) };
    expect(creditLimit(plain, [], null, TODAY)).toMatchObject({ limit: pesos(40_000), ceiling: pesos(40_000), bound: 'PRODUCT', ladder: null });
    expect(creditLimit(plain, [], pesos(30_000), TODAY)).toMatchObject({ limit: pesos(30_000), bound: 'INCOME' });
  });
});

describe('the ladders in code and their checks', () => {
  it('PERSONAL: 1,000,000, then 2,000,000 / 3,500,000 / 5,000,000 after 1 / 3 / 5 loans; SMALL: its whole range from the first loan', () => {
    expect(creditLimit(PRODUCT_V1, [], null, TODAY).limit).toBe(pesos(1_000_000));
    expect(creditLimit(PRODUCT_V1, [loan('2027-01-01', [0, 0])], null, TODAY).limit).toBe(pesos(2_000_000));
    expect(creditLimit(SMALL_PRODUCT_V1, [], null, TODAY)).toMatchObject({ limit: pesos(10_000), bound: 'LADDER' });
    expect(ladderProblems(PRODUCT_V1)).toEqual([]);
    expect(ladderProblems(SMALL_PRODUCT_V1)).toEqual([]);
    // A copy of the Personal loan with a narrower range keeps a sound ladder: the product's maximum cuts every step.
    const narrow = { ...PRODUCT_V1, minAmount: pesos(1_000), maxAmount: pesos(10_000) };
    expect(ladderProblems(narrow)).toEqual([]);
    expect(creditLimit(narrow, [], null, TODAY)).toMatchObject({ limit: pesos(10_000), bound: 'PRODUCT' });
  });

  it('refuses steps out of order or of no amount, a first step needing a loan, a fallback above the first step, and days out of order', () => {
    const broken: LimitLadder = {
      steps: [
        { afterOnTimeLoans: 1, maxAmount: pesos(300_000) },
        { afterOnTimeLoans: 1, maxAmount: pesos(250_000) },
        { afterOnTimeLoans: 2, maxAmount: 0n },
      ],
      onTimeDays: 5,
      seriousLateDays: 5,
      fallbackMaxAmount: pesos(400_000),
    };
    const problems = validateProduct({ ...PRODUCT_V1, limitLadder: broken });
    expect(problems).toEqual([
      'The first step of the limit ladder needs no loan repaid (zero loans).',
      'Each step of the limit ladder needs more loans repaid on time and gives a higher amount than the one before.',
      'Each step of the limit ladder gives an amount above zero.',
      'The amount after serious lateness (400,000.00) must be above zero and at most the first step.',
      'The days that make a payment late for the ladder are a whole number, and serious lateness is more days than that.',
    ]);
  });
});
