import { expect, type APIRequestContext } from '@playwright/test';
import { devClockResponseSchema } from '../../src/shared/schemas/dev';

/**
 * The e2e server's clock (GET and POST /api/dev/clock, src/server/modules/dev/clock-routes.ts).
 * No browser test sleeps through a limit: it moves the server's clock forward instead (one code a
 * minute per phone, a simulated payout's settling time). Each Playwright worker has a server of
 * its own (playwright.config.ts), so moving one clock never disturbs another worker's test.
 */

/** A simulated payout settles within this time: e2e-server.sh sets PAYOUT_SETTLE_SECONDS=60 (the app says 10 to 60 minutes). */
export const PAYOUT_SETTLES_WITHIN_MS = 60 * 60_000;

/** The server's time now, in milliseconds since the epoch. */
export async function serverNow(request: APIRequestContext): Promise<number> {
  const response = await request.get('/api/dev/clock');
  expect(response.status(), `GET /api/dev/clock: ${await response.text()}`).toBe(200);
  return Date.parse(devClockResponseSchema.parse(await response.json()).now);
}

/** Moves the server's clock forward by `ms`. */
export async function advanceClock(request: APIRequestContext, ms: number): Promise<void> {
  const response = await request.post('/api/dev/clock', { data: { advanceMs: Math.ceil(ms) } });
  expect(response.status(), `POST /api/dev/clock: ${await response.text()}`).toBe(200);
}

/**
 * Moves the server's clock just past `at` (a time the server gave, such as a code's
 * resendAvailableAt), if it is not there yet: a phone is sent at most one code a minute.
 */
export async function clockPast(request: APIRequestContext, at: Date): Promise<void> {
  const wait = at.getTime() - (await serverNow(request)) + 1_000;
  if (wait > 0) await advanceClock(request, wait);
}
