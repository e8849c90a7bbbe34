import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether the request comes from this machine. It reads the socket's address, never request.ip:
 * with TRUST_PROXY a client could claim any address in X-Forwarded-For, and behind a proxy on the
 * same machine every request would look local, so the development tools that use this are never
 * registered in production at all.
 */
export function isLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress;
  return address !== undefined && LOOPBACK.has(address);
}

/** Refuses (403) a request that does not come from this machine. */
export function requireLoopback(request: FastifyRequest): void {
  if (!isLoopback(request)) throw new AppError(403, 'FORBIDDEN', 'Only this machine may use the development tools.');
}
