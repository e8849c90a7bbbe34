import { describe, expect, it } from 'vitest';
import {
  CONTRACT_ANNUAL_COST_CAP_BPS,
  CURRENT_PRODUCT,
  DEFAULT_PRODUCT,
  PRODUCT_V1,
  PRODUCT_VERSIONS,
  SMALL_PRODUCT_V1,
  productByVersion,
  type ProductConfig,
} from './product';
import { SEC_SMALL_LOAN_CAPS, SMALL_LOAN_COOLING_OFF_DAYS, offersSmallLoans } from './charges';
import { buildSchedule } from './schedule';
import { en } from '../i18n/en';
import { fil } from '../i18n/fil';
import { renderIn } from '../i18n/lookup';
import { assertValidProduct, productProblems, validateProduct } from './validate';

const php = (pesos: number) => BigInt(pesos) * 100n;

describe('the shipped product versions', () => {
  it('are all valid', () => {
    for (const p of PRODUCT_VERSIONS) expect(validateProduct(p), `version ${p.version}`).toEqual([]);
  });

  it('version 1 is the specification: 200,000 to 5,000,000 PHP, 6 to 48 months, 0.5 % add-on, no fees, 25 % cap', () => {
    expect(PRODUCT_V1).toMatchObject({
      minAmount: php(200_000),
      maxAmount: php(5_000_000),
      terms: [6, 12, 24, 36, 48],
      defaultTerm: 6,
      interest: { model: 'ADD_ON', monthlyRateBps: 50 },
      fees: [],
      penalties: { graceDays: 3, dailyRateBps: 50, collectionChargeBps: 500 },
      annualCostCapBps: 2500,
    });
    expect(CURRENT_PRODUCT).toBe(PRODUCT_V1);
    expect(DEFAULT_PRODUCT).toBe(CURRENT_PRODUCT);
    expect(productByVersion(1)).toBe(PRODUCT_V1);
    expect(() => productByVersion(99)).toThrow(RangeError);
  });

  it('a declining-balance variant is valid too', () => {
    expect(validateProduct({ ...PRODUCT_V1, version: 2, interest: { model: 'DECLINING_BALANCE', monthlyRateBps: 150 } })).toEqual([]);
  });
});

describe('validateProduct refuses a configuration that breaks its own annual cap', () => {
  it('interest above 25 % a year', () => {
    // 3 % of the principal a month is 36 % a year.
    const problems = validateProduct({ ...PRODUCT_V1, interest: { model: 'ADD_ON', monthlyRateBps: 300 } });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]).toMatch(/above the 25 % a year cap/);
  });

  it('fees that with interest exceed the cap on the shortest term', () => {
    // 6 months: cap 12.5 %; interest 3 % + a 10 % fee = 13 %.
    const problems = validateProduct({
      ...PRODUCT_V1,
      fees: [{ code: 'SERVICE', label: 'Service fee', treatment: 'DEDUCTED_FROM_PROCEEDS', flat: 0n, bpsOfPrincipal: 1000 }],
    });
    const flatCost = problems.filter((p) => p.includes('in interest and fees'));
    expect(flatCost.some((p) => p.includes('over 6 months'))).toBe(true);
    expect(flatCost.some((p) => p.includes('over 12 months'))).toBe(false);
  });

  it('a flat fee that weighs too much on the smallest amount only', () => {
    const problems = validateProduct({
      ...PRODUCT_V1,
      fees: [{ code: 'SERVICE', label: 'Service fee', treatment: 'ADDED_TO_SCHEDULE', flat: php(20_000), bpsOfPrincipal: 0 }],
    });
    expect(problems.some((p) => p.startsWith('PHP 200000.00 over 6 months'))).toBe(true);
    expect(problems.some((p) => p.startsWith('PHP 5000000.00'))).toBe(false);
  });

  it('a fee payable up front', () => {
    const upFront = {
      code: 'ADVANCE',
      label: 'Advance fee',
      treatment: 'PAID_UP_FRONT',
      flat: php(100),
      bpsOfPrincipal: 0,
    } as unknown as ProductConfig['fees'][number];
    expect(validateProduct({ ...PRODUCT_V1, fees: [upFront] })).toContain(
      'fee ADVANCE: a fee is deducted from proceeds or added to the schedule, never paid up front',
    );
  });

  it('nonsense', () => {
    expect(validateProduct({ ...PRODUCT_V1, minAmount: php(6_000_000) })).toContain('minAmount must not exceed maxAmount');
    expect(validateProduct({ ...PRODUCT_V1, defaultTerm: 7 })).toContain('defaultTerm must be one of the terms');
    expect(validateProduct({ ...PRODUCT_V1, terms: [12, 6] })).toContain('terms must be ascending without repeats');
    expect(validateProduct({ ...PRODUCT_V1, terms: [6, 60], defaultTerm: 6 })).toContain('term 60 needs an income multiple');
    expect(validateProduct({ ...PRODUCT_V1, eligibility: { ...PRODUCT_V1.eligibility, minAge: 16 } })).toContain('eligibility.minAge must be at least 18');
    expect(() => assertValidProduct({ ...PRODUCT_V1, annualCostCapBps: 0 })).toThrow(/refused/);
    // The bounds come from their constants (product-limits.ts), filled into the texts as values.
    expect(validateProduct({ ...PRODUCT_V1, terms: [6, 121], eligibility: { ...PRODUCT_V1.eligibility, incomeMultipleByTerm: { 6: 12, 121: 12 } } })).toContain(
      'term 121 must be 1 to 120 months',
    );
    expect(validateProduct({ ...PRODUCT_V1, eligibility: { ...PRODUCT_V1.eligibility, maxDebtServiceRatioBps: 10_001 } })).toContain(
      'eligibility.maxDebtServiceRatioBps must be more than zero and at most 10000',
    );
  });
});

