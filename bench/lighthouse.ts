import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedServer } from './embedded-server';

/**
 * Lighthouse mobile runs (performance and accessibility) against the embedded server serving the
 * built app, on Debian's Chromium: LH_RUNS runs (default 3), the median run by performance score
 * reported with every run's score, LCP and TBT beside it. Lighthouse 12 (13 needs Node 22) is
 * fetched by npx when run. The machine's load average before and after is recorded: on a shared
 * machine the figures say little.
 */
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3));
const PORT = Number(process.env.LH_PORT ?? 3390);
/** The page to audit (LH_PATH, default the landing page). */
const url = `http://localhost:${PORT}${process.env.LH_PATH ?? '/'}`;
/** Where the result goes (LH_OUT): bench/results/lighthouse-latest.json unless named. */
const resultFile = path.resolve(process.env.LH_OUT ?? 'bench/results/lighthouse-latest.json');
const dataDir = path.resolve('.tmp/bench-lighthouse');
const { server, ready: waitForServer } = startEmbeddedServer(PORT, dataDir);

/** One Lighthouse run: its scores and timings. */
function lighthouseRun(n: number) {
  const out = path.join(dataDir, `lh-${n}.json`);
  const run = spawnSync(
    'npx',
    [
      '-y',
      'lighthouse@12',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices',
      '--form-factor=mobile',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-sync',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' }, stdio: 'inherit', timeout: 300_000 },
  );
  if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const score = (k: string) => Math.round((report.categories[k]?.score ?? 0) * 100);
  return {
    lighthouse: report.lighthouseVersion,
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    firstContentfulPaintMs: Math.round(report.audits['first-contentful-paint']?.numericValue ?? 0),
    largestContentfulPaintMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    totalBlockingTimeMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    cumulativeLayoutShift: Math.round((report.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
    speedIndexMs: Math.round(report.audits['speed-index']?.numericValue ?? 0),
    transferKb: Math.round((report.audits['total-byte-weight']?.numericValue ?? 0) / 102.4) / 10,
  };
}

try {
  await waitForServer();
  const loadBefore = os.loadavg().map((l) => Math.round(l * 10) / 10);
  const runs = [];
  for (let n = 0; n < RUNS; n += 1) runs.push(lighthouseRun(n));
  runs.sort((a, b) => a.performance - b.performance || b.totalBlockingTimeMs - a.totalBlockingTimeMs);
  const median = runs[Math.floor(runs.length / 2)]!;
  const result = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
    loadAverageBefore: loadBefore,
    loadAverageAfter: os.loadavg().map((l) => Math.round(l * 10) / 10),
    formFactor: 'mobile',
    runs: runs.length,
    ...median,
    eachRun: runs.map((r) => ({
      performance: r.performance,
      largestContentfulPaintMs: r.largestContentfulPaintMs,
      totalBlockingTimeMs: r.totalBlockingTimeMs,
    })),
    webDir: process.env.WEB_DIR ?? 'dist/web',
  };
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  server.kill('SIGTERM');
}
