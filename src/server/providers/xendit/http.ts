import { createHash, timingSafeEqual } from 'node:crypto';
import type { Centavos } from '../../../shared/money/money';
import { toDecimalString } from '../../../shared/money/money';
import { payloadProblem } from '../../../shared/json/bounds';

/**
 * What Xendit's REST adapters share (docs/decisions/013-payment-channels.md): HTTP Basic with the
 * secret key as user name, an idempotency key on every create, a timeout, amounts written as JSON
 * numbers from integer centavos without a float, and the callback token compared in constant time.
 */
export interface XenditConfig {
  /** https://api.xendit.co (a local fake in tests). */
  readonly baseUrl: string;
  readonly secretKey: string;
  /** The dashboard's callback verification token, sent back by Xendit in the x-callback-token header. */
  readonly callbackToken: string;
  readonly timeoutMs: number;
}

/** A provider call that did not give a usable answer: a timeout, a network error, a 5xx, or a body that is not what the API documents. */
export class ProviderError extends Error {
  constructor(
    message: string,
    /** True when trying again may succeed (timeouts, 5xx, 429); false for a refusal (4xx). */
    readonly retryable: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

const AMOUNT_SENTINEL = '"__TAPAT_AMOUNT__"';

/** JSON text of `body` with its `amount` written as a JSON number from centavos ("34334.50"), never through a float. */
export function jsonWithAmount(body: Record<string, unknown>, amount: Centavos): string {
  return JSON.stringify({ ...body, amount: '__TAPAT_AMOUNT__' }).replace(AMOUNT_SENTINEL, toDecimalString(amount));
}

/**
 * An amount Xendit answered as a JSON number (already parsed): exact centavos, or null when it is
 * not a plain amount with at most 2 decimals (garbage is never rounded into money).
 */
export function centavosOfProviderNumber(value: unknown): Centavos | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = String(value);
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** Constant-time comparison of a received callback token with the configured one (hashes first, so lengths never leak or throw). */
export function tokenMatches(received: string | string[] | undefined, expected: string): boolean {
  if (typeof received !== 'string' || received.length === 0 || expected.length === 0) return false;
  const a = createHash('sha256').update(received).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Calls Xendit: JSON in and out, Basic auth, timeout; throws ProviderError on anything but a 2xx JSON object. */
export async function xenditRequest(
  config: XenditConfig,
  method: 'GET' | 'POST',
  path: string,
  options: { body?: string; idempotencyKey?: string } = {},
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {
    authorization: `Basic ${Buffer.from(`${config.secretKey}:`).toString('base64')}`,
    accept: 'application/json',
  };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(new URL(path, config.baseUrl), {
      method,
      headers,
      ...(options.body !== undefined ? { body: options.body } : {}),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
  } catch (error) {
    throw new ProviderError(`Xendit ${method} ${path} did not answer: ${(error as Error).message}`, true);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    const retryable = response.status >= 500 || response.status === 429;
    throw new ProviderError(`Xendit ${method} ${path} answered ${response.status}: ${text.slice(0, 200)}`, retryable, response.status);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ProviderError(`Xendit ${method} ${path} answered ${response.status} with a body that is not JSON`, true, response.status);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ProviderError(`Xendit ${method} ${path} answered a body that is not an object`, true, response.status);
  // An answer is kept as received (a payment's status with its confirmation): one that could not be stored is garbage.
  const problem = payloadProblem(parsed);
  if (problem) throw new ProviderError(`Xendit ${method} ${path} answered a body that cannot be kept (${problem})`, true, response.status);
  return parsed as Record<string, unknown>;
}
