import { describe, expect, it } from 'vitest';
import { disclosureSchema } from '../schemas/loans';
import { statementOf, toDisclosure } from './disclosure';
import { philippineDate } from '../activation/age';
import { DEMO_COMPANY_PROFILE } from '../company/profile';
import { PRODUCT_V1 } from './product';
import { buildSchedule } from './schedule';

describe('toDisclosure', () => {
  const schedule = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-01-31');

  it('carries the statement items as decimal strings, from the schedule', () => {
    const d = toDisclosure(PRODUCT_V1, schedule);
    expect(disclosureSchema.parse(d)).toEqual(d);
    expect(d).toMatchObject({
      amountFinanced: '200000.00',
      totalFinanceCharge: '6000.00',
      deductedFromProceeds: '0.00',
      netProceeds: '200000.00',
      totalPayable: '206000.00',
      regularInstalment: '34334.00',
      nominalMonthlyRatePercent: '0.5',
      balanceMonthlyRatePercent: '0.8511',
      eir: { monthlyPercent: '0.8511', annualPercent: '10.2137', annualCompoundedPercent: '10.7057', annualBasis: 'MONTHLY_TIMES_12' },
      costCap: { annualPercent: '25', capAmount: '25000.00', maxFines: '19000.00' },
      penalties: { graceDays: 3, dailyRatePercent: '0.5', collectionChargePercent: '5' },
      converted: null,
    });
    expect(d.financeCharges).toEqual([
      { code: 'INTEREST', label: 'Interest: 0.5 % of the principal a month for 6 months (add-on)', amount: '6000.00', paidAs: 'INTEREST' },
    ]);
    expect(d.schedule[5]).toEqual({
      number: 6,
      dueDate: '2026-07-31',
      principal: '34040.27',
      interest: '289.73',
      fees: '0.00',
      total: '34330.00',
      balanceAfter: '0.00',
    });
  });

  it('adds the amounts in the selected currency, rounded up, with the rate and its date', () => {
    const d = toDisclosure(PRODUCT_V1, schedule, { currency: 'USD', rate: '0.01712', ratesAsOf: '2026-11-20' });
    // 200,000 x 0.01712 = 3,424.00; 34,334 x 0.01712 = 587.79808 -> 588.00; 206,000 x 0.01712 = 3,526.72 -> 3,527.00
    expect(d.converted).toEqual({
      currency: 'USD',
      rate: '0.01712',
      displayRate: '58.41',
      ratesAsOf: '2026-11-20',
      amountFinanced: '3424.00',
      regularInstalment: '588.00',
      totalPayable: '3527.00',
    });
    expect(toDisclosure(PRODUCT_V1, schedule, { currency: 'PHP', rate: '1', ratesAsOf: '2026-11-20' }).converted).toBeNull();
  });
});

describe('the statement facts BSP Circular 730 lists', () => {
  const schedule = buildSchedule(PRODUCT_V1, 20_000_000n, 6, '2026-01-31');
  const company = { ...DEMO_COMPANY_PROFILE, companyName: 'Halimbawa Lending Corp.', disclosureSignatory: { name: 'Ana Reyes', position: 'Treasurer' } };

  it('lists every non-finance charge at 0.00 (the product has none) with a 0.00 total, with or without the statement facts', () => {
    for (const d of [toDisclosure(PRODUCT_V1, schedule), toDisclosure(PRODUCT_V1, schedule, null, statementOf(company, '2026-01-31', null))]) {
      expect(d.nonFinanceCharges).toEqual([
        { code: 'INSURANCE', amount: '0.00' },
        { code: 'TAXES', amount: '0.00' },
        { code: 'REGISTRATION', amount: '0.00' },
        { code: 'NOTARIAL', amount: '0.00' },
        { code: 'OTHER', amount: '0.00' },
      ]);
      expect(d.totalNonFinanceCharges).toBe('0.00');
    }
    expect(toDisclosure(PRODUCT_V1, schedule).statement).toBeUndefined();
  });

  it('dates the statement in Philippine time, names the borrower and the certified-correct signatory of the profile', () => {
    // 16:30 UTC on 30 January is 00:30 on 31 January in Manila.
    const date = philippineDate(new Date('2026-01-30T16:30:00Z'));
    const d = toDisclosure(PRODUCT_V1, schedule, null, statementOf(company, date, { name: 'Maria Dela Cruz', address: '12 Mabini St., Manila' }));
    expect(disclosureSchema.parse(d)).toEqual(d);
    expect(d.statement).toEqual({
      date: '2026-01-31',
      timeZone: 'Asia/Manila',
      borrower: { name: 'Maria Dela Cruz', address: '12 Mabini St., Manila' },
      certifiedCorrect: { name: 'Ana Reyes', position: 'Treasurer', companyName: 'Halimbawa Lending Corp.' },
      issue: 'ISSUED',
    });
    expect(statementOf(company, '2026-02-02', null, 'REISSUED_AT_DISBURSEMENT')).toMatchObject({
      date: '2026-02-02',
      borrower: null,
      issue: 'REISSUED_AT_DISBURSEMENT',
    });
  });
});
