import type { FastifyInstance } from 'fastify';
import { isAdjustableClock } from '../clock';
import type { AppDeps } from '../deps';
import { installTextGuard } from '../http/text-guard';
import { servicingPass } from '../jobs/servicing';
import { accountingRoutes } from '../modules/accounting/routes';
import { activationRoutes } from '../modules/activation/routes';
import { backofficeRoutes } from '../modules/backoffice/routes';
import { catalogRoutes } from '../modules/catalog/routes';
import { collectionsRoutes } from '../modules/collections/routes';
import { creditRoutes } from '../modules/credit/routes';
import { deliveryRoutes } from '../modules/delivery/routes';
import { devClockRoutes } from '../modules/dev/clock-routes';
import { devRoutes } from '../modules/dev/routes';
import { devServicingRoutes } from '../modules/dev/servicing-routes';
import { documentsRoutes } from '../modules/documents/routes';
import { identityRoutes } from '../modules/identity/routes';
import { loansRoutes } from '../modules/loans/routes';
import { placesRoutes } from '../modules/places/routes';
import { preferencesRoutes } from '../modules/preferences/routes';
import { privacyRoutes } from '../modules/privacy/routes';
import { referralRoutes } from '../modules/referrals/routes';
import { channelPaymentRoutes } from '../modules/repayments/channel-routes';
import { extensionRoutes } from '../modules/repayments/extension-routes';
import { repaymentsRoutes } from '../modules/repayments/routes';
import { supportRoutes } from '../modules/support/routes';
import { walletRoutes } from '../modules/wallet/routes';
import { payoutCallbackRoutes } from '../modules/withdrawals/callback-routes';
import { withdrawalsRoutes } from '../modules/withdrawals/routes';

/** Every module's routes under /api (buildApp registers this with the prefix), in the order they always were. */
export async function apiRoutes(api: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config, clock } = deps;
  // The API speaks JSON only: a text/plain body is 415, like any other non-JSON type.
  api.removeContentTypeParser('text/plain');
  // Text the database cannot store (a NUL, an unpaired surrogate) is a 400 naming the field, never a 500 (http/text-guard.ts).
  installTextGuard(api);
  await catalogRoutes(api, deps);
  await identityRoutes(api, deps);
  await supportRoutes(api, deps);
  await referralRoutes(api, deps);
  await activationRoutes(api, deps);
  await documentsRoutes(api, deps);
  await placesRoutes(api, deps);
  await privacyRoutes(api, deps);
  await loansRoutes(api, deps);
  await walletRoutes(api, deps);
  await withdrawalsRoutes(api, deps);
  await creditRoutes(api, deps);
  await backofficeRoutes(api, deps);
  await accountingRoutes(api, deps);
  await repaymentsRoutes(api, deps);
  await channelPaymentRoutes(api, deps);
  await payoutCallbackRoutes(api, deps);
  await extensionRoutes(api, deps);
  await collectionsRoutes(api, deps);
  await deliveryRoutes(api, deps);
  await preferencesRoutes(api, deps);
  if (config.devTools) await devRoutes(api, deps);
  // The worker's own pass: servicing, the ledger's days closed, expired device cookies forgotten.
  if (config.devTools) await devServicingRoutes(api, () => servicingPass(deps));
  if (config.devTools && isAdjustableClock(clock)) await devClockRoutes(api, clock);
}
