import { z } from 'zod';
import { placesResponseSchema } from '../schemas/activation';
import { defineRoute } from './define';

const tags = ['places'];

/** Philippine places (PSGC): public reference data, cacheable for a day. */
export const placesApi = {
  provinces: defineRoute({
    method: 'GET',
    path: '/places/provinces',
    summary: 'Philippine provinces (PSGC), Metro Manila included, sorted by name',
    tags,
    auth: 'public',
    response: { 200: placesResponseSchema },
    errors: [],
  }),
  cities: defineRoute({
    method: 'GET',
    path: '/places/provinces/:code/cities',
    summary: 'The cities and municipalities of a province (PSGC), sorted by name',
    tags,
    auth: 'public',
    params: z.object({ code: z.string().max(20) }),
    response: { 200: placesResponseSchema },
    errors: ['NOT_FOUND'],
  }),
};
