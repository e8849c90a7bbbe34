import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/auth';
import { LockIcon, NavIcon, useMemberNav } from './memberNav';

/** The member side bar (md and up): Home, Wallet, Settings, Activate and 'Sign Out'. */
export function SideBar() {
  const { t } = useTranslation();
  const items = useMemberNav();
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  return (
    <nav aria-label={t('member.nav.label')} className="hidden w-56 shrink-0 md:block">
      <ul className="sticky top-24 flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-2 shadow-sm">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              aria-current={item.current ? 'page' : undefined}
              className={`flex min-h-11 items-center gap-3 rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
                item.current ? 'bg-brand text-white' : 'text-ink hover:bg-brand-light'
              }`}
            >
              <NavIcon name={item.key} />
              <span className="flex-1">{t(`member.nav.${item.key}`)}</span>
              {item.locked && (
                <>
                  <LockIcon className={`h-3.5 w-3.5 ${item.current ? 'text-white' : 'text-muted'}`} />
                  <span className="sr-only">{t('member.nav.locked')}</span>
                </>
              )}
            </Link>
          </li>
        ))}
        <li className="mt-1 border-t border-slate-200 pt-1">
          <button
            type="button"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut().finally(() => setLeaving(false));
            }}
            className="flex min-h-11 w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-semibold text-accent hover:bg-red-50 disabled:opacity-60"
          >
            <NavIcon name="signOut" />
            {t('member.nav.signOut')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
