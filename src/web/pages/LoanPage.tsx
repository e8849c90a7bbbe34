import { useCallback, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { isActivated } from '../../shared/states/account';
import { loanStatusLabelKey } from '../../shared/states/loan';
import { useCurrentUser } from '../lib/useCurrentUser';
import { dateOnly } from '../lib/format';
import { parseAmount, toDecimalString } from '../../shared/money/money';
import { ChargesList } from '../features/servicing';
import { DocumentLinks } from '../features/servicing';
import { LoanSummary } from '../features/servicing';
import { PayFromWallet } from '../features/servicing';
import { PaymentsList } from '../features/servicing';
import { Payoff } from '../features/servicing';
import { reloadAfterPayment, useServicing } from '../features/servicing';
import { ChannelPayment } from '../features/servicing';
import { ExtensionRequest } from '../features/servicing';
import { RemindersList } from '../features/servicing';
import { ScheduleTable } from '../features/servicing';
import { Section } from '../features/servicing';
import { StatusHistory } from '../features/servicing';
import { LoadError } from '../ui/LoadError';
import { Spinner } from '../ui/Spinner';

/**
 * The borrower's loan page (/loan; items 1 to 3): the summary and chart, paying from the
 * wallet, the payoff, the schedule, payments with receipts, late charges, reminders, the status
 * history and the signed documents. Every figure is the server's servicing view.
 *
 * After "Pay from your wallet": paying through a payment channel (features/servicing/channel) and
 * asking for an extension (features/servicing/extension). What the wallet cannot cover (a typed
 * amount, the next amount due, a payoff) is offered through the channel form, filled with the
 * difference (at most the most that may be paid now).
 */
export default function LoanPage() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const servicing = useServicing();
  const queryClient = useQueryClient();
  // What the wallet cannot cover, asked of the payment channel form below (never above what may be paid now).
  const [channelRequest, setChannelRequest] = useState<{ readonly amount: string; readonly seq: number } | null>(null);
  const maximum = servicing.data?.totals.maximumPayment;
  const payByChannel = useCallback(
    (amount: string) => {
      const wanted = parseAmount(amount) ?? 0n;
      const most = parseAmount(maximum ?? '0') ?? 0n;
      setChannelRequest((previous) => ({ amount: toDecimalString(wanted < most ? wanted : most), seq: (previous?.seq ?? 0) + 1 }));
    },
    [maximum],
  );
  const settled = useCallback(() => void reloadAfterPayment(queryClient), [queryClient]);
  if (!isActivated(user.accountState)) return <Navigate to="/activate" replace />;

  const heading = (
    <h1 className="text-2xl font-bold text-brand sm:text-3xl" tabIndex={-1}>
      {t('servicing.title')}
    </h1>
  );
  if (servicing.isPending) {
    return (
      <div className="flex flex-col gap-6">
        {heading}
        <Spinner label={t('servicing.loading')} />
      </div>
    );
  }
  if (servicing.isError) {
    return (
      <div className="flex flex-col gap-6">
        {heading}
        <LoadError
          title={t('servicing.loadError')}
          detail={servicing.error.message}
          retryLabel={t('servicing.retry')}
          onRetry={() => void servicing.refetch()}
        />
      </div>
    );
  }
  const view = servicing.data;
  if (view === null) {
    return (
      <div className="flex flex-col gap-6">
        {heading}
        <p className="rounded-lg bg-slate-50 p-4" data-testid="no-loan">
          {t('servicing.noLoan')}
        </p>
        <Link to="/wallet" className="min-h-11 content-center font-semibold text-brand underline underline-offset-4">
          {t('servicing.toWallet')}
        </Link>
      </div>
    );
  }
  const day = (d: string) => dateOnly(`${d}T12:00:00+08:00`, i18n.language);
  const repaid = view.loan.status === 'REPAID';

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        {heading}
        <p className="font-semibold">
          {t('servicing.loanNumber', { number: view.loan.loanNumber })} ·{' '}
          <span className="rounded-full bg-brand-light px-2 py-0.5 text-sm text-brand" data-testid="loan-page-status">
            {t(loanStatusLabelKey(view.loan.status))}
          </span>
        </p>
        <p className="text-sm text-muted">
          {t('servicing.disbursedOn', { date: day(view.loan.disbursedOn) })} · {t('servicing.asOf', { date: day(view.asOf) })}
        </p>
        {view.display.currency !== 'PHP' && (
          <p className="text-xs text-muted">
            {t('servicing.convertedNote', { currency: view.display.currency, rate: view.display.displayRate, asOf: view.display.ratesAsOf })}
          </p>
        )}
      </header>

      <Section title={t('servicing.summary.heading')} testId="loan-summary">
        <LoanSummary view={view} />
      </Section>

      {!repaid && (
        <Section title={t('servicing.pay.heading')} testId="pay-from-wallet">
          <PayFromWallet view={view} onPayByChannel={payByChannel} />
        </Section>
      )}

      {!repaid && (
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <ChannelPayment
            minimum={view.totals.minimumPayment}
            maximum={view.totals.maximumPayment}
            next={view.nextDue?.amount}
            onSettled={settled}
            requested={channelRequest}
          />
        </div>
      )}

      {!repaid && (
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <ExtensionRequest onChanged={() => void reloadAfterPayment(queryClient)} />
        </div>
      )}

      <Section title={t('servicing.payoff.heading')} testId="payoff">
        <Payoff view={view} onPayByChannel={payByChannel} />
      </Section>

      <Section title={t('servicing.schedule.heading')} testId="schedule">
        <ScheduleTable lines={view.lines} display={view.display} />
      </Section>

      <Section title={t('servicing.payments.heading')} testId="payments-section">
        <PaymentsList view={view} />
      </Section>

      <Section title={t('servicing.charges.heading')}>
        <ChargesList view={view} />
      </Section>

      <Section title={t('servicing.reminders.heading')}>
        <RemindersList view={view} />
      </Section>

      <Section title={t('servicing.history.heading')}>
        <StatusHistory view={view} />
      </Section>

      {view.documents && (
        <Section title={t('servicing.documents.heading')}>
          <DocumentLinks documents={view.documents} />
        </Section>
      )}
    </div>
  );
}
