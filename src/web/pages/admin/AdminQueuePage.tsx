import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { loansApi } from '../../../shared/api/loans';
import { Cell, Row, Table } from '../../ui/Table';
import { Button } from '../../ui/Button';
import { SelectField } from '../../ui/Field';
import { Spinner } from '../../ui/Spinner';
import { LOAN_STATUSES } from '../../../shared/states/loan';
import { money } from '../../lib/format';
import { COLOUR_TEXT } from '../../ui/StatusIcon';
import { adminKeys, ageText, type AdminQueue } from '../../features/backoffice';

/** The back office's queue: applications by status, oldest first, with their age. */
export default function AdminQueuePage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  // Pages by the server's cursor (oldest first); the counts by status come with the first page.
  const queue = useInfiniteQuery<AdminQueue, ApiError>({
    queryKey: adminKeys.queue(status),
    queryFn: ({ pageParam }) => {
      return call(loansApi.adminQueue, { query: { status: status || undefined, cursor: (pageParam as string | null) ?? undefined } });
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
        <Table
          label={t('loans.admin.queueTitle')}
          minWidth="min-w-[44rem]"
          columns={[
            { label: t('loans.admin.col.number') },
            { label: t('loans.admin.col.member') },
            { label: t('loans.admin.col.amount'), align: 'right' },
            { label: t('loans.admin.col.term') },
            { label: t('loans.admin.col.status') },
            { label: t('loans.admin.col.eligible') },
            { label: t('loans.admin.col.age') },
            { label: t('loans.admin.col.inStatus') },
          ]}
        >
          {items.map((item) => (
            <Row key={item.id}>
              <Cell>
                <Link to={`/admin/loans/${item.id}`} className="font-semibold text-brand underline underline-offset-4">
                  {item.loanNumber}
                </Link>
              </Cell>
              <Cell>{item.memberName}</Cell>
              <Cell align="right">{money(item.amount)}</Cell>
              <Cell>{t('loans.panel.months', { count: item.term })}</Cell>
              <Cell className={`font-semibold ${COLOUR_TEXT[item.statusColor]}`}>{item.status.replace('_', ' ')}</Cell>
              <Cell>{item.eligible ? t('loans.admin.eligible') : t('loans.admin.notEligible')}</Cell>
              <Cell>{age(item.ageMinutes)}</Cell>
              <Cell>{age(item.inStatusMinutes)}</Cell>
            </Row>
          ))}
        </Table>
      )}
      {queue.hasNextPage && (
        <Button variant="outline" className="self-start" busy={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
          {t('common.showMore')}
        </Button>
      )}
    </div>
  );
}
