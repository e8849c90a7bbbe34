import type { FastifyRequest } from 'fastify';

/** The request a service runs for (an AuditContext, and more than one module's own context type). */
export interface RequestOrigin {
  /** The caller's address, for the audit row and the code budgets. */
  readonly ip: string;
  /** request.id (the X-Request-Id a proxy sent, else a fresh one), for the rows the request leaves to a job. */
  readonly requestId: string;
}

/**
 * What a service needs to know of the request it runs for: the caller's address and the request's
 * id. Outbox messages and withdrawals store the id, and the job pass that processes them logs it as
 * originReqId (decision 045: passed explicitly, no AsyncLocalStorage). Routes build it here, once; a
 * context with more in it (a user agent, ...) spreads it.
 */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, requestId: String(request.id) };
}
