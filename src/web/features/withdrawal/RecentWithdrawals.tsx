import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, call } from '../../lib/api';
import { withdrawalsApi } from '../../../shared/api/withdrawals';
import { Button } from '../../ui/Button';
import { ListState } from '../../ui/ListState';
import { toast } from '../../ui/toast';
import type { MemberWithdrawal, WithdrawalView } from '../../../shared/schemas/withdrawals';
import { COLOUR_TEXT, StatusIcon } from '../../ui/StatusIcon';
import { dateTime, money } from '../../lib/format';
import { TransferParts } from '../../ui/TransferParts';
import { CodeDialog } from './CodeDialog';
import { reloadWallet, useWithdrawals, withdrawalKeys } from './queries';
import { withdrawalReasonKey } from '../../../shared/reasons/catalogue';

/** How many of the newest withdrawals the wallet lists. */
const RECENT = 5;

/**
 * A withdrawal still waiting for its code (its amount is on hold): the member can enter the code
 * (the code dialog again, a new code at once if the first one expired) or cancel it on the server,
 * which releases the hold through the ledger. Nothing is assumed: the list is read again after.
 */
function AwaitingActions({ w, onConfirmed }: { readonly w: MemberWithdrawal; readonly onConfirmed: (view: WithdrawalView) => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const cancelled = (view: WithdrawalView) => {
    setDialog(false);
    toast.success(t('withdrawals.flow.toast.cancelled', { amount: money(view.amountReturned) }));
    void reloadWallet(queryClient);
  };

  const cancel = async () => {
    setBusy(true);
    setError(null);
    try {
      cancelled(await call(withdrawalsApi.cancel, { params: { id: w.id } }));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'WITHDRAWAL_STATE') void reloadWallet(queryClient);
      setError(e instanceof ApiError ? e.message : t('errors.NO_SERVER_RESPONSE'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mt-2 flex flex-col gap-2">
      <p className="text-xs">{t('withdrawals.flow.recent.onHold', { amount: money(w.amount), time: dateTime(w.expiresAt, i18n.language) })}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="accent" onClick={() => setDialog(true)} disabled={busy}>
          {t('withdrawals.flow.recent.enterCode')}
        </Button>
        <Button variant="outline" onClick={() => void cancel()} busy={busy} disabled={busy}>
          {t('withdrawals.flow.recent.cancel')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-accent">
          {error}
        </p>
      )}
      {dialog && (
        <CodeDialog
          withdrawal={w}
          // The code's times as the server read them with the list (a reload mid-flow included).
          codeSent={w.code}
          reopened
          onClose={() => {
            setDialog(false);
            // A code sent from the dialog has times of its own: the next opening reads them anew.
            void queryClient.invalidateQueries({ queryKey: withdrawalKeys.list });
          }}
          onConfirmed={(view) => {
            setDialog(false);
            void reloadWallet(queryClient);
            onConfirmed(view);
          }}
          onCancelled={cancelled}
          onStale={() => {
            setDialog(false);
            void reloadWallet(queryClient);
          }}
        />
      )}
    </div>
  );
}

/**
 * The member's recent withdrawals on /wallet: reference, amount, status (catalogue colour and
 * icon), date; one awaiting its code offers "Enter code" and "Cancel withdrawal".
 */
export function RecentWithdrawals({ onConfirmed }: { readonly onConfirmed: (view: WithdrawalView) => void }) {
  const { t, i18n } = useTranslation();
  const list = useWithdrawals();
  return (
    <section aria-labelledby="wallet-withdrawals" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="wallet-withdrawals" className="text-lg font-bold text-brand">
        {t('withdrawals.flow.recent.title')}
      </h2>
      <ListState
        query={list}
        empty={list.data?.length === 0}
        emptyText={t('withdrawals.flow.recent.empty')}
        loadingText={t('withdrawals.flow.recent.loading')}
        retryText={t('withdrawals.flow.amount.retry')}
        compact
      >
        <ul className="mt-3 flex flex-col divide-y divide-slate-100" data-testid="recent-withdrawals">
          {(list.data ?? []).slice(0, RECENT).map((w) => (
            <li key={w.id} className="flex items-start gap-3 py-3 text-sm" data-status={w.status}>
              <StatusIcon name={w.statusIcon} colour={w.statusColor} className="mt-0.5 h-6 w-6" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-semibold">{w.reference}</p>
                  <p className="font-bold tabular-nums">{money(w.amount)}</p>
                </div>
                <p className="text-xs text-muted">
                  <span className={`font-semibold ${COLOUR_TEXT[w.statusColor]}`}>{t(`withdrawals.status.${w.status}.label`)}</span> ·{' '}
                  {dateTime(w.createdAt, i18n.language)}
                </p>
                {w.failureReasonCode && <p className="mt-1 text-xs">{t(withdrawalReasonKey(w.failureReasonCode))}</p>}
                <TransferParts parts={w.parts} />
                {w.status === 'AWAITING_CODE' && <AwaitingActions w={w} onConfirmed={onConfirmed} />}
              </div>
            </li>
          ))}
        </ul>
      </ListState>
    </section>
  );
}
