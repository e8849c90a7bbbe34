import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { catalogApi as api } from '../../../shared/api/catalog';
import { latestRates, storedRatesProvider } from '../../providers/fx/store';
import { activeCurrencies, publicConfig } from './service';

/** Public reference data. Contracts: src/shared/api/catalog.ts. */
export async function catalogRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  registerRoute(app, api.publicConfig, async () => publicConfig(deps.config, deps.products.offered));
  registerRoute(app, api.currencies, async () => ({ currencies: await activeCurrencies(storedRatesProvider(deps.db, deps.clock)) }));
  registerRoute(app, api.rates, async () => latestRates(deps.db, deps.clock.now()));
}
