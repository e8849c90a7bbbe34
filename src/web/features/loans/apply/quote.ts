import { parseAmount, toDecimalString } from '../../../../shared/money/money';
import { DEFAULT_CURRENCY } from '../../../../shared/money/currencies';
import { parseInputText } from '../../../../shared/money/calculator';
import type { LoanApplicationRequest } from '../../../../shared/schemas/loans';
import type { QuoteResponse } from './types';

/** What the loanbox needs of the product (one of the public configuration's `products`). */
export interface ProductTerms {
  /** The product's code (PERSONAL, SMALL, ...): the quote and the application name it. */
  readonly code?: string;
  readonly minAmount: string;
  readonly maxAmount: string;
  readonly terms: readonly number[];
  readonly defaultTerm: number;
}

export interface QuoteRequest {
  readonly amount: string;
  readonly term: number;
  readonly currency: string;
  /** The product's code, when the product has one. */
  readonly product?: string;
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
  return product.code === undefined
    ? { amount: toDecimalString(amount), term, currency }
    : { amount: toDecimalString(amount), term, currency, product: product.code };
}

/** GET /api/loans/quote's query string: the currency only when it is not the peso, the product when one is named. */
export function quoteQuery(request: QuoteRequest): { amount: string; term: number; currency?: string; product?: string } {
  return {
    amount: request.amount,
    term: request.term,
    ...(request.currency === DEFAULT_CURRENCY ? {} : { currency: request.currency }),
    ...(request.product === undefined ? {} : { product: request.product }),
  };
}

/** The application for exactly the quote the member read (amount, term, product and its version). */
export function applicationOf(quote: QuoteResponse, currency: string): LoanApplicationRequest {
  return {
    amount: quote.disclosure.amountFinanced,
    term: quote.disclosure.termMonths,
    selectedCurrency: currency,
    productCode: quote.productCode,
    productVersion: quote.productVersion,
  };
}
