import type { AppConfig } from '../../config';
import type { ProductConfig } from '../../../shared/loan/product';
import { CURRENCIES } from '../../../shared/money/currencies';
import { toDecimalString } from '../../../shared/money/money';
import type { PublicConfig } from '../../../shared/schemas/public';
import type { RatesProvider } from '../../providers/fx/rates';

/** The public configuration the pages render from: company profile and product, from one source. */
export function publicConfig(config: AppConfig, p: ProductConfig): PublicConfig {
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
    devTools: config.devTools,
  };
}

/** The active currencies that have a rate. */
export async function activeCurrencies(rates: RatesProvider) {
  const snapshot = await rates.current();
  return CURRENCIES.filter((c) => c.active && snapshot.rates[c.currencyCode] !== undefined);
}
