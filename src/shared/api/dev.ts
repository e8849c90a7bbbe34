import { z } from 'zod';
import { outboxQuerySchema, outboxResponseSchema } from '../schemas/auth';
import { devClockAdvanceSchema, devClockResponseSchema } from '../schemas/dev';
import { defineRoute } from './define';

const tags = ['dev'];

const devServicingRunResponseSchema = z.object({
  days: z.number().int(),
  charges: z.number().int(),
  reminders: z.number().int(),
  transitions: z.number().int(),
});

/**
 * Development tools (registered only when config.devTools is true, never in production; each
 * answers only this machine): the outbox, the controllable clock, a servicing pass now.
 */
export const devApi = {
  outbox: defineRoute({
    method: 'GET',
    path: '/dev/outbox',
    summary: 'Messages in the outbox, newest first, a page at a time by cursor (embedded mode only, loopback clients only)',
    tags,
    auth: 'loopback',
    query: outboxQuerySchema,
    response: { 200: outboxResponseSchema },
    errors: [],
  }),
  clock: defineRoute({
    method: 'GET',
    path: '/dev/clock',
    summary: "The server's time and how far it was moved forward (development and tests only)",
    tags,
    auth: 'loopback',
    response: { 200: devClockResponseSchema },
    errors: [],
  }),
  advanceClock: defineRoute({
    method: 'POST',
    path: '/dev/clock',
    summary: "Moves the server's clock forward by advanceMs (development and tests only)",
    tags,
    auth: 'loopback',
    body: devClockAdvanceSchema,
    response: { 200: devClockResponseSchema },
    errors: [],
  }),
  runServicing: defineRoute({
    method: 'POST',
    path: '/dev/servicing/run',
    summary: 'Runs one pass of the daily servicing job now (development and tests only)',
    tags,
    auth: 'loopback',
    response: { 200: devServicingRunResponseSchema },
    errors: [],
  }),
};
