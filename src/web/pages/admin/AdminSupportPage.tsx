import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { call, ApiError, type ApiError as ApiErrorType } from '../../lib/api';
import { supportApi } from '../../../shared/api/support';
import { Button } from '../../ui/Button';
import { SelectField, TextAreaField } from '../../ui/Field';
import { ListState } from '../../ui/ListState';
import { StatusFilter } from '../../ui/StatusFilter';
import { toast } from '../../ui/toast';
import { SUPPORT_REPLY_MAX, type SupportInboxResponse, type SupportMessage } from '../../../shared/schemas/support-inbox';
import { SUPPORT_STATUSES, supportTransition, type SupportStatus } from '../../../shared/states/support';

const PAGE_SIZE = 25;

/**
 * The support inbox (OFFICER, ADMIN): contact-form messages newest first, filtered by status, older
 * pages by cursor. Assign, reply by e-mail (the officer's plain text), close, reopen: each is
 * audited by the server; the list changes only after the server answered. Messages are shown as
 * text (React escapes them), never as HTML.
 */
export default function AdminSupportPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<SupportStatus | ''>('');
  const list = useInfiniteQuery<SupportInboxResponse, ApiErrorType>({
    queryKey: ['admin', 'support', status],
    initialPageParam: '',
    queryFn: ({ pageParam }) => call(supportApi.inbox, { query: { status, limit: PAGE_SIZE, cursor: (pageParam as string | null) ?? undefined } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchOnMount: 'always',
  });
  const when = (iso: string) => new Date(iso).toLocaleString(i18n.language === 'fil' ? 'fil-PH' : 'en-PH', { timeZone: 'Asia/Manila' });
  const staff = list.data?.pages[0]?.staff ?? [];
  const messages = list.data?.pages.flatMap((p) => p.messages) ?? [];

  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand">{t('backoffice.support.title')}</h1>
      <p className="text-sm text-muted">{t('backoffice.support.intro')}</p>
      <StatusFilter
        label={t('backoffice.support.status')}
        statuses={SUPPORT_STATUSES}
        value={status}
        onChange={setStatus}
        allText={t('backoffice.support.all')}
        optionText={(s) => t(`backoffice.support.statuses.${s}`)}
      />
      <ListState query={list} empty={messages.length === 0} emptyText={t('backoffice.support.empty')} moreText={t('backoffice.support.more')}>
        <ul className="flex flex-col gap-4">
          {messages.map((m) => (
            <MessageCard key={m.id} message={m} staff={staff} when={when} onChanged={() => queryClient.invalidateQueries({ queryKey: ['admin', 'support'] })} />
          ))}
        </ul>
      </ListState>
    </div>
  );
}

function MessageCard(props: {
  message: SupportMessage;
  staff: readonly { id: string; name: string }[];
  when: (iso: string) => string;
  onChanged: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { message: m } = props;
  const [assignee, setAssignee] = useState(m.assignedTo?.id ?? '');
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();

  type Act =
    { path: 'assign'; body: { staffId: string } } | { path: 'reply'; body: { text: string } } | { path: 'close' | 'reopen'; body: Record<string, never> };
  const act = async <A extends Act>(path: A['path'], body: A['body'], success: string) => {
    setBusy(true);
    setFieldError(undefined);
    try {
      const params = { messageId: m.id };
      if (path === 'assign') await call(supportApi.assign, { params, body: body as { staffId: string } });
      else if (path === 'reply') await call(supportApi.reply, { params, body: body as { text: string } });
      else await call(path === 'close' ? supportApi.close : supportApi.reopen, { params });
      toast.success(success);
      if (path === 'reply') setReply('');
      await props.onChanged();
    } catch (e) {
      if (e instanceof ApiError && e.fields?.text) setFieldError(e.fields.text);
      else toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="rounded-xl bg-white p-4 shadow-sm" data-testid="support-message">
      <p className="text-sm text-muted">
        {t('backoffice.support.from')} {m.name} &lt;{m.email}&gt; · {t('backoffice.support.received')} {props.when(m.createdAt)} ·{' '}
        <strong data-testid="support-status">{t(`backoffice.support.statuses.${m.status}`)}</strong> · {t('backoffice.support.assignedTo')}{' '}
        {m.assignedTo?.name ?? t('backoffice.support.nobody')}
      </p>
      <p className="mt-2 whitespace-pre-wrap">{m.message}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        {supportTransition(m.status, 'ASSIGN') && (
          <>
            <div className="max-w-xs">
              <SelectField label={t('backoffice.support.assignedTo')} value={assignee} onChange={(event) => setAssignee(event.target.value)}>
                <option value="">{t('backoffice.support.nobody')}</option>
                {props.staff.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </SelectField>
            </div>
            <Button variant="outline" disabled={busy || !assignee} onClick={() => void act('assign', { staffId: assignee }, t('backoffice.support.done'))}>
              {t('backoffice.support.assign')}
            </Button>
          </>
        )}
        {supportTransition(m.status, 'CLOSE') && (
          <Button variant="outline" disabled={busy} onClick={() => void act('close', {}, t('backoffice.support.done'))}>
            {t('backoffice.support.close')}
          </Button>
        )}
        {supportTransition(m.status, 'REOPEN') && (
          <Button variant="outline" disabled={busy} onClick={() => void act('reopen', {}, t('backoffice.support.done'))}>
            {t('backoffice.support.reopen')}
          </Button>
        )}
      </div>
      {supportTransition(m.status, 'REPLY') && (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void act('reply', { text: reply }, t('backoffice.support.sent'));
          }}
        >
          <TextAreaField
            label={t('backoffice.support.reply')}
            hint={t('backoffice.support.replyHint')}
            value={reply}
            maxLength={SUPPORT_REPLY_MAX}
            rows={4}
            error={fieldError}
            onChange={(event) => setReply(event.target.value)}
          />
          <Button type="submit" disabled={busy}>
            {t('backoffice.support.send')}
          </Button>
        </form>
      )}
    </li>
  );
}
