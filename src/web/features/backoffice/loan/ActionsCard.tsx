import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { Notice } from '../../../ui/Notice';
import type { AdminLoanDetail } from '../../../../shared/schemas/loans';
import type { LoanAction } from './queries';

/** The actions the server permits this officer, and why one is not permitted. */
export function ActionsCard({
  permissions,
  onAction,
}: {
  readonly permissions: AdminLoanDetail['permissions'];
  readonly onAction: (action: LoanAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card title={t('loans.admin.actions')}>
      <div className="flex flex-wrap gap-2">
        {permissions.canStartReview && <Button onClick={() => onAction('review')}>{t('loans.admin.startReview')}</Button>}
        {permissions.canApprove && (
          <Button variant="accent" onClick={() => onAction('approve')}>
            {t('loans.admin.approve')}
          </Button>
        )}
        {permissions.canReject && (
          <Button variant="outline" onClick={() => onAction('reject')}>
            {t('loans.admin.reject')}
          </Button>
        )}
        {permissions.canDisburse && (
          <Button variant="accent" onClick={() => onAction('disburse')}>
            {t('loans.admin.disburse')}
          </Button>
        )}
      </div>
      {permissions.conflictOfInterest && (
        <Notice tone="error" role="note" strong className="mt-3" testId="conflict-of-interest">
          {t('loans.admin.conflict', { reason: permissions.conflictOfInterest })}
        </Notice>
      )}
      {permissions.disburseBlockedReason && !permissions.conflictOfInterest && (
        <Notice tone="warning" strong className="mt-3" testId="disburse-blocked">
          {t('loans.admin.blocked', { reason: permissions.disburseBlockedReason })}
        </Notice>
      )}
    </Card>
  );
}
