import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser). The app is the built one,
 * served by the real server on throw-away embedded databases (scripts/e2e-server.sh).
 *
 * Each worker has a server of its own (port E2E_PORT + its parallel index, its own DATA_DIR, its
 * own clock): tests move the server's clock forward instead of sleeping through a limit
 * (tests/e2e/clock.ts), and a moved clock must not disturb a test in another worker. One more
 * server, whose simulated payouts all fail (PAYOUT_FAILURE_RATE=1), serves the 'payout-failure'
 * project, and one in manual payout mode (officers mark each transfer) the 'manual-payouts' project. The screenshots of tests/e2e/screenshots.spec.ts (and the other journeys' pictures)
 * are taken only with SCREENSHOTS=1.
 *
 *   E2E_PORT    first port (default 3310); the servers use E2E_PORT .. E2E_PORT + E2E_WORKERS + 2
 *   E2E_WORKERS workers, and so servers for them (default 2)
 *   SCREENSHOTS 1: also take the screenshots
 */
const PORT = Number(process.env.E2E_PORT ?? 3310);
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const SCREENSHOTS = process.env.SCREENSHOTS === '1';
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const url = (port: number) => `http://localhost:${port}`;
const workerPorts = Array.from({ length: WORKERS }, (_, i) => PORT + i);
const FAILURE_PORT = PORT + WORKERS;
const FAILURE_JOURNEY = /a payout that fails/;
/** Officers mark each transfer by hand only in manual payout mode: one more server, for that journey. */
const MANUAL_PORT = PORT + WORKERS + 1;
const MANUAL_PAYOUT_SPEC = '**/split-withdrawal.spec.ts';
/** The demo of `npm run seed`, for the newcomer's path (tests/e2e/seeded.spec.ts): one more server. */
const SEEDED_PORT = PORT + WORKERS + 2;
const SEEDED_SPEC = '**/seeded.spec.ts';

const server = (port: number, env: Record<string, string>, mode = '') => ({
  command: `bash scripts/e2e-server.sh ${port} ${mode}`.trim(),
  url: `${url(port)}/api/public/config`,
  reuseExistingServer: false,
  // The seed builds three months of history before its server starts (about 1 to 2 minutes).
  timeout: mode === 'seeded' ? 420_000 : 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env,
});

/** The worker option of tests/e2e/browser-fixture.ts: the servers of a project. */
interface ServerOptions {
  readonly serverURLs: readonly string[];
}

export default defineConfig<object, ServerOptions>({
  testDir: 'tests/e2e',
  // One output folder per port, so two runs on one machine do not remove each other's traces.
  outputDir: `test-results/${PORT}`,
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    trace: 'retain-on-failure',
    // The service worker (decision 024) is blocked except in tests/e2e/offline.spec.ts, which
    // allows it: its install-time downloads would compete with each journey's first page on a
    // loaded machine, and page.route must see every request.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: SCREENSHOTS ? [MANUAL_PAYOUT_SPEC, SEEDED_SPEC] : ['**/screenshots.spec.ts', MANUAL_PAYOUT_SPEC, SEEDED_SPEC],
      grepInvert: FAILURE_JOURNEY,
      use: { ...devices['Desktop Chrome'], channel: undefined, serverURLs: workerPorts.map(url) },
    },
    {
      name: 'payout-failure',
      testMatch: '**/withdrawals.spec.ts',
      grep: FAILURE_JOURNEY,
      use: { ...devices['Desktop Chrome'], channel: undefined, serverURLs: [url(FAILURE_PORT)] },
    },
    {
      name: 'manual-payouts',
      testMatch: MANUAL_PAYOUT_SPEC,
      use: { ...devices['Desktop Chrome'], channel: undefined, serverURLs: [url(MANUAL_PORT)] },
    },
    {
      name: 'seeded',
      testMatch: SEEDED_SPEC,
      use: { ...devices['Desktop Chrome'], channel: undefined, serverURLs: [url(SEEDED_PORT)] },
    },
  ],
  webServer: [
    ...workerPorts.map((port) => server(port, { PAYOUT_FAILURE_RATE: '0' })),
    // The simulated provider's failure share is one setting for the whole server.
    server(FAILURE_PORT, { PAYOUT_FAILURE_RATE: '1' }),
    // Payouts an officer marks on /admin/withdrawals, transfer by transfer (tests/e2e/split-withdrawal.spec.ts).
    server(MANUAL_PORT, { PAYOUT_PROVIDER: 'manual' }),
    server(SEEDED_PORT, {}, 'seeded'),
  ],
});
