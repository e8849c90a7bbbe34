import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { currenciesResponseSchema, publicConfigSchema, ratesResponseSchema } from '../../../shared/schemas/public';
import { latestRates, storedRatesProvider } from '../../providers/fx/store';
import { activeCurrencies, publicConfig } from './service';

export async function catalogRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/public/config', { schema: { tags: ['public'], response: { 200: publicConfigSchema } } }, async () =>
    publicConfig(deps.config, deps.products.current),
  );
  r.get('/currencies', { schema: { tags: ['public'], response: { 200: currenciesResponseSchema } } }, async () => ({
    currencies: await activeCurrencies(storedRatesProvider(deps.db)),
  }));
  r.get('/rates', { schema: { tags: ['public'], response: { 200: ratesResponseSchema } } }, async () => latestRates(deps.db));
}
