/**
 * Where to go after signing in: the page the route guard remembered in location.state.from
 * (specification section 2), or /dash. Only a path inside this app is accepted.
 */
const NOT_RETURNABLE = new Set(['/login', '/register', '/recover']);

export function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null | undefined)?.from;
  const pathname = from?.pathname;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname.startsWith('//') || NOT_RETURNABLE.has(pathname)) return '/dash';
  const search = typeof from?.search === 'string' ? from.search : '';
  const hash = typeof from?.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
}
