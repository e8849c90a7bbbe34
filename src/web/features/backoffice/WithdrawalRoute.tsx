import { useTranslation } from 'react-i18next';
import type { AdminWithdrawalRow } from '../../../shared/schemas/withdrawals';

/** A withdrawal's channel and how its payout is made, as catalogue labels (never the raw codes). */
export function WithdrawalRoute({ channel, payoutMode }: Pick<AdminWithdrawalRow, 'channel' | 'payoutMode'>) {
  const { t } = useTranslation();
  return (
    <>
      <span data-channel={channel}>{t(`withdrawals.channel.${channel}`)}</span>
      <span className="block text-xs text-muted" data-payout-mode={payoutMode}>
        {t(`backoffice.withdrawals.payoutMode.${payoutMode}`)}
      </span>
    </>
  );
}
