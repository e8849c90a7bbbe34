import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { isFinalWithdrawalStatus } from '../../../shared/states/withdrawal';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { call, type ApiError } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import type { WalletSummary as Summary } from '../../../shared/schemas/loans';
import type { z } from 'zod';
import type { walletTransactionsResponseSchema } from '../../../shared/schemas/loans';
import { parseAmount } from '../../../shared/money/money';
import { COLOUR_BG, COLOUR_TEXT, StatusIcon } from '../../ui/StatusIcon';
import { renderCatalogueText } from '../../lib/catalogue-text';
import { dateOnly, dateTime, money } from '../../lib/format';

/** The wallet's routes, imported when first called (their schemas stay out of the page's first JavaScript). */
const walletRoutes = () => import('../../../shared/api/wallet');

type Transactions = z.infer<typeof walletTransactionsResponseSchema>;
type Transaction = Transactions['transactions'][number];

/** Used / Limit as a whole percentage for the bar (display only; the amounts are the server's). */
function usedPercent(used: string, limit: string): number {
  const u = parseAmount(used) ?? 0n;
  const l = parseAmount(limit) ?? 0n;
  if (l <= 0n) return 0;
  return Number((u * 100n) / l);
}

/** The tag under a history line: what it did, and for a withdrawal on hold or sent for payout, where it stands. */
function entryTag(tx: Transaction, t: TFunction): string {
  const status = tx.withdrawalStatus ? t(`withdrawals.status.${tx.withdrawalStatus}.label`) : null;
  if (tx.entry === 'HOLD' && tx.withdrawalStatus && isFinalWithdrawalStatus(tx.withdrawalStatus)) return t('loans.wallet.heldThen', { status });
  // On hold, or sent for payout and not yet paid (a split withdrawal's transfers): where it stands.
  if ((tx.entry === 'HOLD' || tx.entry === 'SENT') && status) return `${t(`loans.wallet.entry.${tx.entry}`)} · ${status}`;
  return t(`loans.wallet.entry.${tx.entry}`);
}

/**
 * One line of the history, as a bank statement reads: what happened, its effect on the available
 * balance (+ in, − out or on hold) and the balance after it. A refund is its own + line.
 */
function HistoryLine({ tx }: { readonly tx: Transaction }) {
  const { t, i18n } = useTranslation();
  const incoming = tx.direction === 'IN';
  return (
    <li className="flex items-start justify-between gap-3 py-2 text-sm" data-entry={tx.entry}>
      <div className="min-w-0">
        <p className="font-semibold break-words">
          {tx.labelKey === 'loans.wallet.line.other' ? tx.description : t(tx.labelKey, { reference: tx.reference ?? '' })}
        </p>
        <p className="text-xs text-muted">
          {dateTime(tx.at, i18n.language)} · {entryTag(tx, t)}
        </p>
      </div>
      <div className="shrink-0 text-right">
        <p className={`font-bold whitespace-nowrap tabular-nums ${incoming ? 'text-emerald-700' : 'text-ink'}`} data-testid="history-amount">
          {incoming ? '+' : '−'}
          {money(tx.amount)}
        </p>
        <p className="text-xs whitespace-nowrap text-muted tabular-nums">{t('loans.wallet.balanceAfter', { amount: money(tx.balanceAfter) })}</p>
      </div>
    </li>
  );
}

/**
 * The wallet summary (specification section 2, "Wallet"; section 3, "Wallet details") from the
 * ledger: available balance, WITHDRAW NOW, the Used/Limit bar, the Loan Status card, the Loan
 * Statement card and the transaction history. Reloaded whenever the page is shown. WITHDRAW NOW
 * (disabled when the balance is 0 or less) opens the withdrawal flow.
 */
