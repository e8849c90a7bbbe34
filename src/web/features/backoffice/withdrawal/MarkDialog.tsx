import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { call, ApiError } from '../../../lib/api';
import { withdrawalsApi } from '../../../../shared/api/withdrawals';
import type { AdminWithdrawalRow } from '../../../../shared/schemas/withdrawals';
import { INTERNAL_NOTE_MAX, PAYOUT_FAILURE_REASONS, withdrawalReasonKey, type PayoutFailureReason } from '../../../../shared/reasons/catalogue';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextAreaField, TextField } from '../../../ui/Field';
import { toast } from '../../../ui/toast';
import { money } from '../../../lib/format';
import { ReasonSelect } from '../ReasonSelect';
import { failedBody, paidBody, serverFieldErrors, withdrawBody, type MarkErrors, type MarkFieldError } from '../withdrawal-marks';
import type { Mark, Part } from './mark';
import { FailRequestText } from './QueueRow';

const TITLE = { paid: 'paidTitle', failed: 'failedTitle', confirm: 'confirmFailedTitle', withdraw: 'withdrawRequestTitle' } as const satisfies Record<
  Mark['as'],
  string
>;
const PART_TITLE = {
  paid: 'partPaidTitle',
  failed: 'partFailedTitle',
  confirm: 'partConfirmFailedTitle',
  withdraw: 'partWithdrawRequestTitle',
} as const satisfies Record<Mark['as'], string>;

/**
 * Marks a manual payout (the whole payout or one transfer) paid with the bank's reference, failed
 * with the reason (a request a second officer confirms, decision 049), confirms such a request, or
 * takes it back with a reason (decision 052). The form is checked with the routes' own schemas
 * before any request; the queue is read again after the server answered; each mark opens it empty.
 */
