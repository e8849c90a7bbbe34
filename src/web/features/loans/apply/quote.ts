import { parseAmount, toDecimalString } from '../../../../shared/money/money';
import { DEFAULT_CURRENCY } from '../../../../shared/money/currencies';
import { parseInputText } from '../../../../shared/money/calculator';
import type { LoanApplicationRequest } from '../../../../shared/schemas/loans';
import type { QuoteResponse } from './types';

/** What the loanbox needs of the product (the public configuration's `product`). */
export interface ProductTerms {
  readonly minAmount: string;
  readonly maxAmount: string;
  readonly terms: readonly number[];
  readonly defaultTerm: number;
}

export interface QuoteRequest {
  readonly amount: string;
  readonly term: number;
  readonly currency: string;
}

/** The product's bounds in centavos (0 while a bound does not parse). */
export function boundsOf(product: ProductTerms | undefined): { readonly min: bigint; readonly max: bigint } {
  return { min: product ? (parseAmount(product.minAmount) ?? 0n) : 0n, max: product ? (parseAmount(product.maxAmount) ?? 0n) : 0n };
}

/** The term shown first: the product's default when it is offered, else its first term. */
export function initialTerm(product: ProductTerms): number {
  return product.terms.includes(product.defaultTerm) ? product.defaultTerm : (product.terms[0] ?? product.defaultTerm);
}

/** The quote to ask for, or null while the typed amount is outside the product's bounds or no term is chosen. */
export function quoteRequestOf(text: string, term: number | null, currency: string, product: ProductTerms | undefined): QuoteRequest | null {
  const amount = parseInputText(text);
  if (amount === null || product === undefined || term === null) return null;
  const { min, max } = boundsOf(product);
  if (amount < min || amount > max) return null;
  return { amount: toDecimalString(amount), term, currency };
}

/** GET /api/loans/quote's query string: the currency only when it is not the peso. */
export function quoteQuery(request: QuoteRequest): { amount: string; term: number; currency?: string } {
  return request.currency === DEFAULT_CURRENCY
    ? { amount: request.amount, term: request.term }
    : { amount: request.amount, term: request.term, currency: request.currency };
}

/** The application for exactly the quote the member read (amount, term, product version). */
export function applicationOf(quote: QuoteResponse, currency: string): LoanApplicationRequest {
  return {
    amount: quote.disclosure.amountFinanced,
    term: quote.disclosure.termMonths,
    selectedCurrency: currency,
    productVersion: quote.productVersion,
  };
}
