/**
 * Whether an error means the database cannot be reached for now (a restart, a failover, a network
 * cut, the pool exhausted), as opposed to a query that is wrong: such a request answers 503
 * SERVICE_UNAVAILABLE with Retry-After instead of a 500. A transaction that met it was rolled back
 * (or never began), so nothing was half done; the client may retry (with its Idempotency-Key).
 */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections, and the connection_exception class 08. */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /connection is not open|not queryable/i,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const record = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  const code = typeof record.code === 'string' ? record.code : '';
  if (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  if (typeof record.message === 'string' && MESSAGES.some((m) => m.test(record.message as string))) return true;
  // An AggregateError (a connect that tried IPv4 and IPv6) holds the real causes.
  if (Array.isArray(record.errors) && record.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(record.cause, depth + 1);
}

/** Seconds a client is told to wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;
