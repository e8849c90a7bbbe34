import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { registerRoute } from '../../http/route';
import { placesApi as api } from '../../../shared/api/places';
import { citiesOf, provinces } from './service';

/** Public reference data (the same for everyone, changes with a release): cacheable for a day. */
const CACHE = 'public, max-age=86400';

/** Contracts: src/shared/api/places.ts. */
export async function placesRoutes(app: FastifyInstance, _deps: AppDeps): Promise<void> {
  registerRoute(app, api.provinces, async (_request, reply) => {
    reply.header('cache-control', CACHE);
    return [...provinces()];
  });
  registerRoute(app, api.cities, async (request, reply) => {
    const cities = citiesOf(request.params.code);
    reply.header('cache-control', CACHE);
    return [...cities];
  });
}