describe('validateProduct applies the SEC caps to loans of at most 10,000 PHP and 4 months', () => {
  const small: ProductConfig = {
    ...PRODUCT_V1,
    version: 9,
    minAmount: php(5_000),
    maxAmount: php(10_000),
    terms: [1, 2, 3, 4],
    defaultTerm: 4,
    penalties: { graceDays: 3, dailyRateBps: 10, collectionChargeBps: 200 },
    eligibility: { ...PRODUCT_V1.eligibility, incomeMultipleByTerm: { 1: 1, 2: 1, 3: 1, 4: 1 } },
  };

  it('accepts a small-loan product inside them', () => {
    // 0.1 % a day x 30 + 2 % = 5 % a month; 0.5 % interest a month.
    expect(validateProduct(small)).toEqual([]);
  });

  it('refuses the default penalties on a small loan (0.5 % a day is 15 % a month)', () => {
    expect(validateProduct({ ...small, penalties: PRODUCT_V1.penalties }).some((p) => p.includes('late charges of 20 % a month'))).toBe(true);
  });

  it('refuses nominal interest above 6 % a month', () => {
    const problems = validateProduct({ ...small, interest: { model: 'ADD_ON', monthlyRateBps: 700 } });
    expect(problems).toContain('SEC small-loan cap: nominal interest 7 % a month is above 6 %');
  });

  it('refuses an effective rate above 12 % a month', () => {
    // 10,000 for a month at 6 % with a 700 fee deducted: 10,600 repays 9,300: 13.98 % a month.
    const problems = validateProduct({
      ...small,
      terms: [1],
      defaultTerm: 1,
      interest: { model: 'ADD_ON', monthlyRateBps: 600 },
      fees: [{ code: 'SERVICE', label: 'Service fee', treatment: 'DEDUCTED_FROM_PROCEEDS', flat: php(700), bpsOfPrincipal: 0 }],
    });
    expect(problems).toContain('SEC small-loan cap (SEC MC 14 s.2025): PHP 10000.00 over 1 months has an effective rate of 13.98 % a month, above 12 %');
  });

  it('refuses a total cost above 100 % of the principal', () => {
    const problems = validateProduct({
      ...small,
      fees: [{ code: 'SERVICE', label: 'Service fee', treatment: 'ADDED_TO_SCHEDULE', flat: php(6_000), bpsOfPrincipal: 0 }],
    });
    expect(problems.some((p) => p.includes('costs more than 100 % of the principal'))).toBe(true);
  });
});

