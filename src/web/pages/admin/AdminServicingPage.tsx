import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call, ApiError } from '../../lib/api';
import { repaymentsApi } from '../../../shared/api/repayments';
import { collectionsApi } from '../../../shared/api/collections';
import { Button } from '../../ui/Button';
import { LoadState } from '../../ui/ListState';
import { Cell, Row, Table } from '../../ui/Table';
import { toast } from '../../ui/toast';
import { dateTime, money } from '../../lib/format';
import { COLOUR_TEXT } from '../../ui/StatusIcon';
import { ChargesPanel } from '../../features/collections';
import { NotesPanel } from '../../features/collections';
import { RecordPaymentForm } from '../../features/collections';
import { RemindersPanel } from '../../features/collections';
import { collectionsKeys, type ServicingStaff } from '../../features/collections';
import type { ReceiptDto, ServicingDto } from '../../../shared/schemas/repayments';
import { LOAN_STATUS_CATALOGUE, loanStatusLabelKey } from '../../../shared/states/loan';
import { loanReasonKey } from '../../../shared/reasons/catalogue';
import { ExtensionReview } from '../../features/backoffice';

function Card({ title, children, testId }: { readonly title: string; readonly children: ReactNode; readonly testId?: string }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-testid={testId}>
      <h2 className="mb-3 font-bold text-brand">{title}</h2>
      {children}
    </section>
  );
}

const LINE_COLOUR: Record<string, string> = {
  UPCOMING: 'text-muted',
  DUE: 'text-brand',
  PAID: 'text-emerald-700',
  PAID_LATE: 'text-emerald-700',
  OVERDUE: 'text-danger',
};

/**
 * The back office's servicing page of one loan (OFFICER and ADMIN): totals, the
 * schedule with each line's status, payments with their allocation and who recorded and approved
 * them, late charges with how they were computed and their waivers, reminders sent, internal notes
 * and the status history; the forms to record a payment, approve one, and waive a charge. Every
 * figure is the server's; each action shows its result only after the server answered.
 */
