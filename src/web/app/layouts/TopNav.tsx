import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig, useSession } from '../../lib/queries';
import { useSignOut } from '../../features/auth';
import { homePathFor } from '../../../shared/states/roles';
import { useDomId } from '../../ui/dom-id';

/**
 * The bar is fixed and h-16 (4rem) tall: a layout that uses it pads its content with
 * TOP_NAV_OFFSET so nothing hides beneath it.
 */
export const TOP_NAV_OFFSET = 'pt-16';

const LINKS = [
  { to: '/', key: 'home', end: true },
  { to: '/hiw', key: 'hiw', end: false },
  { to: '/about', key: 'about', end: false },
  { to: '/contact', key: 'contact', end: false },
] as const;

/**
 * The top navigation of specification section 2: a fixed dark-blue bar with the brand link (to
 * /dash; /admin for staff), Home, How It Works, About Us and Contact Us, and a red Login or Log out button. On phones
 * the links fold behind a menu toggle. Changing route scrolls to the top and collapses the menu.
 * Used by the public and the member layouts.
 */
export function TopNav() {
  const { t } = useTranslation();
  const location = useLocation();
  const menuId = useDomId();
  const config = usePublicConfig();
  const session = useSession();
  // The menu is open for the location where it was opened: any route change collapses it.
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;

  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [location.pathname]);

  return (
    <header
      className="fixed inset-x-0 top-0 z-50 bg-brand text-white shadow-md"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) setOpenAt(null);
      }}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1.5 px-2 sm:gap-2 sm:px-4">
        <Link
          to={homePathFor(session.data?.role ?? 'MEMBER')}
          aria-label={t('public.nav.brand', { appName: t('common.appName') })}
          className="flex min-h-11 shrink-0 items-center gap-2 rounded-md pr-1 text-lg font-extrabold tracking-tight sm:pr-2 sm:text-xl"
        >
          <svg viewBox="0 0 64 64" className="h-8 w-8 shrink-0" aria-hidden="true" focusable="false">
            <rect width="64" height="64" rx="14" fill="#ffffff" />
            <path d="M16 20h32v8H36v22h-8V28H16z" fill="#0b2a5b" />
            <circle cx="48" cy="46" r="5" fill="#c62828" />
          </svg>
          <span>{t('common.appName')}</span>
        </Link>
        {config.data?.company.demo && (
          <span className="rounded bg-amber-300 px-1.5 py-0.5 text-xs font-bold tracking-wide text-amber-950">{t('common.demoBadge')}</span>
        )}

        <nav aria-label={t('public.nav.label')} className="ml-auto flex items-center">
          <button
            type="button"
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md px-2 hover:bg-white/10 md:hidden"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpenAt(open ? null : location.key)}
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
              {open ? (
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
              )}
            </svg>
            <span className="sr-only">{t('public.nav.menu')}</span>
          </button>
          <ul
            id={menuId}
            className={`${open ? 'flex' : 'hidden'} absolute inset-x-0 top-16 flex-col gap-1 border-t border-white/15 bg-brand px-3 pt-2 pb-4 shadow-lg md:static md:flex md:flex-row md:items-center md:gap-1 md:border-0 md:p-0 md:shadow-none`}
          >
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  end={link.end}
                  className={({ isActive }) =>
                    `flex min-h-11 items-center rounded-md px-3 text-base font-semibold md:text-sm ${
                      isActive ? 'bg-white/15 underline decoration-2 underline-offset-4' : 'hover:bg-white/10'
                    }`
                  }
                >
                  {t(`public.nav.${link.key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <SessionButton />
      </div>
    </header>
  );
}

/**
 * The Login / Log out button: on one line in every language ("MAG-LOG OUT" in Filipino), smaller
 * and tighter on a phone than from 640 px.
 */
const RED_BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-md bg-accent px-2 py-1 text-center text-xs leading-tight font-bold whitespace-nowrap text-white uppercase shadow-sm hover:bg-accent-dark disabled:cursor-wait disabled:opacity-80 sm:px-4 sm:text-sm sm:tracking-wide';

/** 'Login' (to /login) without a session; 'Log out' with one. */
function SessionButton() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const [busy, setBusy] = useState(false);

  if (session.isPending) return <span className="inline-block h-11 w-20 shrink-0" aria-hidden="true" />;
  if (session.data) {
    return (
      <button
        type="button"
        className={`${RED_BUTTON} shrink-0`}
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => {
          setBusy(true);
          void signOut().finally(() => setBusy(false));
        }}
      >
        {t('public.nav.logout')}
      </button>
    );
  }
  return (
    <Link to="/login" className={`${RED_BUTTON} shrink-0`}>
      {t('public.nav.login')}
    </Link>
  );
}