export function MarkDialog({ mark, onClose }: { readonly mark: Mark | null; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [reasonCode, setReasonCode] = useState<PayoutFailureReason | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<MarkErrors>({});
  // Each mark opens the form empty (state reset while rendering, as React advises for a changed prop).
  const [shown, setShown] = useState<Mark | null>(mark);
  if (mark !== shown) {
    setShown(mark);
    setText('');
    setReasonCode('');
    setError(null);
    setFieldErrors({});
  }

  const fieldText = (e: MarkFieldError | undefined) => (e ? t(e.key, e.values) : undefined);

  const done = (answer: AdminWithdrawalRow, part: Part | undefined, as: Mark['as']) => {
    const status = t(`withdrawals.status.${answer.status}.label`);
    if (as === 'failed' || as === 'withdraw') {
      const reference = part ? part.reference : answer.reference;
      toast.success(t(as === 'failed' ? 'backoffice.withdrawals.failRequestedDone' : 'backoffice.withdrawals.withdrawRequestDone', { reference }));
      return;
    }
    const after = part ? answer.parts.find((p) => p.index === part.index) : undefined;
    toast.success(
      part && after
        ? t('backoffice.withdrawals.partDone', {
            reference: answer.reference,
            index: part.index,
            count: answer.parts.length,
            partStatus: t(`backoffice.withdrawals.partStatus.${after.status}`),
            status,
          })
        : t('backoffice.withdrawals.done', { reference: answer.reference, status }),
    );
  };
  const run = async () => {
    if (!mark) return;
    setError(null);
    // The routes' own schemas, before any request: the officer reads the catalogue's message beside the field.
    const paid = mark.as === 'paid' ? paidBody(text) : null;
    const failed = mark.as === 'failed' ? failedBody(reasonCode, text) : null;
    const withdrawn = mark.as === 'withdraw' ? withdrawBody(text) : null;
    const checked = paid ?? failed ?? withdrawn ?? { ok: true as const };
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const { row, part } = mark;
      let answer: AdminWithdrawalRow;
      if (part) {
        const params = { id: row.id, index: part.index };
        answer = paid?.ok
          ? await call(withdrawalsApi.adminPartPaid, { params, body: paid.body })
          : failed?.ok
            ? await call(withdrawalsApi.adminPartFailed, { params, body: failed.body })
            : withdrawn?.ok
              ? await call(withdrawalsApi.adminPartFailWithdraw, { params, body: withdrawn.body })
              : await call(withdrawalsApi.adminPartFailConfirm, { params });
      } else {
        const params = { id: row.id };
        answer = paid?.ok
          ? await call(withdrawalsApi.adminPaid, { params, body: paid.body })
          : failed?.ok
            ? await call(withdrawalsApi.adminFailed, { params, body: failed.body })
            : withdrawn?.ok
              ? await call(withdrawalsApi.adminFailWithdraw, { params, body: withdrawn.body })
              : await call(withdrawalsApi.adminFailConfirm, { params });
      }
      done(answer, part, mark.as);
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        const byField = serverFieldErrors(e.fields);
        setFieldErrors(byField);
        if (Object.keys(byField).length === 0) setError(e.message);
      } else setError(t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
    }
  };

  return (
    <Dialog
      open={mark !== null}
      onClose={() => !busy && onClose()}
      title={
        mark
          ? mark.part
            ? t(`backoffice.withdrawals.${PART_TITLE[mark.as]}`, {
                reference: mark.part.reference,
                index: mark.part.index,
                count: mark.row.parts.length,
              })
            : t(`backoffice.withdrawals.${TITLE[mark.as]}`, { reference: mark.row.reference })
          : ''
      }
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('loans.admin.cancel')}
          </Button>
          <Button variant="accent" onClick={() => void run()} busy={busy}>
            {t('loans.admin.confirm')}
          </Button>
        </>
      }
    >
      {mark && (
        <div className="flex flex-col gap-3">
          <p className="text-sm">
            {t('backoffice.withdrawals.summary', {
              amount: money(mark.part ? mark.part.amount : mark.row.amountToReceive),
              institution: mark.row.destination.institutionName,
              account: mark.row.destination.accountMasked,
            })}
          </p>
          {mark.as === 'confirm' ? (
            <>
              <p className="text-sm">{t('backoffice.withdrawals.confirmFailedHint')}</p>
              {(() => {
                const request = mark.part ? mark.part.failRequest : mark.row.failRequest;
                return request && <FailRequestText request={request} className="text-sm" />;
              })()}
            </>
          ) : mark.as === 'withdraw' ? (
            <>
              <p className="text-sm">{t('backoffice.withdrawals.withdrawRequestHint')}</p>
              {(() => {
                const request = mark.part ? mark.part.failRequest : mark.row.failRequest;
                return request && <FailRequestText request={request} className="text-sm" />;
              })()}
              <TextAreaField
                label={t('backoffice.withdrawals.withdrawRequestReason')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={3}
                maxLength={INTERNAL_NOTE_MAX}
                error={fieldText(fieldErrors.reason)}
              />
            </>
          ) : mark.as === 'paid' ? (
            <TextField
              label={t('backoffice.withdrawals.bankReference')}
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
              error={fieldText(fieldErrors.bankReference)}
            />
          ) : (
            <>
              <ReasonSelect
                label={t('backoffice.withdrawals.reason')}
                codes={PAYOUT_FAILURE_REASONS}
                textKey={withdrawalReasonKey}
                value={reasonCode}
                onChange={setReasonCode}
                testId="failure-reason"
                error={fieldText(fieldErrors.reasonCode)}
              />
              <TextAreaField
                label={t('reasons.admin.noteLabel')}
                hint={t('reasons.admin.noteHint')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                rows={3}
                maxLength={INTERNAL_NOTE_MAX}
                error={fieldText(fieldErrors.note)}
              />
            </>
          )}
          {error && (
            <p role="alert" className="text-sm font-semibold text-danger">
              {error}
            </p>
          )}
        </div>
      )}
    </Dialog>
  );
}
