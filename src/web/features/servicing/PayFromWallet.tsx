import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { call, ApiError, newIdempotencyKey } from '../../lib/api';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { toast } from '../../ui/toast';
import type { PaymentPreviewDto, ReceiptDto, ServicingDto } from '../../../shared/schemas/repayments';
import { DEFAULT_EXCESS_CHOICE, type ExcessChoice } from '../../../shared/loan/servicing';
import { parseAmount, toDecimalString, type Centavos } from '../../../shared/money/money';
import { formatIsoDate, money } from '../../lib/format';
import { checkPaymentAmount, paymentAmountInput } from './amounts';
import { reloadAfterPayment, useWalletBalance } from './queries';
import { ReceiptView, allocationText } from './ReceiptView';

type Step =
  | { readonly name: 'amount' }
  | { readonly name: 'review'; readonly amount: string; readonly key: string; readonly preview: PaymentPreviewDto | null }
  | { readonly name: 'receipt'; readonly receipt: ReceiptDto };

const at = (s: string): Centavos => parseAmount(s) ?? 0n;
const lesser = (a: string, b: string): string => (at(a) < at(b) ? a : b);

/**
 * Paying from the wallet: the amount between the smallest and largest payment the server accepts
 * now (its servicing view's figures, not recomputed here), a review showing where the amount goes
 * (the server's preview, computed by the same allocation as the payment) with the choice of where
 * anything above the next amount due goes, then the receipt. The quick amounts never exceed the
 * wallet; when the wallet is short, the rest is offered through a payment channel on the same page
 * (`onPayByChannel`). No code is asked; the server re-checks the amount and the balance inside its
 * transaction and its localized message is shown when it refuses.
 */
