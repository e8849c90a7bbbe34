import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import type { WithdrawalView } from '../../../shared/schemas/withdrawals';
import { withdrawalReasonKey } from '../../../shared/reasons/catalogue';
import { COLOUR_BG, COLOUR_TEXT, StatusIcon } from '../../ui/StatusIcon';
import { dateTime, money } from '../../lib/format';
import { TransferParts } from '../../ui/TransferParts';
import { StepHeading } from './StepHeading';

/**
 * The end of the flow: finalcountdown (the server said PAID) or the failure screen (FAILED,
 * EXPIRED, CANCELLED: the pending transfer was voided, the money is back in the wallet).
 * CONTINUE returns to the wallet, which reloads.
 */
export function ResultStep({ withdrawal: w, onContinue }: { readonly withdrawal: WithdrawalView; readonly onContinue: () => void }) {
  const { t, i18n } = useTranslation();
  const paid = w.status === 'PAID';
  return (
    <div className="flex flex-col gap-5">
      <StepHeading>{paid ? t('withdrawals.flow.done.heading') : t('withdrawals.flow.failed.heading')}</StepHeading>
      <div role="status" className={`flex items-start gap-3 rounded-lg border-l-4 p-4 ${COLOUR_BG[w.statusColor]}`}>
        <StatusIcon name={w.statusIcon} colour={w.statusColor} className="h-10 w-10" />
        <div className="min-w-0">
          <p className={`font-bold ${COLOUR_TEXT[w.statusColor]}`} data-testid="result-status">
            {t(`withdrawals.status.${w.status}.label`)}
          </p>
          {paid ? (
            <p className="mt-1">
              {t('withdrawals.flow.done.text', {
                amount: money(w.amountToReceive),
                institution: w.destination.institutionName,
                account: w.destination.accountMasked,
              })}
            </p>
          ) : w.status === 'PARTLY_PAID' ? (
            <p className="mt-1 font-semibold" data-testid="result-funds-back">
              {t('withdrawals.status.PARTLY_PAID.message')} {t('withdrawals.flow.failed.back', { amount: money(w.amountReturned) })}
            </p>
          ) : w.status === 'FAILED' ? (
            <p className="mt-1 font-semibold" data-testid="result-funds-back">
              {t('withdrawals.flow.failed.back', { amount: money(w.amount) })}
            </p>
          ) : (
            // EXPIRED or CANCELLED: the catalogue's message says why, and that the amount is back.
            <p className="mt-1">{t(`withdrawals.status.${w.status}.message`)}</p>
          )}
        </div>
      </div>
      <TransferParts parts={w.parts} />
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted">{t('withdrawals.flow.transfer.reference')}</dt>
          <dd className="font-semibold">{w.reference}</dd>
        </div>
        {paid && w.settledAt && (
          <div>
            <dt className="text-muted">{t('withdrawals.flow.done.settledAt')}</dt>
            <dd className="font-semibold">{dateTime(w.settledAt, i18n.language)}</dd>
          </div>
        )}
        {!paid && w.failureReasonCode && (
          <div className="sm:col-span-2">
            <dt className="text-muted">{t('withdrawals.flow.failed.reason')}</dt>
            <dd className="font-semibold" data-testid="result-reason">
              {t(withdrawalReasonKey(w.failureReasonCode))}
            </dd>
          </div>
        )}
      </dl>
      <Button variant="accent" className="self-stretch sm:self-end" onClick={onContinue}>
        {paid ? t('withdrawals.flow.done.continue') : t('withdrawals.flow.failed.continue')}
      </Button>
    </div>
  );
}
