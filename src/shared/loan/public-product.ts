import { parseAmount, type Centavos } from '../money/money';
import type { PublicProduct } from '../schemas/public';
import type { ProductConfig } from './product';

/**
 * A product of the public configuration (GET /api/public/config `products`) as the schedule engine
 * reads it, so that a page computes any amount and term's figures with buildSchedule
 * (schedule.ts), the engine the disclosure statement and the ledger use: no second formula in the
 * browser (DECISIONS.md invariant 6). Eligibility beyond the ages is not public (the pre-assessment
 * is the server's); the engine does not read it.
 */
export function productFromPublic(p: PublicProduct): ProductConfig {
  const money = (text: string): Centavos => {
    const value = parseAmount(text);
    if (value === null) throw new RangeError(`The product configuration has an invalid amount: ${text}`);
    return value;
  };
  return {
    code: p.code,
    version: p.version,
    names: p.names,
    descriptions: p.descriptions,
    effectiveFrom: p.effectiveFrom,
    name: p.names.en,
    currency: p.currency,
    minAmount: money(p.minAmount),
    maxAmount: money(p.maxAmount),
    terms: [...p.terms],
    defaultTerm: p.defaultTerm,
    frequencies: [...p.frequencies],
    interest: { model: p.interestModel, monthlyRateBps: p.monthlyRateBps },
    fees: p.fees.map((f) => ({ code: f.code, label: f.label, treatment: f.treatment, flat: money(f.flat), bpsOfPrincipal: f.bpsOfPrincipal })),
    penalties: { ...p.penalties },
    annualCostCapBps: p.annualCostCapBps,
    eligibility: { minAge: p.minAge, maxAgeAtTermEnd: p.maxAge, incomeMultipleByTerm: {}, maxDebtServiceRatioBps: 10_000 },
  };
}

/** A product's name or description in the page's language (Filipino for fil, else English). */
export function localText(text: { readonly en: string; readonly fil: string }, language: string | undefined): string {
  return language?.startsWith('fil') ? text.fil : text.en;
}
