import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import { COLOUR_TEXT, StatusIcon } from '../loans/StatusIcon';
import { dateTime, money } from '../loans/format';
import { useWithdrawals } from './queries';
import { withdrawalReasonKey } from '../../../shared/reasons/catalogue';

/** How many of the newest withdrawals the wallet lists. */
const RECENT = 5;

/** The member's recent withdrawals on /wallet: reference, amount, status (catalogue colour and icon), date. */
export function RecentWithdrawals() {
  const { t, i18n } = useTranslation();
  const list = useWithdrawals();
  return (
    <section aria-labelledby="wallet-withdrawals" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="wallet-withdrawals" className="text-lg font-bold text-brand">
        {t('withdrawals.flow.recent.title')}
      </h2>
      {list.isPending ? (
        <Spinner label={t('withdrawals.flow.recent.loading')} />
      ) : list.isError ? (
        <div role="alert" className="mt-2 flex flex-col items-start gap-2">
          <p className="text-accent">{list.error.message}</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            {t('withdrawals.flow.amount.retry')}
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <p className="mt-2 text-muted">{t('withdrawals.flow.recent.empty')}</p>
      ) : (
        <ul className="mt-3 flex flex-col divide-y divide-slate-100" data-testid="recent-withdrawals">
          {list.data.slice(0, RECENT).map((w) => (
            <li key={w.id} className="flex items-start gap-3 py-3 text-sm">
              <StatusIcon name={w.statusIcon} colour={w.statusColor} className="mt-0.5 h-6 w-6" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-semibold">{w.reference}</p>
                  <p className="font-bold tabular-nums">{money(w.amount)}</p>
                </div>
                <p className="text-xs text-muted">
                  <span className={`font-semibold ${COLOUR_TEXT[w.statusColor]}`}>{t(`withdrawals.status.${w.status}.label`)}</span> · {dateTime(w.createdAt, i18n.language)}
                </p>
                {w.failureReasonCode && <p className="mt-1 text-xs">{t(withdrawalReasonKey(w.failureReasonCode))}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
