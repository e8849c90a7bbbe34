import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireLoopback } from '../../http/loopback';

export const devServicingRunResponseSchema = z.object({
  days: z.number().int(),
  charges: z.number().int(),
  reminders: z.number().int(),
  transitions: z.number().int(),
});
type PassResult = z.infer<typeof devServicingRunResponseSchema>;

async function loopbackOnly(request: FastifyRequest): Promise<void> {
  requireLoopback(request);
}

/**
 * POST /api/dev/servicing/run: one pass of the daily servicing job now, for the browser tests and a
 * developer who moved the clock (the worker itself runs every few minutes of real time). Registered
 * by app.ts only when config.devTools is true (never in production); answers only this machine.
 * The pass is the worker's own (`run`), idempotent per loan and Philippine day.
 */
export async function devServicingRoutes(app: FastifyInstance, run: () => Promise<PassResult>): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/dev/servicing/run',
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['dev'],
        summary: 'Runs one pass of the daily servicing job now (development and tests only)',
        response: { 200: devServicingRunResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const done = await run();
      return { days: done.days, charges: done.charges, reminders: done.reminders, transitions: done.transitions };
    },
  );
}
