import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isFinalWithdrawalStatus } from '../../../shared/states/withdrawal';
import type { WithdrawalView } from '../../../shared/schemas/withdrawals';
import { COLOUR_BG, COLOUR_TEXT, StatusIcon } from '../../ui/StatusIcon';
import { dateTime, money } from '../../lib/format';
import { useWithdrawalStatus } from './queries';
import { StepHeading } from './StepHeading';

/**
 * Transferring (specification section 4): the payout's real status, asked of the server every few
 * seconds. It moves on only when the server says the withdrawal is PAID, FAILED (or otherwise
 * final); there is no timer to success.
 */
export function TransferStep({ withdrawal, onFinal }: { readonly withdrawal: WithdrawalView; readonly onFinal: (view: WithdrawalView) => void }) {
  const { t, i18n } = useTranslation();
  const status = useWithdrawalStatus(withdrawal);
  const w = status.data;

  useEffect(() => {
    if (isFinalWithdrawalStatus(w.status)) onFinal(w);
  }, [w, onFinal]);

  const d = w.destination;
  return (
    <div className="flex flex-col gap-5">
      <StepHeading>{t('withdrawals.flow.transfer.heading')}</StepHeading>
      <div role="status" aria-live="polite" className={`flex items-start gap-3 rounded-lg border-l-4 p-4 ${COLOUR_BG[w.statusColor]}`}>
        <StatusIcon name={w.statusIcon} colour={w.statusColor} />
        <div className="min-w-0">
          <p className={`font-bold ${COLOUR_TEXT[w.statusColor]}`} data-testid="transfer-status">
            {t(`withdrawals.status.${w.status}.label`)}
          </p>
          <p className="mt-1 text-sm">{t(`withdrawals.status.${w.status}.message`)}</p>
        </div>
      </div>
      {!isFinalWithdrawalStatus(w.status) && (
        <div className="flex items-center gap-3 text-sm text-muted">
          <span className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-slate-300 border-t-brand" aria-hidden="true" />
          <span>{t('withdrawals.flow.transfer.checking')}</span>
        </div>
      )}
      <p className="text-sm">{t('withdrawals.flow.transfer.timing')}</p>
      {status.isError && (
        <p role="alert" className="text-sm font-medium text-danger">
          {status.error.message}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">{t('withdrawals.flow.transfer.reference')}</dt>
          <dd className="font-semibold" data-testid="transfer-reference">
            {w.reference}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('withdrawals.flow.transfer.amount')}</dt>
          <dd className="font-semibold tabular-nums">{money(w.amountToReceive)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('withdrawals.flow.transfer.account')}</dt>
          <dd className="font-semibold break-words">
            {d.institutionName} · {d.accountMasked}
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('withdrawals.flow.transfer.channel')}</dt>
          <dd className="font-semibold">{t(`withdrawals.channel.${w.channel}`)}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('withdrawals.flow.transfer.requested')}</dt>
          <dd className="font-semibold">{dateTime(w.createdAt, i18n.language)}</dd>
        </div>
      </dl>
    </div>
  );
}
