import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { useCurrencies, useMemberAccount } from '../../lib/queries';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Checkbox } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { toast } from '../../ui/toast';
import type { LoanApplicationResponse } from '../../../shared/schemas/loans';
import { loanKeys } from './queries';
import { AgreementDialog } from './apply/AgreementDialog';
import { AmountBox } from './apply/AmountBox';
import { ProductChoice } from '../../ui/ProductChoice';
import { ApplyResult } from './apply/ApplyResult';
import { ConfirmSummary } from './apply/ConfirmSummary';
import { DisclosureDialog } from './apply/DisclosureDialog';
import { QuotePanel } from './apply/QuotePanel';
import { ScheduleBox } from './apply/ScheduleBox';
import { applicationOf } from './apply/quote';
import type { ApplyStep } from './apply/types';
import { useLoanQuote } from './apply/useLoanQuote';
import { isLoanExists, useLoanSubmission } from './apply/useLoanSubmission';

/** The warning toast's id: accepting the agreement takes it away. */
const AGREEMENT_TOAST = 'loan-agreement';

/**
 * The loan panel's application (specification section 2, "Loan panel"): the loanbox (apply/AmountBox
 * and apply/QuotePanel, fed by useLoanQuote), the 'Service and Policy Agreement', the Disclosure
 * Statement, 'Confirm Your Loan Application' (useLoanSubmission), then, as soon as the server has
 * answered, the continue view with the pre-assessment (apply/ApplyResult; the specification's
 * 5-second 'Submitting...' screen after the answer was a pretend wait: dropped).
 */
export function LoanApply({ onFlowChange }: { readonly onFlowChange?: (inFlow: boolean) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const currencies = useCurrencies();
  // The product named by the landing page's APPLY NOW (?product=SMALL), if any; the member may choose another.
  const [search] = useSearchParams();
  const loanbox = useLoanQuote(search.get('product'));
  const [agreed, setAgreed] = useState(false);
  const [step, setStep] = useState<ApplyStep>(null);
  const [result, setResult] = useState<LoanApplicationResponse | null>(null);
  const account = useMemberAccount(step === 'confirm', 60_000);
  const submission = useLoanSubmission({
    onSubmitted: (answer) => {
      setResult(answer);
      setStep(null);
      onFlowChange?.(true);
      toast.success(t('loans.result.submitted'));
    },
    onRefused: (error) => {
      if (isLoanExists(error)) {
        toast.error(t('loans.result.exists'));
        setStep(null);
        void queryClient.invalidateQueries({ queryKey: loanKeys.current });
      } else toast.error(error instanceof ApiError ? error.message : t('errors.NO_SERVER_RESPONSE'));
    },
  });

  const { product, term, current, currency } = loanbox;
  if (!product || term === null) return <Spinner label={t('loans.panel.loading')} />;
  const disclosure = current?.disclosure ?? null;
  const symbol = currencies.data?.find((c) => c.currencyCode === currency)?.currencySymbol ?? currency;

  if (result) {
    return (
      <ApplyResult
        result={result}
        onContinue={() => {
          setResult(null);
          setAgreed(false);
          onFlowChange?.(false);
          void queryClient.invalidateQueries({ queryKey: loanKeys.current });
        }}
      />
    );
  }

  const apply = () => {
    if (!agreed) {
      toast.warning(t('loans.panel.readAgreement'), { id: AGREEMENT_TOAST });
      return;
    }
    if (disclosure) setStep('disclosure');
  };

  return (
    <div className="flex flex-col gap-5">
      <ProductChoice products={loanbox.products} chosen={product.code} onChoose={loanbox.chooseProduct} />
      <AmountBox
        product={product}
        bounds={loanbox.bounds}
        text={loanbox.text}
        onText={loanbox.setText}
        amount={loanbox.amount}
        inRange={loanbox.inRange}
        term={term}
        onTerm={loanbox.setTerm}
        currency={currency}
        onCurrency={loanbox.setCurrency}
      />
      <ScheduleBox product={product} schedule={loanbox.schedule} onSchedule={loanbox.setSchedule} />
      <QuotePanel product={product} disclosure={disclosure} error={loanbox.quoteError} inRange={loanbox.inRange} currency={currency} symbol={symbol} />
      <div className="flex flex-wrap items-center gap-x-1">
        <Checkbox label={t('loans.panel.agreementLabel')} checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <button type="button" className="min-h-11 font-semibold text-brand underline underline-offset-4" onClick={() => setStep('agreement')}>
          {t('loans.panel.agreementLink')}
        </button>
      </div>
      <Button variant="accent" block onClick={apply} disabled={!disclosure}>
        {t('loans.panel.apply')}
      </Button>

      <AgreementDialog
        open={step === 'agreement'}
        onClose={() => setStep(null)}
        onAgree={() => {
          setAgreed(true);
          setStep(null);
          toast.dismiss(AGREEMENT_TOAST);
        }}
      />
      <DisclosureDialog disclosure={disclosure} open={step === 'disclosure'} onClose={() => setStep(null)} onContinue={() => setStep('confirm')} />
      <Dialog
        open={step === 'confirm' && disclosure !== null}
        onClose={() => !submission.submitting && setStep(null)}
        title={t('loans.confirm.title')}
        footer={
          <>
            <Button variant="outline" onClick={() => setStep('disclosure')} disabled={submission.submitting}>
              {t('loans.confirm.back')}
            </Button>
            <Button
              variant="accent"
              onClick={() => current && loanbox.currentRequest && void submission.submit(applicationOf(current, currency, loanbox.currentRequest))}
              busy={submission.submitting}
              disabled={submission.locked}
            >
              {t('loans.confirm.submit')}
            </Button>
          </>
        }
      >
        {disclosure && (
          <ConfirmSummary disclosure={disclosure} currency={currency} symbol={symbol} payout={{ bank: account.data?.bank, failed: account.isError }} />
        )}
      </Dialog>
    </div>
  );
}
