import { accountingApi } from './accounting';
import { activationApi } from './activation';
import { backofficeApi } from './backoffice';
import { callbacksApi } from './callbacks';
import { catalogApi } from './catalog';
import { channelPaymentsApi } from './channel-payments';
import { collectionsApi } from './collections';
import type { RouteSpec } from './define';
import { deliveryApi } from './delivery';
import { devApi } from './dev';
import { documentsApi } from './documents';
import { extensionsApi } from './extensions';
import { identityApi } from './identity';
import { loansApi } from './loans';
import { memberApi } from './member';
import { placesApi } from './places';
import { privacyApi } from './privacy';
import { repaymentsApi } from './repayments';
import { supportApi } from './support';
import { walletApi } from './wallet';
import { withdrawalsApi } from './withdrawals';

/**
 * The whole route table, by area. The server imports each area's file where it registers it; the
 * web imports one area's entries where it calls them (never this index: it would bring every
 * schema into the page). This index is for the tests and tools that look at every route.
 */
export const API = {
  accounting: accountingApi,
  activation: activationApi,
  backoffice: backofficeApi,
  callbacks: callbacksApi,
  catalog: catalogApi,
  channelPayments: channelPaymentsApi,
  collections: collectionsApi,
  delivery: deliveryApi,
  dev: devApi,
  documents: documentsApi,
  extensions: extensionsApi,
  identity: identityApi,
  loans: loansApi,
  member: memberApi,
  places: placesApi,
  privacy: privacyApi,
  repayments: repaymentsApi,
  support: supportApi,
  wallet: walletApi,
  withdrawals: withdrawalsApi,
} as const;

/** Every entry with its name, "area.name". */
export const ALL_ROUTES: readonly { readonly name: string; readonly route: RouteSpec }[] = Object.entries(API).flatMap(([area, routes]) =>
  Object.entries(routes as Record<string, RouteSpec>).map(([name, route]) => ({ name: `${area}.${name}`, route })),
);
