import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { call, ApiError, type ApiError as ApiErrorType } from '../../lib/api';
import { withdrawalsApi } from '../../../shared/api/withdrawals';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField, TextField } from '../../ui/Field';
import { ListState } from '../../ui/ListState';
import { StatusFilter } from '../../ui/StatusFilter';
import { Cell, Row, Table } from '../../ui/Table';
import { toast } from '../../ui/toast';
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from '../../../shared/states/withdrawal';
import type { AdminWithdrawalRow } from '../../../shared/schemas/withdrawals';
import { dateTime, money } from '../../lib/format';
import { COLOUR_TEXT } from '../../ui/StatusIcon';
import { ageText } from '../../features/backoffice';
import { ReasonSelect } from '../../features/backoffice';
import { WithdrawalRoute } from '../../features/backoffice';
import { INTERNAL_NOTE_MAX, PAYOUT_FAILURE_REASONS, withdrawalReasonKey, type PayoutFailureReason } from '../../../shared/reasons/catalogue';
import { failedBody, paidBody, serverFieldErrors, withdrawBody, type MarkErrors, type MarkFieldError } from '../../features/backoffice';

type Part = AdminWithdrawalRow['parts'][number];
/** What the dialog marks: the whole payout, or one transfer of a withdrawal sent as several. */
type Mark = { readonly row: AdminWithdrawalRow; readonly as: 'paid' | 'failed' | 'confirm' | 'withdraw'; readonly part?: Part };
type FailRequest = NonNullable<AdminWithdrawalRow['failRequest']>;

const key = (status: string) => ['admin', 'withdrawals', status] as const;
const TITLE = { paid: 'paidTitle', failed: 'failedTitle', confirm: 'confirmFailedTitle', withdraw: 'withdrawRequestTitle' } as const satisfies Record<
  Mark['as'],
  string
>;
const PART_TITLE = {
  paid: 'partPaidTitle',
  failed: 'partFailedTitle',
  confirm: 'partConfirmFailedTitle',
  withdraw: 'partWithdrawRequestTitle',
} as const satisfies Record<Mark['as'], string>;
const COLUMNS = ['reference', 'member', 'amount', 'channel', 'destination', 'status', 'age', 'actions'] as const;

/**
 * Paid and Failed of a payout the officer sends by hand (the whole payout or one transfer). While a
 * failure mark waits for a second officer (decision 049), Failed becomes Confirm failure (the server
 * refuses the officer who asked); Paid stays (the money did go out) and clears the request; Withdraw
 * request beside it lets the officer who asked (or an ADMIN; the server refuses anyone else) take
 * the request back with a reason (decision 052).
 */
function MarkButtons({ onMark, pending }: { readonly onMark: (as: Mark['as']) => void; readonly pending: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-2">
      <Button variant="accent" className="px-3" onClick={() => onMark('paid')}>
        {t('backoffice.withdrawals.markPaid')}
      </Button>
      {pending ? (
        <>
          <Button variant="outline" className="px-3" onClick={() => onMark('confirm')}>
            {t('backoffice.withdrawals.confirmFailed')}
          </Button>
          <Button variant="outline" className="px-3" onClick={() => onMark('withdraw')}>
            {t('backoffice.withdrawals.withdrawRequest')}
          </Button>
        </>
      ) : (
        <Button variant="outline" className="px-3" onClick={() => onMark('failed')}>
          {t('backoffice.withdrawals.markFailed')}
        </Button>
      )}
    </span>
  );
}

/** A failure mark waiting for a second officer: who asked, when, the reason the member will read, the internal note. */
function FailRequestText({ request, className = '' }: { readonly request: FailRequest; readonly className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <span className={`block text-xs font-normal text-warning ${className}`} data-testid="fail-request">
      {t('backoffice.withdrawals.failRequest', {
        name: request.requestedByName || '—',
        at: dateTime(request.requestedAt, i18n.language),
        reason: t(withdrawalReasonKey(request.reasonCode)),
      })}
      {request.note && <span className="block text-muted">{t('backoffice.withdrawals.failRequestNote', { note: request.note })}</span>}
    </span>
  );
}

