import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { z } from 'zod';
import { call, ApiError } from '../../../lib/api';
import { extensionsApi } from '../../../../shared/api/extensions';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/Field';
import { ListState } from '../../../ui/ListState';
import { StatusFilter } from '../../../ui/StatusFilter';
import { toast } from '../../../ui/toast';
import { EXTENSION_DECLINE_REASONS, extensionDeclineReasonKey, INTERNAL_NOTE_MAX, type ExtensionDeclineReason } from '../../../../shared/reasons/catalogue';
import type { AdminExtensionItem, adminExtensionsResponseSchema } from '../../../../shared/schemas/extensions';
import { EXTENSION_STATUSES, type ExtensionStatus } from '../../../../shared/states/extension';
import { dateOnly, formatIsoDate, money } from '../../../lib/format';
import { ReasonSelect } from '../ReasonSelect';

type Page = z.infer<typeof adminExtensionsResponseSchema>;
const PAGE_SIZE = 20;

/**
 * The officer's extension requests (docs/decisions/016-extensions.md): a list by
 * status (REQUESTED first, oldest first), a page at a time; approve, or decline with a reason from
 * the fixed catalogue whose text is what the borrower reads; the note stays internal. Mounted on
 * the back office's extension queue (/admin/extensions, every loan, each request linking to its
 * loan's pages) and on a loan's servicing page (`loanId`: that loan's requests, filtered by the server).
 */
export function ExtensionReview({ loanId }: { readonly loanId?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<ExtensionStatus>('REQUESTED');
  // Pages by the server's cursor: "Show more" appends the next page.
  const list = useInfiniteQuery<Page, ApiError>({
    queryKey: ['admin', 'extensions', status, loanId ?? null],
    queryFn: ({ pageParam }) =>
      call(extensionsApi.adminList, {
        query: { status, limit: PAGE_SIZE, ...(loanId ? { loanId } : {}), ...(pageParam ? { cursor: pageParam as string } : {}) },
      }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'extensions'] });

  return (
    <section className="flex flex-col gap-4" aria-labelledby="extension-review-title" data-testid="extension-review">
      <h2 id="extension-review-title" className="text-lg font-bold text-brand">
        {t('extensions.review.title')}
      </h2>
      <StatusFilter
        label={t('extensions.review.filter')}
        statuses={EXTENSION_STATUSES}
        value={status}
        onChange={setStatus}
        optionText={(s) => t(`extensions.statusLabel.${s}`)}
      />
      <ListState
        query={list}
        empty={items.length === 0}
        emptyText={t('extensions.review.empty')}
        loadingText={t('extensions.review.title')}
        moreText={t('extensions.review.more')}
      >
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <ExtensionItem key={item.id} item={item} onDone={refresh} links={!loanId} />
          ))}
        </ul>
      </ListState>
    </section>
  );
}

/** How often the back office asks for the count of waiting requests (the menu's badge). */
const EXTENSION_COUNT_REFRESH_MS = 30_000;

/** The number of extension requests waiting for a decision (the menu's count), refreshed every 30 s. */
export function useWaitingExtensions() {
  return useQuery({
    queryKey: ['admin', 'extensions', 'count'],
    queryFn: () => call(extensionsApi.adminCount),
    refetchInterval: EXTENSION_COUNT_REFRESH_MS,
  });
}

/** A loan's waiting extension request, for the pages that show the loan (its application page). */
export function LoanExtensionNotice({ loanId }: { readonly loanId: string }) {
  const { t } = useTranslation();
  const waiting = useQuery({
    queryKey: ['admin', 'extensions', 'REQUESTED', loanId, 'notice'],
    queryFn: () => call(extensionsApi.adminList, { query: { status: 'REQUESTED', loanId, limit: 1 } }),
  });
  if (!waiting.data?.items.length) return null;
  return (
    <p className="rounded-lg border-l-4 border-amber-500 bg-amber-50 p-3 text-sm" role="status" data-testid="loan-extension-waiting">
      {t('extensions.review.waitingOnLoan')}{' '}
      <Link to={`/admin/loans/${loanId}/servicing#extension-review-title`} className="font-semibold text-brand underline underline-offset-4">
        {t('extensions.review.servicingLink')}
      </Link>
    </p>
  );
}

