import '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSession, findSessionAndVersions, type NewSession, type SessionAuth } from '../sessions/store';
import { applyConfigurationVersions } from '../product/sync';
import type { AppDeps } from '../deps';
import { AppError } from './errors';
import { hasAnyRole, type Role } from '../../shared/states/roles';

export const SESSION_COOKIE = 'tapat_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, from the session cookie only. Never from the body, query or path. */
    auth: SessionAuth | null;
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
  app.addHook('onRequest', async (request) => {
    // The probes (src/server/ops/health-routes.ts) never read a session: /healthz answers even when the database is away.
    if (PROBES.has(request.routeOptions.url ?? '')) return;
    const token = request.cookies[SESSION_COOKIE];
    if (request.url.startsWith('/api/')) {
      const { auth, versions } = await findSessionAndVersions(deps.db, deps.clock, token);
      request.auth = auth;
      await applyConfigurationVersions(deps, versions);
      return;
    }
    request.auth = token ? await findSession(deps.db, deps.clock, token) : null;
  });
});

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

export const STAFF_ACCOUNT_MESSAGE =
  'This is a staff account: staff cannot apply for loans or move money as a member. A loan of your own is taken with a member account, which other officers review.';

/**
 * The signed-in member, or 401 / 403 STAFF_ACCOUNT for a staff account (OFFICER, ADMIN): staff
 * accounts are created complete by the command line, and a staff member who could borrow through
 * one could then review and approve their own loan.
 */
export function requireMember(request: FastifyRequest): SessionAuth {
  const auth = requireUser(request);
  if (auth.role !== 'MEMBER') throw new AppError(403, 'STAFF_ACCOUNT', STAFF_ACCOUNT_MESSAGE);
  return auth;
}
