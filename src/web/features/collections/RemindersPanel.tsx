import { useTranslation } from 'react-i18next';
import { useInfiniteQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { collectionsApi } from '../../../shared/api/collections';
import { Button } from '../../ui/Button';
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
  if (list.isError)
    return (
      <p role="alert" className="text-sm text-danger">
        {list.error.message}
      </p>
    );
  if (items.length === 0) return <p className="text-sm text-muted">{list.isPending ? t('common.loading') : t('collections.servicing.reminders.empty')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <div className="overflow-x-auto" role="region" aria-label={t('collections.servicing.reminders.title')} tabIndex={0}>
        <table className="w-full min-w-[36rem] text-left text-sm" data-testid="reminders-table">
          <thead className="text-muted">
            <tr>
              {(['at', 'template', 'line', 'recipient'] as const).map((c) => (
                <th key={c} scope="col" className="px-2 py-1">
                  {t(`collections.servicing.reminders.col.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {items.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="px-2 py-1">{dateTime(r.sendAfter ?? r.createdAt, i18n.language)}</td>
                <td className="px-2 py-1">{t(`collections.servicing.reminders.templates.${r.template}`)}</td>
                <td className="px-2 py-1">{r.lineNumber}</td>
                <td className="px-2 py-1">{r.recipient}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {list.hasNextPage && (
        <Button variant="ghost" className="self-start" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
          {t('collections.servicing.more')}
        </Button>
      )}
    </div>
  );
}
