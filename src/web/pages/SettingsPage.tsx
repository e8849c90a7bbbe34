import { useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isActivated } from '../../shared/states/account';
import { useCurrentUser } from '../lib/useCurrentUser';
import { AccountDialog } from '../features/settings';
import { ContractDialog } from '../features/settings';
import { CreditScoreCard } from '../features/settings';
import { DataRights } from '../features/settings';
import { EmailCard } from '../features/settings';
import { INFO_TOPICS, InfoDialog, type InfoTopic } from '../features/settings';
import { MaskedPhone } from '../features/settings';
import { PasswordDialog } from '../features/settings';
import { PayoutAccountDialog } from '../features/settings';
import { QuickLink } from '../features/settings';
import { WithdrawalDialog } from '../features/settings';

type DialogName = 'withdrawal' | 'contract' | 'account' | 'password' | 'payout';

const CARD = 'rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

/**
 * Settings (specification section 2): the masked phone number with a 3-second reveal, the credit
 * score gauge out of 1000 and 'What is credit score?', the quick links Withdrawal, Contract and
 * Account, Account settings (Password, and the payout account change), the
 * Transfer, Pay and Borrow informational dialogs, and the member's data rights (DECISIONS.md
 * invariant 9). Unactivated members go to /activate.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [dialog, setDialog] = useState<DialogName | null>(null);
  const [info, setInfo] = useState<InfoTopic | null>(null);
  const close = () => setDialog(null);

  if (!isActivated(user.accountState)) return <Navigate to="/activate" replace />;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand sm:text-3xl">{t('member.settings.title')}</h1>
      <section aria-label={t('activation.settings.profile')} className={CARD}>
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-muted">{t('member.settings.name')}</dt>
            <dd className="mt-1 text-ink">{user.fullName}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-muted">{t('member.settings.phone')}</dt>
            <dd className="mt-1">
              <MaskedPhone phone={user.phone} />
            </dd>
          </div>
        </dl>
      </section>
      <EmailCard className={CARD} />
      <CreditScoreCard />
      <section aria-labelledby="settings-quick" className={CARD}>
        <h2 id="settings-quick" className="text-lg font-bold text-brand">
          {t('activation.settings.quickLinks')}
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          <li>
            <QuickLink
              icon="withdrawal"
              title={t('settings.quick.withdrawal')}
              text={t('settings.quick.withdrawalText')}
              onClick={() => setDialog('withdrawal')}
            />
          </li>
          <li>
            <QuickLink icon="contract" title={t('settings.quick.contract')} text={t('settings.quick.contractText')} onClick={() => setDialog('contract')} />
          </li>
          <li>
            <QuickLink
              icon="account"
              title={t('activation.settings.account')}
              text={t('activation.settings.accountText')}
              onClick={() => setDialog('account')}
            />
          </li>
        </ul>
      </section>
      <section aria-labelledby="settings-account" className={CARD}>
        <h2 id="settings-account" className="text-lg font-bold text-brand">
          {t('settings.page.accountSettings')}
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          <li>
            <QuickLink icon="password" title={t('settings.quick.password')} text={t('settings.quick.passwordText')} onClick={() => setDialog('password')} />
          </li>
          <li>
            <QuickLink icon="payout" title={t('settings.quick.payout')} text={t('settings.quick.payoutText')} onClick={() => setDialog('payout')} />
          </li>
        </ul>
      </section>
      <section aria-labelledby="settings-about" className={CARD}>
        <h2 id="settings-about" className="text-lg font-bold text-brand">
          {t('settings.page.about')}
        </h2>
        <p className="mt-1 text-sm text-muted">{t('settings.page.aboutText')}</p>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          {INFO_TOPICS.map((topic) => (
            <li key={topic}>
              <QuickLink icon={topic} title={t(`settings.quick.${topic}`)} onClick={() => setInfo(topic)} />
            </li>
          ))}
        </ul>
      </section>
      <DataRights />
      <WithdrawalDialog open={dialog === 'withdrawal'} onClose={close} />
      <ContractDialog open={dialog === 'contract'} onClose={close} />
      <AccountDialog open={dialog === 'account'} onClose={close} onChangePayout={() => setDialog('payout')} />
      <PasswordDialog open={dialog === 'password'} onClose={close} />
      <PayoutAccountDialog open={dialog === 'payout'} onClose={close} />
      <InfoDialog topic={info} onClose={() => setInfo(null)} />
    </div>
  );
}
