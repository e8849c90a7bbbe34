import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { withdrawalsApi } from '../../../shared/api/withdrawals';
import { TextField } from '../../ui/Field';
import { LoadState } from '../../ui/ListState';
import { Cell, Row, Table } from '../../ui/Table';
import { philippineDate } from '../../../shared/activation/age';
import type { Reconciliation } from '../../../shared/schemas/withdrawals';
import { money } from '../../lib/format';
import { serverNow } from '../../lib/server-time';

/**
 * A Philippine day's withdrawals by status against the ledger's pending transfers (OFFICER and
 * ADMIN): the totals, whether they match, and every difference the server found.
 */
export default function AdminReconciliationPage() {
  const { t } = useTranslation();
  const [date, setDate] = useState(() => philippineDate(new Date(serverNow())));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const report = useQuery<Reconciliation, ApiError>({
    queryKey: ['admin', 'withdrawals', 'reconciliation', date],
    queryFn: () => call(withdrawalsApi.adminReconciliation, { query: { date } }),
    enabled: valid,
    refetchOnMount: 'always',
  });

  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin/withdrawals" className="min-h-11 content-center self-start text-sm font-semibold text-brand underline underline-offset-4">
        {t('backoffice.withdrawals.back')}
      </Link>
      <h1 className="text-2xl font-bold text-brand">{t('backoffice.reconciliation.title')}</h1>
      <div className="max-w-xs">
        <TextField label={t('backoffice.reconciliation.date')} type="date" value={date} onChange={(e) => setDate(e.target.value)} />
      </div>
      {!valid ? null : !report.isSuccess ? (
        <LoadState query={report} />
      ) : (
        <>
          <p
            role="status"
            data-testid="reconciliation-result"
            className={`rounded-lg border-l-4 p-4 font-semibold ${report.data.matches ? 'border-emerald-600 bg-emerald-50 text-emerald-800' : 'border-red-600 bg-red-50 text-danger'}`}
          >
            {report.data.matches
              ? t('backoffice.reconciliation.matches', { date: report.data.date })
              : t('backoffice.reconciliation.differs', { count: report.data.differences.length })}
          </p>
          <div className="grid gap-4 lg:grid-cols-2">
            <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 className="mb-2 font-bold text-brand">{t('backoffice.reconciliation.byStatus')}</h2>
              <Table
                look="plain"
                label={t('backoffice.reconciliation.byStatus')}
                empty={report.data.rows.length === 0}
                emptyText={t('backoffice.reconciliation.none')}
                testId="reconciliation-rows"
                columns={[
                  { label: t('backoffice.withdrawals.col.status') },
                  { label: t('backoffice.reconciliation.count'), align: 'right' },
                  { label: t('backoffice.reconciliation.total'), align: 'right' },
                ]}
              >
                {report.data.rows.map((r) => (
                  <Row key={r.status}>
                    <Cell>{r.status.replace('_', ' ')}</Cell>
                    <Cell align="right">{r.count}</Cell>
                    <Cell align="right">{money(r.total)}</Cell>
                  </Row>
                ))}
              </Table>
            </section>
            <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 className="mb-2 font-bold text-brand">{t('backoffice.reconciliation.ledger')}</h2>
              <dl className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
                {(['posted', 'voided', 'pendingHeld'] as const).map((k) => (
                  <div key={k}>
                    <dt className="text-xs text-muted">{t(`backoffice.reconciliation.${k}`)}</dt>
                    <dd className="font-semibold tabular-nums">{money(report.data.ledger[k])}</dd>
                  </div>
                ))}
              </dl>
            </section>
          </div>
          {report.data.differences.length > 0 && (
            <section className="rounded-xl border border-red-200 bg-white p-4 shadow-sm">
              <h2 className="mb-2 font-bold text-danger">{t('backoffice.reconciliation.differences')}</h2>
              <ul className="flex flex-col gap-1 text-sm">
                {report.data.differences.map((d) => (
                  <li key={d.withdrawalId}>
                    <span className="font-semibold">{d.reference}</span> ({d.status}, {d.ledgerState}): {d.problem}
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}
