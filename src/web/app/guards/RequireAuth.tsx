import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/queries';
import { hasAnyRole, type Role } from '../../../shared/states/roles';
import { Spinner } from '../../ui/Spinner';
import { SessionCheckFailed } from './SessionCheckFailed';

/**
 * The protected group (specification sections 2 and 6): first the persistence guard over the
 * cookie session check (DECISIONS.md, section 2), then the role check, then the layout.
 *
 * - While the session is being checked: 'LOADING...'.
 * - When the check itself fails (server or network error): the server's message, 'Redirecting to
 *   home', then / after 1.5 s.
 * - No session, or a role not in `allowed`: /login, remembering where the person came from and
 *   replacing the history entry.
 */
export function RequireAuth({ allowed }: { readonly allowed: readonly Role[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();

  if (session.data === undefined) {
    if (session.isError && !session.isFetching) return <SessionCheckFailed message={session.error.message} />;
    return (
      <main id="main" className="flex min-h-screen items-center justify-center">
        <Spinner label={t('common.loading')} />
      </main>
    );
  }
  const user = session.data;
  if (!user || !hasAnyRole(user.role, allowed)) {
    // Signing out navigates to / and then clears the session; the router renders that navigation
    // as a transition, so this guard may still be on screen for a moment with no user. The address
    // bar has moved on already: stand aside rather than send the person to /login.
    if (window.location.pathname !== location.pathname) return null;
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return <Outlet />;
}
