import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { payoutAccountCodeSchema, type PayoutAccountResponse } from '../../../shared/schemas/member-settings';
import { call, ApiError } from '../../lib/api';
import { activationApi } from '../../../shared/api/activation';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CodeField, isCodeComplete, resendAvailableAtOf } from '../../ui/CodeField';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import { applyFieldErrors, errorMessage } from '../../lib/server-errors';
import { dateTime } from '../../lib/format';
import { settingsKeys, usePayoutAccount } from './queries';
import { REVEAL_MS, RevealValue } from './RevealValue';
import { PayoutAccountFields } from '../activation';
import { LoadError } from '../../ui/LoadError';
import { codeTextValues } from '../../../shared/codes/rules';

type Input = z.input<typeof payoutAccountCodeSchema>;
type Output = z.output<typeof payoutAccountCodeSchema>;
interface Sent {
  readonly sentTo: string;
  readonly expiresAt: string;
  readonly resendAvailableAt: string;
}

const FIELDS = ['institutionCode', 'accountNumber', 'accountName'] as const;
const TOAST_ID = 'payout-account';
const resolver = zodResolver(payoutAccountCodeSchema);

/**
 * Settings > Payout account: the account in use (masked, with a 3-second reveal)
 * and the change: the new account with the activation step-5 rules, a code sent by SMS for exactly
 * that account, then the change. Free of charge; withdrawals are held for the hours the server
 * says, and the dialog says until when only after the server has made the change.
 */
