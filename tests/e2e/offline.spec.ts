import { test, expect } from './browser-fixture';

/**
 * Slow phones and networks: the landing page draws its figures in the first render with
 * no layout jump, the app is installable, and offline the public pages and the calculator open from
 * the service worker's copy while the API is never answered from a saved copy.
 */
test('the landing page keeps its layout still while it loads (CLS at most 0.05)', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  // The configuration is in the page itself: no request is needed before the figures show.
  expect(await page.locator('script#tapat-config[type="application/json"]').count()).toBe(1);
  await expect(page.getByRole('heading', { level: 1, name: 'Empowering dreams, one loan at a time.' })).toBeVisible();
  await expect(page.getByRole('link', { name: /APPLY NOW/i }).first()).toBeVisible();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
  expect(cls).toBeLessThanOrEqual(0.05);
});

test.describe('with the service worker', () => {
  test.use({ serviceWorkers: 'allow' });

  test('installable, and offline the public pages and calculator open while the API is never served from a copy', async ({ page, context, browserErrors }) => {
    // Offline, the API requests (session, rates, currencies, the public config) fail as they should;
    // Chromium logs each failed request. The pictures are saved at install: none may fail.
    browserErrors.allowConsoleErrors(/Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED) \(http:\/\/localhost:\d+\/api\//);
    const manifest = await page.request.get('/manifest.webmanifest');
    expect(manifest.ok()).toBe(true);
    const body = (await manifest.json()) as { name: string; start_url: string; display: string; icons: { sizes: string; type: string }[] };
    expect(body).toMatchObject({ start_url: '/', display: 'standalone' });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png']) {
      const res = await page.request.get(icon);
      expect(res.headers()['content-type']).toBe('image/png');
    }

    await page.goto('/');
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
    // The worker installs (saving the shell and the public pages' code) and takes the page over.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    });

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Empowering dreams, one loan at a time.' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toContainText(
      'balances, loans and wallet are shown only when you are back online',
    );
    await expect(page.getByRole('link', { name: /APPLY NOW/i }).first()).toBeVisible();

    await page.getByRole('navigation').first().getByRole('link', { name: 'How It Works' }).first().click();
    await expect(page).toHaveURL(/\/hiw$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // The API is never answered from a saved copy: offline, a request for it fails.
    const apiOffline = await page.evaluate(async () => {
      try {
        await fetch('/api/public/config');
        return 'answered';
      } catch {
        return 'failed';
      }
    });
    expect(apiOffline).toBe('failed');
    const saved = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      return urls;
    });
    expect(saved).toContain('/');
    expect(saved.filter((url) => url.startsWith('/api/'))).toEqual([]);

    await context.setOffline(false);
    await page.reload();
    await expect(page.getByText('You are offline.')).toHaveCount(0);
  });
});
