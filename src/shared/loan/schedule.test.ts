import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { addOnMonthlyInstalment, annuityInstalment } from './instalment';
import { PRODUCT_V1, type FeeRule, type ProductConfig } from './product';
import { presentValue } from './rate-solver';
import { addOnTotalInterest, buildSchedule, regularInstalment } from './schedule';

const php = (pesos: number) => BigInt(pesos) * 100n;

function withInterest(model: ProductConfig['interest']['model'], bps: number, fees: FeeRule[] = []): ProductConfig {
  return { ...PRODUCT_V1, interest: { model, monthlyRateBps: bps }, fees };
}

describe('the add-on schedule of the default product (vectors computed by hand)', () => {
  // 200,000 over 6 months: instalment ceil(33,333.33 + 1,000) = 34,334; interest 200,000 x 0.5 % x 6 = 6,000;
  // five instalments of 34,334 = 171,670, so the last is 206,000 - 171,670 = 34,330.
  const s = buildSchedule(PRODUCT_V1, php(200_000), 6, '2026-01-31');

  it('pays section 9 instalments with the residue on the last, totals exact', () => {
    expect(s.lines.map((l) => l.total)).toEqual([php(34_334), php(34_334), php(34_334), php(34_334), php(34_334), php(34_330)]);
    expect(s.totalInterest).toBe(php(6_000));
    expect(s.totalPayable).toBe(php(206_000));
    expect(s.netProceeds).toBe(php(200_000));
    expect(s.totalFinanceCharge).toBe(php(6_000));
    expect(s.regularInstalment).toBe(php(34_334));
  });

  it('falls due monthly from the disbursement date, end-of-month safe', () => {
    expect(s.lines.map((l) => l.dueDate)).toEqual(['2026-02-28', '2026-03-31', '2026-04-30', '2026-05-31', '2026-06-30', '2026-07-31']);
  });

  it('splits interest on the outstanding balance at the rate the add-on payments correspond to', () => {
    // The rate solving 34,334 a(5) + 34,330 v^6 = 200,000 is 0.851143663365 % a month (computed
    // independently by bisection in 50-digit decimals); the first month's interest is
    // 200,000 x 0.00851143663365 = 1,702.287... -> 1,702.29, principal 34,334 - 1,702.29 = 32,631.71.
    expect(s.contractualMonthlyRate).toBeCloseTo(0.00851143663365123, 13);
    expect(s.lines[0]).toMatchObject({ interest: 170_229n, principal: 3_263_171n, balanceAfter: 16_736_829n });
    expect(s.lines[5]).toMatchObject({ principal: 3_404_027n, interest: 28_973n, balanceAfter: 0n });
    expect(s.lines.reduce((a, l) => a + l.interest, 0n)).toBe(php(6_000));
  });

  it('has the effective interest rate of the hand computation, x 12 and compounded', () => {
    // No fee is deducted, so the EIR is the same rate: 0.8511 % a month, 10.2137 % a year (x 12),
    // 10.7057 % compounded.
    expect(s.eir.monthly).toBeCloseTo(0.00851143663365123, 13);
    expect(s.eir.annualNominal).toBeCloseTo(0.1021372396038148, 12);
    expect(s.eir.annualCompounded).toBeCloseTo(0.1070568673273193, 12);
  });

  it('5,000,000 over 48 months: 129,167 a month, the last 129,151', () => {
    // 5,000,000 / 48 + 25,000 = 129,166.67 -> 129,167; total 5,000,000 + 1,200,000 = 6,200,000;
    // 47 x 129,167 = 6,070,849; last = 129,151.
    const big = buildSchedule(PRODUCT_V1, php(5_000_000), 48, '2026-11-22');
    expect(big.lines[0]!.total).toBe(php(129_167));
    expect(big.lines[47]!.total).toBe(php(129_151));
    expect(big.totalPayable).toBe(php(6_200_000));
    expect(big.lines[47]!.dueDate).toBe('2030-11-22');
  });
});

