import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, type ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { LOAN_STATUSES } from '../../../shared/states/loan';
import { money } from '../../lib/format';
import { COLOUR_TEXT } from '../../ui/StatusIcon';
import { adminKeys, ageText, type AdminQueue } from '../../features/backoffice/queries';

/** The back office's queue (issue 4, item 8): applications by status, oldest first, with their age. */
export default function AdminQueuePage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  // Pages by the server's cursor (oldest first); the counts by status come with the first page.
  const queue = useInfiniteQuery<AdminQueue, ApiError>({
    queryKey: adminKeys.queue(status),
    queryFn: ({ pageParam }) => {
      const q = new URLSearchParams();
      if (status) q.set('status', status);
      if (pageParam) q.set('cursor', pageParam as string);
      const text = q.toString();
      return api<AdminQueue>(`/admin/loans${text ? `?${text}` : ''}`);
    },
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
  const counts = queue.data?.pages[0]?.counts;
  const countCap = queue.data?.pages[0]?.countCap ?? Number.POSITIVE_INFINITY;
  const items = queue.data?.pages.flatMap((p) => p.items) ?? [];
  const age = (minutes: number) => ageText(minutes, (key, options) => t(key, options));

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand">{t('loans.admin.queueTitle')}</h1>
      <div className="max-w-xs">
        <SelectField label={t('loans.admin.filter')} value={status} onChange={(event) => setStatus(event.target.value)}>
          <option value="">{t('loans.admin.waiting')}</option>
          <option value={LOAN_STATUSES.join(',')}>{t('loans.admin.all')}</option>
          {LOAN_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s.replace('_', ' ')}
              {counts?.[s] !== undefined ? ` (${counts[s] >= countCap ? `${countCap}+` : counts[s]})` : ''}
            </option>
          ))}
        </SelectField>
      </div>
      {queue.isPending ? (
        <Spinner label={t('common.loading')} />
      ) : queue.isError ? (
        <p role="alert" className="text-accent">
          {queue.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-muted">{t('loans.admin.empty')}</p>
      ) : (
        <div
          className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
          role="region"
          aria-label={t('loans.admin.queueTitle')}
          tabIndex={0}
        >
          <table className="w-full min-w-[44rem] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-muted">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('loans.admin.col.number')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('loans.admin.col.member')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('loans.admin.col.amount')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('loans.admin.col.term')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('loans.admin.col.status')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('loans.admin.col.eligible')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('loans.admin.col.age')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('loans.admin.col.inStatus')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id} className="border-b border-slate-100">
                  <td className="px-3 py-2">
                    <Link to={`/admin/loans/${item.id}`} className="font-semibold text-brand underline underline-offset-4">
                      {item.loanNumber}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{item.memberName}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(item.amount)}</td>
                  <td className="px-3 py-2">{t('loans.panel.months', { count: item.term })}</td>
                  <td className={`px-3 py-2 font-semibold ${COLOUR_TEXT[item.statusColor]}`}>{item.status.replace('_', ' ')}</td>
                  <td className="px-3 py-2">{item.eligible ? t('loans.admin.eligible') : t('loans.admin.notEligible')}</td>
                  <td className="px-3 py-2">{age(item.ageMinutes)}</td>
                  <td className="px-3 py-2">{age(item.inStatusMinutes)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {queue.hasNextPage && (
        <Button variant="outline" className="self-start" busy={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
          {t('common.showMore')}
        </Button>
      )}
    </div>
  );
}
