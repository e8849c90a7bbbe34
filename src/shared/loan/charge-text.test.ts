import { describe, expect, it } from 'vitest';
import { renderIn } from '../i18n/lookup';
import { financeChargeText } from './charge-text';

const statement = { interestModel: 'ADD_ON' as const, nominalMonthlyRatePercent: '0.5', termMonths: 12 };

describe('a finance charge in the reader language', () => {
  it('says the interest line in Filipino from the statement rate and term, not the English label it was issued with', () => {
    const words = financeChargeText(statement, { code: 'INTEREST', label: 'Interest: 0.5 % of the principal a month for 12 months (add-on)' });
    expect(typeof words).not.toBe('string');
    if (typeof words === 'string') return;
    expect(renderIn('en', words)).toBe('Interest: 0.5 % of the principal a month for 12 months (add-on)');
    expect(renderIn('fil', words)).toBe('Interes: 0.5 % ng principal bawat buwan sa loob ng 12 buwan (add-on)');
  });

  it('names a fee by its kind, and keeps the issued label of a charge it does not know', () => {
    const fee = financeChargeText(statement, { code: 'SERVICE', label: 'Service fee' });
    expect(typeof fee === 'string' ? fee : renderIn('fil', fee)).toBe('Bayad sa serbisyo');
    expect(financeChargeText(statement, { code: 'OTHER', label: 'Something issued' })).toBe('Something issued');
  });
});
