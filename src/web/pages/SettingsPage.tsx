import { useState } from 'react';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isActivated } from '../../shared/states/account';
import { useCurrentUser } from '../features/auth/useCurrentUser';
import { AccountDialog } from '../features/settings/AccountDialog';
import { DataRights } from '../features/settings/DataRights';
import { MaskedPhone } from '../features/settings/MaskedPhone';

/**
 * Settings (specification section 2): the masked phone number with a reveal that lasts 3 seconds
 * (section 9), the quick link 'Account' that opens the Account dialog, and the member's data
 * rights (DECISIONS.md invariant 9). Password change, the credit score and the contract come in a
 * later release. Unactivated members go to /activate.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const [accountOpen, setAccountOpen] = useState(false);

  if (!isActivated(user.accountState)) return <Navigate to="/activate" replace />;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold text-brand sm:text-3xl">{t('member.settings.title')}</h1>
      <section aria-label={t('activation.settings.profile')} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
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
      <section aria-labelledby="settings-quick" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="settings-quick" className="text-lg font-bold text-brand">
          {t('activation.settings.quickLinks')}
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-3">
          <li>
            <button
              type="button"
              onClick={() => setAccountOpen(true)}
              aria-haspopup="dialog"
              className="flex min-h-16 w-full items-center gap-3 rounded-lg border border-slate-300 px-4 py-3 text-left hover:border-brand hover:bg-brand-light"
            >
              <svg viewBox="0 0 24 24" className="h-6 w-6 shrink-0 text-brand" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
                <path d="M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z" />
              </svg>
              <span className="flex flex-col">
                <span className="font-semibold text-ink">{t('activation.settings.account')}</span>
                <span className="text-xs text-muted">{t('activation.settings.accountText')}</span>
              </span>
            </button>
          </li>
        </ul>
      </section>
      <DataRights />
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <p className="text-ink">{t('member.settings.placeholder')}</p>
        <p className="mt-3 text-sm text-muted">{t('member.settings.forgotHint')}</p>
      </section>
      <AccountDialog open={accountOpen} onClose={() => setAccountOpen(false)} />
    </div>
  );
}