/**
 * The withdrawals queue (OFFICER and ADMIN): by status, oldest first, with age, channel
 * and destination. In manual payout mode a PROCESSING payout is marked paid with the bank's
 * reference, or failed with the reason: a failure mark waits for a second officer, shown on the row
 * (who asked, when, the reason), and only their confirmation returns the amount to the member's
 * wallet (decision 049); the row changes only after the server answered. A withdrawal sent as several transfers
 * (docs/decisions/033) lists each transfer (amount, its own reference, status) with its own Paid
 * and Failed actions. The forms are checked with the routes' own schemas before any request.
 */
export default function AdminWithdrawalsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<WithdrawalStatus | ''>('PROCESSING');
  // Pages by the server's cursor (oldest first).
  const list = useInfiniteQuery<{ withdrawals: AdminWithdrawalRow[]; nextCursor: string | null }, ApiErrorType>({
    queryKey: key(status),
    queryFn: ({ pageParam }) => call(withdrawalsApi.adminQueue, { query: { status: status || undefined, cursor: (pageParam as string | null) ?? undefined } }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
  const rows = list.data?.pages.flatMap((p) => p.withdrawals) ?? [];
  const [mark, setMark] = useState<Mark | null>(null);
  const [text, setText] = useState('');
  const [reasonCode, setReasonCode] = useState<PayoutFailureReason | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<MarkErrors>({});
  const age = (minutes: number) => ageText(minutes, (k, options) => t(k, options));

  const fieldText = (e: MarkFieldError | undefined) => (e ? t(e.key, e.values) : undefined);

  const open = (row: AdminWithdrawalRow, as: Mark['as'], part?: Part) => {
    setMark(part ? { row, as, part } : { row, as });
    setText('');
    setReasonCode('');
    setError(null);
    setFieldErrors({});
  };
  const done = (answer: AdminWithdrawalRow, part: Part | undefined, as: Mark['as']) => {
    const status = t(`withdrawals.status.${answer.status}.label`);
    if (as === 'failed' || as === 'withdraw') {
      const reference = part ? part.reference : answer.reference;
      toast.success(t(as === 'failed' ? 'backoffice.withdrawals.failRequestedDone' : 'backoffice.withdrawals.withdrawRequestDone', { reference }));
      return;
    }
    const after = part ? answer.parts.find((p) => p.index === part.index) : undefined;
    toast.success(
      part && after
        ? t('backoffice.withdrawals.partDone', {
            reference: answer.reference,
            index: part.index,
            count: answer.parts.length,
            partStatus: t(`backoffice.withdrawals.partStatus.${after.status}`),
            status,
          })
        : t('backoffice.withdrawals.done', { reference: answer.reference, status }),
    );
  };
  const run = async () => {
    if (!mark) return;
    setError(null);
    // The routes' own schemas, before any request: the officer reads the catalogue's message beside the field.
    const paid = mark.as === 'paid' ? paidBody(text) : null;
    const failed = mark.as === 'failed' ? failedBody(reasonCode, text) : null;
    const withdrawn = mark.as === 'withdraw' ? withdrawBody(text) : null;
    const checked = paid ?? failed ?? withdrawn ?? { ok: true as const };
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const { row, part } = mark;
      let answer: AdminWithdrawalRow;
      if (part) {
        const params = { id: row.id, index: part.index };
        answer = paid?.ok
          ? await call(withdrawalsApi.adminPartPaid, { params, body: paid.body })
          : failed?.ok
            ? await call(withdrawalsApi.adminPartFailed, { params, body: failed.body })
            : withdrawn?.ok
              ? await call(withdrawalsApi.adminPartFailWithdraw, { params, body: withdrawn.body })
              : await call(withdrawalsApi.adminPartFailConfirm, { params });
      } else {
        const params = { id: row.id };
        answer = paid?.ok
          ? await call(withdrawalsApi.adminPaid, { params, body: paid.body })
          : failed?.ok
            ? await call(withdrawalsApi.adminFailed, { params, body: failed.body })
            : withdrawn?.ok
              ? await call(withdrawalsApi.adminFailWithdraw, { params, body: withdrawn.body })
              : await call(withdrawalsApi.adminFailConfirm, { params });
      }
      done(answer, part, mark.as);
      setMark(null);
    } catch (e) {
      if (e instanceof ApiError) {
        const byField = serverFieldErrors(e.fields);
        setFieldErrors(byField);
        if (Object.keys(byField).length === 0) setError(e.message);
      } else setError(t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: ['admin', 'withdrawals'] });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-bold text-brand">{t('backoffice.withdrawals.title')}</h1>
        <Link to="/admin/withdrawals/reconciliation" className="min-h-11 content-center text-sm font-semibold text-brand underline underline-offset-4">
          {t('backoffice.withdrawals.reconciliationLink')}
        </Link>
      </div>
      <StatusFilter
        label={t('backoffice.withdrawals.status')}
        statuses={WITHDRAWAL_STATUSES}
        value={status}
        onChange={setStatus}
        allText={t('backoffice.withdrawals.all')}
        optionText={(s) => t(`withdrawals.status.${s}.label`)}
      />
      <ListState query={list} empty={rows.length === 0} emptyText={t('backoffice.withdrawals.empty')}>
        <Table
          label={t('backoffice.withdrawals.title')}
          minWidth="min-w-[60rem]"
          testId="withdrawals-table"
          columns={COLUMNS.map((c) => ({ label: t(`backoffice.withdrawals.col.${c}`), ...(c === 'amount' ? { align: 'right' as const } : {}) }))}
        >
          {rows.map((w) => {
            const manual = w.status === 'PROCESSING' && w.payoutMode === 'MANUAL';
            return (
              <Fragment key={w.id}>
                <Row className="align-top" testId="withdrawal-row" data-reference={w.reference}>
                  <Cell className="font-semibold">{w.reference}</Cell>
                  <Cell>{w.memberName}</Cell>
                  <Cell align="right">{money(w.amount)}</Cell>
                  <Cell>
                    <WithdrawalRoute channel={w.channel} payoutMode={w.payoutMode} />
                  </Cell>
                  <Cell>
                    {w.destination.institutionName}
                    <span className="block font-mono text-xs">{w.destination.accountMasked}</span>
                    <span className="block text-xs text-muted">{w.destination.accountName}</span>
                  </Cell>
                  <Cell className={`font-semibold ${COLOUR_TEXT[w.statusColor]}`}>
                    {t(`withdrawals.status.${w.status}.label`)}
                    {w.failureReasonCode && <span className="block text-xs font-normal text-ink">{t(withdrawalReasonKey(w.failureReasonCode))}</span>}
                    {w.events
                      .map((e) => e.note)
                      .filter(Boolean)
                      .map((note, i) => (
                        <span key={i} className="block text-xs font-normal text-muted">
                          {t('loans.admin.internalNote', { note })}
                        </span>
                      ))}
                    {w.providerReference && <span className="block font-mono text-xs font-normal text-ink">{w.providerReference}</span>}
                    {w.failRequest && <FailRequestText request={w.failRequest} />}
                  </Cell>
                  <Cell>{age(w.ageMinutes)}</Cell>
                  <Cell>
                    {w.parts.length > 1 ? (
                      <span className="text-xs text-muted">{t('backoffice.withdrawals.parts', { count: w.parts.length })}</span>
                    ) : manual ? (
                      <MarkButtons onMark={(as) => open(w, as)} pending={w.failRequest !== null} />
                    ) : (
                      <span className="text-xs text-muted">{w.status === 'PROCESSING' ? t('backoffice.withdrawals.simulated') : '—'}</span>
                    )}
                  </Cell>
                </Row>
                {w.parts.length > 1 && (
                  <Row className="bg-slate-50/60">
                    <Cell colSpan={COLUMNS.length}>
                      {/* Held at the left of the scrolling box and as wide as the screen: on a phone each transfer's Paid and Failed stay in view. */}
                      <ol
                        className="sticky left-3 flex max-w-[calc(100vw-3rem)] flex-col gap-2"
                        data-testid="withdrawal-parts-admin"
                        aria-label={t('backoffice.withdrawals.parts', { count: w.parts.length })}
                      >
                        {w.parts.map((p) => (
                          <li
                            key={p.index}
                            className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm"
                            data-part-index={p.index}
                            data-part-status={p.status}
                          >
                            <span className="min-w-36 font-semibold">{t('backoffice.withdrawals.partLabel', { index: p.index, count: w.parts.length })}</span>
                            <span className="font-mono text-xs">{p.reference}</span>
                            <span className="tabular-nums">{money(p.amount)}</span>
                            <span className="text-xs">{t(`withdrawals.channel.${p.channel}`)}</span>
                            <span className="font-semibold">
                              {t(`backoffice.withdrawals.partStatus.${p.status}`)}
                              {p.failureReasonCode && <span className="font-normal"> ({t(withdrawalReasonKey(p.failureReasonCode))})</span>}
                            </span>
                            {p.providerReference && <span className="font-mono text-xs text-muted">{p.providerReference}</span>}
                            {p.failRequest && <FailRequestText request={p.failRequest} className="basis-full" />}
                            {manual && p.status === 'PROCESSING' && <MarkButtons onMark={(as) => open(w, as, p)} pending={p.failRequest !== null} />}
                          </li>
                        ))}
                      </ol>
                    </Cell>
                  </Row>
                )}
              </Fragment>
            );
          })}
        </Table>
      </ListState>
      <Dialog
        open={mark !== null}
        onClose={() => !busy && setMark(null)}
        title={
          mark
            ? mark.part
              ? t(`backoffice.withdrawals.${PART_TITLE[mark.as]}`, {
                  reference: mark.part.reference,
                  index: mark.part.index,
                  count: mark.row.parts.length,
                })
              : t(`backoffice.withdrawals.${TITLE[mark.as]}`, { reference: mark.row.reference })
            : ''
        }
        footer={
          <>
            <Button variant="outline" onClick={() => setMark(null)} disabled={busy}>
              {t('loans.admin.cancel')}
            </Button>
            <Button variant="accent" onClick={() => void run()} busy={busy}>
              {t('loans.admin.confirm')}
            </Button>
          </>
        }
      >
        {mark && (
          <div className="flex flex-col gap-3">
            <p className="text-sm">
              {t('backoffice.withdrawals.summary', {
                amount: money(mark.part ? mark.part.amount : mark.row.amountToReceive),
                institution: mark.row.destination.institutionName,
                account: mark.row.destination.accountMasked,
              })}
            </p>
            {mark.as === 'confirm' ? (
              <>
                <p className="text-sm">{t('backoffice.withdrawals.confirmFailedHint')}</p>
                {(() => {
                  const request = mark.part ? mark.part.failRequest : mark.row.failRequest;
                  return request && <FailRequestText request={request} className="text-sm" />;
                })()}
              </>
            ) : mark.as === 'withdraw' ? (
              <>
                <p className="text-sm">{t('backoffice.withdrawals.withdrawRequestHint')}</p>
                {(() => {
                  const request = mark.part ? mark.part.failRequest : mark.row.failRequest;
                  return request && <FailRequestText request={request} className="text-sm" />;
                })()}
                <TextAreaField
                  label={t('backoffice.withdrawals.withdrawRequestReason')}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  rows={3}
                  maxLength={INTERNAL_NOTE_MAX}
                  error={fieldText(fieldErrors.reason)}
                />
              </>
            ) : mark.as === 'paid' ? (
              <TextField
                label={t('backoffice.withdrawals.bankReference')}
                value={text}
                onChange={(e) => setText(e.target.value)}
                autoComplete="off"
                error={fieldText(fieldErrors.bankReference)}
              />
            ) : (
              <>
                <ReasonSelect
                  label={t('backoffice.withdrawals.reason')}
                  codes={PAYOUT_FAILURE_REASONS}
                  textKey={withdrawalReasonKey}
                  value={reasonCode}
                  onChange={setReasonCode}
                  testId="failure-reason"
                  error={fieldText(fieldErrors.reasonCode)}
                />
                <TextAreaField
                  label={t('reasons.admin.noteLabel')}
                  hint={t('reasons.admin.noteHint')}
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  rows={3}
                  maxLength={INTERNAL_NOTE_MAX}
                  error={fieldText(fieldErrors.note)}
                />
              </>
            )}
            {error && (
              <p role="alert" className="text-sm font-semibold text-danger">
                {error}
              </p>
            )}
          </div>
        )}
      </Dialog>
    </div>
  );
}
