import { homePathFor, mayOpenPath, type Role } from '../../../shared/states/roles';

/**
 * Where to go after signing in: the page the route guard remembered in location.state.from
 * (specification section 2) when the person's role may open it, otherwise their home: /admin for
 * staff, /dash for members. Only a path inside this app is accepted.
 */
const NOT_RETURNABLE = new Set(['/login', '/register', '/recover']);

export function returnPath(state: unknown, role: Role): string {
  const home = homePathFor(role);
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null | undefined)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//') || NOT_RETURNABLE.has(pathname)) return home;
  if (!mayOpenPath(role, pathname)) return home;
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
