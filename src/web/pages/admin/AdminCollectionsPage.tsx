import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { collectionsApi } from '../../../shared/api/collections';
import { Button } from '../../ui/Button';
import { LoadError } from '../../ui/LoadError';
import { Spinner } from '../../ui/Spinner';
import { DPD_BUCKETS } from '../../../shared/loan/collections';
import { dateTime, money } from '../../lib/format';
import { collectionsKeys, type CollectionsPage } from '../../features/collections/queries';
import type { CollectionsRow } from '../../../shared/schemas/collections';

/**
 * The collections queue (issue 10, item 7; OFFICER and ADMIN): loans past due, most days past due
 * first, by days-past-due bucket, with the amount past due, the outstanding balance and the last
 * contact (a reminder or an officer's note). Pages come from the server by cursor.
 */
export default function AdminCollectionsPage() {
  const { t, i18n } = useTranslation();
  const [bucket, setBucket] = useState('');
  const list = useInfiniteQuery<CollectionsPage, ApiError>({
    queryKey: collectionsKeys.queue(bucket),
    queryFn: ({ pageParam }) => call(collectionsApi.queue, { query: { bucket: bucket || undefined, cursor: (pageParam as string | null) ?? undefined } }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
  const first = list.data?.pages[0];
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const contact = (row: CollectionsRow) => {
    if (!row.lastContact) return t('collections.queue.contactNone');
    const at = dateTime(row.lastContact.at, i18n.language);
    if (row.lastContact.kind === 'NOTE') return t('collections.queue.contactNote', { at });
    return t('collections.queue.contactReminder', { template: t(`collections.servicing.reminders.templates.${row.lastContact.template ?? ''}`), at });
  };
  const tab = (value: string, label: string) => (
    <button
      key={value || 'all'}
      type="button"
      aria-pressed={bucket === value}
      onClick={() => setBucket(value)}
      className={`min-h-11 rounded-md border px-3 text-sm font-semibold ${bucket === value ? 'border-brand bg-brand text-white' : 'border-slate-300 bg-white text-brand'}`}
    >
      {label}
    </button>
  );

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-brand">{t('collections.queue.title')}</h1>
        <p className="text-sm text-muted">{t('collections.queue.intro')}</p>
        {first && <p className="text-sm text-muted">{t('collections.queue.asOf', { date: first.asOf })}</p>}
      </div>
      <div role="group" aria-label={t('collections.queue.bucket')} className="flex flex-wrap gap-2" data-testid="bucket-tabs">
        {tab('', t('collections.queue.all'))}
        {DPD_BUCKETS.map((b) => tab(b, first ? `${t(`collections.buckets.${b}`)} (${first.counts[b]})` : t(`collections.buckets.${b}`)))}
      </div>
      {list.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : list.isError ? (
        <LoadError title={list.error.message} retryLabel={t('public.retry')} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p className="text-muted">{t('collections.queue.empty')}</p>
      ) : (
        <div
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
          role="region"
          aria-label={t('collections.queue.title')}
          tabIndex={0}
        >
          <table className="w-full min-w-[56rem] text-left text-sm" data-testid="collections-table">
            <thead className="border-b border-slate-200 bg-slate-50 text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('collections.queue.col.loan')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('collections.queue.col.member')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('collections.queue.col.dpd')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('collections.queue.col.pastDue')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('collections.queue.col.outstanding')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('collections.queue.col.lastContact')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.loanId}
                  className="border-b border-slate-100 last:border-0"
                  data-testid={`collections-row-${row.loanNumber}`}
                  data-bucket={row.bucket}
                >
                  <td className="px-3 py-2">
                    <Link to={`/admin/loans/${row.loanId}/servicing`} className="font-semibold text-brand underline underline-offset-4">
                      {row.loanNumber}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{row.memberName}</td>
                  <td className="px-3 py-2 text-right">
                    {row.daysPastDue} <span className="text-xs text-muted">({t(`collections.buckets.${row.bucket}`)})</span>
                  </td>
                  <td className="px-3 py-2 text-right font-semibold">{money(row.pastDue)}</td>
                  <td className="px-3 py-2 text-right">{money(row.outstanding)}</td>
                  <td className="px-3 py-2">{contact(row)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasNextPage && (
        <Button variant="outline" className="self-start" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('collections.queue.more')}
        </Button>
      )}
    </div>
  );
}
