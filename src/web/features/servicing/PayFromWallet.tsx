import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { call, ApiError, newIdempotencyKey } from '../../lib/api';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { toast } from '../../ui/toast';
import type { ReceiptDto, ServicingDto } from '../../../shared/schemas/repayments';
import { money } from '../../lib/format';
import { checkPaymentAmount, paymentAmountInput } from './amounts';
import { reloadAfterPayment, useWalletBalance } from './queries';
import { ReceiptView } from './ReceiptView';

type Step =
  | { readonly name: 'amount' }
  | { readonly name: 'review'; readonly amount: string; readonly key: string }
  | { readonly name: 'receipt'; readonly receipt: ReceiptDto };

/**
 * Paying from the wallet (issue 10, item 2): the amount between the smallest and largest payment
 * the server accepts now (its servicing view's figures, not recomputed here), a review, then the
 * receipt. No code is asked; the server re-checks the amount and the balance inside its transaction
 * and its localized message is shown when it refuses.
 */
export function PayFromWallet({ view }: { readonly view: ServicingDto }) {
  const { t } = useTranslation();
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
    setStep({ name: 'review', amount: check.amount, key: newIdempotencyKey() });
  };

  const confirm = async (amount: string, key: string) => {
    setBusy(true);
    setServerError(null);
    try {
      const { receipt } = await call(() => import('../../../shared/api/repayments').then((m) => m.repaymentsApi.pay), {
        body: { amount },
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
    return (
      <div className="flex flex-col gap-4" data-testid="pay-review">
        <h3 className="font-bold">{t('servicing.pay.reviewHeading')}</h3>
        <p>{t('servicing.pay.reviewText', { amount: money(step.amount), loan: view.loan.loanNumber })}</p>
        {serverError && (
          <p role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 p-3 text-sm text-red-900">
            {serverError}
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row">
          <Button variant="outline" onClick={() => setStep({ name: 'amount' })} disabled={busy}>
            {t('servicing.pay.back')}
          </Button>
          <Button variant="accent" busy={busy} onClick={() => void confirm(step.amount, step.key)}>
            {t('servicing.pay.confirm', { amount: money(step.amount) })}
          </Button>
        </div>
      </div>
    );
  }

  const next = view.nextDue?.amount;
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
        {next && next !== '0.00' && (
          <Button variant="ghost" className="px-2" onClick={() => setText(next)}>
            {t('servicing.pay.useNext', { amount: money(next) })}
          </Button>
        )}
        <Button variant="ghost" className="px-2" onClick={() => setText(max)}>
          {t('servicing.pay.useAll', { amount: money(max) })}
        </Button>
      </div>
      <Button type="submit" className="self-start">
        {t('servicing.pay.review')}
      </Button>
    </form>
  );
}
