/**
 * How long a remembered sign-in ("Keep me signed in") lasts from sign-in, in days: the session store
 * enforces it (src/server/sessions/store.ts) and the sign-in page states it. Imports nothing.
 */
export const REMEMBERED_SESSION_DAYS = 30;