describe('the declining-balance schedule (hand vector)', () => {
  // 100,000 at 1 % a month over 12 months: annuity 100,000 x 0.01 / (1 - 1.01^-12) = 8,884.88 -> 8,885.00.
  // Month 1: interest 1,000.00, principal 7,885.00, balance 92,115.00; month 2: interest 921.15.
  const s = buildSchedule(withInterest('DECLINING_BALANCE', 100), php(100_000), 12, '2026-01-15');

  it('charges the rate on the balance and pays the remaining balance last', () => {
    expect(annuityInstalment(php(100_000), 12, 100)).toBe(php(8_885));
    expect(s.lines[0]).toMatchObject({ total: php(8_885), interest: php(1_000), principal: php(7_885), balanceAfter: php(92_115) });
    expect(s.lines[1]).toMatchObject({ interest: 92_115n, principal: 796_385n });
    // Interest rounded down to the centavo each month: the last month pays the balance 8,795.47 and
    // its interest 87.95.
    expect(s.lines[11]).toMatchObject({ principal: 879_547n, interest: 8_795n, total: 888_342n, balanceAfter: 0n });
    expect(s.totalInterest).toBe(661_842n);
  });

  it('never asks more in the last month than the regular instalment (CI found 8,199.02 after 8,199.00)', () => {
    // 122,052.81 at 3.98 % a month over 23 months: the annuity is 8,198.997...; with interest rounded
    // half up the balance ran ahead and the last payment came to 8,199.02.
    const odd = buildSchedule(withInterest('DECLINING_BALANCE', 398), 12_205_281n, 23, '2026-03-31');
    expect(odd.regularInstalment).toBe(php(8_199));
    for (const l of odd.lines) expect(l.total <= odd.regularInstalment).toBe(true);
    expect(odd.lines.reduce((sum, l) => sum + l.principal, 0n)).toBe(12_205_281n);
  });

  it('has an effective rate of the contractual 1 % a month, but for the peso rounding', () => {
    expect(s.contractualMonthlyRate).toBe(0.01);
    expect(Math.abs(s.eir.monthly - 0.01)).toBeLessThan(1e-5);
  });
});

describe('fees', () => {
  const processing: FeeRule = { code: 'PROCESSING', label: 'Processing fee', treatment: 'DEDUCTED_FROM_PROCEEDS', flat: 0n, bpsOfPrincipal: 200 };
  const notarial: FeeRule = { code: 'NOTARIAL', label: 'Notarial fee', treatment: 'ADDED_TO_SCHEDULE', flat: php(600), bpsOfPrincipal: 0 };

  it('a fee deducted from proceeds lowers the net proceeds and raises the effective rate', () => {
    // 2 % of 200,000 = 4,000 deducted: net proceeds 196,000; the same instalments discount to it at
    // 1.440578263889 % a month (50-digit bisection).
    const s = buildSchedule(withInterest('ADD_ON', 50, [processing]), php(200_000), 6, '2026-01-31');
    expect(s.feesDeducted).toBe(php(4_000));
    expect(s.netProceeds).toBe(php(196_000));
    expect(s.totalPayable).toBe(php(206_000));
    expect(s.totalFinanceCharge).toBe(php(10_000));
    expect(s.eir.monthly).toBeCloseTo(0.01440578263889244, 12);
  });

  it('a fee added to the schedule is spread evenly, the residue on the last instalment', () => {
    // 600 over 6 months: 100 a month.
    const s = buildSchedule(withInterest('ADD_ON', 50, [notarial]), php(200_000), 6, '2026-01-31');
    expect(s.lines.map((l) => l.fees)).toEqual(Array(6).fill(php(100)));
    expect(s.lines[0]!.total).toBe(php(34_434));
    expect(s.totalPayable).toBe(php(206_600));
    expect(s.netProceeds).toBe(php(200_000));
    // 700.00 over 6: 116.66 five times and 116.70 last.
    const odd = buildSchedule(withInterest('ADD_ON', 50, [{ ...notarial, flat: php(700) }]), php(200_000), 6, '2026-01-31');
    expect(odd.lines.map((l) => l.fees)).toEqual([11_666n, 11_666n, 11_666n, 11_666n, 11_666n, 11_670n]);
    expect(regularInstalment(withInterest('ADD_ON', 50, [notarial]), php(200_000), 6)).toBe(php(34_434));
  });

  it('refuses fees that would leave no proceeds', () => {
    expect(() => buildSchedule(withInterest('ADD_ON', 50, [{ ...processing, bpsOfPrincipal: 10_000 }]), php(200_000), 6, '2026-01-31')).toThrow(RangeError);
  });
});

