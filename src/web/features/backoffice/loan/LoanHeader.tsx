import { useTranslation } from 'react-i18next';
import { COLOUR_BG, COLOUR_TEXT, StatusIcon } from '../../../ui/StatusIcon';
import { dateTime, money } from '../../../lib/format';
import { loanReasonKey } from '../../../../shared/reasons/catalogue';
import type { AdminLoanDetail } from '../../../../shared/schemas/loans';

/** The loan's status banner: status, amount and term, who approved and disbursed, the reason given to the borrower. */
export function LoanHeader({ loan }: { readonly loan: AdminLoanDetail['loan'] }) {
  const { t, i18n } = useTranslation();
  return (
    <div className={`flex gap-3 rounded-lg border-l-4 p-4 ${COLOUR_BG[loan.statusColor]}`}>
      <StatusIcon name={loan.statusIcon} colour={loan.statusColor} />
      <div>
        <p className={`font-bold ${COLOUR_TEXT[loan.statusColor]}`} data-testid="admin-status">
          {loan.status.replace('_', ' ')}
        </p>
        <p className="text-sm">
          {money(loan.amount)} · {t('loans.panel.months', { count: loan.inForce?.term ?? loan.term })} · {dateTime(loan.createdAt, i18n.language)}
        </p>
        {loan.approvedBy && <p className="text-sm">{t('loans.admin.approvedBy', { name: loan.approvedBy.name })}</p>}
        {loan.disbursedBy && <p className="text-sm">{t('loans.admin.disbursedBy', { name: loan.disbursedBy.name })}</p>}
        {loan.rejectionReasonCode && <p className="text-sm">{t('loans.status.rejectionReason', { reason: t(loanReasonKey(loan.rejectionReasonCode)) })}</p>}
        {loan.offer?.reasonCode && <p className="text-sm">{t('loans.offer.reason', { reason: t(loanReasonKey(loan.offer.reasonCode)) })}</p>}
      </div>
    </div>
  );
}
