import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrencies, useRates } from '../../lib/queries';
import { SelectField, TextField } from '../../ui/Field';
import type { PublicProduct } from '../../../shared/schemas/public';
import { CURRENCIES, DEFAULT_CURRENCY, type Currency } from '../../../shared/money/currencies';
import { convertFromPhpRoundedUp, inverseRateToTwoDecimals, parseRate, PHP_RATE, type Rate } from '../../../shared/money/rate';
import {
  acceptAmountInput,
  boundsInCurrency,
  capAmount,
  clampAmount,
  parseInputText,
  phpEquivalent,
  roundUpWhole,
  toInputText,
  type Bounds,
} from '../../../shared/money/calculator';
import { parseAmount } from '../../../shared/money/money';
import { buildSchedule } from '../../../shared/loan/schedule';
import { productFromPublic } from '../../../shared/loan/public-product';
import { ProductChoice } from '../../ui/ProductChoice';
import { bpsToPercent } from '../../../shared/loan/product';
import { formatCurrency, formatIsoDate } from '../../lib/format';
import { productFacts } from './facts';
import { PESO_SYMBOL } from '../../lib/format';
import { PreviewCarousel } from './PreviewCarousel';
import { useDomId } from '../../ui/dom-id';

/** The slider moves in thousandths of the range, so a keyboard arrow is a useful step in any currency. */
const SLIDER_STEPS = 1000;

const PESO: Currency = CURRENCIES.find((c) => c.currencyCode === DEFAULT_CURRENCY) ?? {
  currencyCode: DEFAULT_CURRENCY,
  currencyName: 'Philippine Peso',
  currencySymbol: PESO_SYMBOL,
  countryName: 'Philippines',
  active: true,
};

function sliderPosition(amount: bigint | null, bounds: Bounds): number {
  const span = bounds.max - bounds.min;
  if (amount === null || span <= 0n) return 0;
  return Number(((clampAmount(amount, bounds) - bounds.min) * BigInt(SLIDER_STEPS)) / span);
}

function amountAtPosition(position: number, bounds: Bounds): bigint {
  if (position >= SLIDER_STEPS) return bounds.max;
  const span = bounds.max - bounds.min;
  return clampAmount(roundUpWhole(bounds.min + (span * BigInt(position)) / BigInt(SLIDER_STEPS)), bounds);
}

/**
 * The landing page's loan calculator (specification sections 4, 5 and 9) on the shared maths:
 * the products offered to choose from, the currency list and rate snapshot from the server, the
 * amount input (digits with at most two decimals, capped while typing, clamped on blur), the slider
 * from the minimum to the maximum times the rate, the term buttons, and the monthly repayment,
 * total and effective rate from the schedule engine (buildSchedule, the one the disclosure statement
 * uses) on the chosen product's configuration. Loans are booked in PHP; other currencies are for
 * display, with the rates' as-of date beside them.
 */
