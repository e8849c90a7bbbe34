import { parseAmount, type Centavos } from '../../../shared/money/money';
import { bpsToPercent } from '../../../shared/loan/product';
import type { PublicConfig, PublicProduct } from '../../../shared/schemas/public';
import { PESO_SYMBOL, formatCurrency, formatList } from '../../lib/format';

export interface ProductFacts {
  readonly minAmount: Centavos;
  readonly maxAmount: Centavos;
  /** Interpolation values for copy: every figure on a page comes from the product configuration (invariant 6). */
  readonly values: {
    readonly min: string;
    readonly max: string;
    readonly rate: string;
    readonly cap: string;
    readonly terms: string;
    readonly termMin: number;
    readonly termMax: number;
  };
}

/** Amounts of the public configuration as centavos; a malformed amount is a configuration error, never a guess. */
function amountOf(text: string): Centavos {
  const amount = parseAmount(text);
  if (amount === null) throw new Error(`The product configuration has an invalid amount: ${text}`);
  return amount;
}

/**
 * A product's figures for copy; `product` is one of the public configuration's `products` (the
 * default one for the landing page's lead); `t` says the list of terms in the page's language.
 */
export function productFacts(product: PublicProduct, t: (key: string, values: Record<string, string>) => string): ProductFacts {
  const minAmount = amountOf(product.minAmount);
  const maxAmount = amountOf(product.maxAmount);
  return {
    minAmount,
    maxAmount,
    values: {
      min: formatCurrency(minAmount, PESO_SYMBOL),
      max: formatCurrency(maxAmount, PESO_SYMBOL),
      rate: bpsToPercent(product.monthlyRateBps),
      cap: bpsToPercent(product.annualCostCapBps),
      terms: formatList(product.terms, t),
      termMin: Math.min(...product.terms),
      termMax: Math.max(...product.terms),
    },
  };
}

/** Company values the legal texts and pages interpolate (invariant 8). */
export function companyValues(config: PublicConfig, appName: string) {
  const { company, product } = config;
  return {
    appName,
    companyName: company.companyName,
    shortName: company.shortName,
    address: company.address,
    supportEmail: company.supportEmail,
    dataProtectionOfficerEmail: company.dataProtectionOfficerEmail,
    secRegistrationNumber: company.secRegistrationNumber,
    certificateOfAuthorityNumber: company.certificateOfAuthorityNumber,
    minAge: product.minAge,
    costCap: bpsToPercent(product.annualCostCapBps),
  };
}
