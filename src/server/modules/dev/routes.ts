import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { requireLoopback } from '../../http/loopback';
import { outboxQuerySchema, outboxResponseSchema } from '../../../shared/schemas/auth';
import { listOutbox } from './service';

/**
 * Tools for the embedded mode: the outbox, so a person trying the app can read their code.
 * app.ts registers these only when config.devTools is true (never in production), and the outbox
 * (every code ever sent) answers only a client on this machine (loopback): anyone else gets 404.
 */
export async function devRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Messages in the outbox, newest first, a page at a time by cursor (embedded mode only, loopback clients only)',
        querystring: outboxQuerySchema,
        response: { 200: outboxResponseSchema },
      },
    },
    async (request, reply) => {
      requireLoopback(request);
      reply.header('cache-control', 'no-store');
      return listOutbox(deps, request.query);
    },
  );
}
