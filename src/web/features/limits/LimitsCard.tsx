import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CreditLimitsResponse } from '../../../shared/schemas/limit-ladder';
import { call } from '../../lib/api';
import { formatIsoDate } from '../../lib/format';
import { LimitExplanation } from './LimitExplanation';

/** The query key of the member's limits (invalidated with the loan: a repaid loan may raise them). */
const limitsKey = ['member', 'limits'] as const;

/** The member's limit for each product offered, why, and what would raise it (decision 085). */
export function LimitsCard() {
  const { t, i18n } = useTranslation();
  const limits = useQuery<CreditLimitsResponse>({
    queryKey: limitsKey,
    staleTime: 0, // a loan repaid on another page may have raised them
    queryFn: () => call(() => import('../../../shared/api/member').then((m) => m.memberApi.creditLimits)),
  });
  return (
    <section aria-labelledby="limits-heading" className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm" data-testid="limits-card">
      <h2 id="limits-heading" className="text-lg font-bold text-brand">
        {t('limits.title')}
      </h2>
      {limits.isPending && <p className="text-sm text-muted">{t('limits.loading')}</p>}
      {limits.isError && (
        <p role="alert" className="text-sm text-danger">
          {t('limits.error')}
        </p>
      )}
      {limits.data && (
        <>
          {limits.data.limits.map((l) => (
            <LimitExplanation key={l.productCode} limit={l} />
          ))}
          <p className="text-xs text-muted">
            {t('limits.wallet')} {t('limits.asOf', { date: formatIsoDate(limits.data.asOf, i18n.language) })}
          </p>
        </>
      )}
    </section>
  );
}
