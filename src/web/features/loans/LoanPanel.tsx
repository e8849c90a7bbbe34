import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { LoanApply } from './LoanApply';
import { LoanStatusCard } from './LoanStatusCard';
import { useCurrentLoan } from './queries';

/**
 * The loan panel on /dash for activated members (specification section 2): with no
 * open loan the application (loanbox and its dialogs); with one, its status card, statement,
 * timeline, cancelling and contract signing.
 */
export function LoanPanel({ headingRef }: { readonly headingRef?: Ref<HTMLHeadingElement> }) {
  const { t } = useTranslation();
  const current = useCurrentLoan();
  const [applyAgain, setApplyAgain] = useState(false);
  // While the submitted application's views show (loansubmitting, continue), stay on them even if
  // the loan is refetched meanwhile.
  const [inFlow, setInFlow] = useState(false);
  const loan = current.data;

  return (
    <section aria-labelledby="loan-title" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="loan-title" ref={headingRef} tabIndex={-1} className="mb-4 text-lg font-bold text-brand outline-none">
        {loan?.open && !inFlow ? t('loans.status.title') : t('loans.panel.calculator')}
      </h2>
      {current.isPending ? (
        <Spinner label={t('loans.panel.loading')} />
      ) : current.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2">
          <p className="text-accent">{current.error.message}</p>
          <Button variant="outline" onClick={() => void current.refetch()}>
            {t('loans.panel.retry')}
          </Button>
        </div>
      ) : loan && !inFlow && (loan.open || !applyAgain) ? (
        <LoanStatusCard loan={loan} onApplyAgain={() => setApplyAgain(true)} />
      ) : (
        <LoanApply
          onFlowChange={(flow) => {
            setInFlow(flow);
            if (!flow) setApplyAgain(false);
          }}
        />
      )}
    </section>
  );
}
