import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { money } from '../../../lib/format';
import type { LoanApplicationResponse } from '../../../../shared/schemas/loans';

/** The continue view: the server's answer to the application (loan number, pre-assessment), shown at once. */
export function ApplyResult({ result, onContinue }: { readonly result: LoanApplicationResponse; readonly onContinue: () => void }) {
  const { t } = useTranslation();
  const pa = result.preAssessment;
  const byTerm = pa.maxEligibleByTerm.find((m) => m.term === result.loan.term);
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-lg font-bold text-brand">{t('loans.result.title')}</h3>
      <p className="font-semibold">{t('loans.result.loanNumber', { number: result.loan.loanNumber })}</p>
      <p className={pa.eligible ? 'text-emerald-800' : 'text-warning'}>{pa.eligible ? t('loans.result.eligible') : t('loans.result.notEligible')}</p>
      {pa.reasons.length > 0 && (
        <ul className="list-disc pl-5 text-sm">
          {pa.reasons.map((r) => (
            <li key={r.code}>{r.values ? t(`loans.reasons.${r.code}`, r.values) : r.message}</li>
          ))}
        </ul>
      )}
      <p className="text-sm">{t('loans.result.maxEligible', { count: result.loan.term, amount: money(byTerm?.amount ?? pa.maxEligibleAmount) })}</p>
      <Button variant="accent" className="self-start" onClick={onContinue}>
        {t('loans.result.continue')}
      </Button>
    </div>
  );
}
