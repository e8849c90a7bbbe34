import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, ApiError, type ApiError as ApiErrorType } from '../../lib/api';
import { money } from '../../lib/format';
import { channelPaymentsApi } from '../../../shared/api/channel-payments';
import type { HeldPaymentDto } from '../../../shared/schemas/channel-payments';
import { Cell, Row, Table } from '../../ui/Table';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/Field';
import { ListState } from '../../ui/ListState';
import { StatusFilter } from '../../ui/StatusFilter';
import { toast } from '../../ui/toast';

const VIEWS = ['OPEN', 'RESOLVED'] as const;
type View = (typeof VIEWS)[number];
const NOTE_MAX = 500;

/**
 * Held channel payments (OFFICER, ADMIN; docs/decisions/059-callbacks-are-hints.md): payments the
 * provider's status endpoint confirmed for another amount or currency than their reference asked.
 * Nothing was applied; the officer compares the reference with the provider's figures and credits
 * the confirmed amount to the borrower's wallet with a note. Above the approval threshold the first
 * officer's credit is a request that another officer confirms. The list changes only after the server answered.
 */
export default function AdminHeldPaymentsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('OPEN');
  const list = useQuery<{ held: HeldPaymentDto[] }, ApiErrorType>({
    queryKey: ['admin', 'held-payments', view],
    queryFn: () => call(channelPaymentsApi.held, { query: { view, limit: 100 } }),
    refetchOnMount: 'always',
  });
  const held = list.data?.held ?? [];
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'fil' ? 'fil-PH' : 'en-PH', { timeZone: 'Asia/Manila' });

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand">{t('channelPayments.held.title')}</h1>
      <p className="text-sm text-muted">{t('channelPayments.held.intro')}</p>
      <StatusFilter
        label={t('channelPayments.held.view')}
        statuses={VIEWS}
        value={view}
        onChange={setView}
        optionText={(v) => t(`channelPayments.held.views.${v}`)}
      />
      <ListState query={list} empty={held.length === 0} emptyText={t('channelPayments.held.empty')}>
        <Table
          label={t('channelPayments.held.title')}
          minWidth="min-w-[64rem]"
          testId="held-payments-table"
          columns={(['held', 'reference', 'borrower', 'expected', 'confirmed', 'reason', 'status', 'actions'] as const).map((c) => ({
            label: t(`channelPayments.held.col.${c}`),
          }))}
        >
          {held.map((h) => (
            <Row key={h.id} className="align-top" testId="held-payment-row">
              <Cell className="whitespace-nowrap">{when(h.heldAt)}</Cell>
              <Cell>
                <span className="block font-mono text-xs">{h.reference}</span>
                <span className="block text-xs text-muted">{h.channelCode}</span>
                {h.providerPaymentId && (
                  <span className="block text-xs break-words text-muted">{t('channelPayments.held.providerId', { id: h.providerPaymentId })}</span>
                )}
              </Cell>
              <Cell>
                <span className="block">{h.memberName}</span>
                <Link className="text-xs text-brand underline" to={`/admin/loans/${h.loanId}/servicing`}>
                  {h.loanNumber}
                </Link>
              </Cell>
              <Cell className="tabular-nums whitespace-nowrap">{money(h.expectedAmount)}</Cell>
              <Cell className="font-semibold tabular-nums whitespace-nowrap">
                {h.confirmedCurrency === 'PHP' ? money(h.confirmedAmount) : `${h.confirmedCurrency ?? '?'} ${h.confirmedAmount}`}
              </Cell>
              <Cell>{t(`channelPayments.held.reason.${h.reason}`)}</Cell>
              <Cell>
                <span className="block font-semibold">{t(`channelPayments.held.status.${h.status}`)}</span>
                {h.requestedBy && (
                  <span className="block text-xs break-words text-muted">
                    {t('channelPayments.held.requested', { name: h.requestedBy, note: h.requestNote ?? '' })}
                  </span>
                )}
                {h.resolvedBy && (
                  <span className="block text-xs break-words text-muted">
                    {t('channelPayments.held.resolved', { name: h.resolvedBy, note: h.resolutionNote ?? '' })}
                  </span>
                )}
              </Cell>
              <Cell className="min-w-64">
                {h.status === 'CREDITED_TO_WALLET' ? (
                  <span className="text-xs text-muted">—</span>
                ) : h.confirmedCurrency !== 'PHP' ? (
                  <span className="text-xs">{t('channelPayments.held.notPhp')}</span>
                ) : (
                  <ReleaseForm held={h} onDone={() => queryClient.invalidateQueries({ queryKey: ['admin', 'held-payments'] })} />
                )}
              </Cell>
            </Row>
          ))}
        </Table>
      </ListState>
    </div>
  );
}

function ReleaseForm({ held, onDone }: { held: HeldPaymentDto; onDone: () => Promise<void> }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const amount = money(held.confirmedAmount);

  const submit = async () => {
    const trimmed = note.trim();
    if (trimmed.length === 0) return setError('channelPayments.held.noteRequired');
    if (trimmed.length > NOTE_MAX) return setError('channelPayments.held.noteTooLong');
    setError(undefined);
    setBusy(true);
    try {
      const answer = await call(channelPaymentsApi.releaseHeld, { params: { holdId: held.id }, body: { note: trimmed } });
      toast.success(t(answer.held.status === 'CREDITED_TO_WALLET' ? 'channelPayments.held.credited' : 'channelPayments.held.requestedToast'));
      setNote('');
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
      await onDone();
    }
  };

  return (
    <div className="flex flex-col gap-2">
      <TextAreaField
        label={t('channelPayments.held.noteLabel')}
        rows={2}
        maxLength={NOTE_MAX}
        value={note}
        error={error}
        onChange={(e) => setNote(e.target.value)}
      />
      {held.needsSecondOfficer && held.status === 'HELD' && <p className="text-xs text-muted">{t('channelPayments.held.secondOfficer')}</p>}
      <Button variant="outline" className="px-3" busy={busy} disabled={busy} onClick={() => void submit()}>
        {t(held.status === 'RELEASE_REQUESTED' ? 'channelPayments.held.confirm' : 'channelPayments.held.credit', { amount })}
      </Button>
    </div>
  );
}