describe('configuration cannot promise more than the contract (25 % a year)', () => {
  it('refuses an annual cost cap above 25 % a year', () => {
    expect(validateProduct({ ...PRODUCT_V1, annualCostCapBps: 2501 })).toContain(
      'annualCostCapBps 25.01 % is above what the contract promises (at most 25 % a year)',
    );
    expect(validateProduct({ ...PRODUCT_V1, annualCostCapBps: 10_000 })).toContain(
      'annualCostCapBps 100 % is above what the contract promises (at most 25 % a year)',
    );
    expect(CONTRACT_ANNUAL_COST_CAP_BPS).toBe(2500);
  });

  it('measures the cap on the effective annual rate (EIR x 12): an add-on rate inside the flat cap but above it by EIR is refused', () => {
    // 2.08 % a month add-on is 24.96 % a year flat (inside the flat cap) but about 45 % a year by EIR.
    const addOn = { ...PRODUCT_V1, interest: { model: 'ADD_ON' as const, monthlyRateBps: 208 } };
    const problems = validateProduct(addOn);
    expect(problems.filter((p) => p.includes('in interest and fees'))).toEqual([]);
    expect(
      problems.some((p) =>
        /^PHP 200000\.00 over 6 months has an effective interest rate of \d+\.\d\d % a year \(EIR x 12\), above the 25 % a year cap$/.test(p),
      ),
    ).toBe(true);
  });

  it('states the refused EIR x 12 from whole basis points (bpsToPercent), never a float with toFixed', () => {
    // 2.10 % a month add-on: EIR x 12 of 4,200 basis points, shown as "42", not "42.00".
    const problems = validateProduct({ ...PRODUCT_V1, interest: { model: 'ADD_ON' as const, monthlyRateBps: 210 } });
    expect(problems).toContain('PHP 200000.00 over 6 months has an effective interest rate of 42 % a year (EIR x 12), above the 25 % a year cap');
    // 2.09 %: 41.80 % becomes "41.8".
    expect(validateProduct({ ...PRODUCT_V1, interest: { model: 'ADD_ON' as const, monthlyRateBps: 209 } })).toContain(
      'PHP 200000.00 over 6 months has an effective interest rate of 41.8 % a year (EIR x 12), above the 25 % a year cap',
    );
  });

  it('the default product (0.5 % a month add-on) has an EIR x 12 of 10.21 % to 11.13 % a year: valid by the new rule', () => {
    const rates = PRODUCT_V1.terms.map((term) => buildSchedule(PRODUCT_V1, PRODUCT_V1.minAmount, term, PRODUCT_V1.effectiveFrom).eir.annualNominal);
    expect(Math.min(...rates)).toBeGreaterThan(0.102);
    expect(Math.max(...rates)).toBeLessThan(0.1114);
    expect(validateProduct(PRODUCT_V1)).toEqual([]);
  });

  it('refuses a 30 % "MODIFICATION" fee, and any fee outside the catalogue or with the scam words', () => {
    const fee = (code: string, label: string, bps = 3000) => ({ code, label, treatment: 'DEDUCTED_FROM_PROCEEDS' as const, flat: 0n, bpsOfPrincipal: bps });
    const modification = validateProduct({ ...PRODUCT_V1, fees: [fee('MODIFICATION', 'Modification fee')] });
    expect(modification).toContain('fee MODIFICATION: a fee named "modif" is the advance-fee pattern; no such fee may exist');
    expect(modification.some((p) => p.startsWith('fee MODIFICATION: not a fee kind of the catalogue'))).toBe(true);
    for (const [code, label] of [
      ['UNLOCK', 'Unlock fee'],
      ['VERIFICATION', 'Account verification'],
      ['RELEASE', 'Release fee'],
      ['UNFREEZE', 'Unfreezing charge'],
      ['ACTIVATION', 'Wallet activation'],
      ['SERVICE', 'Processing before release'],
    ] as const) {
      expect(
        validateProduct({ ...PRODUCT_V1, fees: [fee(code, label, 10)] }).some((p) => p.includes('is the advance-fee pattern')),
        code,
      ).toBe(true);
    }
    expect(validateProduct({ ...PRODUCT_V1, fees: [fee('SERVICE', 'Handling fee', 10)] })).toContain(
      'fee SERVICE: its label must be the catalogue\'s "Service fee"',
    );
    expect(validateProduct({ ...PRODUCT_V1, fees: [{ ...fee('NOTARIAL', 'Notarial fee', 10), treatment: 'ADDED_TO_SCHEDULE' }] })).toContain(
      'fee NOTARIAL: may not be ADDED_TO_SCHEDULE',
    );
    expect(validateProduct({ ...PRODUCT_V1, name: 'Instant Unlock Loan' })[0]).toMatch(/product name must not contain "unlock"/);
  });

  it('a catalogue fee inside the cap is accepted', () => {
    expect(
      validateProduct({
        ...PRODUCT_V1,
        fees: [{ code: 'DOCUMENTARY_STAMP_TAX', label: 'Documentary stamp tax', treatment: 'DEDUCTED_FROM_PROCEEDS', flat: 0n, bpsOfPrincipal: 75 }],
      }),
    ).toEqual([]);
  });

  it('refuses 8 % a month (add-on), whatever the cap says', () => {
    const problems = validateProduct({ ...PRODUCT_V1, interest: { model: 'ADD_ON', monthlyRateBps: 800 } });
    expect(problems.some((p) => p.includes('(EIR x 12), above the 25 % a year cap'))).toBe(true);
    expect(problems.some((p) => p.includes('above the 25 % a year cap ('))).toBe(true);
  });

  it('refuses penalty rules that could never be charged under the cap', () => {
    // 30 % collection charge on the first day late: above the 25 % cap for a whole year.
    expect(validateProduct({ ...PRODUCT_V1, penalties: { graceDays: 3, dailyRateBps: 50, collectionChargeBps: 3000 } })).toContain(
      'late charges of 30.5 % on the first day late could never be charged: they are above the 25 % a year cap on all interest, fines and fees',
    );
    // Interest that takes the whole cap leaves nothing for fines: 1 % a month add-on over 12 months
    // is exactly a 12 % cap.
    const edge: ProductConfig = {
      ...PRODUCT_V1,
      minAmount: php(1_200_000),
      maxAmount: php(1_200_000),
      terms: [12],
      defaultTerm: 12,
      interest: { model: 'ADD_ON', monthlyRateBps: 100 },
      annualCostCapBps: 1200,
      eligibility: { ...PRODUCT_V1.eligibility, incomeMultipleByTerm: { 12: 12 } },
    };
    const problems = validateProduct(edge);
    expect(problems).toContain('PHP 1200000.00 over 12 months: interest and fees take the whole 12 % a year cap, so the late charges could never be charged');
    // Without late charges the same product has no penalty problem.
    expect(validateProduct({ ...edge, penalties: { graceDays: 3, dailyRateBps: 0, collectionChargeBps: 0 } }).some((p) => p.includes('late charges'))).toBe(
      false,
    );
  });
});

