import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireLoopback } from '../../http/loopback';
import { registerRoute } from '../../http/route';
import type { RouteResult } from '../../../shared/api/define';
import { devApi } from '../../../shared/api/dev';

type PassResult = RouteResult<typeof devApi.runServicing>;

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
  registerRoute(
    app,
    devApi.runServicing,
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const done = await run();
      return { days: done.days, charges: done.charges, reminders: done.reminders, transitions: done.transitions };
    },
    { onRequest: loopbackOnly },
  );
}
