import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { placesResponseSchema } from '../../../shared/schemas/activation';
import { apiErrorSchema } from '../../../shared/schemas/errors';
import { citiesOf, provinces } from './service';

/** Public reference data (the same for everyone, changes with a release): cacheable for a day. */
const CACHE = 'public, max-age=86400';

export async function placesRoutes(app: FastifyInstance, _deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['places'];
  r.get(
    '/places/provinces',
    { schema: { tags, summary: 'Philippine provinces (PSGC), Metro Manila included, sorted by name', response: { 200: placesResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', CACHE);
      return [...provinces()];
    },
  );
  r.get(
    '/places/provinces/:code/cities',
    {
      schema: {
        tags,
        summary: 'The cities and municipalities of a province (PSGC), sorted by name',
        params: z.object({ code: z.string().max(20) }),
        response: { 200: placesResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const cities = citiesOf(request.params.code);
      reply.header('cache-control', CACHE);
      return [...cities];
    },
  );
}