describe('an amount and term without a valid schedule', () => {
  const noSchedule = (p: ProductConfig) => productProblems(p).filter((t) => t.key === 'backoffice.settings.productForm.problems.noSchedule');
  const problems = en.backoffice.settings.productForm.problems;
  const problemsFil = fil.backoffice.settings.productForm.problems;

  it('names what is wrong from the catalogue, in English and Filipino, never an exception’s words', () => {
    // One centavo over 6 months: an instalment would repay nothing.
    const tiny = noSchedule({ ...PRODUCT_V1, minAmount: 1n });
    expect(tiny.length).toBeGreaterThan(0);
    expect(renderIn('en', tiny[0]!)).toBe(`PHP 0.01 over 6 months has no valid schedule: ${problems.scheduleAmountTooSmall}`);
    expect(renderIn('fil', tiny[0]!)).toBe(`walang wastong iskedyul ang PHP 0.01 sa loob ng 6 buwan: ${problemsFil.scheduleAmountTooSmall}`);
    expect(validateProduct({ ...PRODUCT_V1, minAmount: 1n })).toContain(`PHP 0.01 over 6 months has no valid schedule: ${problems.scheduleAmountTooSmall}`);
  });

  it('says when the fees deducted leave no proceeds', () => {
    const fee = { code: 'SERVICE', label: 'Service fee', treatment: 'DEDUCTED_FROM_PROCEEDS' as const, flat: 0n, bpsOfPrincipal: 10_000 };
    const texts = noSchedule({ ...PRODUCT_V1, fees: [fee] });
    expect(texts.length).toBe(PRODUCT_V1.terms.length * 2);
    expect(renderIn('fil', texts[0]!)).toBe(`walang wastong iskedyul ang PHP 200000.00 sa loob ng 6 buwan: ${problemsFil.scheduleNoProceeds}`);
    expect(renderIn('en', texts[0]!)).not.toContain('The fees deducted would leave no proceeds');
  });
});

