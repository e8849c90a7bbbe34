import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedServer } from './embedded-server';
import { chromium, type Request } from '@playwright/test';

/**
 * What a phone's browser downloads on a first visit to a page without touching anything (
 * item 7): Debian's Chromium at a phone's viewport (360 x 640, touch, service workers allowed as on
 * a real phone) opens the page on the built app, then waits until nothing has been requested for
 * 3 s (the service worker's install included). Every response is recorded with its body's bytes as
 * they came over the wire (compressed: brotli from this server) and its headers' bytes; the
 * JavaScript figure counts every script response's compressed body, the page's and the service
 * worker's (not only the entry graph that bench/bundle.ts reads from Vite's manifest), and the
 * headers are given beside it (about 1 KB per response here: the security headers). Run after
 * `npm run build`.
 *
 *   DL_PATH  the page (default /)     DL_PORT  the server's port (default 3392)
 *   DL_OUT   where the result goes (default bench/results/landing-downloads-latest.json)
 * Budget: `/` at most 100 KB of JavaScript.
 */
const PORT = Number(process.env.DL_PORT ?? 3392);
const pagePath = process.env.DL_PATH ?? '/';
const resultFile = path.resolve(process.env.DL_OUT ?? 'bench/results/landing-downloads-latest.json');
const BUDGET_JS_KB = 100;
const QUIET_MS = 3000;
const dataDir = path.resolve(`.tmp/bench-downloads-${PORT}`);
const { server, ready: waitForServer } = startEmbeddedServer(PORT, dataDir);

interface Download {
  readonly url: string;
  readonly type: string;
  readonly by: 'page' | 'service worker';
  readonly bytes: number;
  readonly headerBytes: number;
}
const kb = (n: number) => Math.round((n / 1024) * 10) / 10;

let result: unknown;
try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 640 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
    });
    const downloads: Download[] = [];
    const pending = new Set<Request>();
    let lastActivity = Date.now();
    const done = async (request: Request) => {
      pending.delete(request);
      lastActivity = Date.now();
      const response = await request.response().catch(() => null);
      if (!response) return;
      const sizes = await request.sizes().catch(() => null);
      const url = new URL(request.url());
      // A response served from the service worker's cache came over no wire; nor did one the
      // service worker got from the HTTP cache (Chromium reports a negative body size for it).
      if (response.fromServiceWorker() || (sizes && sizes.responseBodySize < 0)) return;
      downloads.push({
        url: url.origin === `http://localhost:${PORT}` ? url.pathname : url.href,
        type: /\.m?js$/.test(url.pathname) ? 'script' : request.resourceType(),
        by: request.serviceWorker() ? 'service worker' : 'page',
        bytes: sizes?.responseBodySize ?? 0,
        headerBytes: sizes?.responseHeadersSize ?? 0,
      });
    };
    context.on('request', (request) => {
      pending.add(request);
      lastActivity = Date.now();
    });
    context.on('requestfinished', (request) => void done(request));
    context.on('requestfailed', (request) => {
      pending.delete(request);
      lastActivity = Date.now();
    });
    const page = await context.newPage();
    await page.goto(`http://localhost:${PORT}${pagePath}`, { waitUntil: 'load' });
    const started = Date.now();
    while ((pending.size > 0 || Date.now() - lastActivity < QUIET_MS) && Date.now() - started < 30_000) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const scripts = downloads.filter((d) => d.type === 'script').sort((a, b) => b.bytes - a.bytes);
    const js = scripts.reduce((sum, d) => sum + d.bytes, 0);
    const jsHeaders = scripts.reduce((sum, d) => sum + d.headerBytes, 0);
    const byPage = scripts.filter((d) => d.by === 'page').reduce((sum, d) => sum + d.bytes, 0);
    const all = downloads.reduce((sum, d) => sum + d.bytes + d.headerBytes, 0);
    result = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`,
      loadAverage: os.loadavg().map((l) => Math.round(l * 10) / 10),
      page: pagePath,
      viewport: '360x640 (mobile, touch, service worker allowed)',
      javascriptKb: kb(js),
      budgetJavascriptKb: BUDGET_JS_KB,
      withinBudget: js / 1024 <= BUDGET_JS_KB,
      javascriptByThePageKb: kb(byPage),
      javascriptByTheServiceWorkerKb: kb(js - byPage),
      scriptResponses: scripts.length,
      scriptHeadersKb: kb(jsHeaders),
      allResponsesWithHeadersKb: kb(all),
      scripts: scripts.map((d) => ({ url: d.url, by: d.by, kb: kb(d.bytes) })),
      others: downloads.filter((d) => d.type !== 'script').map((d) => ({ url: d.url, type: d.type, by: d.by, kb: kb(d.bytes) })),
    };
    await context.close();
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(result, null, 2));
  writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
} finally {
  server.kill('SIGTERM');
}
