import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSignOut } from '../../features/auth';
import { LockIcon, NavIcon, useMemberNav } from './memberNav';

/** The member bottom bar (phones): Home, Wallet, Settings, Activate and 'Logout'. */
export function BottomBar() {
  const { t } = useTranslation();
  const items = useMemberNav();
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  const cell = 'flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 py-1.5 text-[0.7rem] leading-tight font-semibold';
  return (
    <nav
      aria-label={t('member.nav.label')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-2px_8px_rgb(0_0_0/0.06)] md:hidden"
    >
      <ul className={`mx-auto grid max-w-lg ${items.length > 4 ? 'grid-cols-6' : 'grid-cols-5'}`}>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to}
              aria-current={item.current ? 'page' : undefined}
              className={`${cell} ${item.current ? 'text-brand' : 'text-muted hover:text-brand'}`}
            >
              <span className={`relative rounded-full px-3 py-0.5 ${item.current ? 'bg-brand-light' : ''}`}>
                <NavIcon name={item.key} />
                {item.locked && <LockIcon className="absolute -top-0.5 right-1 h-3 w-3 rounded-full bg-white" />}
              </span>
              <span className="whitespace-nowrap">{t(`member.nav.${item.key}`)}</span>
              {item.locked && <span className="sr-only">{t('member.nav.locked')}</span>}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void signOut().finally(() => setLeaving(false));
            }}
            className={`${cell} w-full text-accent disabled:opacity-60`}
          >
            <span className="px-3 py-0.5">
              <NavIcon name="signOut" />
            </span>
            <span className="whitespace-nowrap">{t('member.nav.logout')}</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
