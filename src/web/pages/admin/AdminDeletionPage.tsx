import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, ApiError, type ApiError as ApiErrorType } from '../../lib/api';
import { privacyApi } from '../../../shared/api/privacy';
import { useSession } from '../../lib/queries';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { ListState, LoadState } from '../../ui/ListState';
import { StatusFilter } from '../../ui/StatusFilter';
import { toast } from '../../ui/toast';
import { ReasonSelect } from '../../features/backoffice';
import { DELETION_REJECTION_REASONS, deletionRejectionReasonKey, type DeletionRejectionReason } from '../../../shared/reasons/catalogue';
import type { DeletionDetail, DeletionListResponse, DeletionRequestRow } from '../../../shared/schemas/deletion-review';
import { DELETION_STATUSES, deletionTransition, type DeletionStatus } from '../../../shared/states/deletion';

const PAGE_SIZE = 25;

function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) => new Date(iso).toLocaleString(i18n.language === 'fil' ? 'fil-PH' : 'en-PH', { timeZone: 'Asia/Manila' });
}

const STATUS_CLASS: Record<DeletionStatus, string> = {
  OPEN: 'bg-amber-100 text-amber-900',
  COMPLETED: 'bg-emerald-100 text-emerald-900',
  REJECTED: 'bg-slate-200 text-slate-800',
};

