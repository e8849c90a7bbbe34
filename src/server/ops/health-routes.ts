import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { healthSchema, readinessSchema } from '../../shared/schemas/health';
import { apiErrorSchema } from '../../shared/schemas/errors';

/**
 * Probes for a process manager or load balancer, public and outside /api (no session, no origin
 * check, minimal bodies that reveal nothing but which check failed):
 *   GET /healthz  the process is up and serving HTTP
 *   GET /readyz   the database answers, every migration is applied, the embedded lock is still
 *                 ours and the process is not shutting down; 503 otherwise (or the 503 error
 *                 body, when a hook before it, such as a session cookie's lookup, met the database away)
 */
export async function healthRoutes(app: FastifyInstance, database: Database, accepting: () => boolean): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { tags: ['operations'], response: { 200: healthSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });
  r.get(
    '/readyz',
    { schema: { tags: ['operations'], response: { 200: readinessSchema, 503: z.union([readinessSchema, apiErrorSchema]) } } },
    async (_request, reply) => {
      const checks = { ...(await database.readiness()), accepting: accepting() };
      const ready = checks.database && checks.migrations && checks.lock && checks.accepting;
      reply.header('cache-control', 'no-store');
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not ready', checks });
    },
  );
}
