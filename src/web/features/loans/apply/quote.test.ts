import { describe, expect, it } from 'vitest';
import { applicationOf, boundsOf, FIRST_SCHEDULE, initialTerm, quoteQuery, quoteRequestOf, scheduleFor, type ProductTerms } from './quote';
import type { QuoteResponse } from './types';
import type { DisclosureDto } from '../../../../shared/schemas/loans';

const product: ProductTerms = { minAmount: '5000.00', maxAmount: '250000.00', terms: [6, 12, 18, 24, 36], defaultTerm: 24 };

describe("the loanbox's quote request (useLoanQuote)", () => {
  it('reads the bounds in centavos', () => {
    expect(boundsOf(product)).toEqual({ min: 500_000n, max: 25_000_000n });
    expect(boundsOf(undefined)).toEqual({ min: 0n, max: 0n });
  });

  it("starts on the product's default term, or its first term when the default is not offered", () => {
    expect(initialTerm(product)).toBe(24);
    expect(initialTerm({ ...product, defaultTerm: 48 })).toBe(6);
  });

  it('asks only for an amount within the bounds, with a term chosen, once the product is known', () => {
    expect(quoteRequestOf('5000', 24, 'PHP', product)).toEqual({ amount: '5000.00', term: 24, currency: 'PHP' });
    expect(quoteRequestOf('250000.5', 24, 'PHP', product)).toBeNull();
    expect(quoteRequestOf('4999.99', 24, 'PHP', product)).toBeNull();
    expect(quoteRequestOf('', 24, 'PHP', product)).toBeNull();
    expect(quoteRequestOf('10000', null, 'PHP', product)).toBeNull();
    expect(quoteRequestOf('10000', 12, 'PHP', undefined)).toBeNull();
  });

  it('sends the currency only when it is not the peso', () => {
    expect(quoteQuery({ amount: '10000.00', term: 12, currency: 'PHP' })).toEqual({ amount: '10000.00', term: 12 });
    expect(quoteQuery({ amount: '10000.00', term: 12, currency: 'USD' })).toEqual({ amount: '10000.00', term: 12, currency: 'USD' });
  });

  it('applies for exactly the quote read: its amount, term, product and product version', () => {
    const quote: QuoteResponse = { productCode: 'SMALL', productVersion: 3, disclosure: { amountFinanced: '20000.00', termMonths: 18 } as DisclosureDto };
    expect(applicationOf(quote, 'USD', {})).toEqual({ amount: '20000.00', term: 18, selectedCurrency: 'USD', productCode: 'SMALL', productVersion: 3 });
  });

  it('applies on the schedule the quote was asked for, a picked day included (the preview statement leaves out a day equal to today)', () => {
    const quote: QuoteResponse = { productCode: 'SMALL', productVersion: 3, disclosure: { amountFinanced: '5000.00', termMonths: 2 } as DisclosureDto };
    expect(applicationOf(quote, 'PHP', { frequency: 'MONTHLY', dueDay: 28 })).toMatchObject({ frequency: 'MONTHLY', dueDay: 28 });
    expect(applicationOf(quote, 'PHP', { frequency: 'SEMI_MONTHLY' })).toMatchObject({ frequency: 'SEMI_MONTHLY' });
    expect(applicationOf(quote, 'PHP', { frequency: 'SEMI_MONTHLY' })).not.toHaveProperty('dueDay');
  });

  it('asks for the schedule chosen: nothing for monthly on the payout day, the day for a picked one, no day twice a month', () => {
    const both: ProductTerms = {
      code: 'SMALL',
      minAmount: '1000.00',
      maxAmount: '10000.00',
      terms: [1, 2, 3, 4],
      defaultTerm: 2,
      frequencies: ['MONTHLY', 'SEMI_MONTHLY'],
    };
    expect(quoteRequestOf('5000', 2, 'PHP', both, FIRST_SCHEDULE)).toEqual({ amount: '5000.00', term: 2, currency: 'PHP', product: 'SMALL' });
    const picked = quoteRequestOf('5000', 2, 'PHP', both, { frequency: 'MONTHLY', dueDay: 10 });
    expect(picked).toEqual({ amount: '5000.00', term: 2, currency: 'PHP', product: 'SMALL', frequency: 'MONTHLY', dueDay: 10 });
    expect(quoteQuery(picked!)).toEqual({ amount: '5000.00', term: 2, product: 'SMALL', frequency: 'MONTHLY', dueDay: 10 });
    // A day left over from monthly is not sent with twice a month.
    expect(quoteRequestOf('5000', 2, 'PHP', both, { frequency: 'SEMI_MONTHLY', dueDay: 10 })).toEqual({
      amount: '5000.00',
      term: 2,
      currency: 'PHP',
      product: 'SMALL',
      frequency: 'SEMI_MONTHLY',
    });
  });

  it('falls back to monthly on the payout day when the product chosen does not offer the schedule', () => {
    const monthlyOnly: ProductTerms = { code: 'PAYDAY', minAmount: '1000.00', maxAmount: '10000.00', terms: [1], defaultTerm: 1, frequencies: ['MONTHLY'] };
    expect(scheduleFor(monthlyOnly, { frequency: 'SEMI_MONTHLY', dueDay: null })).toEqual(FIRST_SCHEDULE);
    expect(scheduleFor(monthlyOnly, { frequency: 'MONTHLY', dueDay: 5 })).toEqual({ frequency: 'MONTHLY', dueDay: 5 });
    expect(scheduleFor({ ...monthlyOnly, frequencies: undefined }, { frequency: 'SEMI_MONTHLY', dueDay: null })).toEqual(FIRST_SCHEDULE);
    expect(quoteRequestOf('5000', 1, 'PHP', monthlyOnly, { frequency: 'SEMI_MONTHLY', dueDay: null })).not.toHaveProperty('frequency');
  });

  it('names the product in the quote when the product has a code', () => {
    const small: ProductTerms = { code: 'SMALL', minAmount: '1000.00', maxAmount: '10000.00', terms: [1, 2, 3, 4], defaultTerm: 2 };
    const request = quoteRequestOf('10000', 4, 'PHP', small);
    expect(request).toEqual({ amount: '10000.00', term: 4, currency: 'PHP', product: 'SMALL' });
    expect(quoteQuery(request!)).toEqual({ amount: '10000.00', term: 4, product: 'SMALL' });
  });
});
