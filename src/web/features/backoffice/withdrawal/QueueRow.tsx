import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminWithdrawalRow } from '../../../../shared/schemas/withdrawals';
import { withdrawalReasonKey } from '../../../../shared/reasons/catalogue';
import { Button } from '../../../ui/Button';
import { Cell, Row } from '../../../ui/Table';
import { COLOUR_TEXT } from '../../../ui/StatusIcon';
import { dateTime, money } from '../../../lib/format';
import { ageText } from '../queries';
import { WithdrawalRoute } from '../WithdrawalRoute';
import type { Mark, Part } from './mark';

type FailRequest = NonNullable<AdminWithdrawalRow['failRequest']>;

/** The queue's columns, in order (the page's table heads them). */
export const WITHDRAWAL_COLUMNS = ['reference', 'member', 'amount', 'channel', 'destination', 'status', 'age', 'actions'] as const;

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
export function FailRequestText({ request, className = '' }: { readonly request: FailRequest; readonly className?: string }) {
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
 * One withdrawal of the officers' queue: reference, member, amount, route, destination, status with
 * its reason, notes and any failure mark waiting, age, and the actions of a manual payout; a
 * withdrawal sent as several transfers lists each with its own actions below (decision 033).
 */
export function WithdrawalQueueRow({
  w,
  onMark,
}: {
  readonly w: AdminWithdrawalRow;
  readonly onMark: (row: AdminWithdrawalRow, as: Mark['as'], part?: Part) => void;
}) {
  const { t } = useTranslation();
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
        <Cell>{ageText(w.ageMinutes, (k, options) => t(k, options))}</Cell>
        <Cell>
          {w.parts.length > 1 ? (
            <span className="text-xs text-muted">{t('backoffice.withdrawals.parts', { count: w.parts.length })}</span>
          ) : manual ? (
            <MarkButtons onMark={(as) => onMark(w, as)} pending={w.failRequest !== null} />
          ) : (
            <span className="text-xs text-muted">{w.status === 'PROCESSING' ? t('backoffice.withdrawals.simulated') : '—'}</span>
          )}
        </Cell>
      </Row>
      {w.parts.length > 1 && (
        <Row className="bg-slate-50/60">
          <Cell colSpan={WITHDRAWAL_COLUMNS.length}>
            {/* Held at the left of the scrolling box and as wide as the screen: on a phone each transfer's Paid and Failed stay in view. */}
            <ol
              className="sticky left-3 flex max-w-[calc(100vw-3rem)] flex-col gap-2"
              data-testid="withdrawal-parts-admin"
              aria-label={t('backoffice.withdrawals.parts', { count: w.parts.length })}
            >
              {w.parts.map((p) => (
                <li key={p.index} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" data-part-index={p.index} data-part-status={p.status}>
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
                  {manual && p.status === 'PROCESSING' && <MarkButtons onMark={(as) => onMark(w, as, p)} pending={p.failRequest !== null} />}
                </li>
              ))}
            </ol>
          </Cell>
        </Row>
      )}
    </Fragment>
  );
}
