import { chromium } from '@playwright/test';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { rmSync, mkdirSync, writeFileSync } from 'node:fs';

/**
 * The landing page's main-thread long tasks, A/B: each argument is a directory holding a build's
 * `web/` and `ssr/` (copies of dist/web and dist/ssr, e.g. of an older commit), served side by
 * side by this checkout's compiled server (ports AB_PORT, default 3522, and up), page loads
 * alternated between them, AB_ROUNDS (7) each: Chromium at 360 x 640 with 4x CPU throttling (the
 * slowdown Lighthouse simulates), the long tasks a PerformanceObserver sees until 2 s after load.
 * Per build: the longest task and the blocking time (the sum over long tasks of what passes 50 ms),
 * minimum and median. On a shared machine the minimum is the figure to compare (load only adds);
 * the load average before and after is recorded. AB_OUT writes the result (decision 086).
 */
const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error('usage: npx tsx bench/landing-long-tasks.ts <build dir> [<build dir> ...]');
const ROUNDS = Number(process.env.AB_ROUNDS ?? 7);
const servers = dirs.map((dir, i) => {
  const port = Number(process.env.AB_PORT ?? 3522) + i;
  const dataDir = path.resolve(`.tmp/ab-data-${i}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const server = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIR: path.resolve(dir, 'web') },
    stdio: 'ignore',
  });
  return { dir, port, server };
});
async function ready(port: number) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/public/config`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no server');
}
const results: Record<string, { longest: number[]; blocking: number[]; total: number[] }> = {};
try {
  for (const s of servers) await ready(s.port);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const loadBefore = os.loadavg();
  for (let round = 0; round < ROUNDS; round++) {
    for (const s of round % 2 ? [...servers].reverse() : servers) {
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      const page = await context.newPage();
      await page.goto(`http://localhost:${s.port}/favicon.svg`);
      await page.addInitScript(() => {
        (window as unknown as { __long: number[] }).__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) (window as unknown as { __long: number[] }).__long.push(e.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto(`http://localhost:${s.port}/`, { waitUntil: 'load' });
      await page.waitForTimeout(2000);
      const long: number[] = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
      const r = (results[s.dir] ??= { longest: [], blocking: [], total: [] });
      r.longest.push(Math.round(Math.max(0, ...long)));
      r.blocking.push(Math.round(long.reduce((a, d) => a + Math.max(0, d - 50), 0)));
      r.total.push(Math.round(long.reduce((a, d) => a + d, 0)));
      await context.close();
    }
  }
  await browser.close();
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const out = {
    date: new Date().toISOString(),
    method: 'Chromium 360x640, 4x CPU throttling, long tasks (PerformanceObserver) of a first load of /, builds alternated',
    loadAverageBefore: loadBefore.map((l) => Math.round(l * 10) / 10),
    loadAverageAfter: os.loadavg().map((l) => Math.round(l * 10) / 10),
    builds: Object.fromEntries(
      Object.entries(results).map(([dir, r]) => [
        dir,
        { longestMin: Math.min(...r.longest), longestMedian: med(r.longest), blockingMin: Math.min(...r.blocking), blockingMedian: med(r.blocking), ...r },
      ]),
    ),
  };
  console.log(JSON.stringify(out, null, 1));
  if (process.env.AB_OUT) writeFileSync(process.env.AB_OUT, JSON.stringify(out, null, 2) + '\n');
} finally {
  for (const s of servers) s.server.kill('SIGTERM');
}
