import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/queries';
import { Link } from 'react-router';
import { hasAnyRole, homePathFor, isStaff, type Role } from '../../../shared/states/roles';
import { Spinner } from '../../ui/Spinner';
import { SessionCheckFailed } from './SessionCheckFailed';
import { productInSearch, withProduct } from '../../lib/product-intent';

/**
 * The protected group (specification sections 2 and 6): first the persistence guard over the
 * cookie session check (DECISIONS.md, section 2), then the role check, then the layout.
 *
 * - While the session is being checked: 'LOADING...'.
 * - When the check itself fails (server or network error): the server's message, 'Redirecting to
 *   home', then / after 1.5 s.
 * - No session: /login, remembering where the person came from and replacing the history entry
 *   (and the product chosen on the landing page in its query: /login?product=SMALL).
 * - Signed in with a role not in `allowed` (staff on a member page, a member on /admin): a message
 *   saying why, with a link to the person's own home; never a silent bounce to /login.
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
  // Signed in, but this area belongs to the other role: say so and link to their own home.
  if (user && !hasAnyRole(user.role, allowed)) return <WrongArea staff={isStaff(user.role)} />;
  if (!user) {
    // Signing out navigates to / and then clears the session; the router renders that navigation
    // as a transition, so this guard may still be on screen for a moment with no user. The address
    // bar has moved on already: stand aside rather than send the person to /login.
    if (window.location.pathname !== location.pathname) return null;
    // The product chosen on the landing page stays in the address (?product=SMALL), so that it survives a detour to registration.
    return <Navigate to={withProduct('/login', productInSearch(location.search))} replace state={{ from: location }} />;
  }
  return <Outlet />;
}

/** The page of the other role's area: why it is not shown, and the way to the person's own home. */
function WrongArea({ staff }: { readonly staff: boolean }) {
  const { t } = useTranslation();
  const which = staff ? 'staff' : 'member';
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div role="alert" className="flex max-w-md flex-col items-center gap-3 text-center">
        <h1 className="text-xl font-bold text-brand">{t(`common.wrongArea.${which}.title`)}</h1>
        <p className="text-ink">{t(`common.wrongArea.${which}.text`)}</p>
        <Link
          to={homePathFor(staff ? 'OFFICER' : 'MEMBER')}
          className="inline-flex min-h-11 items-center rounded-md bg-brand px-5 py-2 text-sm font-semibold tracking-wide text-white uppercase hover:bg-brand-dark"
        >
          {t(`common.wrongArea.${which}.link`)}
        </Link>
      </div>
    </main>
  );
}
