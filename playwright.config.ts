import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser). The app is the built one,
 * served by the real server on a throw-away embedded database (scripts/e2e-server.sh).
 */
const PORT = Number(process.env.E2E_PORT ?? 3310);
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'tests/e2e',
  // One output folder per port, so two runs on one machine do not remove each other's traces.
  outputDir: `test-results/${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `bash scripts/e2e-server.sh ${PORT}`,
    url: `http://localhost:${PORT}/api/public/config`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
