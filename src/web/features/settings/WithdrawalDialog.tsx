import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { WithdrawalView } from '../../../shared/schemas/withdrawals';
import { withdrawalReasonKey } from '../../../shared/reasons/catalogue';
import type { PayoutAccountResponse } from '../../../shared/schemas/member-settings';
import { usePublicConfig } from '../../lib/queries';
import { Dialog } from '../../ui/Dialog';
import { LoadState } from '../../ui/ListState';
import { useCurrentLoan } from '../loans';
import { COLOUR_BG, StatusIcon } from '../../ui/StatusIcon';
import { dateTime, money } from '../../lib/format';
import { usePayoutAccount, useWithdrawals } from './queries';
import { REVEAL_MS, RevealValue } from './RevealValue';
import { Rows } from './Rows';
import { TransferParts } from '../../ui/TransferParts';

/**
 * The full account number for the reveal: the member's current payout account, when it is the
 * one this withdrawal went to (a withdrawal to an earlier account shows its masked number only).
 */
function fullNumberFor(w: WithdrawalView, payout: PayoutAccountResponse | undefined): string | null {
  const account = payout?.account;
  if (!account) return null;
  const same =
    account.institutionName === w.destination.institutionName &&
    account.accountNumberMasked === w.destination.accountMasked &&
    account.accountName === w.destination.accountName;
  return same ? account.accountNumber : null;
}

function StatusBadge({ w }: { readonly w: WithdrawalView }) {
  const { t } = useTranslation();
  return (
    <div className={`flex items-start gap-3 rounded-lg border-l-4 p-3 ${COLOUR_BG[w.statusColor]}`} data-status={w.status}>
      <StatusIcon name={w.statusIcon} colour={w.statusColor} />
      <div className="flex flex-col gap-1">
        <p className="font-bold text-ink">{t(`withdrawals.status.${w.status}.label`)}</p>
        <p className="text-sm text-ink">{t(`withdrawals.status.${w.status}.message`)}</p>
        {w.failureReasonCode && <p className="text-sm text-ink">{t(withdrawalReasonKey(w.failureReasonCode))}</p>}
      </div>
    </div>
  );
}

/**
 * The total rows by where the money is (the server's `funds`): what reached the payout account
 * once paid; "not sent yet" while held; for a failed, cancelled or expired one nothing was
 * received and the amount is shown coming back to the wallet.
 */
function totalRows(w: WithdrawalView, t: TFunction): [string, ReactNode][] {
  if (w.funds === 'SENT') return [[t('settings.withdrawal.total'), <strong key="total">{money(w.amountReceived)}</strong>]];
  if (w.funds === 'HELD') return [[t('settings.withdrawal.totalHeld'), <strong key="total">{money(w.amountToReceive)}</strong>]];
  return [
    [t('settings.withdrawal.total'), <strong key="total">{money(w.amountReceived)}</strong>],
    [
      t('settings.withdrawal.returned'),
      <strong key="returned" className="text-emerald-700" data-testid="withdrawal-returned">
        +{money(w.amountReturned)}
      </strong>,
    ],
  ];
}

/**
 * Settings > Withdrawal (specification section 2): the last withdrawal with every field of the
 * section (recipient, bank, account masked with a 3-second reveal, 'Transferred From' the company,
 * the exchange rate as its inverse to 2 decimals, amounts with fee 0.00, date and time, reference,
 * status with icon and message), then every withdrawal; or 'We haven't received any withdrawal so far.'
 */
export function WithdrawalDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const withdrawals = useWithdrawals(open);
  const payout = usePayoutAccount(open);
  const loan = useCurrentLoan();
  const config = usePublicConfig();
  const currency = loan.data?.selectedCurrency ?? 'PHP';
  const rate = loan.data?.displayRate ?? '1.00';

  const body = () => {
    if (!withdrawals.isSuccess) {
      return (
        <LoadState
          query={withdrawals}
          loadingText={t('settings.withdrawal.loading')}
          errorTitle={t('settings.withdrawal.error')}
          retryText={t('settings.withdrawal.retry')}
        />
      );
    }
    const list = withdrawals.data;
    const last = list[0];
    if (!last) return <p className="py-6 text-center text-ink">{t('settings.withdrawal.empty')}</p>;
    return (
      <div className="flex flex-col gap-5">
        <section aria-labelledby="withdrawal-last" className="flex flex-col gap-3">
          <h3 id="withdrawal-last" className="text-base font-bold text-brand">
            {t('settings.withdrawal.last')}
          </h3>
          <StatusBadge w={last} />
          <Rows
            rows={[
              [t('settings.withdrawal.recipient'), last.destination.accountName],
              [t('settings.withdrawal.bank'), last.destination.institutionName],
              [
                t('settings.withdrawal.account'),
                <RevealValue
                  key="account"
                  masked={last.destination.accountMasked}
                  full={fullNumberFor(last, payout.data)}
                  revealLabel={t('settings.withdrawal.revealLabel', { seconds: REVEAL_MS / 1000 })}
                  showText={t('settings.withdrawal.reveal')}
                  hideText={t('settings.withdrawal.hide')}
                />,
              ],
              [t('settings.withdrawal.transferredFrom'), config.data?.company.companyName ?? ''],
              // A peso payout has no exchange rate to show ("1 PHP = 1.00 PHP" says nothing true).
              ...(currency === 'PHP' ? [] : [[t('settings.withdrawal.exchangeRate'), t('settings.withdrawal.exchangeRateValue', { currency, rate })] as const]),
              [t('settings.withdrawal.transferAmount'), money(last.amount)],
              [t('settings.withdrawal.fee'), money(last.fee)],
              ...totalRows(last, t),
              [t('settings.withdrawal.date'), dateTime(last.createdAt, i18n.language)],
              [
                t('settings.withdrawal.reference'),
                <span key="ref" className="font-mono">
                  {last.reference}
                </span>,
              ],
              [t('settings.withdrawal.channel'), t(`withdrawals.channel.${last.channel}`)],
            ]}
          />
          <TransferParts parts={last.parts} />
        </section>
        <section aria-labelledby="withdrawal-all" className="flex flex-col gap-2 border-t border-slate-200 pt-4">
          <h3 id="withdrawal-all" className="text-base font-bold text-brand">
            {t('settings.withdrawal.all')}
          </h3>
          <ul className="flex flex-col divide-y divide-slate-200" data-testid="withdrawal-list">
            {list.map((w) => (
              <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="flex flex-col">
                  <span className="font-mono text-sm">{w.reference}</span>
                  <span className="text-xs text-muted">{dateTime(w.createdAt, i18n.language)}</span>
                  {w.funds === 'PARTLY_SENT' && (
                    <span className="text-xs text-ink" data-testid="withdrawal-partly">
                      {t('withdrawals.parts.summary', { sent: money(w.amountReceived), returned: `+${money(w.amountReturned)}` })}
                    </span>
                  )}
                </span>
                <span className="flex items-center gap-2">
                  <span className="font-semibold">{money(w.amount)}</span>
                  <StatusIcon name={w.statusIcon} colour={w.statusColor} className="h-5 w-5" />
                  <span className="text-sm">{t(`withdrawals.status.${w.status}.label`)}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    );
  };

  return (
    <Dialog open={open} onClose={onClose} size="lg" title={t('settings.withdrawal.title')} closeText={t('settings.withdrawal.close')}>
      {body()}
    </Dialog>
  );
}
