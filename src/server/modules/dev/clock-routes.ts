import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdjustableClock } from '../../clock';
import { requireLoopback } from '../../http/loopback';
import { devClockAdvanceSchema, devClockResponseSchema, type DevClockResponse } from '../../../shared/schemas/dev';

/** The clock's reading: the server's time and how far it was moved forward. */
export function readDevClock(clock: AdjustableClock): DevClockResponse {
  return { now: clock.now().toISOString(), offsetMs: clock.offsetMs() };
}

/** Moves the clock forward (the schema allows only a positive, bounded step) and reads it. */
export function advanceDevClock(clock: AdjustableClock, advanceMs: number): DevClockResponse {
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dev/clock',
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['dev'],
        summary: "The server's time and how far it was moved forward (development and tests only)",
        response: { 200: devClockResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return readDevClock(clock);
    },
  );
  r.post(
    '/dev/clock',
    {
      onRequest: loopbackOnly,
      schema: {
        tags: ['dev'],
        summary: "Moves the server's clock forward by advanceMs (development and tests only)",
        body: devClockAdvanceSchema,
        response: { 200: devClockResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return advanceDevClock(clock, request.body.advanceMs);
    },
  );
}
