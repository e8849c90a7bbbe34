import { useEffect, useRef, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../../lib/api';
import { usePublicConfig } from '../../../lib/queries';
import { parseAmount } from '../../../../shared/money/money';
import { DEFAULT_CURRENCY } from '../../../../shared/money/currencies';
import { parseInputText, toInputText } from '../../../../shared/money/calculator';
import { boundsOf, FIRST_SCHEDULE, initialTerm, quoteQuery, quoteRequestOf, scheduleFor, type ScheduleChoice } from './quote';
import type { QuoteResponse } from './types';

/** Waits `ms` after the last change of `value`. */
function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The loanbox's inputs (amount text, term, repayment schedule, display currency) and the server's quote for them:
 * asked 300 ms after the last change, only for an amount within the product's bounds. `current`
 * is the quote of exactly what is typed now (never the previous one kept while the next loads).
 */
export function useLoanQuote(wantedProduct: string | null = null) {
  const config = usePublicConfig();
  const products = config.data?.products;
  const [productCode, setProductCode] = useState<string | null>(wantedProduct);
  // The product chosen (or named in the link from the landing page) when it is offered, else the default (the first).
  const product = products?.find((p) => p.code === productCode) ?? products?.[0];
  const bounds = boundsOf(product);
  const [text, setText] = useState('');
  const [term, setTerm] = useState<number | null>(null);
  const [currency, setCurrency] = useState<string>(DEFAULT_CURRENCY);
  const [chosenSchedule, setSchedule] = useState<ScheduleChoice>(FIRST_SCHEDULE);
  // A schedule the product chosen now does not offer falls back to monthly on the payout day.
  const schedule = scheduleFor(product, chosenSchedule);

  // The product's minimum amount and default term, once the configuration has loaded and whenever another product is chosen.
  const initialised = useRef<string | null>(null);
  useEffect(() => {
    if (!product || initialised.current === product.code) return;
    initialised.current = product.code;
    setText(toInputText(parseAmount(product.minAmount) ?? 0n));
    setTerm(initialTerm(product));
  }, [product]);

  const amount = parseInputText(text);
  const wanted = quoteRequestOf(text, term, currency, product, schedule);
  const request = useDebounced(wanted, 300);
  const quote = useQuery<QuoteResponse, ApiError>({
    queryKey: ['loans', 'quote', request],
    queryFn: ({ signal }) => call(() => import('../../../../shared/api/loans').then((m) => m.loansApi.quote), { query: quoteQuery(request!), signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const current = quote.data && request && !quote.isPlaceholderData ? quote.data : null;

  return {
    products: products ?? [],
    product,
    chooseProduct: setProductCode,
    bounds,
    text,
    setText,
    amount,
    inRange: wanted !== null,
    term,
    setTerm,
    schedule,
    setSchedule,
    currency,
    setCurrency,
    quote,
    /** A quote error for the amount asked for (not one left from an amount since changed). */
    quoteError: quote.isError && request ? quote.error : null,
    current,
    /** What `current` was asked for (its schedule is what the application sends). */
    currentRequest: current ? request : null,
  };
}
