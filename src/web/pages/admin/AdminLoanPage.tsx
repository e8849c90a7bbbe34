import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card } from '../../ui/Card';
import { Notice } from '../../ui/Notice';
import { Spinner } from '../../ui/Spinner';
import { DisclosureView } from '../../features/loans';
import { ActionsCard } from '../../features/backoffice';
import { Assessment } from '../../features/backoffice';
import { DecisionDialog } from '../../features/backoffice';
import { LoanHeader } from '../../features/backoffice';
import { DocumentsCard, MemberCards } from '../../features/backoffice';
import { TimelineCard } from '../../features/backoffice';
import { useAdminLoan, useLoanAction, type LoanAction } from '../../features/backoffice';
import { LoanExtensionNotice } from '../../features/backoffice';
import { LimitExplanation } from '../../features/limits';

/** Statuses whose loan has a schedule being serviced (payments, charges, extension requests): its servicing page exists. */
const SERVICED = new Set(['DISBURSED', 'ACTIVE', 'OVERDUE', 'REPAID']);

/**
 * One application in the back office: the member's profile, references and ID
 * images (each view is logged by the server), the pre-assessment, the disclosure and the actions
 * the server permits. The parts live in features/backoffice/loan (the reads and actions in its
 * queries.ts, the decision form's checks in decision.ts). Each action shows its result only after
 * the server has answered.
 */
export default function AdminLoanPage() {
  const { t } = useTranslation();
  const { loanId = '' } = useParams();
  const detail = useAdminLoan(loanId);
  const mutation = useLoanAction(loanId);
  const [action, setAction] = useState<LoanAction | null>(null);
  // Each opening starts a fresh form (the offer as applied for, no reason, no note).
  const [opening, setOpening] = useState(0);

  if (detail.isPending) return <Spinner label={t('common.loading')} />;
  if (detail.isError) return <Notice tone="error">{detail.error.message}</Notice>;
  const { loan, member, permissions, currentAssessment } = detail.data;

  const open = (next: LoanAction) => {
    mutation.reset();
    if (next === 'disburse') mutation.prepareDisburse();
    setOpening((n) => n + 1);
    setAction(next);
  };

  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin" className="min-h-11 content-center self-start text-sm font-semibold text-brand underline underline-offset-4">
        {t('loans.admin.back')}
      </Link>
      <h1 className="text-2xl font-bold text-brand">{t('loans.admin.loanTitle', { number: loan.loanNumber })}</h1>
      <LoanHeader loan={loan} />
      {SERVICED.has(loan.status) && (
        <>
          <LoanExtensionNotice loanId={loanId} />
          <Link
            to={`/admin/loans/${loanId}/servicing`}
            className="min-h-11 content-center self-start font-semibold text-brand underline underline-offset-4"
            data-testid="loan-servicing-link"
          >
            {t('extensions.review.servicingLink')}
          </Link>
        </>
      )}
      <ActionsCard permissions={permissions} onAction={open} />
      <MemberCards member={member} />
      <DocumentsCard documents={member.documents} />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('loans.admin.preAssessment')}>
          <Assessment pa={loan.preAssessment} />
        </Card>
        <Card title={t('loans.admin.currentAssessment')}>
          <Assessment pa={currentAssessment} />
        </Card>
      </div>
      <Card title={t('limits.officerTitle')}>
        <LimitExplanation limit={detail.data.limit} />
      </Card>
      <Card title={t('loans.disclosure.title')}>
        <DisclosureView disclosure={loan.disclosure} />
      </Card>
      <TimelineCard timeline={loan.timeline} />
      <DecisionDialog key={opening} action={action} loan={loan} mutation={mutation} onClose={() => setAction(null)} />
    </div>
  );
}