export default function AdminServicingPage() {
  const { t, i18n } = useTranslation();
  const { loanId = '' } = useParams();
  const queryClient = useQueryClient();
  const view = useQuery<ServicingDto, ApiError>({
    queryKey: collectionsKeys.servicing(loanId),
    queryFn: () => call(repaymentsApi.adminServicing, { params: { loanId } }),
    refetchOnMount: 'always',
  });
  const staff = useQuery<ServicingStaff, ApiError>({
    queryKey: collectionsKeys.staff(loanId),
    queryFn: async () => (await call(collectionsApi.servicingStaff, { params: { loanId } })).staff,
  });
  const [approving, setApproving] = useState<string | null>(null);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['admin', 'servicing', loanId] });
    await queryClient.invalidateQueries({ queryKey: ['admin', 'collections'] });
  };

  if (!view.isSuccess) return <LoadState query={view} />;
  const d = view.data;
  const payer = (id: string) => staff.data?.payments.find((p) => p.paymentId === id);

  const approve = async (p: ReceiptDto) => {
    setApproving(p.paymentId);
    try {
      const answer = await call(repaymentsApi.approvePayment, { params: { loanId, paymentId: p.paymentId } });
      toast.success(t('collections.servicing.payments.approved', { reference: answer.receipt.reference }));
      await refresh();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setApproving(null);
    }
  };

  const serviced = d.loan.status === 'DISBURSED' || d.loan.status === 'ACTIVE' || d.loan.status === 'OVERDUE';
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand">{t('collections.servicing.title', { number: d.loan.loanNumber })}</h1>
          {staff.data && <p className="text-sm">{t('collections.servicing.member', { name: staff.data.member.name })}</p>}
          <p className="text-sm">
            {t('collections.servicing.status')}:{' '}
            <span className={`font-bold ${COLOUR_TEXT[LOAN_STATUS_CATALOGUE[d.loan.status].colour]}`} data-testid="servicing-status">
              {t(loanStatusLabelKey(d.loan.status))}
            </span>{' '}
            <span className="text-muted">· {t('collections.servicing.asOf', { date: d.asOf })}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-3 text-sm">
          <Link to="/admin/collections" className="min-h-11 content-center font-semibold text-brand underline underline-offset-4">
            {t('collections.servicing.back')}
          </Link>
          <Link to={`/admin/loans/${loanId}`} className="min-h-11 content-center font-semibold text-brand underline underline-offset-4">
            {t('collections.servicing.loanPage')}
          </Link>
        </div>
      </div>

      <dl className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-6" data-testid="servicing-totals">
        {(['outstanding', 'payableNow', 'closingCost', 'overdue', 'charges', 'paid'] as const).map((k) => (
          <div key={k}>
            <dt className="text-xs text-muted">{t(`collections.servicing.totals.${k}`)}</dt>
            <dd className="font-semibold" data-testid={`total-${k}`}>
              {money(d.totals[k])}
            </dd>
          </div>
        ))}
      </dl>

      <Card title={t('collections.servicing.schedule.title')}>
        <Table
          look="plain"
          label={t('collections.servicing.schedule.title')}
          minWidth="min-w-[40rem]"
          testId="schedule-table"
          columns={(['number', 'due', 'total', 'paid', 'outstanding', 'status'] as const).map((c) => ({
            label: t(`collections.servicing.schedule.col.${c}`),
            ...(c === 'total' || c === 'paid' || c === 'outstanding' ? { align: 'right' as const } : {}),
          }))}
        >
          {d.lines.map((l) => (
            <Row key={l.number} testId={`line-${l.number}`}>
              <Cell>{l.number}</Cell>
              <Cell>{l.dueDate}</Cell>
              <Cell align="right">{money(l.scheduled.total)}</Cell>
              <Cell align="right">{money(l.paid.total)}</Cell>
              <Cell align="right">{money(l.outstanding)}</Cell>
              <Cell className={`font-semibold ${LINE_COLOUR[l.status] ?? ''}`}>
                {t(`collections.servicing.lineStatus.${l.status}`)}
                {l.status === 'OVERDUE' && <span className="font-normal"> ({t('collections.servicing.schedule.dpd', { count: l.daysPastDue })})</span>}
              </Cell>
            </Row>
          ))}
        </Table>
      </Card>

      {serviced && staff.data && (
        <Card title={t('collections.servicing.record.title')}>
          <RecordPaymentForm loanId={loanId} today={d.asOf} threshold={staff.data.paymentApprovalThreshold} onDone={refresh} />
        </Card>
      )}

      <Card title={t('collections.servicing.payments.title')} testId="payments-card">
        <Table
          look="plain"
          label={t('collections.servicing.payments.title')}
          minWidth="min-w-[60rem]"
          testId="payments-table"
          empty={d.payments.length === 0}
          emptyText={t('collections.servicing.payments.empty')}
          columns={(['reference', 'received', 'source', 'amount', 'allocation', 'status', 'recordedBy', 'approvedBy'] as const).map((c) => ({
            label: t(`collections.servicing.payments.col.${c}`),
            ...(c === 'amount' ? { align: 'right' as const } : {}),
          }))}
        >
          {[...d.payments].reverse().map((p) => {
            const who = payer(p.paymentId);
            return (
              <Row key={p.paymentId} testId={`payment-${p.reference}`}>
                <Cell className="font-semibold">{p.reference}</Cell>
                <Cell>{dateTime(p.receivedAt, i18n.language)}</Cell>
                <Cell>
                  {t(`collections.servicing.payments.source.${p.source}`)}
                  {p.channel ? ` (${t(`collections.servicing.payments.channel.${p.channel}`)})` : ''}
                </Cell>
                <Cell align="right">{money(p.amount)}</Cell>
                <Cell className="text-xs">
                  {p.status === 'POSTED'
                    ? t('collections.servicing.payments.allocation', {
                        charges: money(p.allocation.charges),
                        fees: money(p.allocation.fees),
                        interest: money(p.allocation.interest),
                        principal: money(p.allocation.principal),
                      })
                    : '—'}
                </Cell>
                <Cell>{t(`collections.servicing.payments.status.${p.status}`)}</Cell>
                <Cell>{who?.recordedBy?.name ?? '—'}</Cell>
                <Cell>
                  {p.status === 'PENDING_APPROVAL' ? (
                    <Button variant="outline" busy={approving === p.paymentId} onClick={() => void approve(p)}>
                      {t('collections.servicing.payments.approve')}
                    </Button>
                  ) : (
                    (who?.approvedBy?.name ?? '—')
                  )}
                </Cell>
              </Row>
            );
          })}
        </Table>
      </Card>

      <Card title={t('collections.servicing.charges.title')} testId="charges-card">
        <ChargesPanel loanId={loanId} charges={d.charges} staff={staff.data} onDone={refresh} />
      </Card>

      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid="extensions-slot">
        <ExtensionReview loanId={loanId} />
      </div>

      <Card title={t('collections.servicing.reminders.title')}>
        <RemindersPanel loanId={loanId} />
      </Card>

      <Card title={t('collections.servicing.notes.title')}>
        <NotesPanel loanId={loanId} onAdded={refresh} />
      </Card>

      <Card title={t('collections.servicing.history.title')}>
        <ol className="flex flex-col gap-1 text-sm">
          {[...d.history].reverse().map((h, i) => (
            <li key={`${h.at}-${i}`}>
              <span className="text-muted">{dateTime(h.at, i18n.language)}</span> · {h.from ? `${t(loanStatusLabelKey(h.from))} → ` : ''}
              <span className="font-semibold">{t(loanStatusLabelKey(h.to))}</span> ({t(`collections.servicing.history.role.${h.actorRole}`)})
              {h.reasonCode ? ` · ${t(loanReasonKey(h.reasonCode))}` : ''}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
