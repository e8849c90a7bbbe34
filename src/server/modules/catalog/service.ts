import type { AppConfig } from '../../config';
import { offeredFrequencies, type ProductConfig } from '../../../shared/loan/product';
import { describeProduct } from '../../../shared/loan/description';
import { CURRENCIES } from '../../../shared/money/currencies';
import { toDecimalString } from '../../../shared/money/money';
import type { PublicConfig, PublicProduct } from '../../../shared/schemas/public';
import { SMALL_LOAN_COOLING_OFF_DAYS, offersSmallLoans } from '../../../shared/loan/charges';
import type { RatesProvider } from '../../providers/fx/rates';

/** One product offered as the pages read it (publicProductSchema): its configuration, nothing computed twice. */
export function publicProduct(p: ProductConfig): PublicProduct {
  const smallLoan = offersSmallLoans(p);
  return {
    code: p.code,
    version: p.version,
    names: { ...p.names },
    // Filled with this version's figures (decision 086): the pages show the sentence, never the template.
    descriptions: describeProduct(p),
    effectiveFrom: p.effectiveFrom,
    currency: p.currency,
    minAmount: toDecimalString(p.minAmount),
    maxAmount: toDecimalString(p.maxAmount),
    terms: [...p.terms],
    defaultTerm: p.defaultTerm,
    frequencies: [...offeredFrequencies(p)],
    interestModel: p.interest.model,
    monthlyRateBps: p.interest.monthlyRateBps,
    fees: p.fees.map((f) => ({ code: f.code, label: f.label, treatment: f.treatment, flat: toDecimalString(f.flat), bpsOfPrincipal: f.bpsOfPrincipal })),
    penalties: { ...p.penalties },
    annualCostCapBps: p.annualCostCapBps,
    minAge: p.eligibility.minAge,
    maxAge: p.eligibility.maxAgeAtTermEnd,
    smallLoan,
    coolingOffDays: smallLoan ? SMALL_LOAN_COOLING_OFF_DAYS : null,
  };
}

/**
 * The public configuration the pages render from: company profile and products, from one source.
 * `products` are the ones offered, the default first; `product` is the default one (PERSONAL), as
 * pages from before products side by side read it.
 */
export function publicConfig(config: AppConfig, products: readonly ProductConfig[]): PublicConfig {
  const p = products[0];
  if (!p) throw new RangeError('No product is offered');
  return {
    company: config.company,
    product: {
      version: p.version,
      currency: p.currency,
      minAmount: toDecimalString(p.minAmount),
      maxAmount: toDecimalString(p.maxAmount),
      terms: [...p.terms],
      defaultTerm: p.defaultTerm,
      monthlyAddOnRateBps: p.interest.monthlyRateBps,
      annualCostCapBps: p.annualCostCapBps,
      minAge: p.eligibility.minAge,
      maxAge: p.eligibility.maxAgeAtTermEnd,
    },
    products: products.map(publicProduct),
    devTools: config.devTools,
  };
}

/** The active currencies that have a rate. */
export async function activeCurrencies(rates: RatesProvider) {
  const snapshot = await rates.current();
  return CURRENCIES.filter((c) => c.active && snapshot.rates[c.currencyCode] !== undefined);
}
