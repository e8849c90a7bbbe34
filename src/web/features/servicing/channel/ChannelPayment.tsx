import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { LoadError } from '../../../ui/LoadError';
import { newIdempotencyKey } from '../../../lib/api';
import { CHANNEL_CODES, CHANNEL_METHODS, type ChannelMethod } from '../../../../shared/channel/methods';
import { safeHref } from '../../../../shared/company/links';
import { parseAmount, toDecimalString } from '../../../../shared/money/money';
import { channelPaymentRequestSchema, type ChannelPaymentDto } from '../../../../shared/schemas/channel-payments';
import { dateTime, money } from '../../../lib/format';
import { useChannelPayments, useCreateChannelPayment } from './queries';

export interface ChannelPaymentProps {
  /** The smallest and largest payment accepted now ("34334.00"), from the servicing view's totals. */
  readonly minimum: string;
  readonly maximum: string;
  /** The next amount due, the form's starting amount (never above `maximum`); the smallest payment when nothing is due. */
  readonly next?: string | null | undefined;
  /** Called when a reference of this session becomes PAID or CREDITED_TO_WALLET (to refresh the schedule and the wallet). */
  readonly onSettled?: () => void;
  /**
   * An amount another part of the page asks to be paid here (what the wallet cannot cover), already
   * within the limits; each new request (a new `seq`) fills the amount and brings the form into view.
   */
  readonly requested?: { readonly amount: string; readonly seq: number } | null | undefined;
}

/**
 * Paying the loan through a payment channel: choose the method, the bank/e-wallet/
 * payment centre and the amount; the server asks the provider and answers the instructions
 * (virtual account number, checkout link or payment code) with the reference, amount and expiry.
 * The status is the server's: it changes only when the provider confirmed (invariant 7).
 */
