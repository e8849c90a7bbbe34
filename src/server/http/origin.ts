import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses unsafe requests (POST, PUT, PATCH, DELETE) from another site: the Origin header, when
 * present, must be one of the allowed origins (or the request's own host when none is configured);
 * without Origin, a browser's Sec-Fetch-Site must not say cross-site.
 */
export function installOriginCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin) {
      const allowed = allowedOrigins.length > 0 ? allowedOrigins.includes(origin) : sameHost(origin, request.headers.host);
      if (!allowed) throw new AppError(403, 'ORIGIN_REFUSED');
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError(403, 'ORIGIN_REFUSED');
  });
}

function sameHost(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
