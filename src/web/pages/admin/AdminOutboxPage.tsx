import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { call, ApiError, type ApiError as ApiErrorType } from '../../lib/api';
import { deliveryApi } from '../../../shared/api/delivery';
import { Cell, Row, Table } from '../../ui/Table';
import { Button } from '../../ui/Button';
import { ListState, LoadState } from '../../ui/ListState';
import { StatusFilter } from '../../ui/StatusFilter';
import { toast } from '../../ui/toast';
import { OUTBOX_VIEWS, type AdminOutboxMessage, type AdminOutboxResponse, type OutboxView } from '../../../shared/schemas/outbox-admin';

const PAGE_SIZE = 25;

/**
 * SMS and e-mail delivery in the back office (OFFICER, ADMIN): dead and failing messages first,
 * recipients masked and one-time codes hidden by the server, each with its attempts and last
 * error; Retry queues a message again (audited) and the list changes only after the server answered.
 */
export default function AdminOutboxPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [view, setView] = useState<OutboxView>('PROBLEMS');
  const [busy, setBusy] = useState<string | null>(null);
  // Newest first, a page at a time: "Show more" asks for the page below the server's cursor.
  const list = useInfiniteQuery<AdminOutboxResponse, ApiErrorType>({
    queryKey: ['admin', 'outbox', view],
    queryFn: ({ pageParam }) => call(deliveryApi.outbox, { query: { view, limit: PAGE_SIZE, cursor: (pageParam as string | null) ?? undefined } }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
  const first = list.data?.pages[0];
  const messages = list.data?.pages.flatMap((p) => p.messages) ?? [];
  const counted = (n: number) => (first && n >= first.countCap ? `${first.countCap}+` : String(n));
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'fil' ? 'fil-PH' : 'en-PH', { timeZone: 'Asia/Manila' });

  const retry = async (message: AdminOutboxMessage) => {
    setBusy(message.id);
    try {
      await call(deliveryApi.retry, { params: { messageId: message.id } });
      toast.success(t('delivery.retried'));
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand">{t('delivery.title')}</h1>
      <p className="text-sm text-muted">{t('delivery.intro')}</p>
      <StatusFilter label={t('delivery.view')} statuses={OUTBOX_VIEWS} value={view} onChange={setView} optionText={(v) => t(`delivery.views.${v}`)} />
      <LoadState query={list} />
      {list.isSuccess && first && (
        <>
          <p className="text-sm" data-testid="outbox-counts">
            {t('delivery.counts', {
              dead: counted(first.counts.dead),
              failing: counted(first.counts.failing),
              queued: counted(first.counts.queued),
              sending: counted(first.counts.sending),
              sent: counted(first.counts.sent),
            })}{' '}
            {t('delivery.providers', first.providers)}
            {(first.providers.sms === 'outbox' || first.providers.email === 'outbox') && <span className="block text-muted">{t('delivery.outboxNote')}</span>}
          </p>
          <ListState query={list} empty={messages.length === 0} emptyText={t('delivery.empty')}>
            <Table
              label={t('delivery.title')}
              minWidth="min-w-[60rem]"
              testId="outbox-table"
              columns={(['created', 'channel', 'recipient', 'message', 'status', 'attempts', 'error', 'actions'] as const).map((c) => ({
                label: t(`delivery.col.${c}`),
              }))}
            >
              {messages.map((m) => {
                const retryable = m.status === 'DEAD' || (m.status === 'QUEUED' && m.attempts > 0);
                return (
                  <Row key={m.id} className="align-top">
                    <Cell className="whitespace-nowrap">{when(m.createdAt)}</Cell>
                    <Cell>{m.channel}</Cell>
                    <Cell className="font-mono text-xs">{m.recipient}</Cell>
                    <Cell className="max-w-md">
                      {m.subject && <span className="block font-semibold">{m.subject}</span>}
                      <span className="block break-words whitespace-pre-line">{m.body}</span>
                    </Cell>
                    <Cell className={`font-semibold ${m.status === 'DEAD' ? 'text-accent' : ''}`}>
                      {t(`delivery.status.${m.status}`)}
                      {m.status === 'QUEUED' && m.nextAttemptAt && (
                        <span className="block text-xs font-normal text-muted">{t('delivery.nextAttempt', { at: when(m.nextAttemptAt) })}</span>
                      )}
                    </Cell>
                    <Cell className="tabular-nums">{m.attempts}</Cell>
                    <Cell className="max-w-xs text-xs break-words">{m.lastError ?? '—'}</Cell>
                    <Cell>
                      {retryable ? (
                        <Button variant="outline" className="px-3" busy={busy === m.id} disabled={busy !== null} onClick={() => void retry(m)}>
                          {t('delivery.retry')}
                        </Button>
                      ) : (
                        <span className="text-xs text-muted">—</span>
                      )}
                    </Cell>
                  </Row>
                );
              })}
            </Table>
          </ListState>
        </>
      )}
    </div>
  );
}
