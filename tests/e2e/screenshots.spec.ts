import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from './browser-fixture';
import { openPage, PUBLIC_PAGES, registerByApi } from './helpers';

/** tests/artifacts/screenshots/ (gitignored), whatever the directory the tests run from. */
const DIR = fileURLToPath(new URL('../artifacts/screenshots/', import.meta.url));
const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
] as const;

async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = path.join(DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  await testInfo.attach(path.basename(file), { path: file, contentType: 'image/png' });
}

/**
 * Screenshots of every public page and of /dash for a signed-in member, on a 360 px phone and a
 * 1280 px desktop, saved as test artifacts under tests/artifacts/screenshots/.
 */
for (const viewport of VIEWPORTS) {
  test(`screenshots of the public pages and /dash at ${viewport.width}x${viewport.height}`, async ({ page, baseURL }, testInfo) => {
    test.setTimeout(60_000);
    mkdirSync(DIR, { recursive: true });
    await page.setViewportSize(viewport);
    // The carousel holds still for a reduced-motion reader, so the pictures do not catch a fade.
    await page.emulateMedia({ reducedMotion: 'reduce' });

    for (const { name, path: route, heading } of PUBLIC_PAGES) {
      await openPage(page, route, heading);
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${route} fits the width`).toBeLessThanOrEqual(viewport.width);
      await shoot(page, testInfo, name);
    }

    // A signed-in member's home: registered through the API with this browser's cookies.
    const member = await registerByApi(page.request, baseURL);
    await page.goto('/dash');
    await expect(page.getByRole('heading', { level: 1, name: `Hello, ${member.fullName}!` })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Activate your account before applying loan' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByText(/SEC Registration No\./)).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.scrollWidth), '/dash fits the width').toBeLessThanOrEqual(viewport.width);
    await shoot(page, testInfo, 'dash');
  });
}
