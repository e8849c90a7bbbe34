import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, newIdempotencyKey } from '../../lib/api';
import { useCurrencies, usePublicConfig } from '../../lib/queries';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Checkbox, SelectField, TextField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { acceptAmountInput, clampAmount, parseInputText, toInputText } from '../../../shared/money/calculator';
import { parseAmount, toDecimalString } from '../../../shared/money/money';
import { DEFAULT_CURRENCY } from '../../../shared/money/currencies';
import type { DisclosureDto, LoanApplicationResponse } from '../../../shared/schemas/loans';
import { formatIsoDate } from '../../lib/format';
import { DisclosureView } from './DisclosureView';
import { loanKeys } from './queries';
import { useMemberAccount } from '../../lib/queries';
import { money, percent } from '../../lib/format';

/** The warning toast's id: accepting the agreement takes it away. */
const AGREEMENT_TOAST = 'loan-agreement';

type Step = 'agreement' | 'disclosure' | 'confirm' | null;
type View = 'loanbox' | 'continue';

interface QuoteResponse {
  readonly productVersion: number;
  readonly disclosure: DisclosureDto;
}

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
 * The loan panel's application (specification section 2, "Loan panel"): the loanbox (amount in
 * pesos, a display currency, the term and the monthly repayment from the server's quote), the
 * 'Service and Policy Agreement' dialog, the Disclosure Statement, 'Confirm Your Loan Application',
 * then, as soon as the server has answered, the continue view with the pre-assessment (the
 * specification's 5-second 'Submitting...' screen after the answer was a pretend wait: dropped).
 */
export function LoanApply({ onFlowChange }: { readonly onFlowChange?: (inFlow: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const config = usePublicConfig();
  const currencies = useCurrencies();
  const product = config.data?.product;
  const min = product ? (parseAmount(product.minAmount) ?? 0n) : 0n;
  const max = product ? (parseAmount(product.maxAmount) ?? 0n) : 0n;
  const bounds = { min, max };

  const [text, setText] = useState('');
  const [term, setTerm] = useState<number | null>(null);
  const [currency, setCurrency] = useState<string>(DEFAULT_CURRENCY);
  const [agreed, setAgreed] = useState(false);
  const [step, setStep] = useState<Step>(null);
  const [view, setView] = useState<View>('loanbox');
  const [result, setResult] = useState<LoanApplicationResponse | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [submitLocked, setSubmitLocked] = useState(false);
  const idempotency = useRef<{ key: string; body: string } | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const termLabel = useId();

  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  // The product's minimum amount and default term, once the configuration has loaded.
  const initialised = useRef(false);
  useEffect(() => {
    if (!product || initialised.current) return;
    initialised.current = true;
    setText(toInputText(parseAmount(product.minAmount) ?? 0n));
    setTerm(product.terms.includes(product.defaultTerm) ? product.defaultTerm : (product.terms[0] ?? product.defaultTerm));
  }, [product]);

  const amount = parseInputText(text);
  const inRange = amount !== null && product !== undefined && amount >= min && amount <= max;
  const request = useDebounced(inRange && term !== null ? { amount: toDecimalString(amount), term, currency } : null, 300);
  const quote = useQuery<QuoteResponse, ApiError>({
    queryKey: ['loans', 'quote', request],
    queryFn: ({ signal }) => {
      const q = request!;
      const params = new URLSearchParams({ amount: q.amount, term: String(q.term) });
      if (q.currency !== DEFAULT_CURRENCY) params.set('currency', q.currency);
      return api<QuoteResponse>(`/loans/quote?${params.toString()}`, { signal });
    },
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  const account = useMemberAccount(step === 'confirm', 60_000);
  const current = quote.data && request && !quote.isPlaceholderData ? quote.data : null;
  const disclosure = current?.disclosure ?? null;
  const converted = disclosure?.converted ?? null;
  const currencyInfo = currencies.data?.find((c) => c.currencyCode === currency);
  const symbol = currencyInfo?.currencySymbol ?? currency;

  if (!product || term === null) return <Spinner label={t('loans.panel.loading')} />;

  const apply = () => {
    if (!agreed) {
      toast.warning(t('loans.panel.readAgreement'), { id: AGREEMENT_TOAST });
      return;
    }
    if (!disclosure) return;
    setStep('disclosure');
  };

  const submit = async () => {
    if (!current || submitting) return;
    const body = {
      amount: current.disclosure.amountFinanced,
      term: current.disclosure.termMonths,
      selectedCurrency: currency,
      productVersion: current.productVersion,
    };
    const serialised = JSON.stringify(body);
    // The same submission retried keeps its key, so the server answers it once.
    if (idempotency.current?.body !== serialised) idempotency.current = { key: newIdempotencyKey(), body: serialised };
    setSubmitting(true);
    setSubmitLocked(true);
    timers.current.push(setTimeout(() => setSubmitLocked(false), 2000));
    try {
      const answer = await api<LoanApplicationResponse>('/loans/applications', { body, idempotencyKey: idempotency.current.key });
      idempotency.current = null;
      setResult(answer);
      setStep(null);
      onFlowChange?.(true);
      // The server has answered: its answer is shown at once (no pretend wait).
      setView('continue');
      toast.success(t('loans.result.submitted'));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'LOAN_EXISTS') {
        toast.error(t('loans.result.exists'));
        setStep(null);
        void queryClient.invalidateQueries({ queryKey: loanKeys.current });
      } else toast.error(error instanceof ApiError ? error.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setSubmitting(false);
    }
  };

  if (view === 'continue' && result) {
    const pa = result.preAssessment;
    const byTerm = pa.maxEligibleByTerm.find((m) => m.term === result.loan.term);
    return (
      <div className="flex flex-col gap-3">
        <h3 className="text-lg font-bold text-brand">{t('loans.result.title')}</h3>
        <p className="font-semibold">{t('loans.result.loanNumber', { number: result.loan.loanNumber })}</p>
        <p className={pa.eligible ? 'text-emerald-800' : 'text-warning'}>{pa.eligible ? t('loans.result.eligible') : t('loans.result.notEligible')}</p>
        {pa.reasons.length > 0 && (
          <ul className="list-disc pl-5 text-sm">
            {pa.reasons.map((r) => (
              <li key={r.code}>{r.values ? t(`loans.reasons.${r.code}`, r.values) : r.message}</li>
            ))}
          </ul>
        )}
        <p className="text-sm">{t('loans.result.maxEligible', { count: result.loan.term, amount: money(byTerm?.amount ?? pa.maxEligibleAmount) })}</p>
        <Button
          variant="accent"
          className="self-start"
          onClick={() => {
            setView('loanbox');
            setResult(null);
            setAgreed(false);
            onFlowChange?.(false);
            void queryClient.invalidateQueries({ queryKey: loanKeys.current });
          }}
        >
          {t('loans.result.continue')}
        </Button>
      </div>
    );
  }

  const inverseRate = converted?.displayRate;
  const asOf = converted ? formatIsoDate(converted.ratesAsOf, i18n.language) : '';

  return (
    <div className="flex flex-col gap-5">
      <SelectField label={t('loans.panel.currency')} value={currency} onChange={(event) => setCurrency(event.target.value)}>
        {(currencies.data ?? [{ currencyCode: DEFAULT_CURRENCY, currencyName: 'Philippine Peso', active: true }])
          .filter((c) => c.active)
          .map((c) => (
            <option key={c.currencyCode} value={c.currencyCode}>
              {t('loans.panel.currencyOption', { code: c.currencyCode, name: c.currencyName })}
            </option>
          ))}
      </SelectField>
      <TextField
        label={t('loans.panel.amount')}
        hint={
          inRange
            ? t('loans.panel.amountRange', { min: money(product.minAmount), max: money(product.maxAmount) })
            : t('loans.panel.amountOut', { min: money(product.minAmount), max: money(product.maxAmount) })
        }
        inputMode="decimal"
        autoComplete="off"
        maxLength={16}
        value={text}
        onChange={(event) => setText(acceptAmountInput(event.target.value, text))}
        onBlur={() => setText(toInputText(clampAmount(amount ?? min, bounds)))}
        className="text-lg font-semibold tabular-nums"
      />
      <div className="flex flex-col gap-2">
        <span id={termLabel} className="text-sm font-semibold text-ink">
          {t('loans.panel.term')}
        </span>
        <div role="group" aria-labelledby={termLabel} className="grid grid-cols-5 gap-2">
          {product.terms.map((months) => (
            <button
              key={months}
              type="button"
              aria-pressed={months === term}
              aria-label={t('loans.panel.months', { count: months })}
              onClick={() => setTerm(months)}
              className={`flex min-h-14 flex-col items-center justify-center rounded-md text-white ${months === term ? 'bg-accent ring-2 ring-accent ring-offset-2' : 'bg-brand hover:bg-brand-dark'}`}
            >
              <span className="text-lg leading-none font-extrabold tabular-nums">{months}</span>
              <span className="text-xs font-semibold">{t('loans.panel.monthsUnit')}</span>
            </button>
          ))}
        </div>
      </div>
      <div className="rounded-xl bg-brand-light p-4" aria-live="polite">
        <p className="text-sm font-semibold text-brand">{t('loans.panel.estimate')}</p>
        {disclosure ? (
          <>
            <p className="mt-1 text-3xl font-extrabold text-brand tabular-nums" data-testid="monthly-estimate">
              {money(disclosure.regularInstalment)}
            </p>
            {converted && inverseRate && (
              <p className="text-sm text-ink">
                {t('loans.panel.converted', { amount: money(converted.regularInstalment, symbol), date: asOf, code: currency, php: money(inverseRate) })}
              </p>
            )}
            <p className="mt-2 text-xs text-muted">
              {t('loans.panel.estimateNote', { rate: percent(disclosure.nominalMonthlyRatePercent), count: disclosure.numberOfInstalments })}
            </p>
          </>
        ) : quote.isError && request ? (
          <p className="mt-1 text-sm text-warning">{quote.error.message}</p>
        ) : (
          <p className="mt-1 text-sm text-muted">
            {inRange ? t('loans.panel.estimateLoading') : t('loans.panel.amountOut', { min: money(product.minAmount), max: money(product.maxAmount) })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-1">
        <Checkbox label={t('loans.panel.agreementLabel')} checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <button type="button" className="min-h-11 font-semibold text-brand underline underline-offset-4" onClick={() => setStep('agreement')}>
          {t('loans.panel.agreementLink')}
        </button>
      </div>
      <Button variant="accent" block onClick={apply} disabled={!disclosure}>
        {t('loans.panel.apply')}
      </Button>

      <Dialog
        open={step === 'agreement'}
        onClose={() => setStep(null)}
        staticBackdrop
        size="lg"
        title={t('loans.agreement.title')}
        footer={
          <Button
            variant="accent"
            onClick={() => {
              setAgreed(true);
              setStep(null);
              toast.dismiss(AGREEMENT_TOAST);
            }}
          >
            {t('loans.agreement.agree')}
          </Button>
        }
      >
        <div className="flex flex-col gap-3 text-sm">
          {(['p1', 'p2', 'p3', 'p4', 'p5'] as const).map((p) => (
            <p key={p}>{t(`loans.agreement.paragraphs.${p}`)}</p>
          ))}
        </div>
      </Dialog>

      <Dialog
        open={step === 'disclosure' && disclosure !== null}
        onClose={() => setStep(null)}
        size="xl"
        title={t('loans.disclosure.title')}
        footer={
          <>
            <Button variant="outline" onClick={() => setStep(null)}>
              {t('loans.disclosure.cancel')}
            </Button>
            <Button variant="accent" onClick={() => setStep('confirm')}>
              {t('loans.disclosure.continue')}
            </Button>
          </>
        }
      >
        {disclosure && <DisclosureView disclosure={disclosure} />}
      </Dialog>

      <Dialog
        open={step === 'confirm' && disclosure !== null}
        onClose={() => !submitting && setStep(null)}
        title={t('loans.confirm.title')}
        footer={
          <>
            <Button variant="outline" onClick={() => setStep('disclosure')} disabled={submitting}>
              {t('loans.confirm.back')}
            </Button>
            <Button variant="accent" onClick={() => void submit()} busy={submitting} disabled={submitLocked}>
              {t('loans.confirm.submit')}
            </Button>
          </>
        }
      >
        {disclosure && (
          <dl className="flex flex-col gap-3 text-sm">
            <div>
              <dt className="text-muted">{t('loans.confirm.amount')}</dt>
              <dd className="text-lg font-bold tabular-nums">
                {converted ? money(converted.amountFinanced, symbol) : money(disclosure.amountFinanced)}
                {converted && (
                  <span className="block text-sm font-semibold">{t('loans.confirm.phpEquivalent', { amount: money(disclosure.amountFinanced) })}</span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-muted">{t('loans.confirm.term')}</dt>
              <dd className="font-bold">{t('loans.panel.months', { count: disclosure.termMonths })}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('loans.confirm.rate')}</dt>
              <dd className="font-bold">{t('loans.confirm.rateValue', { rate: percent(disclosure.nominalMonthlyRatePercent) })}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('loans.confirm.monthly')}</dt>
              <dd className="text-lg font-bold tabular-nums">
                {converted ? money(converted.regularInstalment, symbol) : money(disclosure.regularInstalment)}
                {converted && (
                  <span className="block text-sm font-semibold">{t('loans.confirm.phpEquivalent', { amount: money(disclosure.regularInstalment) })}</span>
                )}
              </dd>
            </div>
            {converted && inverseRate && (
              <p className="text-xs text-muted">{t('loans.confirm.asOf', { date: asOf, code: currency, php: money(inverseRate) })}</p>
            )}
            <div>
              <dt className="text-muted">{t('loans.confirm.payout')}</dt>
              <dd className="font-bold" data-testid="payout-account">
                {account.data?.bank
                  ? t('loans.confirm.payoutValue', { bank: account.data.bank.bankName, number: account.data.bank.accountNumberMasked })
                  : account.isError
                    ? t('loans.confirm.noPayout')
                    : '…'}
              </dd>
            </div>
          </dl>
        )}
      </Dialog>
    </div>
  );
}
