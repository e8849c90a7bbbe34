import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { SelectField, TextAreaField, TextField } from '../../../ui/Field';
import { Notice } from '../../../ui/Notice';
import { toast } from '../../../ui/toast';
import { money } from '../../../lib/format';
import { COUNTER_OFFER_REASONS, INTERNAL_NOTE_MAX, LOAN_REJECTION_REASONS, loanReasonKey } from '../../../../shared/reasons/catalogue';
import { loanStatusLabelKey } from '../../../../shared/states/loan';
import type { AdminLoanDetail } from '../../../../shared/schemas/loans';
import { ReasonSelect } from '../ReasonSelect';
import { approveBody, isCounterOffer, rejectBody, type DecisionErrors, type DecisionForm } from './decision';
import type { LoanAction, LoanActionRequest, useLoanAction } from './queries';

/**
 * The dialog of one action: review (confirm only), approve (offer amount and term, a catalogue
 * reason for a counter-offer, an internal note), reject (reason, note) or disburse (what the
 * wallet receives). Approve and reject are checked with the routes' schemas before any request;
 * each field's message is shown beside it. The result shows only after the server has answered.
 */
export function DecisionDialog({
  action,
  loan,
  mutation,
  onClose,
}: {
  readonly action: LoanAction | null;
  readonly loan: AdminLoanDetail['loan'];
  readonly mutation: ReturnType<typeof useLoanAction>;
  readonly onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<DecisionForm>({ offerAmount: loan.amount, offerTerm: loan.term, reasonCode: '', note: '' });
  const [errors, setErrors] = useState<DecisionErrors>({});
  const set = (patch: Partial<DecisionForm>) => setForm((current) => ({ ...current, ...patch }));
  const counterOffer = isCounterOffer(form, loan);
  const busy = mutation.isPending;

  const titles: Record<LoanAction, string> = {
    review: t('loans.admin.startReview'),
    approve: t('loans.admin.approveTitle'),
    reject: t('loans.admin.rejectTitle'),
    disburse: t('loans.admin.disburseTitle'),
  };

  const requestOf = (): LoanActionRequest | null => {
    if (action === 'approve') {
      const checked = approveBody(form, loan);
      setErrors(checked.ok ? {} : checked.errors);
      return checked.ok ? { action, body: checked.body } : null;
    }
    if (action === 'reject') {
      const checked = rejectBody(form);
      setErrors(checked.ok ? {} : checked.errors);
      return checked.ok ? { action, body: checked.body } : null;
    }
    return action ? { action } : null;
  };

  const run = () => {
    const request = requestOf();
    if (!request) return;
    mutation.mutate(request, {
      onSuccess: (answer) => {
        toast.success(
          answer.kind === 'disbursed'
            ? t('loans.admin.disbursed', { amount: money(answer.walletCredited) })
            : t('loans.admin.done', { status: t(loanStatusLabelKey(answer.status)) }),
        );
        onClose();
      },
    });
  };

  const noteField = (
    <TextAreaField
      label={t('loans.admin.note')}
      hint={t('reasons.admin.noteHint')}
      value={form.note}
      onChange={(event) => set({ note: event.target.value })}
      maxLength={INTERNAL_NOTE_MAX}
      error={errors.note}
    />
  );

  return (
    <Dialog
      open={action !== null}
      onClose={() => !busy && onClose()}
      title={action ? titles[action] : ''}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('loans.admin.cancel')}
          </Button>
          <Button
            variant="accent"
            onClick={run}
            busy={busy}
            disabled={(action === 'reject' || (action === 'approve' && counterOffer)) && form.reasonCode === ''}
          >
            {t('loans.admin.confirm')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        {action === 'approve' && (
          <>
            <TextField
              label={t('loans.admin.offerAmount')}
              inputMode="decimal"
              value={form.offerAmount}
              onChange={(event) => set({ offerAmount: event.target.value })}
              error={errors.amount}
            />
            <SelectField
              label={t('loans.admin.offerTerm')}
              value={form.offerTerm}
              onChange={(event) => set({ offerTerm: Number(event.target.value) })}
              error={errors.term}
            >
              {loan.productTerms
                .filter((m) => m <= loan.requestedTerm)
                .map((m) => (
                  <option key={m} value={m}>
                    {t('loans.panel.months', { count: m })}
                  </option>
                ))}
            </SelectField>
            {counterOffer && (
              <>
                <Notice tone="warning">{t('loans.admin.counterOffer')}</Notice>
                <ReasonSelect
                  label={t('loans.admin.counterOfferReason')}
                  codes={COUNTER_OFFER_REASONS}
                  textKey={loanReasonKey}
                  value={form.reasonCode}
                  onChange={(reasonCode) => set({ reasonCode })}
                  testId="offer-reason"
                  error={errors.reasonCode}
                />
              </>
            )}
            {noteField}
          </>
        )}
        {action === 'reject' && (
          <>
            <ReasonSelect
              label={t('loans.admin.reason')}
              codes={LOAN_REJECTION_REASONS}
              textKey={loanReasonKey}
              value={form.reasonCode}
              onChange={(reasonCode) => set({ reasonCode })}
              testId="reject-reason"
              error={errors.reasonCode}
            />
            {noteField}
          </>
        )}
        {action === 'disburse' && <p>{t('loans.admin.disburseText', { net: money(loan.disclosure.netProceeds), principal: money(loan.amount) })}</p>}
        {mutation.error && (
          <Notice tone="error" strong testId="action-error">
            {mutation.error instanceof ApiError ? mutation.error.message : t('errors.NO_SERVER_RESPONSE')}
          </Notice>
        )}
      </div>
    </Dialog>
  );
}
