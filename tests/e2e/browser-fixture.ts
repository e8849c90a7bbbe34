import { test as base, expect } from '@playwright/test';
import { registerByApi, type Member } from './helpers';

/**
 * The shared fixture of the browser tests: every console message of type 'error' and every
 * uncaught page error, in any page of the test's browser context (a Content-Security-Policy
 * violation is a console error too), fails the test.
 *
 * A test that provokes an HTTP error on purpose (a wrong password answers 401, a wrong code 400)
 * declares it with `allowConsoleErrors(/status of 401/)`: Chromium logs every failed request as
 * "Failed to load resource: the server responded with a status of 401 (Unauthorized)". Nothing
 * else is ever allowed.
 */
export interface BrowserErrors {
  /** Messages collected so far (console errors and page errors). */
  readonly messages: readonly string[];
  /** Tolerates console errors matching one of the patterns (failed requests the test provokes). */
  allowConsoleErrors: (...patterns: RegExp[]) => void;
}

/**
 * The e2e server of this worker, and `baseURL` pointing at it: every browser test uses this (or
 * `test` below, which adds the console-error check).
 */
export const serverTest = base.extend<object, { serverURLs: readonly string[]; serverURL: string }>({
  /** The e2e servers of this project, one per worker (playwright.config.ts). */
  serverURLs: [[], { option: true, scope: 'worker' }],
  /**
   * This worker's own server: its own port, database and clock, so a test that moves the clock
   * forward (tests/e2e/clock.ts) never disturbs a test running in another worker.
   */
  serverURL: [
    async ({ serverURLs }, use, workerInfo) => {
      if (serverURLs.length === 0) throw new Error('playwright.config.ts gives each project its serverURLs');
      await use(serverURLs[workerInfo.parallelIndex % serverURLs.length]!);
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ serverURL }, use) => {
    await use(serverURL);
  },
});

export const test = serverTest.extend<{ browserErrors: BrowserErrors }, { earlyMember: Member }>({
  /**
   * A member registered when the worker starts, before any test runs. The server sends a phone at
   * most one code a minute, whatever the purpose, so a member registered a moment ago cannot be
   * sent a password-reset code yet: the recovery test uses this one, moving the server's clock past
   * that minute when it has not passed yet (tests/e2e/clock.ts).
   */
  earlyMember: [
    async ({ playwright, serverURL: baseURL }, use) => {
      const request = await playwright.request.newContext({ baseURL });
      const member = await registerByApi(request, baseURL);
      await request.dispose();
      await use(member);
    },
    { scope: 'worker', auto: true },
  ],
  browserErrors: [
    async ({ context }, use, testInfo) => {
      const messages: string[] = [];
      const allowed: RegExp[] = [];
      context.on('console', (message) => {
        if (message.type() !== 'error') return;
        const where = message.location();
        // A pattern sees the text with its source, "<text> (<url>:<line>)": a failed request's URL
        // is only in the source, and an allowed failure names the URL it allows.
        const text = `${message.text()}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`;
        if (allowed.some((pattern) => pattern.test(text))) return;
        messages.push(`console.error on ${message.page()?.url() ?? '?'}: ${text}`);
      });
      context.on('weberror', (webError) => {
        const error = webError.error();
        messages.push(`page error on ${webError.page()?.url() ?? '?'}: ${error.stack ?? error.message}`);
      });
      await use({ messages, allowConsoleErrors: (...patterns) => allowed.push(...patterns) });
      if (messages.length > 0) await testInfo.attach('browser-errors', { body: messages.join('\n'), contentType: 'text/plain' });
      expect(messages, 'no console error and no page error in the browser').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
