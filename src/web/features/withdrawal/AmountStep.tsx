import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/Field';
import { parseAmount, toDecimalString } from '../../../shared/money/money';
import { withdrawalAmountSchema, type WithdrawalOptions } from '../../../shared/schemas/withdrawals';
import { dateTime, money } from '../../lib/format';
import { AMOUNT_MAX_LENGTH, amountOf, minimumOf, planTransfers, withdrawalAmountInput, type Channel } from './amount';
import { SplitNote } from '../../ui/TransferParts';
import { StepHeading } from './StepHeading';
import { amountRefusalMessage } from '../../../shared/withdrawal/channels';
import { serverNow } from '../../lib/server-time';

export interface AmountStepProps {
  readonly options: WithdrawalOptions;
  readonly text: string;
  readonly onText: (text: string) => void;
  /** The amount as the API takes it ("1000.00") and the channel its size selects. */
  readonly onContinue: (amount: string, channel: Channel) => void;
  readonly onBack: () => void;
  /** A message to show above the form (a cancelled withdrawal whose money came back). */
  readonly notice: string | null;
}

/** Withdrawing (specification section 4, first step): the amount, with the balance and the limits. */
export function AmountStep({ options, text, onText, onContinue, onBack, notice }: AmountStepProps) {
  const { t, i18n } = useTranslation();
  const [error, setError] = useState<string | undefined>();
  const available = parseAmount(options.available) ?? 0n;
  const blocked = options.blockedUntil !== null && Date.parse(options.blockedUntil) > serverNow();
  const disabled = blocked || options.destination === null;
  const minimum = minimumOf(options.channels);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amount = amountOf(text);
    if (amount === null) {
      setError(t('withdrawals.errors.amount'));
      return;
    }
    const pick = planTransfers(amount, options);
    if (!pick.ok) {
      const refusal = amountRefusalMessage(pick.reason, pick.limit, options.destination?.kind ?? null);
      setError(t(`withdrawals.errors.${refusal.key}`, refusal.placeholder ? { [refusal.placeholder]: money(toDecimalString(refusal.limit)) } : {}));
      return;
    }
    const value = toDecimalString(amount);
    if (!withdrawalAmountSchema.safeParse(value).success) {
      setError(t('withdrawals.errors.amount'));
      return;
    }
    onContinue(value, pick.parts[0]!.channel);
  };
  const typed = amountOf(text);
  const plan = typed !== null ? planTransfers(typed, options) : null;

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      <StepHeading>{t('withdrawals.flow.amount.heading')}</StepHeading>
      {notice && (
        <p role="status" className="rounded-lg border-l-4 border-emerald-600 bg-emerald-50 p-3 text-sm text-emerald-800">
          {notice}
        </p>
      )}
      <div className="rounded-lg bg-brand-light p-4">
        <p className="text-sm font-semibold text-muted">{t('withdrawals.flow.amount.available')}</p>
        <p className="text-2xl font-extrabold text-brand tabular-nums" data-testid="withdrawal-available">
          {money(options.available)} <span className="text-sm font-semibold">{options.currency}</span>
        </p>
      </div>
      {blocked && options.blockedUntil && (
        <div role="alert" className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-sm text-amber-900">
          <p className="font-bold">{t('withdrawals.flow.amount.blockedTitle')}</p>
          <p className="mt-1">{t('withdrawals.flow.amount.blocked', { until: dateTime(options.blockedUntil, i18n.language) })}</p>
        </div>
      )}
      {options.destination === null && (
        <p role="alert" className="rounded-lg border-l-4 border-amber-600 bg-amber-50 p-4 text-sm text-amber-900">
          {t('withdrawals.flow.amount.noDestination')}
        </p>
      )}
      <div className="flex flex-col gap-2">
        <TextField
          label={t('withdrawals.flow.amount.label')}
          hint={t('withdrawals.flow.amount.hint')}
          error={error}
          inputMode="decimal"
          autoComplete="off"
          maxLength={AMOUNT_MAX_LENGTH}
          value={text}
          disabled={disabled}
          onChange={(event) => {
            setError(undefined);
            onText(withdrawalAmountInput(event.target.value, available));
          }}
          className="text-lg font-semibold tabular-nums"
        />
        {plan?.ok && <SplitNote parts={plan.parts} />}
        <Button variant="ghost" className="self-start px-2" disabled={disabled || available <= 0n} onClick={() => onText(toDecimalString(available))}>
          {t('withdrawals.flow.amount.all')}
        </Button>
      </div>
      <section aria-labelledby="withdrawal-limits" className="text-sm">
        <h3 id="withdrawal-limits" className="font-semibold text-ink">
          {t('withdrawals.flow.amount.limits')}
        </h3>
        <ul className="mt-1 flex flex-col gap-1 text-muted">
          {options.channels.map((c) => (
            <li key={c.channel}>
              {t('withdrawals.flow.amount.limit', { channel: t(`withdrawals.channel.${c.channel}`), min: money(c.min), max: money(c.max) })}
            </li>
          ))}
        </ul>
        {minimum !== null && <p className="mt-2 text-muted">{t('withdrawals.flow.amount.minimum', { min: money(toDecimalString(minimum)) })}</p>}
        <p className="mt-1 text-muted">{t('withdrawals.flow.amount.fee', { fee: money(options.fee) })}</p>
      </section>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          {t('withdrawals.flow.amount.back')}
        </Button>
        <Button type="submit" variant="accent" disabled={disabled || text === ''}>
          {t('withdrawals.flow.amount.continue')}
        </Button>
      </div>
    </form>
  );
}
