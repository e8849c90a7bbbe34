import i18next from 'i18next';
import { noteServerDate } from './server-time';
import { isErrorCode, type ErrorCode } from '../../shared/schemas/errors';

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
  ) {
    super(message);
  }
}

export interface RequestOptions {
  readonly method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly body?: unknown;
  readonly idempotencyKey?: string;
  readonly signal?: AbortSignal;
}

/** The member's chosen language, sent on every request so that the server answers errors in it. */
export function acceptLanguage(): string {
  return i18next.language === 'fil' ? 'fil' : 'en';
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
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
  if (response.status === 204) return undefined as T;
  let data: unknown;
  try {
    data = await response.json();
  } catch {
    if (response.ok) throw new ApiError(response.status, 'PARSING_ERROR', i18next.t('errors.NO_SERVER_RESPONSE'));
    throw new ApiError(response.status, 'HTTP_ERROR', i18next.t('errors.NO_SERVER_RESPONSE'));
  }
  if (!response.ok) {
    const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } }).error;
    throw new ApiError(response.status, knownCode(err?.code), err?.message ?? i18next.t('errors.NO_SERVER_RESPONSE'), err?.fields ?? {});
  }
  return data as T;
}

/** A fresh idempotency key for one money-moving action. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