export function LoanCalculator({ products }: { readonly products: readonly PublicProduct[] }) {
  const { t, i18n } = useTranslation();
  const currencies = useCurrencies();
  const rates = useRates();
  const [productCode, setProductCode] = useState(() => products[0]?.code ?? '');
  const product = products.find((p) => p.code === productCode) ?? products[0]!;
  const engineProduct = useMemo(() => productFromPublic(product), [product]);
  const facts = useMemo(() => productFacts(product, t), [product, t]);
  const ids = { term: useDomId(), range: useDomId() };
  const firstTerm = (p: PublicProduct) => (p.terms.includes(p.defaultTerm) ? p.defaultTerm : (p.terms[0] ?? p.defaultTerm));

  const [code, setCode] = useState<string>(DEFAULT_CURRENCY);
  const [text, setText] = useState(() => toInputText(facts.minAmount));
  const [term, setTerm] = useState(() => firstTerm(product));

  const snapshot = rates.data;
  const options: readonly Currency[] =
    currencies.data && snapshot
      ? currencies.data.filter((c) => c.active && (c.currencyCode === DEFAULT_CURRENCY || snapshot.rates[c.currencyCode] !== undefined))
      : [PESO];
  const rateOf = (currencyCode: string): Rate => {
    const quoted = snapshot?.rates[currencyCode];
    return currencyCode === DEFAULT_CURRENCY || quoted === undefined ? PHP_RATE : parseRate(quoted);
  };

  const currency = options.find((c) => c.currencyCode === code) ?? PESO;
  const foreign = currency.currencyCode !== DEFAULT_CURRENCY;
  const rate = rateOf(currency.currencyCode);
  const bounds = boundsInCurrency(facts.minAmount, facts.maxAmount, rate);
  const amount = parseInputText(text);
  const inRange = amount !== null && amount >= bounds.min && amount <= bounds.max;
  const money = (value: bigint) => formatCurrency(value, currency.currencySymbol);
  const peso = (value: bigint) => formatCurrency(value, PESO_SYMBOL);
  // Said only beside a foreign currency: the first Intl.DateTimeFormat costs the hydration several milliseconds.
  const asOf = foreign && snapshot ? formatIsoDate(snapshot.asOf, i18n.language) : '';

  const changeCurrency = (next: string) => {
    const nextRate = rateOf(next);
    const nextBounds = boundsInCurrency(facts.minAmount, facts.maxAmount, nextRate);
    const inPesos = amount === null ? facts.minAmount : foreign ? phpEquivalent(amount, rate) : amount;
    setText(toInputText(clampAmount(convertFromPhpRoundedUp(inPesos, nextRate), nextBounds)));
    setCode(next);
  };

  const changeProduct = (next: PublicProduct) => {
    const min = productFacts(next, t).minAmount;
    setText(toInputText(foreign ? convertFromPhpRoundedUp(min, rate) : min));
    setTerm(firstTerm(next));
    setProductCode(next.code);
  };

  const changeText = (typed: string) => {
    const accepted = acceptAmountInput(typed, text);
    const parsed = parseInputText(accepted);
    if (parsed !== null && capAmount(parsed, bounds) !== parsed) setText(toInputText(capAmount(parsed, bounds)));
    else setText(accepted);
  };

  const principalPhp = inRange ? (foreign ? phpEquivalent(amount, rate) : amount) : null;
  // The due dates do not change the figures shown (the instalment, the total, the rate): the schedule counts from the product's date.
  // A foreign amount's peso equivalent may round a centavo past a bound: the engine is asked for the amount the product would lend.
  const schedule =
    principalPhp !== null
      ? buildSchedule(engineProduct, clampAmount(principalPhp, { min: facts.minAmount, max: facts.maxAmount }), term, product.effectiveFrom)
      : null;
  const instalmentPhp = schedule ? schedule.regularInstalment : null;
  const instalment = instalmentPhp === null ? null : foreign ? convertFromPhpRoundedUp(instalmentPhp, rate) : instalmentPhp;
  const inverse = parseAmount(inverseRateToTwoDecimals(rate));
  const ratesFailed = currencies.isError || rates.isError;

  return (
    <section aria-labelledby="calculator-heading" className="rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 sm:p-6">
      <h2 id="calculator-heading" className="text-xl font-bold text-brand">
        {t('public.landing.calculator.heading')}
      </h2>
      <div className="mt-4 grid gap-8 lg:grid-cols-[1fr_16rem]">
        <div className="flex min-w-0 flex-col gap-5">
          <ProductChoice products={products} chosen={product.code} onChoose={(next) => changeProduct(products.find((p) => p.code === next) ?? product)} />
          <SelectField label={t('public.landing.calculator.currency')} value={currency.currencyCode} onChange={(event) => changeCurrency(event.target.value)}>
            {options.map((c) => (
              <option key={c.currencyCode} value={c.currencyCode}>
                {t('public.landing.calculator.currencyOption', { code: c.currencyCode, name: c.currencyName })}
              </option>
            ))}
          </SelectField>
          {ratesFailed && (
            <div role="status" className="-mt-3 flex flex-wrap items-center gap-2 text-sm text-warning">
              <span>{t('public.landing.calculator.currenciesUnavailable')}</span>
              <button
                type="button"
                className="min-h-11 font-semibold text-brand underline underline-offset-4"
                onClick={() => {
                  if (currencies.isError) void currencies.refetch();
                  if (rates.isError) void rates.refetch();
                }}
              >
                {t('public.retry')}
              </button>
            </div>
          )}

          <div className="flex flex-col gap-2">
            <TextField
              label={t('public.landing.calculator.amount', { code: currency.currencyCode })}
              hint={t('public.landing.calculator.amountRange', { min: money(bounds.min), max: money(bounds.max) })}
              inputMode="decimal"
              autoComplete="off"
              maxLength={16}
              value={text}
              onChange={(event) => changeText(event.target.value)}
              onBlur={() => setText(toInputText(clampAmount(amount ?? bounds.min, bounds)))}
              className="text-lg font-semibold tabular-nums"
            />
            <input
              type="range"
              min={0}
              max={SLIDER_STEPS}
              step={1}
              value={sliderPosition(amount, bounds)}
              onChange={(event) => setText(toInputText(amountAtPosition(Number(event.target.value), bounds)))}
              aria-label={t('public.landing.calculator.slider')}
              aria-valuetext={money(clampAmount(amount ?? bounds.min, bounds))}
              aria-describedby={ids.range}
              className="h-11 w-full cursor-pointer accent-accent"
            />
            <div id={ids.range} className="flex justify-between gap-2 text-xs font-medium text-muted tabular-nums">
              <span>{money(bounds.min)}</span>
              <span>{money(bounds.max)}</span>
            </div>
            {foreign && (
              <div className="rounded-md bg-slate-50 px-3 py-2 text-sm text-ink">
                {amount !== null && (
                  <p className="font-semibold">{t('public.landing.calculator.phpEquivalent', { amount: peso(phpEquivalent(amount, rate)) })}</p>
                )}
                {inverse !== null && (
                  <p className="text-muted">{t('public.landing.calculator.rateLine', { date: asOf, code: currency.currencyCode, php: peso(inverse) })}</p>
                )}
                <p className="text-muted">{t('public.landing.calculator.displayOnly')}</p>
              </div>
            )}
          </div>

          <div className="flex flex-col gap-2">
            <span id={ids.term} className="text-sm font-semibold text-ink">
              {t('public.landing.calculator.term')}
            </span>
            <div role="group" aria-labelledby={ids.term} className="grid grid-cols-5 gap-2">
              {product.terms.map((months) => {
                const selected = months === term;
                return (
                  <button
                    key={months}
                    type="button"
                    aria-pressed={selected}
                    aria-label={t('public.landing.calculator.months', { count: months })}
                    onClick={() => setTerm(months)}
                    className={`relative flex min-h-14 flex-col items-center justify-center rounded-md px-1 py-1.5 text-white transition-colors ${
                      selected ? 'bg-accent ring-2 ring-accent ring-offset-2 hover:bg-accent-dark' : 'bg-brand hover:bg-brand-dark'
                    }`}
                  >
                    {selected && (
                      <svg
                        viewBox="0 0 24 24"
                        className="absolute top-1 right-1 h-3.5 w-3.5"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="3.5"
                        aria-hidden="true"
                        focusable="false"
                      >
                        <path d="M5 12l5 5 9-10" strokeLinecap="round" strokeLinejoin="round" />
                      </svg>
                    )}
                    <span className="text-lg leading-none font-extrabold tabular-nums">{months}</span>
                    <span className="text-xs font-semibold">{t('public.landing.calculator.monthsUnit', { count: months })}</span>
                  </button>
                );
              })}
            </div>
          </div>

          <div className="rounded-xl bg-brand-light p-4">
            <p className="text-sm font-semibold text-brand">{t('public.landing.calculator.estimate')}</p>
            {instalment !== null && instalmentPhp !== null ? (
              <>
                <p className="mt-1 text-3xl font-extrabold text-brand tabular-nums">{money(instalment)}</p>
                {foreign && (
                  <p className="text-sm font-semibold text-ink">
                    {t('public.landing.calculator.phpEquivalentAsOf', { amount: peso(instalmentPhp), date: asOf })}
                  </p>
                )}
                {schedule && (
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-ink">
                    <dt>{t('public.landing.calculator.totalPayable')}</dt>
                    <dd className="font-semibold tabular-nums">{peso(schedule.totalPayable)}</dd>
                    <dt>{t('public.landing.calculator.eir')}</dt>
                    <dd className="font-semibold tabular-nums">
                      {t('public.landing.calculator.eirValue', { rate: bpsToPercent(Math.round(schedule.eir.monthly * 10_000)) })}
                    </dd>
                  </dl>
                )}
                <p className="mt-2 text-xs text-muted">
                  {t(product.interestModel === 'ADD_ON' ? 'public.landing.calculator.estimateNote' : 'public.landing.calculator.estimateNoteDeclining', {
                    rate: facts.values.rate,
                    count: term,
                  })}
                </p>
              </>
            ) : (
              <p className="mt-1 text-sm text-ink">{t('public.landing.calculator.outOfRange', { min: money(bounds.min), max: money(bounds.max) })}</p>
            )}
          </div>

          <div className="flex flex-col gap-2">
            <Link
              to={`/dash?product=${encodeURIComponent(product.code)}`}
              className="inline-flex min-h-12 w-full items-center justify-center rounded-md bg-accent px-6 text-base font-bold tracking-wider text-white uppercase shadow hover:bg-accent-dark"
            >
              {t('public.landing.calculator.apply')}
            </Link>
            <p className="text-xs text-muted">{t('public.landing.calculator.applyNote')}</p>
          </div>
        </div>

        <PreviewCarousel />
      </div>
    </section>
  );
}
