import { parseAmount, toDecimalString } from '../../../../shared/money/money';
import { DEFAULT_CURRENCY } from '../../../../shared/money/currencies';
import { parseInputText } from '../../../../shared/money/calculator';
import type { ScheduleFrequency } from '../../../../shared/loan/dates';
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
  /** How often its instalments may fall due (absent: monthly only). */
  readonly frequencies?: readonly ScheduleFrequency[];
}

/**
 * The repayment schedule the member chose (docs/decisions/084): how often, and for monthly
 * instalments the day of the month (null: the day the loan is paid out, the rule from before).
 */
export interface ScheduleChoice {
  readonly frequency: ScheduleFrequency;
  readonly dueDay: number | null;
}

export const FIRST_SCHEDULE: ScheduleChoice = { frequency: 'MONTHLY', dueDay: null };

/** The choice kept when another product is chosen, or the first schedule when that product does not offer it. */
export function scheduleFor(product: ProductTerms | undefined, choice: ScheduleChoice): ScheduleChoice {
  const offered = product?.frequencies ?? ['MONTHLY'];
  return offered.includes(choice.frequency) ? choice : FIRST_SCHEDULE;
}

/** The query and application fields of a choice: none for monthly on the payout day (older clients' rule), no day for twice a month. */
function scheduleFields(choice: ScheduleChoice): { frequency?: ScheduleFrequency; dueDay?: number } {
  if (choice.frequency === 'SEMI_MONTHLY') return { frequency: 'SEMI_MONTHLY' };
  return choice.dueDay === null ? {} : { frequency: 'MONTHLY', dueDay: choice.dueDay };
}

export interface QuoteRequest {
  readonly amount: string;
  readonly term: number;
  readonly currency: string;
  /** The product's code, when the product has one. */
  readonly product?: string;
  readonly frequency?: ScheduleFrequency;
  readonly dueDay?: number;
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
export function quoteRequestOf(
  text: string,
  term: number | null,
  currency: string,
  product: ProductTerms | undefined,
  schedule: ScheduleChoice = FIRST_SCHEDULE,
): QuoteRequest | null {
  const amount = parseInputText(text);
  if (amount === null || product === undefined || term === null) return null;
  const { min, max } = boundsOf(product);
  if (amount < min || amount > max) return null;
  return {
    amount: toDecimalString(amount),
    term,
    currency,
    ...(product.code === undefined ? {} : { product: product.code }),
    ...scheduleFields(scheduleFor(product, schedule)),
  };
}

/** GET /api/loans/quote's query string: the currency only when it is not the peso, the product when one is named. */
export function quoteQuery(request: QuoteRequest): {
  amount: string;
  term: number;
  currency?: string;
  product?: string;
  frequency?: ScheduleFrequency;
  dueDay?: number;
} {
  return {
    amount: request.amount,
    term: request.term,
    ...(request.currency === DEFAULT_CURRENCY ? {} : { currency: request.currency }),
    ...(request.product === undefined ? {} : { product: request.product }),
    ...(request.frequency === undefined ? {} : { frequency: request.frequency }),
    ...(request.dueDay === undefined ? {} : { dueDay: request.dueDay }),
  };
}

/**
 * The application for exactly the quote the member read (amount, term, product and its version)
 * on the schedule they chose: the quote's own request's frequency and day, so that a day picked
 * equal to today's (which the preview's statement does not state) still reaches the server.
 */
export function applicationOf(quote: QuoteResponse, currency: string, request: Pick<QuoteRequest, 'frequency' | 'dueDay'>): LoanApplicationRequest {
  return {
    amount: quote.disclosure.amountFinanced,
    term: quote.disclosure.termMonths,
    selectedCurrency: currency,
    productCode: quote.productCode,
    productVersion: quote.productVersion,
    ...(request.frequency === undefined ? {} : { frequency: request.frequency }),
    ...(request.dueDay === undefined ? {} : { dueDay: request.dueDay }),
  };
}