describe('the small loan (SMALL version 1) and the SEC small-loan caps', () => {
  const small = SMALL_PRODUCT_V1;

  it('is PHP 1,000 to 10,000 over 1 to 4 months at 2 % a month on the declining balance, inside every cap', () => {
    expect(small).toMatchObject({
      code: 'SMALL',
      version: 1,
      minAmount: php(1_000),
      maxAmount: php(10_000),
      terms: [1, 2, 3, 4],
      interest: { model: 'DECLINING_BALANCE', monthlyRateBps: 200 },
      penalties: { graceDays: 3, dailyRateBps: 10, collectionChargeBps: 200 },
      annualCostCapBps: CONTRACT_ANNUAL_COST_CAP_BPS,
    });
    expect(validateProduct(small)).toEqual([]);
    expect(productByVersion(1, 'SMALL')).toBe(small);
    expect(small.interest.monthlyRateBps).toBeLessThanOrEqual(SEC_SMALL_LOAN_CAPS.nominalMonthlyRateBps);
    // Late charges for a 30-day month: 30 x 0.1 % + 2 % = 5 %, the SEC's cap.
    expect(small.penalties.dailyRateBps * 30 + small.penalties.collectionChargeBps).toBe(SEC_SMALL_LOAN_CAPS.latePenaltyMonthlyBps);
  });

  it('PHP 1,000 over 1 month: one instalment of 1,020.00, EIR 2 % a month (24 % a year, under the 25 % cap)', () => {
    const s = buildSchedule(small, php(1_000), 1, '2026-12-01');
    expect(s.lines.map((l) => [l.dueDate, l.principal, l.interest, l.total])).toEqual([['2027-01-01', php(1_000), 2_000n, 102_000n]]);
    expect(s.eir.monthly).toBeCloseTo(0.02, 12);
    expect(s.eir.annualNominal).toBeLessThanOrEqual(0.25);
  });

  it('refuses a version above a cap, naming the figure', () => {
    const problems = (p: ProductConfig) => validateProduct(p).join(' | ');
    // 7 % a month: above the SEC's 6 % nominal and the contract's 25 % a year.
    const nominal = problems({ ...small, interest: { model: 'DECLINING_BALANCE', monthlyRateBps: 700 } });
    expect(nominal).toContain('SEC small-loan cap: nominal interest 7 % a month is above 6 %');
    expect(nominal).toContain('above the 25 % a year cap');
    // 2.5 % a month: inside the SEC's caps, above the contract's 25 % a year (EIR x 12 = 30 %).
    expect(problems({ ...small, interest: { model: 'DECLINING_BALANCE', monthlyRateBps: 250 } })).toContain(
      'PHP 1000.00 over 1 months has an effective interest rate of 30 % a year (EIR x 12), above the 25 % a year cap',
    );
    // Late charges of 0.2 % a day and 2 %: 8 % a month, above the SEC's 5 %.
    expect(problems({ ...small, penalties: { ...small.penalties, dailyRateBps: 20 } })).toContain(
      'SEC small-loan cap: late charges of 8 % a month are above 5 % of the amount due',
    );
  });

  it('states the cooling-off days between small loans as a constant', () => {
    expect(SMALL_LOAN_COOLING_OFF_DAYS).toBe(7);
    expect(offersSmallLoans(small)).toBe(true);
    expect(offersSmallLoans(PRODUCT_V1)).toBe(false);
  });
});
