import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * Is the TCP peer this machine itself? Read from the socket, never from X-Forwarded-For or
 * request.ip (which trustProxy lets a client choose).
 */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/** 404 (as if the route did not exist) unless the request comes from this machine itself. */
export function requireLoopback(request: FastifyRequest): void {
  if (!isLoopbackAddress(request.socket.remoteAddress)) throw new AppError(404, 'NOT_FOUND');
}
