import { useTranslation } from 'react-i18next';
import { formatIsoDate, money, percent } from '../../../lib/format';
import type { DisclosureDto } from '../../../../shared/schemas/loans';

/** The payout account line: the bank and masked number, '…' while loading, or that there is none. */
export interface PayoutLine {
  readonly bank: { readonly bankName: string; readonly accountNumberMasked: string } | null | undefined;
  readonly failed: boolean;
}

/** 'Confirm Your Loan Application': the amount, term, rate, instalment (and in the display currency) and the payout account. */
export function ConfirmSummary({
  disclosure,
  currency,
  symbol,
  payout,
}: {
  readonly disclosure: DisclosureDto;
  readonly currency: string;
  readonly symbol: string;
  readonly payout: PayoutLine;
}) {
  const { t, i18n } = useTranslation();
  const converted = disclosure.converted;
  return (
    <dl className="flex flex-col gap-3 text-sm">
      <div>
        <dt className="text-muted">{t('loans.confirm.amount')}</dt>
        <dd className="text-lg font-bold tabular-nums">
          {converted ? money(converted.amountFinanced, symbol) : money(disclosure.amountFinanced)}
          {converted && <span className="block text-sm font-semibold">{t('loans.confirm.phpEquivalent', { amount: money(disclosure.amountFinanced) })}</span>}
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
      {converted && converted.displayRate && (
        <p className="text-xs text-muted">
          {t('loans.confirm.asOf', { date: formatIsoDate(converted.ratesAsOf, i18n.language), code: currency, php: money(converted.displayRate) })}
        </p>
      )}
      <div>
        <dt className="text-muted">{t('loans.confirm.payout')}</dt>
        <dd className="font-bold" data-testid="payout-account">
          {payout.bank
            ? t('loans.confirm.payoutValue', { bank: payout.bank.bankName, number: payout.bank.accountNumberMasked })
            : payout.failed
              ? t('loans.confirm.noPayout')
              : '…'}
        </dd>
      </div>
    </dl>
  );
}
