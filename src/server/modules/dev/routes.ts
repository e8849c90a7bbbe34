import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { outboxResponseSchema } from '../../../shared/schemas/auth';
import { listOutbox } from './service';

/**
 * Tools for the embedded mode: the outbox, so a person trying the app can read their code.
 * app.ts registers these only when config.devTools is true (never in production).
 */
export async function devRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dev/outbox',
    { schema: { tags: ['dev'], summary: 'Messages in the outbox, newest first (embedded mode only)', response: { 200: outboxResponseSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { messages: await listOutbox(deps) };
    },
  );
}