export function PayFromWallet({ view, onPayByChannel }: { readonly view: ServicingDto; readonly onPayByChannel?: (amount: string) => void }) {
  const { t, i18n } = useTranslation();
  const [excess, setExcess] = useState<ExcessChoice>(DEFAULT_EXCESS_CHOICE);
  const queryClient = useQueryClient();
  const wallet = useWalletBalance();
  const [step, setStep] = useState<Step>({ name: 'amount' });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { minimumPayment: min, maximumPayment: max } = view.totals;
  const balance = wallet.data?.wallet ?? '0.00';

  if (step.name === 'receipt') {
    return (
      <div className="flex flex-col gap-3">
        <p role="status" className="rounded-lg border-l-4 border-emerald-600 bg-emerald-50 p-3 text-sm font-semibold text-emerald-900">
          {t('servicing.pay.paid', { reference: step.receipt.reference })}
        </p>
        <ReceiptView receipt={step.receipt} display={view.display} />
        <Button variant="outline" className="self-start" onClick={() => setStep({ name: 'amount' })}>
          {t('servicing.receipt.close')}
        </Button>
      </div>
    );
  }
  if (view.loan.status === 'REPAID' || max === '0.00') return <p className="text-sm">{t('servicing.pay.closed')}</p>;

  const review = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const check = checkPaymentAmount(text, { min, max, balance });
    if (!check.ok) {
      setError(t(`servicing.pay.${check.error}`, { min: money(min), max: money(max), amount: money(balance) }));
      input.current?.focus();
      return;
    }
    const key = newIdempotencyKey();
    setExcess(DEFAULT_EXCESS_CHOICE);
    setStep({ name: 'review', amount: check.amount, key, preview: null });
    call(() => import('../../../shared/api/repayments').then((m) => m.repaymentsApi.payPreview), { body: { amount: check.amount } })
      .then(({ preview }) => setStep((s) => (s.name === 'review' && s.key === key ? { ...s, preview } : s)))
      .catch((e: unknown) => {
        setServerError(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
        setStep({ name: 'amount' });
      });
  };

  const confirm = async (amount: string, key: string, chosen: ExcessChoice) => {
    setBusy(true);
    setServerError(null);
    try {
      const { receipt } = await call(() => import('../../../shared/api/repayments').then((m) => m.repaymentsApi.pay), {
        body: { amount, excess: chosen },
        idempotencyKey: key,
      });
      setStep({ name: 'receipt', receipt });
      setText('');
      toast.success(t('servicing.pay.paid', { reference: receipt.reference }));
      await reloadAfterPayment(queryClient);
    } catch (e) {
      const message = e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE');
      // A refusal (amount, balance): back to the amount with the server's own words.
      setServerError(message);
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) setStep({ name: 'amount' });
    } finally {
      setBusy(false);
    }
  };

  if (step.name === 'review') {
    const preview = step.preview;
    const chosen = preview?.choice ? excess : DEFAULT_EXCESS_CHOICE;
    const rest = preview ? toDecimalString(at(preview.amount) - at(preview.dueNext)) : '0.00';
    return (
      <div className="flex flex-col gap-4" data-testid="pay-review">
        <h3 className="font-bold">{t('servicing.pay.reviewHeading')}</h3>
        <p>{t('servicing.pay.reviewText', { amount: money(step.amount), loan: view.loan.loanNumber })}</p>
        {!preview && <p className="text-sm text-muted">{t('servicing.pay.loadingEffect')}</p>}
        {preview?.choice && (
          <fieldset className="flex flex-col gap-3" data-testid="pay-choice">
            <legend className="mb-2 font-semibold">{t('servicing.pay.choiceHeading', { rest: money(rest) })}</legend>
            {preview.effects.map((effect) => (
              <label
                key={effect.excess}
                className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${excess === effect.excess ? 'border-brand bg-brand-light' : 'border-slate-200'}`}
                data-testid={`pay-choice-${effect.excess}`}
              >
                <input
                  type="radio"
                  name="excess"
                  className="mt-1 size-5 shrink-0"
                  value={effect.excess}
                  checked={excess === effect.excess}
                  onChange={() => setExcess(effect.excess)}
                />
                <span className="flex min-w-0 flex-col gap-1 text-sm">
                  <span className="font-semibold">{t(`servicing.pay.choice.${effect.excess}`)}</span>
                  <span className="text-muted">{t(`servicing.pay.choiceHint.${effect.excess}`)}</span>
                  <EffectFacts effect={effect} language={i18n.language} />
                </span>
              </label>
            ))}
          </fieldset>
        )}
        {preview && (
          <div className="text-sm" data-testid="pay-effect">
            <p className="font-semibold">{t('servicing.receipt.allocation')}</p>
            <ul className="mt-1 flex flex-col divide-y divide-slate-100">
              {(preview.effects.find((e) => e.excess === chosen) ?? preview.effects[0]!).allocations.map((a, i) => (
                <li key={i} className="flex justify-between gap-3 py-1">
                  <span>{allocationText(t, a, i18n.language)}</span>
                  <span className="whitespace-nowrap tabular-nums">{money(a.amount)}</span>
                </li>
              ))}
            </ul>
            {!preview.choice && <EffectFacts effect={preview.effects[0]!} language={i18n.language} />}
          </div>
        )}
        {serverError && (
          <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 p-3 text-sm text-red-900">
            {serverError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="outline" onClick={() => setStep({ name: 'amount' })} disabled={busy}>
            {t('servicing.pay.back')}
          </Button>
          <Button variant="accent" busy={busy} disabled={!preview} onClick={() => void confirm(step.amount, step.key, chosen)}>
            {t('servicing.pay.confirm', { amount: money(step.amount) })}
          </Button>
        </div>
      </div>
    );
  }

  // Never more than the most that may be paid today: before the last instalment's period begins, closing the loan costs less than it.
  const next = view.nextDue ? lesser(view.nextDue.amount, max) : undefined;
  // The quick amounts never offer more than the wallet holds; what the wallet cannot cover is offered through a channel.
  const loaded = wallet.data !== undefined;
  const typed = parseAmount(text);
  const wanted = typed !== null && typed > at(balance) && typed <= at(max) ? toDecimalString(typed) : next && at(next) > at(balance) ? next : null;
  const shortBy = loaded && wanted ? toDecimalString(at(wanted) - at(balance)) : null;
  return (
    <form onSubmit={review} noValidate className="flex flex-col gap-4" data-testid="pay-form">
      <p className="text-sm">{t('servicing.pay.intro', { min: money(min), max: money(max) })}</p>
      <p className="text-sm font-semibold" data-testid="pay-balance">
        {t('servicing.pay.balance', { amount: wallet.data ? money(balance) : '…' })}
      </p>
      {serverError && (
        <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 p-3 text-sm text-red-900">
          {serverError}
        </p>
      )}
      <TextField
        ref={input}
        label={t('servicing.pay.amount')}
        hint={t('servicing.pay.amountHint', { min: money(min), max: money(max) })}
        error={error}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setError(undefined);
          setText(paymentAmountInput(event.target.value));
        }}
        className="text-lg font-semibold tabular-nums"
      />
      <div className="flex flex-wrap gap-2">
        {loaded && next && next !== '0.00' && (
          // Shown even when the wallet cannot cover it, disabled, with the sentence below saying why.
          <Button
            variant="ghost"
            className="px-2"
            disabled={at(next) > at(balance)}
            aria-describedby={at(next) > at(balance) ? 'pay-short-text' : undefined}
            onClick={() => setText(next)}
          >
            {t('servicing.pay.useNext', { amount: money(next) })}
          </Button>
        )}
        {loaded && at(max) <= at(balance) && (
          <Button variant="ghost" className="px-2" onClick={() => setText(max)}>
            {t('servicing.pay.useAll', { amount: money(max) })}
          </Button>
        )}
        {loaded && at(max) > at(balance) && at(balance) >= at(min) && at(balance) > 0n && (
          <Button variant="ghost" className="px-2" onClick={() => setText(lesser(balance, max))}>
            {t('servicing.pay.useWallet', { amount: money(balance) })}
          </Button>
        )}
      </div>
      {shortBy && wanted && (
        <div className="flex flex-col gap-2 rounded-lg border-l-4 border-amber-500 bg-amber-50 p-3 text-sm text-amber-950" data-testid="pay-short">
          <p id="pay-short-text">
            {at(balance) > 0n ? t('servicing.pay.short', { balance: money(balance), amount: money(wanted) }) : t('servicing.pay.walletEmpty')}
          </p>
          {onPayByChannel && (
            <Button variant="outline" className="self-start" data-testid="pay-rest-by-channel" onClick={() => onPayByChannel(shortBy)}>
              {t('servicing.pay.payRestByChannel', { amount: money(shortBy) })}
            </Button>
          )}
        </div>
      )}
      <Button type="submit" className="self-start">
        {t('servicing.pay.review')}
      </Button>
    </form>
  );
}

/** What a choice leaves: the next amount due, what is still owed, the last instalment, the interest no longer owed. */
function EffectFacts({ effect, language }: { readonly effect: PaymentPreviewDto['effects'][number]; readonly language: string }) {
  const { t } = useTranslation();
  if (!effect.nextDue) return <span data-testid="effect-done">{t('servicing.pay.effectDone')}</span>;
  return (
    <span className="flex flex-col" data-testid={`effect-${effect.excess}`}>
      <span>
        {t('servicing.pay.effectNext', {
          amount: money(effect.nextDue.amount),
          date: formatIsoDate(effect.nextDue.dueDate, language),
          number: effect.nextDue.lineNumber,
        })}
      </span>
      <span>{t('servicing.pay.effectRemaining', { amount: money(effect.remainingBalance) })}</span>
      {effect.lastDueDate && <span>{t('servicing.pay.effectLast', { date: formatIsoDate(effect.lastDueDate, language) })}</span>}
      {effect.interestRebated !== '0.00' && <span className="font-semibold">{t('servicing.pay.effectSaved', { amount: money(effect.interestRebated) })}</span>}
    </span>
  );
}