function ExtensionItem({ item, onDone, links }: { readonly item: AdminExtensionItem; readonly onDone: () => Promise<void>; readonly links: boolean }) {
  const { t, i18n } = useTranslation();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState<ExtensionDeclineReason | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const decide = async (action: 'approve' | 'decline') => {
    setBusy(true);
    try {
      const extra = note ? { note } : {};
      const params = { extensionId: item.id };
      // A decline without a reason goes to the server as it is: it answers the field's message.
      if (action === 'approve') await call(extensionsApi.approve, { params, body: extra });
      else await call(extensionsApi.decline, { params, body: { reasonCode: reason as ExtensionDeclineReason, ...extra } });
      toast.success(t(action === 'approve' ? 'extensions.review.approved' : 'extensions.review.declined'));
      await onDone();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid="extension-item">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
        <dt>{t('extensions.review.loan')}</dt>
        <dd>{item.loanNumber}</dd>
        <dt>{t('extensions.review.borrower')}</dt>
        <dd>{item.memberName}</dd>
        <dt>{t('extensions.review.requestedOn')}</dt>
        <dd>{dateOnly(item.requestedAt, i18n.language)}</dd>
        <dt>{t('extensions.review.term')}</dt>
        <dd>{t('extensions.months', { count: item.newTerm })}</dd>
        <dt>{t('extensions.review.principal')}</dt>
        <dd>{money(item.remainingPrincipal)}</dd>
        <dt>{t('extensions.review.newEnd')}</dt>
        <dd>{formatIsoDate(item.newEndDate, i18n.language)}</dd>
      </dl>
      <p className="text-sm">{t(`extensions.statusLabel.${item.status}`)}</p>
      {links && (
        <p className="flex flex-wrap gap-x-4 text-sm">
          <Link to={`/admin/loans/${item.loanId}/servicing`} className="min-h-11 content-center font-semibold text-brand underline underline-offset-4">
            {t('extensions.review.openServicing', { number: item.loanNumber })}
          </Link>
          <Link to={`/admin/loans/${item.loanId}`} className="min-h-11 content-center font-semibold text-brand underline underline-offset-4">
            {t('extensions.review.openApplication', { number: item.loanNumber })}
          </Link>
        </p>
      )}
      {item.declineReason && <p className="text-sm">{t(item.declineReason.key)}</p>}
      {item.staffNote && <p className="text-sm text-muted">{item.staffNote}</p>}
      {item.status === 'REQUESTED' && (
        <div className="flex flex-col gap-2">
          <TextAreaField label={t('extensions.review.note')} value={note} maxLength={INTERNAL_NOTE_MAX} onChange={(event) => setNote(event.target.value)} />
          {declining && (
            <ReasonSelect
              label={t('extensions.review.reason')}
              codes={EXTENSION_DECLINE_REASONS}
              textKey={extensionDeclineReasonKey}
              value={reason}
              onChange={setReason}
              testId="extension-decline-reason"
            />
          )}
          <div className="flex gap-2">
            <Button onClick={() => void decide('approve')} busy={busy} disabled={busy || declining}>
              {t('extensions.review.approve')}
            </Button>
            {declining ? (
              <Button variant="accent" onClick={() => void decide('decline')} busy={busy} disabled={busy || reason === ''}>
                {t('extensions.review.confirmDecline')}
              </Button>
            ) : (
              <Button variant="outline" onClick={() => setDeclining(true)} disabled={busy}>
                {t('extensions.review.decline')}
              </Button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}
