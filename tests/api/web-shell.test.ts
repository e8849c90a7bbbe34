import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

/** The app's HTML carries the public configuration inline, the same as the API answers. */
let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'tapat-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><head><title>Tapat</title></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log("tapat");');
  t = await createTestApp({ serveWeb: true, webDir });
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

function inlined(html: string): unknown {
  const match = /<script id="tapat-config" type="application\/json">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error('no inlined configuration');
  return JSON.parse(match[1]!);
}

describe('the app shell', () => {
  it.each(['/', '/hiw', '/login', '/dash'])('%s carries the configuration GET /api/public/config answers, under the CSP', async (url) => {
    const api = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(inlined(page.body)).toEqual(api.json());
  });

  it('still answers a missing built file and an unknown API path with 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/gone.js' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
  });
});
