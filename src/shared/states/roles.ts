export const ROLES = ['MEMBER', 'OFFICER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** A route or endpoint is allowed when the user's role is in its allowed list (specification section 2). */
export function hasAnyRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}

/** The roles that work in the back office (written here once; routes guard with it). */
export const STAFF_ROLES = ['OFFICER', 'ADMIN'] as const satisfies readonly Role[];

/** Staff work in the back office; members in the borrower area. */
export function isStaff(role: Role): boolean {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

/** Where a signed-in person lands: staff on /admin, members on /dash. */
export function homePathFor(role: Role): '/admin' | '/dash' {
  return isStaff(role) ? '/admin' : '/dash';
}

/** The signed-in area a path belongs to (the router's guarded groups), or null for a public page. */
const MEMBER_PATHS = ['/dash', '/wallet', '/settings', '/activate'] as const;

function areaOfPath(pathname: string): 'STAFF' | 'MEMBER' | null {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return 'STAFF';
  if (MEMBER_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return 'MEMBER';
  return null;
}

/** A person with this role may open this path (public pages: everyone). */
export function mayOpenPath(role: Role, pathname: string): boolean {
  const area = areaOfPath(pathname);
  return area === null || (area === 'STAFF') === isStaff(role);
}
