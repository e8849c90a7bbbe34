export const ROLES = ['MEMBER', 'OFFICER', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

/** A route or endpoint is allowed when the user's role is in its allowed list (specification section 2). */
export function hasAnyRole(role: Role, allowed: readonly Role[]): boolean {
  return allowed.includes(role);
}
