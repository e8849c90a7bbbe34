import { useTranslation } from 'react-i18next';
import { money, percent } from '../../../lib/format';
import type { PreAssessmentDto } from '../../../../shared/schemas/loans';

/** A pre-assessment as staff read it: eligible or not, the reasons (in the officer's words, about the borrower), the instalment and debt-service ratio, the maximum. */
export function Assessment({ pa }: { readonly pa: PreAssessmentDto }) {
  const { t } = useTranslation();
  return (
    <div className="text-sm">
      <p className={`font-bold ${pa.eligible ? 'text-emerald-700' : 'text-warning'}`}>
        {pa.eligible ? t('loans.admin.eligible') : t('loans.admin.notEligible')}
      </p>
      {pa.reasons.length > 0 && (
        <ul className="list-disc pl-5">
          {pa.reasons.map((r) => (
            <li key={r.code}>{t(`loans.staffReasons.${r.code}`, r.values ?? {})}</li>
          ))}
        </ul>
      )}
      <p>
        {t('loans.admin.instalmentDsr', { instalment: money(pa.instalment), dsr: pa.debtServiceRatioPercent ? percent(pa.debtServiceRatioPercent, 2) : '—' })}
      </p>
      <p>{t('loans.admin.maxEligible', { amount: money(pa.maxEligibleAmount) })}</p>
    </div>
  );
}
