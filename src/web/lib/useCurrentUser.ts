import { useSession } from './queries';
import type { SessionUser } from '../../shared/schemas/auth';

/**
 * The signed-in member on a protected page. RequireAuth renders protected pages only once the
 * session check has returned a user, so the user is always there.
 */
export function useCurrentUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser is used outside RequireAuth.');
  return data;
}
