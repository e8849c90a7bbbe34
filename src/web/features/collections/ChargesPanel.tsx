import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, ApiError } from '../../lib/api';
import { repaymentsApi } from '../../../shared/api/repayments';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField, TextAreaField } from '../../ui/Field';
import { Cell, Row, Table } from '../../ui/Table';
import { toast } from '../../ui/toast';
import { money } from '../../lib/format';
import { WAIVE_REASON_CODES, type ServicingDto } from '../../../shared/schemas/repayments';

type WaiveReasonCode = (typeof WAIVE_REASON_CODES)[number];
import type { ServicingStaff } from './queries';

type Charge = ServicingDto['charges'][number];

/**
 * A loan's late charges with how each was computed, and the waiver: a reason from the fixed list
 * (required), an optional internal note; above WAIVER_APPROVAL_THRESHOLD the server keeps the
 * request (202) until another officer approves it here.
 */
export function ChargesPanel({
  loanId,
  charges,
  staff,
  onDone,
}: {
  loanId: string;
  charges: readonly Charge[];
  staff: ServicingStaff | undefined;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<Charge | null>(null);
  const [reasonCode, setReasonCode] = useState<WaiveReasonCode | ''>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const reasonText = (code: string | null | undefined) => (code ? t(`collections.servicing.waiveReasons.${code}`) : '');
  const staffOf = (id: string) => staff?.charges.find((c) => c.chargeId === id);

  const waive = async () => {
    if (!target) return;
    if (!reasonCode) {
      setError(t('collections.servicing.charges.reasonRequired'));
      return;
    }
    setBusy(target.id);
    setError(null);
    try {
      const answer = await call(repaymentsApi.waive, {
        params: { loanId, chargeId: target.id },
        body: { reasonCode, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      toast.success(answer.charge.waivePending ? t('collections.servicing.charges.requested') : t('collections.servicing.charges.done'));
      setTarget(null);
      await onDone();
    } catch (e) {
      setError(e instanceof ApiError ? (Object.values(e.fields)[0] ?? e.message) : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(null);
    }
  };

  const approve = async (charge: Charge) => {
    setBusy(charge.id);
    try {
      await call(repaymentsApi.approveWaiver, { params: { loanId, chargeId: charge.id } });
      toast.success(t('collections.servicing.charges.approvedDone'));
      await onDone();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Table
        look="plain"
        label={t('collections.servicing.charges.title')}
        minWidth="min-w-[52rem]"
        testId="charges-table"
        empty={charges.length === 0}
        emptyText={t('collections.servicing.charges.empty')}
        columns={(['date', 'line', 'kind', 'basis', 'amount', 'paid', 'outstanding', 'waiver'] as const).map((c) => ({
          label: t(`collections.servicing.charges.col.${c}`),
          ...(c === 'amount' || c === 'paid' || c === 'outstanding' ? { align: 'right' as const } : {}),
        }))}
      >
        {charges.map((c) => {
          const who = staffOf(c.id);
          const request = who?.waiveRequest;
          return (
            <Row key={c.id} testId={`charge-${c.kind}-${c.businessDate}`}>
              <Cell>{c.businessDate}</Cell>
              <Cell>{c.lineNumber}</Cell>
              <Cell>{t(`collections.servicing.charges.kind.${c.kind}`)}</Cell>
              <Cell className="text-xs">
                {t('collections.servicing.charges.basis', {
                  rate: c.basis.ratePercent,
                  overdue: money(c.basis.overdueAmount),
                  days: c.basis.daysLate,
                  capped: c.basis.capped ? t('collections.servicing.charges.capped') : '',
                })}
              </Cell>
              <Cell align="right">{money(c.amount)}</Cell>
              <Cell align="right">{money(c.paid)}</Cell>
              <Cell align="right" className="font-semibold">
                {money(c.outstanding)}
              </Cell>
              <Cell>
                {c.waived ? (
                  who?.waivedBy ? (
                    t('collections.servicing.charges.waivedBy', { name: who.waivedBy.name, reason: reasonText(c.waiveReasonCode) })
                  ) : (
                    t('collections.servicing.charges.waived', { reason: reasonText(c.waiveReasonCode) })
                  )
                ) : c.waivePending ? (
                  <div className="flex flex-col items-start gap-1">
                    <span className="text-xs text-warning">
                      {t('collections.servicing.charges.pending', { name: request?.by?.name ?? '—', reason: reasonText(request?.reasonCode) })}
                    </span>
                    <Button variant="outline" busy={busy === c.id} onClick={() => void approve(c)}>
                      {t('collections.servicing.charges.approve')}
                    </Button>
                  </div>
                ) : c.waiveRequestClosed ? (
                  <span className="text-xs text-muted" data-testid="waiver-moot">
                    {t('collections.servicing.charges.moot', { name: request?.by?.name ?? '—', reason: reasonText(request?.reasonCode) })}
                  </span>
                ) : c.outstanding !== '0.00' ? (
                  <Button
                    variant="outline"
                    onClick={() => {
                      setTarget(c);
                      setReasonCode('');
                      setNote('');
                      setError(null);
                    }}
                  >
                    {t('collections.servicing.charges.waive')}
                  </Button>
                ) : null}
              </Cell>
            </Row>
          );
        })}
      </Table>
      <Dialog
        open={target !== null}
        onClose={() => setTarget(null)}
        title={t('collections.servicing.charges.waiveTitle')}
        footer={
          <>
            <Button variant="ghost" onClick={() => setTarget(null)}>
              {t('common.cancel')}
            </Button>
            <Button busy={busy !== null} onClick={() => void waive()}>
              {t('collections.servicing.charges.confirm')}
            </Button>
          </>
        }
      >
        {target && (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              {t('collections.servicing.charges.waiveIntro', {
                owed: money(target.outstanding, ''),
                threshold: money(staff?.waiverApprovalThreshold ?? '0.00', ''),
              })}
            </p>
            <SelectField
              label={t('collections.servicing.charges.reason')}
              value={reasonCode}
              onChange={(e) => setReasonCode(WAIVE_REASON_CODES.find((code) => code === e.target.value) ?? '')}
              required
              data-testid="waive-reason"
            >
              <option value="">{t('collections.servicing.charges.chooseReason')}</option>
              {WAIVE_REASON_CODES.map((code) => (
                <option key={code} value={code}>
                  {reasonText(code)}
                </option>
              ))}
            </SelectField>
            <TextAreaField label={t('collections.servicing.charges.note')} value={note} onChange={(e) => setNote(e.target.value)} rows={2} maxLength={500} />
            {error && (
              <p role="alert" className="text-sm font-medium text-danger">
                {error}
              </p>
            )}
          </div>
        )}
      </Dialog>
    </>
  );
}
