import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { isActivated } from '../../shared/states/account';
import { useCurrentUser } from '../lib/useCurrentUser';
import { WalletSummary } from '../features/wallet';
import { RecentWithdrawals } from '../features/withdrawal';
import { WithdrawalFlow } from '../features/withdrawal';
import { reloadWallet } from '../features/withdrawal';
import type { WithdrawalView } from '../../shared/schemas/withdrawals';

/**
 * The wallet (specification section 2): the summary with the recent withdrawals, or the withdrawal
 * flow. The wallet data is reloaded whenever the view changes. Unactivated members go to /activate
 * (section 6).
 */
export default function WalletPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [view, setView] = useState<'summary' | 'withdrawal'>('summary');
  /** A withdrawal confirmed from the recent list: the flow follows its transfer. */
  const [resume, setResume] = useState<WithdrawalView | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const returned = useRef(false);
  // Back from the withdrawal flow, the focus goes to the page's heading (not lost to the body).
  useEffect(() => {
    if (view === 'summary' && returned.current) heading.current?.focus();
    returned.current = view === 'withdrawal';
  }, [view]);
  if (!isActivated(user.accountState)) return <Navigate to="/activate" replace />;

  const show = (next: 'summary' | 'withdrawal', from: WithdrawalView | null = null) => {
    void reloadWallet(queryClient);
    setResume(from);
    setView(next);
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="flex flex-col gap-6">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-brand outline-none sm:text-3xl">
        {t('loans.wallet.title')}
      </h1>
      {view === 'summary' ? (
        <>
          <WalletSummary onWithdraw={() => show('withdrawal')} />
          <RecentWithdrawals onConfirmed={(confirmed) => show('withdrawal', confirmed)} />
        </>
      ) : (
        <WithdrawalFlow resume={resume} onDone={() => show('summary')} />
      )}
    </div>
  );
}