describe('the schedule engine (properties)', () => {
  const feeRule: fc.Arbitrary<FeeRule> = fc.record({
    code: fc.constantFrom('A', 'B', 'C'),
    label: fc.constant('Fee'),
    treatment: fc.constantFrom('DEDUCTED_FROM_PROCEEDS' as const, 'ADDED_TO_SCHEDULE' as const),
    flat: fc.bigInt({ min: 0n, max: php(5_000) }),
    bpsOfPrincipal: fc.integer({ min: 0, max: 300 }),
  });
  const product: fc.Arbitrary<ProductConfig> = fc
    .record({
      model: fc.constantFrom('ADD_ON' as const, 'DECLINING_BALANCE' as const),
      bps: fc.oneof(fc.constant(50), fc.integer({ min: 0, max: 400 })),
      fees: fc.array(feeRule, { maxLength: 3 }),
    })
    .map(({ model, bps, fees }) =>
      withInterest(
        model,
        bps,
        fees.map((f, i) => ({ ...f, code: `${f.code}${i}` })),
      ),
    );
  const principal = fc.oneof(fc.bigInt({ min: php(200_000), max: php(5_000_000) }), fc.bigInt({ min: php(20_000), max: php(200_000) }));
  const term = fc.oneof(fc.constantFrom(6, 12, 24, 36, 48), fc.integer({ min: 1, max: 60 }));
  const start = fc
    .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it('instalments sum exactly to principal plus charges, and no centavo is lost', () => {
    fc.assert(
      fc.property(product, principal, term, start, (p, amount, months, date) => {
        const s = buildSchedule(p, amount, months, date);
        const sum = (pick: (l: (typeof s.lines)[number]) => bigint) => s.lines.reduce((a, l) => a + pick(l), 0n);
        expect(s.lines).toHaveLength(months);
        expect(sum((l) => l.principal)).toBe(amount);
        expect(sum((l) => l.interest)).toBe(s.totalInterest);
        expect(sum((l) => l.fees)).toBe(s.feesFinanced);
        expect(sum((l) => l.total)).toBe(s.totalPayable);
        expect(s.totalPayable).toBe(amount + s.totalInterest + s.feesFinanced);
        expect(s.totalFinanceCharge).toBe(s.totalInterest + s.feesDeducted + s.feesFinanced);
        expect(s.netProceeds + s.feesDeducted).toBe(amount);
        let balance = amount;
        for (const l of s.lines) {
          expect(l.principal >= 0n && l.interest >= 0n && l.fees >= 0n).toBe(true);
          expect(l.total).toBe(l.principal + l.interest + l.fees);
          balance -= l.principal;
          expect(l.balanceAfter).toBe(balance);
        }
        expect(balance).toBe(0n);
        if (p.interest.model === 'ADD_ON') {
          // Section 9: every instalment but the last is the add-on figure; the add-on interest is exact.
          expect(s.totalInterest).toBe(addOnTotalInterest(amount, months, p.interest.monthlyRateBps));
          const level = addOnMonthlyInstalment(amount, months, p.interest.monthlyRateBps);
          for (const l of s.lines.slice(0, -1)) expect(l.total - l.fees).toBe(level);
          expect(s.lines.at(-1)!.total - s.lines.at(-1)!.fees <= level).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the effective rate discounts the schedule back to the net proceeds within 1e-9', () => {
    fc.assert(
      fc.property(product, principal, term, start, (p, amount, months, date) => {
        const s = buildSchedule(p, amount, months, date);
        const pv = presentValue(
          s.lines.map((l) => Number(l.total)),
          s.eir.monthly,
        );
        const net = Number(s.netProceeds);
        expect(Math.abs(pv - net) / net).toBeLessThan(1e-9);
        expect(s.eir.annualNominal).toBeCloseTo(s.eir.monthly * 12, 15);
        expect(s.eir.monthly >= 0).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('the regular instalment is the first line and no payment is larger', () => {
    fc.assert(
      fc.property(product, principal, term, (p, amount, months) => {
        fc.pre(months > 1);
        const s = buildSchedule(p, amount, months, '2026-03-31');
        expect(regularInstalment(p, amount, months)).toBe(s.lines[0]!.total);
        const first = s.lines[0]!.total - s.lines[0]!.fees;
        for (const l of s.lines) expect(l.total - l.fees <= first).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('buildSchedule refuses', () => {
  it('a principal or term that is not positive', () => {
    expect(() => buildSchedule(PRODUCT_V1, 0n, 6, '2026-01-01')).toThrow(RangeError);
    expect(() => buildSchedule(PRODUCT_V1, php(200_000), 0, '2026-01-01')).toThrow(RangeError);
    expect(() => buildSchedule(PRODUCT_V1, php(200_000), 1.5, '2026-01-01')).toThrow(RangeError);
    expect(() => buildSchedule(PRODUCT_V1, php(200_000), 6, '2026-02-30')).toThrow(RangeError);
  });
});
