import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AdjustableClock } from '../../clock';
import { requireLoopback } from '../../http/loopback';
import { registerRoute } from '../../http/route';
import { devApi } from '../../../shared/api/dev';
import type { DevClockResponse } from '../../../shared/schemas/dev';

/** The clock's reading: the server's time and how far it was moved forward. */
function readDevClock(clock: AdjustableClock): DevClockResponse {
  return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
}

/** Moves the clock forward (the schema allows only a positive, bounded step) and reads it. */
function advanceDevClock(clock: AdjustableClock, advanceMs: number): DevClockResponse {
  clock.advance(advanceMs);
  return readDevClock(clock);
}

/** Before the body is even parsed: another machine learns nothing from a validation answer. */
async function loopbackOnly(request: FastifyRequest): Promise<void> {
  requireLoopback(request);
}

/**
 * GET and POST /api/dev/clock: the server's time, and moving it forward, for the browser tests and
 * a developer trying a limit or a due date. app.ts registers these only when config.devTools is true
 * (never in production) and the clock can be moved (an OffsetClock, or a test's ManualClock); they
 * answer only requests from this machine (the socket's address, not X-Forwarded-For).
 */
export async function devClockRoutes(app: FastifyInstance, clock: AdjustableClock): Promise<void> {
  registerRoute(
    app,
    devApi.clock,
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readDevClock(clock);
    },
    { onRequest: loopbackOnly },
  );
  registerRoute(
    app,
    devApi.advanceClock,
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return advanceDevClock(clock, request.body.advanceMs);
    },
    { onRequest: loopbackOnly },
  );
}
