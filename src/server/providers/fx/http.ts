import { z } from 'zod';
import { parseRate } from '../../../shared/money/rate';
import type { RatesSnapshot } from './rates';

/**
 * The HTTP exchange-rate provider (RATES_PROVIDER=http): GET RATES_URL must answer JSON
 *
 *   { "base": "PHP", "asOf": "2026-11-22" | "2026-11-22T08:00:00Z", "source"?: "...",
 *     "rates": { "USD": "0.0171", "EUR": "0.0158", ... } }
 *
 * with units of each currency per 1 PHP as positive decimal strings (never JSON numbers: no float
 * carries a rate). Anything else is refused with the reason and nothing is kept from it; the
 * caller keeps serving the last good snapshot.
 */
const MAX_BYTES = 256 * 1024;

const rateText = z
  .string()
  .regex(/^\d{1,12}(\.\d{1,12})?$/, 'a rate is a positive decimal string such as "0.0171"')
  .refine((v) => {
    try {
      parseRate(v);
      return true;
    } catch {
      return false;
    }
  }, 'a rate must be above zero');

const ratesPayloadSchema = z.object({
  base: z.literal('PHP', 'base must be "PHP" (rates are units of each currency per 1 PHP)'),
  asOf: z.union([z.iso.date(), z.iso.datetime({ offset: true })], 'asOf must be a date YYYY-MM-DD or an ISO date-time'),
  source: z.string().max(200).optional(),
  rates: z
    .record(z.string(), rateText)
    .refine((r) => Object.keys(r).every((code) => /^[A-Z]{3}$/.test(code)), 'currency codes are 3 capital letters (ISO 4217)')
    .refine((r) => Object.keys(r).some((code) => code !== 'PHP'), 'rates must hold at least one currency besides PHP')
    .refine((r) => r.PHP === undefined || parseRate(r.PHP).units === 10n ** BigInt(parseRate(r.PHP).scale), 'the PHP rate, when given, must be 1'),
});

export class RatesFetchError extends Error {
  override readonly name = 'RatesFetchError';
}

/** Parses and checks a provider's answer (a pure function, tested on its own). */
export function parseRatesPayload(data: unknown, url: string): RatesSnapshot {
  const parsed = ratesPayloadSchema.safeParse(data);
  if (!parsed.success) {
    throw new RatesFetchError(
      `The rates at ${url} were refused: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`,
    );
  }
  const { asOf, rates, source } = parsed.data;
  return { base: 'PHP', asOf, source: source ? `${source} (${url})` : url, rates: { PHP: '1', ...rates } };
}

export interface HttpRatesOptions {
  readonly url: string;
  readonly timeoutMs: number;
  readonly fetch?: typeof fetch;
}

/** Fetches and validates one snapshot; throws RatesFetchError with the reason otherwise. */
export async function fetchRates(options: HttpRatesOptions): Promise<RatesSnapshot> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(options.url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(options.timeoutMs), redirect: 'error' });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : (error as Error).message;
    throw new RatesFetchError(`The rates at ${options.url} could not be fetched: ${reason}`);
  }
  if (!response.ok) throw new RatesFetchError(`The rates at ${options.url} answered HTTP ${response.status}`);
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : (error as Error).message;
    throw new RatesFetchError(`The rates at ${options.url} could not be read: ${reason}`);
  }
  if (text.length > MAX_BYTES) throw new RatesFetchError(`The rates at ${options.url} are larger than ${MAX_BYTES} bytes`);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RatesFetchError(`The rates at ${options.url} are not valid JSON`);
  }
  return parseRatesPayload(data, options.url);
}
