import { currenciesResponseSchema, publicConfigSchema, ratesResponseSchema } from '../schemas/public';
import { defineRoute } from './define';

const tags = ['public'];

/** Public reference data: the configuration the pages read, the currencies and exchange rates. */
export const catalogApi = {
  publicConfig: defineRoute({
    method: 'GET',
    path: '/public/config',
    summary:
      'The public configuration: the products offered side by side with their figures (`products`, the default first; `product` is the default one), company profile, links',
    tags,
    auth: 'public',
    response: { 200: publicConfigSchema },
    errors: [],
  }),
  currencies: defineRoute({
    method: 'GET',
    path: '/currencies',
    summary: 'The currencies a member may show amounts in',
    tags,
    auth: 'public',
    response: { 200: currenciesResponseSchema },
    errors: [],
  }),
  rates: defineRoute({
    method: 'GET',
    path: '/rates',
    summary: 'The latest exchange rates from PHP',
    tags,
    auth: 'public',
    response: { 200: ratesResponseSchema },
    errors: [],
  }),
};
