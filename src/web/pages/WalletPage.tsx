import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isActivated } from '../../shared/states/account';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { WalletSummary } from '../features/wallet/WalletSummary';

/** The wallet (specification section 2). Unactivated members go to /activate (section 6). */
export default function WalletPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!isActivated(user.accountState)) return <Navigate to="/activate" replace />;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand sm:text-3xl">{t('loans.wallet.title')}</h1>
      <WalletSummary />
    </div>
  );
}
