import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses unsafe requests (POST, PUT, PATCH, DELETE) from another site: the Origin header, when
 * present, must be one of the allowed origins (or the request's own host when none is configured);
 * without Origin, a browser's Sec-Fetch-Site must not say cross-site.
 */
export function installOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  // Callback style, not async: a GET passes without a promise (hot reads).
  app.addHook('onRequest', (request, _reply, done) => {
    done(originRefused(request, allowedOrigins) ? new AppError(403, 'ORIGIN_REFUSED') : undefined);
  });
}

/** Whether the check above refuses the request. */
function originRefused(request: Pick<FastifyRequest, 'method' | 'headers'>, allowedOrigins: readonly string[]): boolean {
  if (SAFE.has(request.method)) return false;
  const origin = request.headers.origin;
  if (origin) return !(allowedOrigins.length > 0 ? allowedOrigins.includes(origin) : sameHost(origin, request.headers.host));
  return request.headers['sec-fetch-site'] === 'cross-site';
}

function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
