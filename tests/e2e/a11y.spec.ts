import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from './browser-fixture';
import { openPage, PUBLIC_PAGES } from './helpers';
import { disbursedMember } from './servicing-helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
] as const;

/**
 * Scans the page as it is (WCAG 2.0 and 2.1, A and AA) and fails on a violation of serious or
 * critical impact. Lesser ones are printed and attached to the report.
 */
async function expectNoSeriousViolation(page: Page, testInfo: TestInfo, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  // A scan of an empty or half-loaded page would pass for the wrong reason.
  expect(results.passes.length, `axe checked something on ${where}`).toBeGreaterThan(10);
  const lines = results.violations.map(
    (v) => `[${v.impact ?? 'unknown'}] ${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  if (lines.length > 0) {
    console.log(`axe, ${where}:\n  ${lines.join('\n  ')}`);
    await testInfo.attach(`axe ${where}`, { body: lines.join('\n'), contentType: 'text/plain' });
  }
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect(
    blocking.map((v) => `[${v.impact}] ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations of serious or critical impact on ${where}`,
  ).toEqual([]);
}

/**
 * An axe scan of every public page (the not-found page too) and of the Terms and Privacy dialogs
 * opened from the footer, on a 360 px phone and a 1280 px desktop.
 */
for (const viewport of VIEWPORTS) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { name, path, heading } of PUBLIC_PAGES) {
      test(`${name} (${path}) has no serious or critical violation`, async ({ page }, testInfo) => {
        await openPage(page, path, heading);
        await expectNoSeriousViolation(page, testInfo, `${path} at ${viewport.width} px`);
      });
    }

    test('the loan page (/loan) of a borrower with a disbursed loan has no serious or critical violation', async ({ page, baseURL, playwright }, testInfo) => {
      test.setTimeout(300_000);
      await disbursedMember(playwright, page, baseURL);
      await page.goto('/loan');
      await expect(page.getByTestId('schedule')).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousViolation(page, testInfo, `/loan at ${viewport.width} px`);
    });

    test('the Terms and Privacy dialogs from the footer have no serious or critical violation', async ({ page }, testInfo) => {
      await openPage(page, '/', PUBLIC_PAGES[0]!.heading);
      for (const document of ['Terms and Conditions', 'Privacy Policy']) {
        await page.getByRole('contentinfo').getByRole('button', { name: document }).click();
        const dialog = page.getByRole('dialog', { name: document });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
        await expectNoSeriousViolation(page, testInfo, `${document} dialog at ${viewport.width} px`);
        await dialog.getByRole('button', { name: 'OK' }).click();
        await expect(dialog).toBeHidden();
      }
    });
  });
}
