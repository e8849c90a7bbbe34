import { useEffect, useRef } from 'react';
import { Link, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useWaitingExtensions } from '../../features/backoffice';
import { toast } from '../../ui/toast';
import { useSession } from '../../lib/queries';
import { useSignOut } from '../../features/auth';
import { SkipLink } from './PublicLayout';

/** The back office: a plain bar with the applications, collections, extension requests (with the count waiting), portfolio, withdrawals, audit log and (ADMIN) products and settings links, the staff member's name and Sign out. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const signOut = useSignOut();
  const waiting = useWaitingExtensions().data?.requested;
  // An officer is told when a request arrives: the menu's count, and a notice when it grows while the back office is open.
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (waiting === undefined) return;
    if (seen.current !== undefined && waiting > seen.current) toast.info(t('extensions.review.arrived'));
    seen.current = waiting;
  }, [waiting, t]);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <SkipLink />
      <header className="bg-brand text-white">
        {/* Two rows at every width: who is signed in with Sign out, then the areas in one line that scrolls sideways on a narrow screen (never four wrapped rows). */}
        <div className="mx-auto flex max-w-6xl items-center gap-3 px-3 pt-1 sm:px-4">
          <Link to="/admin" className="min-h-11 shrink-0 content-center font-bold">
            {t('loans.admin.brand')}
          </Link>
          <span className="ml-auto min-w-0 truncate text-sm opacity-90">
            {session.data?.fullName} ({session.data?.role})
          </span>
          <button
            type="button"
            className="min-h-11 shrink-0 rounded-md bg-accent px-3 text-sm font-semibold whitespace-nowrap uppercase hover:bg-accent-dark"
            onClick={() => void signOut()}
          >
            {t('loans.admin.signOut')}
          </button>
        </div>
        <nav aria-label={t('loans.admin.nav')} className="mx-auto max-w-6xl overflow-x-auto px-3 sm:px-4">
          <div className="flex items-center gap-x-4">
            <Link to="/admin" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
              {t('loans.admin.queue')}
            </Link>
            <Link to="/admin/collections" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
              {t('collections.nav.collections')}
            </Link>
            <Link
              to="/admin/extensions"
              className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline"
              data-testid="nav-extensions"
            >
              {t('backoffice.nav.extensions')}
              {waiting ? (
                <span className="ml-1 rounded-full bg-accent px-2 py-0.5 text-xs font-bold" data-testid="nav-extensions-count">
                  <span aria-hidden="true">{waiting}</span>
                  <span className="sr-only">{t('backoffice.nav.extensionsWaiting', { count: waiting })}</span>
                </span>
              ) : null}
            </Link>
            <Link to="/admin/portfolio" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
              {t('collections.nav.portfolio')}
            </Link>
            <Link to="/admin/withdrawals" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
              {t('backoffice.nav.withdrawals')}
            </Link>
            <Link to="/admin/support" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
              {t('backoffice.nav.support')}
            </Link>
            <Link to="/admin/deletion-requests" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
              {t('backoffice.nav.deletion')}
            </Link>
            <Link to="/admin/held-payments" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
              {t('channelPayments.held.link')}
            </Link>
            <Link to="/admin/outbox" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
              {t('delivery.nav')}
            </Link>
            <Link to="/admin/audit" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
              {t('backoffice.nav.audit')}
            </Link>
            {session.data?.role === 'ADMIN' && (
              <Link to="/admin/products" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
                {t('backoffice.nav.products')}
              </Link>
            )}
            {session.data?.role === 'ADMIN' && (
              <Link to="/admin/settings" className="min-h-11 shrink-0 content-center text-sm whitespace-nowrap underline-offset-4 hover:underline">
                {t('backoffice.nav.settings')}
              </Link>
            )}
          </div>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-3 py-6 outline-none sm:px-4">
        <Outlet />
      </main>
    </div>
  );
}