function StatusBadge({ status }: { status: DeletionStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_CLASS[status]}`} data-testid="deletion-status">
      {t(`backoffice.deletion.statuses.${status}`)}
    </span>
  );
}

/**
 * The data-deletion review (OFFICER, ADMIN; docs/decisions/029-data-deletion-review.md): the
 * requests newest first, filtered by status, older pages by cursor. Each opens on its own page.
 */
export default function AdminDeletionPage() {
  const { requestId } = useParams();
  return requestId ? <DeletionRequestDetail requestId={requestId} /> : <DeletionList />;
}

function DeletionList() {
  const { t } = useTranslation();
  const when = useWhen();
  const [status, setStatus] = useState<DeletionStatus | ''>('OPEN');
  const list = useInfiniteQuery<DeletionListResponse, ApiErrorType>({
    queryKey: ['admin', 'deletion', status],
    initialPageParam: '',
    queryFn: ({ pageParam }) =>
      call(privacyApi.adminDeletionRequests, { query: { status: status || undefined, limit: PAGE_SIZE, cursor: (pageParam as string) || undefined } }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchOnMount: 'always',
  });
  const requests = list.data?.pages.flatMap((p) => p.requests) ?? [];
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold text-brand">{t('backoffice.deletion.title')}</h1>
      <p className="text-sm text-muted">{t('backoffice.deletion.intro')}</p>
      <StatusFilter
        label={t('backoffice.deletion.status')}
        statuses={DELETION_STATUSES}
        value={status}
        onChange={setStatus}
        allText={t('backoffice.deletion.all')}
        optionText={(s) => t(`backoffice.deletion.statuses.${s}`)}
      />
      <ListState query={list} empty={requests.length === 0} emptyText={t('backoffice.deletion.empty')} moreText={t('backoffice.deletion.more')}>
        <ul className="flex flex-col gap-3">
          {requests.map((r) => (
            <li key={r.id} className="rounded-xl bg-white p-4 shadow-sm" data-testid="deletion-request">
              <div className="flex flex-wrap items-center gap-2">
                <strong className="break-words">{r.memberName}</strong>
                <StatusBadge status={r.status} />
              </div>
              <p className="mt-1 text-sm text-muted">
                {t('backoffice.deletion.requested')} {when(r.requestedAt)}
                {r.handledAt && (
                  <>
                    {' '}
                    · {t('backoffice.deletion.handled')} {when(r.handledAt)}
                    {r.handledBy && ` ${t('backoffice.deletion.by')} ${r.handledBy.name}`}
                  </>
                )}
              </p>
              {r.reason && <p className="mt-2 whitespace-pre-wrap break-words text-sm">{r.reason}</p>}
              <Link
                to={`/admin/deletion-requests/${r.id}`}
                className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4"
              >
                {t('backoffice.deletion.open')}
              </Link>
            </li>
          ))}
        </ul>
      </ListState>
    </div>
  );
}

function DeletionRequestDetail({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const when = useWhen();
  const session = useSession();
  const queryClient = useQueryClient();
  const detail = useQuery<DeletionDetail, ApiErrorType>({
    queryKey: ['admin', 'deletion', 'detail', requestId],
    queryFn: () => call(privacyApi.adminDeletionRequest, { params: { requestId } }),
    // Each opening is written to the access log: no refetch on focus.
    refetchOnWindowFocus: false,
  });
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState<DeletionRejectionReason | ''>('');
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState<string[]>([]);

  const decide = async (decision: { readonly as: 'complete' } | { readonly as: 'reject'; readonly reasonCode: DeletionRejectionReason }, success: string) => {
    setBusy(true);
    setBlocked([]);
    try {
      if (decision.as === 'complete') await call(privacyApi.completeDeletion, { params: { requestId } });
      else await call(privacyApi.rejectDeletion, { params: { requestId }, body: { reasonCode: decision.reasonCode } });
      toast.success(success);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'deletion'] });
    } catch (e) {
      setConfirming(false);
      if (e instanceof ApiError && e.code === 'DELETION_BLOCKED') setBlocked(Object.values(e.fields));
      toast.error(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
    }
  };

  if (!detail.isSuccess) return <LoadState query={detail} />;
  const d = detail.data;
  const r: DeletionRequestRow = d.request;
  const isAdmin = session.data?.role === 'ADMIN';
  const canDecide = deletionTransition(r.status, 'COMPLETE') !== null;
  return (
    <div className="flex flex-col gap-4">
      <Link to="/admin/deletion-requests" className="inline-flex min-h-11 items-center text-sm text-brand underline underline-offset-4">
        {t('backoffice.deletion.back')}
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="break-words text-2xl font-bold text-brand">{r.memberName}</h1>
        <StatusBadge status={r.status} />
      </div>
      <p className="text-sm text-muted">
        {t('backoffice.deletion.requested')} {when(r.requestedAt)}
        {r.handledAt &&
          ` · ${t('backoffice.deletion.handled')} ${when(r.handledAt)}${r.handledBy ? ` ${t('backoffice.deletion.by')} ${r.handledBy.name}` : ''}`}
      </p>
      {r.rejectionReasonCode && <p className="text-sm">{t(deletionRejectionReasonKey(r.rejectionReasonCode))}</p>}
      <section className="rounded-xl bg-white p-4 shadow-sm">
        <h2 className="font-semibold">{t('backoffice.deletion.memberReason')}</h2>
        <p className="mt-1 whitespace-pre-wrap break-words text-sm">{r.reason ?? t('backoffice.deletion.noReason')}</p>
        <h2 className="mt-3 font-semibold">{t('backoffice.deletion.contact')}</h2>
        {d.member ? (
          <p className="mt-1 break-words text-sm" data-testid="deletion-contact">
            {d.member.phone} · {d.member.email}
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted">{t('backoffice.deletion.anonymised')}</p>
        )}
      </section>
      <div className="grid gap-4 md:grid-cols-2">
        <section className="rounded-xl bg-white p-4 shadow-sm" data-testid="deletion-erased">
          <h2 className="font-semibold">{t('backoffice.deletion.eraseTitle')}</h2>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {d.erased.map((e) => (
              <li key={e.category} className="flex justify-between gap-3">
                <span>{t(`backoffice.deletion.erase.${e.category}`)}</span>
                <span className="tabular-nums text-muted">{e.count}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-xl bg-white p-4 shadow-sm" data-testid="deletion-kept">
          <h2 className="font-semibold">{t('backoffice.deletion.keepTitle')}</h2>
          <ul className="mt-2 flex flex-col gap-1 text-sm">
            {d.kept.map((k) => (
              <li key={k.category} className="flex justify-between gap-3">
                <span>{t(`backoffice.deletion.keep.${k.category}`)}</span>
                <span className="tabular-nums text-muted">{k.count ?? t('backoffice.deletion.notCounted')}</span>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-muted">
            {d.keptUntil
              ? t('backoffice.deletion.keptUntil', { years: d.retentionYears, date: d.keptUntil })
              : t('backoffice.deletion.keptYears', { years: d.retentionYears })}
          </p>
        </section>
      </div>
      {canDecide && (d.blockers.length > 0 || blocked.length > 0) && (
        <section role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4" data-testid="deletion-blockers">
          <h2 className="font-semibold">{t('backoffice.deletion.blockersTitle')}</h2>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {(blocked.length > 0 ? blocked : d.blockers.map((b) => t(`backoffice.deletion.blockers.${b}`))).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      )}
      {canDecide &&
        (isAdmin ? (
          <section className="flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm">
            <Button disabled={busy || d.blockers.length > 0} onClick={() => setConfirming(true)}>
              {t('backoffice.deletion.complete')}
            </Button>
            <form
              className="flex flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                if (reason) void decide({ as: 'reject', reasonCode: reason }, t('backoffice.deletion.rejected'));
              }}
            >
              <ReasonSelect
                label={t('backoffice.deletion.rejectReason')}
                codes={DELETION_REJECTION_REASONS}
                textKey={deletionRejectionReasonKey}
                value={reason}
                onChange={setReason}
                testId="deletion-reject-reason"
              />
              <Button type="submit" variant="outline" disabled={busy || !reason}>
                {t('backoffice.deletion.reject')}
              </Button>
            </form>
          </section>
        ) : (
          <p className="text-sm text-muted">{t('backoffice.deletion.adminOnly')}</p>
        ))}
      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('backoffice.deletion.complete')}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
              {t('backoffice.deletion.cancel')}
            </Button>
            <Button onClick={() => void decide({ as: 'complete' }, t('backoffice.deletion.completed'))} disabled={busy}>
              {t('backoffice.deletion.confirm')}
            </Button>
          </>
        }
      >
        <p>{t('backoffice.deletion.confirmComplete')}</p>
      </Dialog>
    </div>
  );
}
