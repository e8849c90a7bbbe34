import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { collectionsApi } from '../../../shared/api/collections';
import { ListState } from '../../ui/ListState';
import { Cell, Row, Table } from '../../ui/Table';
import { dateTime } from '../../lib/format';
import { collectionsKeys, type RemindersPage } from './queries';

/** The reminders sent to the borrower about a loan (only to the borrower's own phone), newest first, a page at a time. */
export function RemindersPanel({ loanId }: { loanId: string }) {
  const { t, i18n } = useTranslation();
  const list = useInfiniteQuery<RemindersPage, ApiError>({
    queryKey: collectionsKeys.reminders(loanId),
    queryFn: ({ pageParam }) => call(collectionsApi.reminders, { params: { loanId }, query: { cursor: (pageParam as string | null) ?? undefined } }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="flex flex-col gap-2">
      <ListState
        query={list}
        empty={items.length === 0}
        emptyText={t('collections.servicing.reminders.empty')}
        moreText={t('collections.servicing.more')}
        compact
      >
        <Table
          look="plain"
          label={t('collections.servicing.reminders.title')}
          minWidth="min-w-[36rem]"
          testId="reminders-table"
          columns={(['at', 'template', 'line', 'recipient'] as const).map((c) => ({ label: t(`collections.servicing.reminders.col.${c}`) }))}
        >
          {items.map((r) => (
            <Row key={r.id}>
              <Cell>{dateTime(r.sendAfter ?? r.createdAt, i18n.language)}</Cell>
              <Cell>{t(`collections.servicing.reminders.templates.${r.template}`)}</Cell>
              <Cell>{r.lineNumber}</Cell>
              <Cell>{r.recipient}</Cell>
            </Row>
          ))}
        </Table>
      </ListState>
    </div>
  );
}
