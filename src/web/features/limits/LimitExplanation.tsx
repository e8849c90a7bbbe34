import { useTranslation } from 'react-i18next';
import { localText } from '../../../shared/loan/public-product';
import { formatAmount, parseAmount } from '../../../shared/money/money';
import type { CreditLimitDto } from '../../../shared/schemas/limit-ladder';
import { usePublicConfig } from '../../lib/queries';
import { formatIsoDate } from '../../lib/format';

/** An API amount ("1000000.00") as the texts show it before "PHP": "1,000,000.00". */
function pesos(amount: string): string {
  const value = parseAmount(amount);
  return value === null ? amount : formatAmount(value);
}

/**
 * One product's limit and why (decision 085): the figure, what set it (the ladder's step, its
 * fallback after serious lateness, the product's maximum or the income), the loans counted and
 * not counted, and what would raise it. The member's dashboard and the officer's application page
 * show the same component from the same answer.
 */
export function LimitExplanation({ limit, headingLevel = 3 }: { readonly limit: CreditLimitDto; readonly headingLevel?: 2 | 3 }) {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig();
  const productName = (code: string) => {
    const p = config.data?.products.find((x) => x.code === code);
    return p ? localText(p.names, i18n.language) : code;
  };
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const ladder = limit.ladder;
  const boundAmount = limit.bound === 'INCOME' ? limit.incomeMax! : limit.bound === 'PRODUCT' ? limit.productMax : (ladder?.step.maxAmount ?? limit.limit);
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid={`limit-${limit.productCode}`}>
      <Heading className="text-base font-bold text-ink">{t('limits.limit', { product: productName(limit.productCode), amount: pesos(limit.limit) })}</Heading>
      <p>
        {limit.bound === 'FALLBACK' && ladder?.seriouslyLate
          ? t('limits.bound.FALLBACK', {
              amount: pesos(ladder.fallbackMaxAmount),
              days: ladder.seriouslyLate.mostDaysLate,
              seriousLateDays: ladder.seriousLateDays,
            })
          : t(`limits.bound.${limit.bound}`, {
              amount: pesos(boundAmount),
              step: ladder?.stepNumber ?? 0,
              steps: ladder?.stepCount ?? 0,
            })}
      </p>
      {ladder && (
        <>
          {limit.bound !== 'LADDER' && limit.bound !== 'FALLBACK' && (
            <p>{t('limits.ladderStep', { step: ladder.stepNumber, steps: ladder.stepCount, amount: pesos(ladder.step.maxAmount) })}</p>
          )}
          <p className="text-muted">{t('limits.onTimeRule', { onTimeDays: ladder.onTimeDays })}</p>
          {ladder.onTimeLoans.length === 0 ? (
            <p>{t('limits.noneCounted')}</p>
          ) : (
            <>
              <p>{t('limits.counted', { count: ladder.onTimeLoans.length })}</p>
              <ul className="list-disc pl-5">
                {ladder.onTimeLoans.map((l) => (
                  <li key={l.reference}>
                    <span className="font-mono">{l.reference}</span>{' '}
                    {t('limits.loan', { product: productName(l.productCode), date: formatIsoDate(l.repaidOn ?? '', i18n.language) })}
                  </li>
                ))}
              </ul>
            </>
          )}
          {ladder.lateLoans.length > 0 && (
            <>
              <p>{t('limits.notCounted', { onTimeDays: ladder.onTimeDays })}</p>
              <ul className="list-disc pl-5">
                {ladder.lateLoans.map((l) => (
                  <li key={l.reference}>
                    <span className="font-mono">{l.reference}</span>{' '}
                    {t('limits.lateLoan', { product: productName(l.productCode), date: formatIsoDate(l.repaidOn ?? '', i18n.language), days: l.mostDaysLate })}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="font-semibold">
            {ladder.next
              ? t('limits.next', { count: ladder.next.moreLoans, step: ladder.next.stepNumber, amount: pesos(ladder.next.step.maxAmount) })
              : t('limits.top')}
          </p>
          {ladder.seriouslyLate && <p>{t('limits.fallbackLift', { seriousLateDays: ladder.seriousLateDays, amount: pesos(ladder.step.maxAmount) })}</p>}
        </>
      )}
      {limit.bound === 'INCOME' && limit.incomeMax && <p>{t('limits.incomeRaise', { amount: pesos(limit.incomeMax) })}</p>}
    </div>
  );
}
