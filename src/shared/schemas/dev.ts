import { z } from 'zod';

/**
 * The development clock (POST /api/dev/clock, embedded and test servers only): moves the server's
 * time forward so a test need not sleep through a limit (one code a minute, a payout's settling
 * time, a loan's due date). Forward only, by at most DEV_CLOCK_MAX_ADVANCE_MS per call.
 */
export const DEV_CLOCK_MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;

export const devClockAdvanceSchema = z.strictObject({
  advanceMs: z.number().int().positive().max(DEV_CLOCK_MAX_ADVANCE_MS),
});
export type DevClockAdvance = z.infer<typeof devClockAdvanceSchema>;

export const devClockResponseSchema = z.object({
  /** The server's time (ISO 8601). */
  now: z.string(),
  /** How far the server's clock is ahead of the system time, in milliseconds. */
  offsetMs: z.number().int(),
});
export type DevClockResponse = z.infer<typeof devClockResponseSchema>;
