import i18next from 'i18next';
import { noteServerDate } from './server-time';
import { isErrorCode, type ErrorCode } from '../../shared/schemas/errors';
import { routePath, type RouteBodyInput, type RouteParamsInput, type RouteQueryInput, type RouteResult, type RouteSpec } from '../../shared/api/define';

/**
 * The typed API client. Cookies carry the session (credentials: 'same-origin'); nothing secret is
 * kept in the browser. Every failure becomes an ApiError with the server's message or
 * 'No Server Response' (specification section 8).
 */
/** What the browser itself answers when no API error came back (offline, not JSON, cancelled). */
export type ClientErrorCode = 'FETCH_ERROR' | 'PARSING_ERROR' | 'HTTP_ERROR' | 'ABORTED';

/** A code from the wire, known to the one list (src/shared/schemas/errors.ts), else HTTP_ERROR. */
export function knownCode(code: string | undefined): ErrorCode | 'HTTP_ERROR' {
  return code !== undefined && isErrorCode(code) ? code : 'HTTP_ERROR';
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | ClientErrorCode,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The server's Retry-After (seconds) on a refusal that says when to try again (a code asked for too soon). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
}

/** The member's chosen language, sent on every request so that the server answers errors in it. */
export function acceptLanguage(): string {
  return i18next.language === 'fil' ? 'fil' : 'en';
}

/** One request: the answer's status and parsed JSON body, or the ApiError every failure becomes. */
async function send(path: string, options: RequestOptions): Promise<{ status: number; data: unknown }> {
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': acceptLanguage() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'FETCH_ERROR', i18next.t('errors.NO_SERVER_RESPONSE'));
  }
  noteServerDate(response.headers.get('date'));
  if (response.status === 204) return { status: 204, data: undefined };
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    if (response.ok) throw new ApiError(response.status, 'PARSING_ERROR', i18next.t('errors.NO_SERVER_RESPONSE'));
    throw new ApiError(response.status, 'HTTP_ERROR', i18next.t('errors.NO_SERVER_RESPONSE'));
  }
  if (!response.ok) {
    const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } }).error;
    const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
    throw new ApiError(
      response.status,
      knownCode(err?.code),
      err?.message ?? i18next.t('errors.NO_SERVER_RESPONSE'),
      err?.fields ?? {},
      Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : null,
    );
  }
  return { status: response.status, data };
}

type Maybe<T, Required> = Required extends true ? T : T | undefined;
/** What a call sends: the route's path parameters, query and body (their schemas' input types), and the usual options. */
export type CallOptions<R extends RouteSpec> = (R['params'] extends object ? { readonly params: RouteParamsInput<R> } : { readonly params?: undefined }) &
  (R['query'] extends object ? { readonly query?: Maybe<RouteQueryInput<R>, false> } : { readonly query?: undefined }) &
  (R['body'] extends object
    ? undefined extends RouteBodyInput<R>
      ? { readonly body?: RouteBodyInput<R> }
      : { readonly body: RouteBodyInput<R> }
    : { readonly body?: undefined }) & {
    readonly idempotencyKey?: string;
    readonly signal?: AbortSignal;
  };

/** A route of the table, or a function that imports it (a page that must not load zod and the schemas up front). */
export type RouteRef<R extends RouteSpec> = R | (() => Promise<R>);

function queryString(query: unknown): string {
  if (query === undefined || query === null) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/**
 * Calls one route of the table (src/shared/api): method and path from the entry, the parameters
 * filled in, and the answer CHECKED against the route's response schema for its status. An answer
 * that does not match is refused like one that is not JSON: ApiError PARSING_ERROR with the No
 * Server Response text (nothing the page shows comes from an answer it cannot read).
 */
export async function call<R extends RouteSpec>(
  ref: RouteRef<R>,
  ...[options]: Partial<CallOptions<R>> extends CallOptions<R> ? [CallOptions<R>?] : [CallOptions<R>]
): Promise<RouteResult<R>> {
  const opts = (options ?? {}) as CallOptions<RouteSpec>;
  // Offline the request would fail anyway: the route's code (its schemas, never saved for offline
  // use by the service worker) is not asked for either, so nothing fails to load.
  if (typeof ref === 'function' && typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError(0, 'FETCH_ERROR', i18next.t('errors.NO_SERVER_RESPONSE'));
  }
  const shape = typeof ref === 'function' ? await ref() : ref;
  const path = routePath(shape.path, opts.params as Record<string, string | number> | undefined) + queryString(opts.query);
  const { status, data } = await send(path, { method: shape.method, body: opts.body, idempotencyKey: opts.idempotencyKey, signal: opts.signal });
  const schema = shape.response[status];
  const checked = schema?.safeParse(status === 204 ? null : data);
  if (!checked?.success) throw new ApiError(status, 'PARSING_ERROR', i18next.t('errors.NO_SERVER_RESPONSE'));
  return checked.data as RouteResult<R>;
}

/** A fresh idempotency key for one money-moving action. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
