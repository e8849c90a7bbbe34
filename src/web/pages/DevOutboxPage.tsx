import { useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { OutboxMessage } from '../../shared/schemas/auth';
import { call, ApiError } from '../lib/api';
import { devApi } from '../../shared/api/dev';
import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

/**
 * The embedded outbox (issue item 7): the SMS and e-mail messages the demo "sent", newest first,
 * so a person trying Tapat can read their one-time code. The API answers 404 in production mode.
 */
export default function DevOutboxPage() {
  const { t, i18n } = useTranslation();
  // Newest first, a page at a time: "Show more" asks for the page below the server's cursor.
  const outbox = useInfiniteQuery<{ messages: OutboxMessage[]; nextCursor: string | null }, ApiError>({
    queryKey: ['dev-outbox'],
    queryFn: ({ pageParam }) => call(devApi.outbox, { query: { cursor: (pageParam as string | null) ?? undefined } }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (query.state.error ? false : 5000),
  });
  const time = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }), [i18n.language]);
  const notAvailable = outbox.error?.status === 404;
  const messages = outbox.data?.pages.flatMap((p) => p.messages) ?? [];

  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-4 sm:py-10">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-brand">{t('auth.outbox.title')}</h1>
          {!notAvailable && <p className="mt-1 max-w-prose text-sm text-muted">{t('auth.outbox.intro')}</p>}
        </div>
        {!notAvailable && (
          <Button variant="outline" onClick={() => void outbox.refetch()} busy={outbox.isFetching}>
            {t('auth.outbox.refresh')}
          </Button>
        )}
      </div>

      <div className="mt-6">
        {outbox.isPending ? (
          <Spinner label={t('common.loading')} />
        ) : notAvailable ? (
          <p className="rounded-xl border-l-4 border-info bg-blue-50 p-4 text-blue-950">{t('auth.outbox.notAvailable')}</p>
        ) : outbox.isError ? (
          <p role="alert" className="rounded-xl border-l-4 border-danger bg-red-50 p-4 text-red-900">
            {outbox.error.message}
          </p>
        ) : messages.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-white p-5 text-muted">{t('auth.outbox.empty')}</p>
        ) : (
          <>
            <p className="mb-3 text-sm text-muted" aria-live="polite">
              {t('auth.outbox.count', { count: messages.length })}
            </p>
            <ol className="flex flex-col gap-3">
              {messages.map((message) => (
                <li key={message.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span
                      className={`rounded px-2 py-0.5 text-xs font-bold ${message.channel === 'SMS' ? 'bg-brand text-white' : 'bg-amber-100 text-amber-900'}`}
                    >
                      {t(`auth.outbox.channel.${message.channel}`)}
                    </span>
                    <span className="text-ink">
                      <span className="text-muted">{t('auth.outbox.to')}:</span> <span className="font-mono break-all">{message.recipient}</span>
                    </span>
                    <time dateTime={message.createdAt} className="text-muted sm:ml-auto">
                      {time.format(new Date(message.createdAt))}
                    </time>
                  </div>
                  {message.subject && (
                    <p className="mt-2 font-semibold text-ink">
                      <span className="sr-only">{t('auth.outbox.subject')}: </span>
                      {message.subject}
                    </p>
                  )}
                  <p className="mt-2 text-sm break-words whitespace-pre-wrap text-ink">{message.body}</p>
                  {message.sendAfter && (
                    <p className="mt-2 text-xs font-semibold text-amber-900">
                      {t('withdrawals.outbox.scheduled', { time: time.format(new Date(message.sendAfter)) })}
                    </p>
                  )}
                </li>
              ))}
            </ol>
            {outbox.hasNextPage && (
              <Button variant="outline" className="mt-3" busy={outbox.isFetchingNextPage} onClick={() => void outbox.fetchNextPage()}>
                {t('common.showMore')}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