export function PayoutAccountDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const account = usePayoutAccount(open);
  const [sent, setSent] = useState<Sent | null>(null);
  const [details, setDetails] = useState<Input | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'code' | 'change' | null>(null);
  const [changed, setChanged] = useState<PayoutAccountResponse | null>(null);
  const form = useForm<Input, unknown, Output>({
    resolver,
    mode: 'onTouched',
    defaultValues: { institutionCode: '', accountNumber: '', accountName: '' },
  });
  const { errors } = form.formState;
  const institutionCode = useWatch({ control: form.control, name: 'institutionCode' });
  const currentName = account.data?.account?.accountName;

  // The holder's name starts as the current account's (the account must be in the member's own name).
  useEffect(() => {
    if (currentName && !form.getFieldState('accountName').isDirty) form.setValue('accountName', currentName);
  }, [currentName, form]);

  const reset = () => {
    setSent(null);
    setDetails(null);
    setCode('');
    setCodeError(undefined);
    setChanged(null);
    form.reset({ institutionCode: '', accountNumber: '', accountName: account.data?.account?.accountName ?? '' });
  };
  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  const sendCode = async (input: Input) => {
    setBusy('code');
    setCodeError(undefined);
    toast.loading(t('settings.payout.sending'), { id: TOAST_ID });
    try {
      const answer = await call(activationApi.payoutAccountCode, { body: input });
      setSent(answer);
      setDetails(input);
      toast.dismiss(TOAST_ID);
    } catch (error) {
      applyFieldErrors(error, FIELDS, form.setError);
      toast.error(errorMessage(error), { id: TOAST_ID });
      // Asked too soon: the server says when; the button counts down to it.
      const resendAvailableAt = resendAvailableAtOf(error);
      if (resendAvailableAt) setSent((now) => (now ? { ...now, resendAvailableAt } : now));
    } finally {
      setBusy(null);
    }
  };

  const onSubmit = form.handleSubmit(() => sendCode(form.getValues()));

  const change = async () => {
    if (!details) return;
    if (!isCodeComplete(code)) {
      setCodeError('validation.otp');
      return;
    }
    setBusy('change');
    setCodeError(undefined);
    toast.loading(t('settings.payout.saving'), { id: TOAST_ID });
    try {
      const answer = await call(activationApi.changePayoutAccount, { body: { ...details, code } });
      queryClient.setQueryData(settingsKeys.payoutAccount, answer);
      await queryClient.invalidateQueries({ queryKey: ['member', 'account'] });
      await queryClient.invalidateQueries({ queryKey: ['withdrawals'] });
      setChanged(answer);
      setSent(null);
      setCode('');
      toast.success(
        answer.withdrawalsBlockedUntil
          ? t('settings.payout.done', { time: dateTime(answer.withdrawalsBlockedUntil, i18n.language) })
          : t('settings.payout.doneNoHold'),
        { id: TOAST_ID },
      );
    } catch (error) {
      const message = errorMessage(error);
      const placed = applyFieldErrors(error, FIELDS, form.setError);
      if (error instanceof ApiError && (error.code.startsWith('CODE_') || error.fields.code)) setCodeError(error.fields.code ?? message);
      else if (placed.length > 0) {
        // The details were refused after all: edit them again.
        setSent(null);
      }
      if (error instanceof ApiError && error.code === 'CODE_INVALID') toast.warning(message, { id: TOAST_ID });
      else toast.error(message, { id: TOAST_ID });
    } finally {
      setBusy(null);
    }
  };

  const current = changed ?? account.data;

  const body = () => {
    if (account.isPending) return <Spinner label={t('activation.account.loading')} />;
    if (account.isError) {
      return <LoadError detail={account.error.message} retryLabel={t('settings.withdrawal.retry')} onRetry={() => void account.refetch()} />;
    }
    const a = current?.account ?? null;
    return (
      <div className="flex flex-col gap-5">
        <section aria-labelledby="payout-current" className="flex flex-col gap-2">
          <h3 id="payout-current" className="text-base font-bold text-brand">
            {t('settings.payout.current')}
          </h3>
          {a ? (
            <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[12rem_1fr]" data-testid="payout-current">
              <dt className="text-sm font-semibold text-muted">{t('activation.bank.institution')}</dt>
              <dd className="mb-2 text-ink sm:mb-0">{a.institutionName}</dd>
              <dt className="text-sm font-semibold text-muted">
                {a.kind === 'EWALLET' ? t('activation.bank.mobileNumber') : t('activation.bank.accountNumber')}
              </dt>
              <dd className="mb-2 sm:mb-0">
                <RevealValue
                  masked={a.accountNumberMasked}
                  full={a.accountNumber}
                  revealLabel={t('settings.withdrawal.revealLabel', { seconds: REVEAL_MS / 1000 })}
                  showText={t('settings.withdrawal.reveal')}
                  hideText={t('settings.withdrawal.hide')}
                />
              </dd>
              <dt className="text-sm font-semibold text-muted">{t('activation.bank.accountName')}</dt>
              <dd className="text-ink">{a.accountName}</dd>
            </dl>
          ) : (
            <p className="text-ink">{t('settings.payout.none')}</p>
          )}
          {changed ? (
            <p role="status" className="rounded-md border-l-4 border-success bg-green-50 p-3 text-sm text-green-900">
              {changed.withdrawalsBlockedUntil
                ? t('settings.payout.done', { time: dateTime(changed.withdrawalsBlockedUntil, i18n.language) })
                : t('settings.payout.doneNoHold')}
            </p>
          ) : (
            current?.withdrawalsBlockedUntil && (
              <p role="status" className="rounded-md border-l-4 border-warning bg-amber-50 p-3 text-sm text-amber-900">
                {t('settings.payout.blockedUntil', { time: dateTime(current.withdrawalsBlockedUntil, i18n.language) })}
              </p>
            )
          )}
        </section>
        {a && current && !changed && (
          <section aria-labelledby="payout-change" className="flex flex-col gap-3 border-t border-slate-200 pt-4">
            <h3 id="payout-change" className="text-base font-bold text-brand">
              {t('settings.payout.changeTitle')}
            </h3>
            <p className="text-sm text-ink">{t('settings.payout.intro')}</p>
            <p className="text-sm font-semibold text-ink">{t('settings.payout.hold', { count: current.holdHours })}</p>
            <form id="payout-change-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <fieldset disabled={sent !== null || busy !== null} className="flex flex-col gap-4">
                <PayoutAccountFields
                  institution={{ register: form.register('institutionCode'), value: institutionCode, error: errors.institutionCode?.message }}
                  accountNumber={{ register: form.register('accountNumber'), error: errors.accountNumber?.message }}
                  accountName={{ register: form.register('accountName'), error: errors.accountName?.message }}
                  onKindChange={() => form.setValue('accountNumber', '')}
                  mobileAutoComplete="off"
                />
              </fieldset>
              {!sent && (
                <Button type="submit" variant="primary" className="self-start" busy={busy === 'code'} disabled={busy !== null}>
                  {t('settings.payout.sendCode')}
                </Button>
              )}
            </form>
            {sent && (
              <div className="flex flex-col gap-3 rounded-lg bg-brand-light p-4">
                <p role="status">{t('settings.payout.sent', { to: sent.sentTo, ...codeTextValues() })}</p>
                <CodeField
                  label={t('settings.payout.code')}
                  value={code}
                  onChange={setCode}
                  error={codeError}
                  autoFocus
                  expiresAt={sent.expiresAt}
                  resendAvailableAt={sent.resendAvailableAt}
                  onResend={() => details && void sendCode(details)}
                  resending={busy === 'code'}
                  busy={busy !== null}
                />
                <div className="flex flex-wrap gap-2">
                  <Button variant="accent" onClick={() => void change()} busy={busy === 'change'} disabled={busy !== null}>
                    {t('settings.payout.confirm')}
                  </Button>
                  <Button
                    variant="ghost"
                    onClick={() => {
                      setSent(null);
                      setCode('');
                      setCodeError(undefined);
                    }}
                    disabled={busy !== null}
                  >
                    {t('settings.payout.editDetails')}
                  </Button>
                </div>
              </div>
            )}
          </section>
        )}
      </div>
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title={t('settings.payout.title')}
      footer={
        <Button variant="outline" onClick={close} disabled={busy !== null}>
          {t('settings.payout.close')}
        </Button>
      }
    >
      {body()}
    </Dialog>
  );
}
