import { useQuery } from '@tanstack/react-query';
import { call, type ApiError } from './api';
import type { PublicConfig, RatesResponse } from '../../shared/schemas/public';
import type { SessionUser } from '../../shared/schemas/auth';
import type { Currency } from '../../shared/money/currencies';
import type { MemberAccountResponse } from '../../shared/schemas/activation';
import { INLINE_CONFIG_ID, type FirstReads } from '../../shared/web-shell';
import { inlinedFirstReads } from './first-reads';

export const queryKeys = {
  session: ['session'] as const,
  publicConfig: ['public-config'] as const,
  currencies: ['currencies'] as const,
  rates: ['rates'] as const,
  memberAccount: ['member', 'account'] as const,
};

/**
 * What the server inlined for this page's first render (./first-reads.ts), each part taken once: the
 * first ask of the session, the currencies or the rates is answered from it without a request (and
 * without downloading the schemas that check an API answer); any later ask goes to the API.
 * Answered asynchronously like a request, so the hydrating render is the server's.
 */
const firstReads = typeof document === 'undefined' ? {} : inlinedFirstReads();
/** The inlined part, once (then forgotten), or undefined. */
function takeFirstRead<K extends keyof FirstReads>(key: K): FirstReads[K] {
  const value = firstReads[key];
  delete firstReads[key];
  return value;
}

/** The signed-in user, or null when the session cookie is absent or expired. */
export function useSession() {
  return useQuery<SessionUser | null, ApiError>({
    queryKey: queryKeys.session,
    queryFn: async () => (takeFirstRead('signedOut') ? null : (await call(() => import('../../shared/api/identity').then((m) => m.identityApi.session))).user),
    staleTime: 30_000,
    retry: false,
  });
}

/**
 * The public configuration the server inlined into the page (src/server/http/web-shell.ts): the
 * same object GET /api/public/config answers, read once. Undefined when the page came without it
 * (Vite's dev server, an offline copy of the shell): then the request fetches it.
 */
function inlinedPublicConfig(): PublicConfig | undefined {
  try {
    const text = document.getElementById(INLINE_CONFIG_ID)?.textContent;
    if (!text) return undefined;
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && 'company' in value && 'product' in value ? (value as PublicConfig) : undefined;
  } catch {
    // an unreadable element: the request below fetches the configuration
    return undefined;
  }
}
export const inlinedConfig = typeof document === 'undefined' ? undefined : inlinedPublicConfig();

/** Company profile and product configuration: every number on a page comes from here. */
export function usePublicConfig() {
  return useQuery<PublicConfig, ApiError>({
    queryKey: queryKeys.publicConfig,
    queryFn: () => call(() => import('../../shared/api/catalog').then((m) => m.catalogApi.publicConfig)),
    staleTime: Infinity,
    initialData: inlinedConfig,
  });
}

export function useCurrencies() {
  return useQuery<Currency[], ApiError>({
    queryKey: queryKeys.currencies,
    queryFn: async () =>
      (
        (takeFirstRead('currencies') as { currencies: Currency[] } | undefined) ??
        (await call(() => import('../../shared/api/catalog').then((m) => m.catalogApi.currencies)))
      ).currencies,
    staleTime: 10 * 60_000,
  });
}

export function useRates() {
  return useQuery<RatesResponse, ApiError>({
    queryKey: queryKeys.rates,
    queryFn: async () =>
      (takeFirstRead('rates') as RatesResponse | undefined) ?? call(() => import('../../shared/api/catalog').then((m) => m.catalogApi.rates)),
    staleTime: 10 * 60_000,
  });
}

/**
 * GET /api/member/account: what the member gave during activation (ID number in full, payout
 * account number masked but its first 3 characters). Settings reads it fresh (staleTime 0); the
 * loan confirmation may reuse a minute-old copy.
 */
export function useMemberAccount(enabled: boolean, staleTime = 0) {
  return useQuery<MemberAccountResponse, ApiError>({
    queryKey: queryKeys.memberAccount,
    queryFn: () => call(() => import('../../shared/api/activation').then((m) => m.activationApi.account)),
    staleTime,
    enabled,
  });
}
