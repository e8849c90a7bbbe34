import { useTranslation } from 'react-i18next';
import { formatIsoDate, money, percent } from '../../../lib/format';
import type { DisclosureDto } from '../../../../shared/schemas/loans';
import type { ProductTerms } from './quote';

interface QuotePanelProps {
  readonly product: ProductTerms;
  readonly disclosure: DisclosureDto | null;
  readonly error: { readonly message: string } | null;
  readonly inRange: boolean;
  readonly currency: string;
  readonly symbol: string;
}

/** The regular repayment (monthly, or twice a month) from the server's quote (and in the display currency), or why there is none yet. */
export function QuotePanel({ product, disclosure, error, inRange, currency, symbol }: QuotePanelProps) {
  const { t, i18n } = useTranslation();
  const converted = disclosure?.converted ?? null;
  return (
    <div className="rounded-xl bg-brand-light p-4" aria-live="polite">
      <p className="text-sm font-semibold text-brand">
        {t(disclosure?.frequency === 'SEMI_MONTHLY' ? 'loans.panel.estimateSemiMonthly' : 'loans.panel.estimate')}
      </p>
      {disclosure ? (
        <>
          <p className="mt-1 text-3xl font-extrabold text-brand tabular-nums" data-testid="monthly-estimate">
            {money(disclosure.regularInstalment)}
          </p>
          {converted && converted.displayRate && (
            <p className="text-sm text-ink">
              {t('loans.panel.converted', {
                amount: money(converted.regularInstalment, symbol),
                date: formatIsoDate(converted.ratesAsOf, i18n.language),
                code: currency,
                php: money(converted.displayRate),
              })}
            </p>
          )}
          <p className="mt-2 text-xs text-muted">
            {t(disclosure.interestModel === 'ADD_ON' ? 'loans.panel.estimateNote' : 'loans.panel.estimateNoteDeclining', {
              rate: percent(disclosure.nominalMonthlyRatePercent),
              count: disclosure.numberOfInstalments,
            })}
          </p>
        </>
      ) : error ? (
        <p className="mt-1 text-sm text-warning">{error.message}</p>
      ) : (
        <p className="mt-1 text-sm text-muted">
          {inRange ? t('loans.panel.estimateLoading') : t('loans.panel.amountOut', { min: money(product.minAmount), max: money(product.maxAmount) })}
        </p>
      )}
    </div>
  );
}