export function WalletSummary({ onWithdraw }: { readonly onWithdraw: () => void }) {
  const { t, i18n } = useTranslation();
  const wallet = useQuery<Summary, ApiError>({
    queryKey: ['wallet'],
    queryFn: () => call(() => walletRoutes().then((m) => m.walletApi.summary)),
    refetchOnMount: 'always',
  });
  // Newest first, a page at a time: "Show older" asks for the page below the server's cursor.
  const transactions = useInfiniteQuery<Transactions, ApiError>({
    queryKey: ['wallet', 'transactions'],
    queryFn: ({ pageParam }) => call(() => walletRoutes().then((m) => m.walletApi.transactions), { query: pageParam ? { cursor: pageParam as string } : {} }),
    initialPageParam: null,
    getNextPageParam: (last) => last.nextCursor,
    refetchOnMount: 'always',
  });
  const lines = transactions.data?.pages.flatMap((p) => p.transactions) ?? [];

  if (wallet.isPending) return <Spinner label={t('loans.wallet.loading')} />;
  if (wallet.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p className="text-accent">{wallet.error.message}</p>
        <Button variant="outline" onClick={() => void wallet.refetch()}>
          {t('loans.panel.retry')}
        </Button>
      </div>
    );
  }
  const w = wallet.data;
  const balance = parseAmount(w.wallet) ?? 0n;
  const foreign = w.selectedCurrency !== 'PHP';
  const pct = usedPercent(w.withdrawnAmount, w.limit);

  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="wallet-balance" className="rounded-xl bg-brand p-5 text-white shadow-sm sm:p-6">
        <h2 id="wallet-balance" className="text-sm font-semibold tracking-wide uppercase opacity-90">
          {t('loans.wallet.balance')}
        </h2>
        <p className="mt-1 text-3xl font-extrabold tabular-nums sm:text-4xl" data-testid="wallet-balance">
          {money(w.wallet)} <span className="text-base font-semibold">{w.currency}</span>
        </p>
        <Button variant="accent" className="mt-4" disabled={balance <= 0n} onClick={onWithdraw}>
          {t('loans.wallet.withdraw')}
        </Button>
        <p className="mt-2 text-xs opacity-90">{t('loans.wallet.noFees')}</p>
        {w.status && (
          <div className="mt-4">
            <progress
              value={pct}
              max={100}
              aria-label={t('loans.wallet.used')}
              className="h-3 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-white/30 [&::-webkit-progress-value]:bg-white"
            />
            <div className="mt-1 flex justify-between text-xs tabular-nums">
              <span>
                {t('loans.wallet.used')}: {money(w.withdrawnAmount)}
              </span>
              <span>
                {t('loans.wallet.limit')}: {money(w.limit)}
              </span>
            </div>
          </div>
        )}
      </section>

      <section aria-labelledby="wallet-status" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="wallet-status" className="text-lg font-bold text-brand">
          {t('loans.wallet.loanStatus')}
        </h2>
        {w.status && w.statusColor && w.statusIcon ? (
          <div className="mt-3 flex flex-col gap-3">
            <div className={`flex items-center gap-3 rounded-lg border-l-4 p-3 ${COLOUR_BG[w.statusColor]}`}>
              <StatusIcon name={w.statusIcon} colour={w.statusColor} />
              <p className={`font-bold ${COLOUR_TEXT[w.statusColor]}`} data-testid="wallet-status">
                {w.status.replace('_', ' ')}
              </p>
            </div>
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="text-muted">{t('loans.wallet.applicationDate')}</dt>
                <dd className="font-semibold">{w.createdAt ? dateOnly(w.createdAt, i18n.language) : '—'}</dd>
              </div>
              <div>
                <dt className="text-muted">{t('loans.wallet.amount')}</dt>
                <dd className="font-semibold tabular-nums">
                  {foreign ? `${money(w.loanAmountXR, w.selectedCurrency)} · ${money(w.loanAmountPHP)}` : money(w.loanAmountPHP)}
                </dd>
              </div>
              <div>
                <dt className="text-muted">{t('loans.wallet.loanNumber')}</dt>
                <dd className="font-semibold">{w.loanNumber}</dd>
              </div>
              <div>
                <dt className="text-muted">{t('loans.wallet.poweredBy')}</dt>
                <dd className="font-semibold">{w.creditPoweredBy}</dd>
              </div>
            </dl>
            {w.statusTexts && <p className="text-sm">{renderCatalogueText(t, w.statusTexts.message)}</p>}
            {(w.status === 'DISBURSED' || w.status === 'ACTIVE' || w.status === 'OVERDUE' || w.status === 'REPAID') && (
              <Link
                to="/loan"
                className="min-h-11 content-center self-start font-semibold text-brand underline underline-offset-4"
                data-testid="wallet-loan-link"
              >
                {t('servicing.openLoanPage')}
              </Link>
            )}
          </div>
        ) : (
          <p className="mt-2 text-muted">{t('loans.wallet.noLoan')}</p>
        )}
      </section>

      {w.statusTexts?.statement && (
        <section aria-labelledby="wallet-statement" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <h2 id="wallet-statement" className="text-lg font-bold text-brand">
            {t('loans.wallet.statement')}
          </h2>
          <p className="mt-2 font-semibold">{renderCatalogueText(t, w.statusTexts.statement)}</p>
          {w.statusTexts.statementMessage && <p className="mt-1 text-sm">{renderCatalogueText(t, w.statusTexts.statementMessage)}</p>}
        </section>
      )}

      <section aria-labelledby="wallet-history" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="wallet-history" className="text-lg font-bold text-brand">
          {t('loans.wallet.history')}
        </h2>
        {lines.length > 0 ? (
          <>
            <ul className="mt-3 flex flex-col divide-y divide-slate-100" data-testid="wallet-history">
              {lines.map((tx) => (
                <HistoryLine key={tx.id} tx={tx} />
              ))}
            </ul>
            {transactions.hasNextPage && (
              <Button variant="outline" className="mt-3" busy={transactions.isFetchingNextPage} onClick={() => void transactions.fetchNextPage()}>
                {t('common.showOlder')}
              </Button>
            )}
          </>
        ) : transactions.isError ? (
          <p className="mt-2 text-accent">{transactions.error.message}</p>
        ) : transactions.isPending ? (
          <Spinner label={t('loans.wallet.loading')} />
        ) : (
          <p className="mt-2 text-muted">{t('loans.wallet.noTransactions')}</p>
        )}
      </section>
    </div>
  );
}
