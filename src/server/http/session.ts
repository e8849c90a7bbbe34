import '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSession, findSessionAndVersions, sessionAndVersionsOfRow, sessionKey, type NewSession, type SessionAuth } from '../sessions/store';
import { applyConfigurationVersions } from '../product/sync';
import type { AppDeps } from '../deps';
import { AppError } from './errors';
import { hasAnyRole, STAFF_ROLES, type Role } from '../../shared/states/roles';
import type { RouteAuth } from '../../shared/api/define';
import { requireLoopback } from './loopback';

export const SESSION_COOKIE = 'tapat_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only. Never from the body, query or path. */
    auth: SessionAuth | null;
  }
  interface FastifyContextConfig {
    /**
     * A hot read that reads the session and configuration versions in its own statement (decision
     * 038): the hook below leaves request.auth null and the handler reads through readWithSession
     * (acceptSessionRow on the statement's row) before requireUser. A handler that forgot would
     * answer 401: it fails closed.
     */
    sessionInStatement?: boolean;
    /**
     * Who may call the route, as its entry of the route table declares it (RouteSpec.auth): set by
     * registerRoute (route.ts) and enforced by enforceDeclaredAccess before the handler runs, so a
     * route states its access once. Absent on the few routes not in the table (the probes, the
     * documentation): those are public.
     */
    access?: RouteAuth;
  }
}

const PROBES = new Set(['/healthz', '/readyz']);

/**
 * Reads the session cookie on every request and sets request.auth. An API request also checks the
 * company profile and product versions other processes may have saved (src/server/product/sync.ts),
 * in the same statement as the session: one round trip before the route.
 */
export const sessionPlugin = fp(async (app: FastifyInstance, deps: AppDeps) => {
  app.decorateRequest('auth', null);
  // Callback style: the probes and the one-statement hot reads pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    // The probes (src/server/ops/health-routes.ts) never read a session: /healthz answers even when the database is away.
    if (PROBES.has(request.routeOptions.url ?? '') || request.routeOptions.config.sessionInStatement) {
      done();
      return;
    }
    readSession(request, deps).then(() => done(), done);
  });
});

async function readSession(request: FastifyRequest, deps: AppDeps): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (request.url.startsWith('/api/')) {
    const { auth, versions } = await findSessionAndVersions(deps.db, deps.clock, token);
    request.auth = auth;
    await applyConfigurationVersions(deps, versions);
    return;
  }
  request.auth = token ? await findSession(deps.db, deps.clock, token) : null;
}

/** The key of the request's session row, for a route with sessionInStatement ('' without a cookie: matches no row). */
function sessionKeyOf(request: FastifyRequest): string {
  return sessionKey(request.cookies[SESSION_COOKIE]);
}

/**
 * For a route with sessionInStatement: what the hook does for every other API request, from the
 * session-and-versions columns (sessionAndVersionsColumns) of the route's own statement: the same
 * checks (unknown, revoked, expired: no session; idle expiry slid), the configuration versions
 * applied, request.auth set. Call it before anything of the row is used, then requireUser/Role.
 */
async function acceptSessionRow(request: FastifyRequest, deps: AppDeps, key: string, row: Parameters<typeof sessionAndVersionsOfRow>[3]): Promise<void> {
  const { auth, versions } = await sessionAndVersionsOfRow(deps.db, deps.clock, key, row);
  request.auth = auth;
  await applyConfigurationVersions(deps, versions);
  enforceDeclaredAccess(request);
}

const ADMIN_ONLY: readonly Role[] = ['ADMIN'];

/**
 * Refuses a caller the route's declared access (its route table entry's `auth`, in the route's
 * config) does not admit: 401 without a session; 403 STAFF_ACCOUNT for staff on a member route;
 * 403 FORBIDDEN for a role the route does not admit; 404 for a loopback route called from
 * elsewhere. A callback route's caller is verified by the handler (each provider has its own token
 * check); a public route admits anyone. Runs before the body is read (registerRoute's onRequest),
 * or, for a route that reads its session in its own statement, as soon as that session is known
 * (acceptSessionRow). Handlers keep their own guard for what they need from the session.
 */
export function enforceDeclaredAccess(request: FastifyRequest): void {
  switch (request.routeOptions.config.access) {
    case 'session':
      requireUser(request);
      return;
    case 'member':
      requireMember(request);
      return;
    case 'staff':
      requireRole(request, STAFF_ROLES);
      return;
    case 'admin':
      requireRole(request, ADMIN_ONLY);
      return;
    case 'loopback':
      requireLoopback(request);
      return;
    default:
      return;
  }
}

/**
 * A sessionInStatement route's read: runs the route's one statement with the request's session key,
 * accepts the session columns it returned (acceptSessionRow) and returns the rest of what it read,
 * for the handler to use once it has guarded the request (requireUser/Role).
 */
export async function readWithSession<R extends { session: Parameters<typeof sessionAndVersionsOfRow>[3] }>(
  request: FastifyRequest,
  deps: AppDeps,
  read: (key: string) => Promise<R>,
): Promise<Omit<R, 'session'>> {
  const key = sessionKeyOf(request);
  const { session, ...rest } = await read(key);
  await acceptSessionRow(request, deps, key, session);
  return rest;
}

/** Sets the session cookie: HttpOnly, SameSite=Lax, Secure in production; persistent only with 'Remember me'. */
export function setSessionCookie(reply: FastifyReply, session: NewSession, secure: boolean): void {
  reply.setCookie(SESSION_COOKIE, session.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    ...(session.persistent ? { expires: session.expiresAt } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The signed-in user or 401. */
export function requireUser(request: FastifyRequest): SessionAuth {
  if (!request.auth) throw new AppError(401, 'UNAUTHENTICATED');
  return request.auth;
}

/** The signed-in user holding one of the roles, or 401/403. */
export function requireRole(request: FastifyRequest, roles: readonly Role[]): SessionAuth {
  const auth = requireUser(request);
  if (!hasAnyRole(auth.role, roles)) throw new AppError(403, 'FORBIDDEN');
  return auth;
}

/**
 * The signed-in member, or 401 / 403 STAFF_ACCOUNT for a staff account (OFFICER, ADMIN): staff
 * accounts are created complete by the command line, and a staff member who could borrow through
 * one could then review and approve their own loan.
 */
export function requireMember(request: FastifyRequest): SessionAuth {
  const auth = requireUser(request);
  if (auth.role !== 'MEMBER') throw new AppError(403, 'STAFF_ACCOUNT');
  return auth;
}