export function ChannelPayment({ minimum, maximum, next, onSettled, requested }: ChannelPaymentProps) {
  const { t, i18n } = useTranslation();
  const list = useChannelPayments();
  const create = useCreateChannelPayment();
  const [method, setMethod] = useState<ChannelMethod>('EWALLET');
  const [channelCode, setChannelCode] = useState<string>(CHANNEL_CODES.EWALLET[0]);
  const [amount, setAmount] = useState(() => startingAmount(minimum, maximum, next));
  const [errors, setErrors] = useState<{ amount?: string; channelCode?: string; form?: string }>({});
  const idempotency = useRef<{ key: string; body: string } | null>(null);
  const settled = useRef(new Set<string>());

  const data = list.data;
  const payments = data?.payments ?? [];
  const open = payments.find((p) => p.status === 'PENDING') ?? null;
  const primed = useRef(false);
  const section = useRef<HTMLElement>(null);
  const amountInput = useRef<HTMLInputElement>(null);

  // Until the person types or asks for an amount, the form follows the next amount due (it changes after each payment).
  const chosen = useRef(false);
  useEffect(() => {
    if (!chosen.current) setAmount(startingAmount(minimum, maximum, next));
  }, [minimum, maximum, next]);

  // The rest of a payment the wallet cannot cover: filled in, then the form (or the open reference) is brought into view.
  useEffect(() => {
    if (!requested) return;
    chosen.current = true;
    setAmount(requested.amount);
    setErrors({});
    section.current?.scrollIntoView({ block: 'start' });
    amountInput.current?.focus({ preventScroll: true });
  }, [requested]);

  // A reference settling while the page is open refreshes the caller's schedule and wallet (those settled before it opened do not).
  useEffect(() => {
    if (!data) return;
    let changed = false;
    for (const p of data.payments) {
      if ((p.status === 'PAID' || p.status === 'CREDITED_TO_WALLET') && !settled.current.has(p.id)) {
        settled.current.add(p.id);
        changed = true;
      }
    }
    if (changed && primed.current) onSettled?.();
    primed.current = true;
  }, [data, onSettled]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const value = parseAmount(amount);
    const body = { method, channelCode, amount: value === null ? amount : toDecimalString(value) };
    const parsed = channelPaymentRequestSchema.safeParse(body);
    if (!parsed.success) {
      // An i18n key: the field shows it in the chosen language.
      setErrors({ amount: value !== null && value <= 0n ? 'repayments.errors.amountPositive' : 'repayments.errors.amount' });
      return;
    }
    const serialised = JSON.stringify(parsed.data);
    if (idempotency.current?.body !== serialised) idempotency.current = { key: newIdempotencyKey(), body: serialised };
    try {
      await create.mutateAsync({ body: parsed.data, key: idempotency.current.key });
      idempotency.current = null;
      // The next form follows the next amount due again (once this reference is paid).
      chosen.current = false;
    } catch (error) {
      const e = error as { message: string; fields?: Record<string, string> };
      setErrors({ amount: e.fields?.amount, channelCode: e.fields?.channelCode, form: e.fields && Object.keys(e.fields).length > 0 ? undefined : e.message });
    }
  };

  if (list.isPending) return <p className="text-sm text-muted">{t('common.loading')}</p>;
  if (list.isError)
    return (
      <LoadError
        title={t('channelPayments.loadFailed')}
        detail={list.error.message}
        retryLabel={t('channelPayments.retry')}
        onRetry={() => void list.refetch()}
      />
    );

  return (
    <section ref={section} aria-labelledby="channel-payment-title" className="flex scroll-mt-4 flex-col gap-4" data-testid="channel-payment">
      <h2 id="channel-payment-title" className="text-lg font-bold text-ink">
        {t('channelPayments.title')}
      </h2>
      <p className="text-sm text-muted">{t('channelPayments.intro')}</p>
      {list.data.provider === 'SIMULATED' && (
        <p className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-900">{t('channelPayments.simulated')}</p>
      )}
      {list.data.provider === 'NONE' ? (
        <p role="status" className="text-sm text-muted">
          {t('channelPayments.errors.unavailable')}
        </p>
      ) : open ? (
        <Instructions payment={open} language={i18n.language} />
      ) : (
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <SelectField
            label={t('channelPayments.method.label')}
            value={method}
            onChange={(e) => {
              const next = e.target.value as ChannelMethod;
              setMethod(next);
              setChannelCode(CHANNEL_CODES[next][0]);
            }}
          >
            {CHANNEL_METHODS.map((m) => (
              <option key={m} value={m}>
                {t(`channelPayments.method.${m}`)}
              </option>
            ))}
          </SelectField>
          <SelectField
            label={t('channelPayments.channel.label')}
            value={channelCode}
            error={errors.channelCode}
            onChange={(e) => setChannelCode(e.target.value)}
          >
            {CHANNEL_CODES[method].map((c) => (
              <option key={c} value={c}>
                {t(`channelPayments.channel.${c}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            ref={amountInput}
            label={t('channelPayments.amount.label')}
            hint={t('channelPayments.amount.hint', { min: money(minimum), max: money(maximum) })}
            error={errors.amount}
            inputMode="decimal"
            autoComplete="off"
            maxLength={16}
            value={amount}
            onChange={(e) => {
              setErrors({});
              chosen.current = true;
              setAmount(e.target.value);
            }}
          />
          {errors.form && (
            <p role="alert" className="text-sm font-medium text-danger">
              {errors.form}
            </p>
          )}
          <Button type="submit" busy={create.isPending} className="self-start">
            {create.isPending ? t('channelPayments.submitting') : t('channelPayments.submit')}
          </Button>
        </form>
      )}
      <History payments={payments} language={i18n.language} />
    </section>
  );
}

function channelName(t: (key: string) => string, code: string): string {
  return t(`channelPayments.channel.${code}`);
}

export function Instructions({ payment, language }: { payment: ChannelPaymentDto; language: string }) {
  const { t } = useTranslation();
  const amount = money(payment.amount);
  const channel = channelName(t, payment.channelCode);
  const i = payment.instructions;
  // The provider's checkout address is a link only when it is an https one (the server keeps no other).
  const checkoutUrl = safeHref(i.checkoutUrl);
  return (
    <div className="rounded-lg border border-brand bg-brand-light p-4" data-testid="channel-instructions">
      <p className="font-bold text-ink">{t('channelPayments.instructions.title', { amount, reference: payment.reference })}</p>
      {payment.method === 'VIRTUAL_ACCOUNT' && i.accountNumber && (
        <p className="mt-2">{t('channelPayments.instructions.accountNumber', { amount, channel, number: i.accountNumber })}</p>
      )}
      {payment.method === 'EWALLET' && (
        <p className="mt-2">
          {checkoutUrl ? (
            <>
              {t('channelPayments.instructions.checkout', { amount, channel })}{' '}
              <a className="font-semibold text-brand underline" href={checkoutUrl} target="_blank" rel="noopener noreferrer">
                {t('channelPayments.instructions.checkoutLink')}
              </a>
            </>
          ) : (
            t('channelPayments.instructions.checkoutSimulated')
          )}
        </p>
      )}
      {payment.method === 'OVER_THE_COUNTER' && i.paymentCode && (
        <p className="mt-2">{t('channelPayments.instructions.paymentCode', { amount, channel, code: i.paymentCode })}</p>
      )}
      <p className="mt-2 text-sm text-muted">{t('channelPayments.instructions.expires', { time: dateTime(payment.expiresAt, language) })}</p>
      <p className="mt-2 text-sm" role="status">
        {t('channelPayments.status.label')}: <strong>{t(`channelPayments.status.${payment.status}`)}</strong>
      </p>
    </div>
  );
}

function History({ payments, language }: { payments: readonly ChannelPaymentDto[]; language: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <h3 className="text-sm font-semibold text-ink">{t('channelPayments.history')}</h3>
      {payments.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{t('channelPayments.empty')}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2" aria-live="polite">
          {payments.map((p) => (
            <li key={p.id} className="rounded-md border border-slate-200 p-3 text-sm" data-testid="channel-payment-row">
              <div className="flex flex-wrap justify-between gap-2">
                <span className="font-semibold">{p.reference}</span>
                <span>{t(`channelPayments.status.${p.status}`)}</span>
              </div>
              <p className="text-muted">
                {money(p.amount)} · {channelName(t, p.channelCode)} · {dateTime(p.createdAt, language)}
              </p>
              {p.appliedToLoan && p.appliedToLoan !== '0.00' && p.receiptReference && (
                <p>{t('channelPayments.applied', { loan: money(p.appliedToLoan), receipt: p.receiptReference })}</p>
              )}
              {p.creditedToWallet && p.creditedToWallet !== '0.00' && <p>{t('channelPayments.wallet', { amount: money(p.creditedToWallet) })}</p>}
              {p.status === 'HELD' && p.paidAmount && <p>{t('channelPayments.heldNote', { amount: money(p.paidAmount) })}</p>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The form starts at the next amount due, never above what may be paid now; else at the smallest payment. */
function startingAmount(minimum: string, maximum: string, next: string | null | undefined): string {
  const max = parseAmount(maximum);
  const due = next ? parseAmount(next) : null;
  if (due === null || max === null || due <= 0n) return minimum;
  return toDecimalString(due < max ? due : max);
}
