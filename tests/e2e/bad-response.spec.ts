import type { Page, Route } from '@playwright/test';
import { test, expect } from './browser-fixture';
import { activateByApi, OFFICERS } from './funding';
import { registerByApi, signInByApi } from './helpers';
import { en } from '../../src/shared/i18n/en';

/**
 * An answer that does not match its route's response schema: the web client (`call`,
 * src/web/lib/api.ts) checks every answer, and one it cannot read is shown as the specification's
 * 'No Server Response', never as a page half drawn from it. Each page below gets one answer
 * rewritten on its way to the browser (page.route): still HTTP 200 and JSON, so no request fails
 * and no console error is expected (the fixture fails the test on any).
 */
const NO_SERVER_RESPONSE = en.errors.NO_SERVER_RESPONSE;
/** A failed read is asked again three times (TanStack Query's default: after 1, 2 and 4 s) before the page says so. */
const AFTER_RETRIES = { timeout: 30_000 };

/** Rewrites the JSON of every answer of one API path (exactly that path), counting them. */
async function corrupt(page: Page, path: string, rewrite: (body: Record<string, unknown>) => unknown): Promise<{ count: number }> {
  const seen = { count: 0 };
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      const response = await route.fetch();
      expect(response.status(), `${path} answered`).toBe(200);
      seen.count += 1;
      await route.fulfill({ response, json: rewrite((await response.json()) as Record<string, unknown>) });
    },
  );
  return seen;
}

test("a member's main pages show 'No Server Response' for an answer that fails its schema, and nothing drawn from it", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);

  // The dashboard: the current loan as free text instead of a loan (or null).
  const loan = await corrupt(page, '/api/loans/current', () => ({ loan: 'frozen' }));
  await page.goto('/dash');
  const panel = page.locator('section[aria-labelledby="loan-title"]');
  await expect(panel.getByRole('alert')).toHaveText(new RegExp(NO_SERVER_RESPONSE), AFTER_RETRIES);
  expect(loan.count).toBeGreaterThan(0);
  // Only the error and its retry: no calculator, no status card.
  await expect(panel.getByRole('button')).toHaveText([en.loans.panel.retry]);
  await expect(panel.locator('input, select, [role="slider"]')).toHaveCount(0);
  await expect(panel).not.toContainText('frozen');
  await page.unrouteAll({ behavior: 'wait' });

  // The wallet: the balance as a number (money is a decimal string in JSON).
  const wallet = await corrupt(page, '/api/wallet', (body) => ({ ...body, wallet: 1234.5 }));
  await page.goto('/wallet');
  await expect(page.getByRole('alert').filter({ hasText: NO_SERVER_RESPONSE }).first()).toBeVisible(AFTER_RETRIES);
  expect(wallet.count).toBeGreaterThan(0);
  await expect(page.getByTestId('wallet-balance')).toHaveCount(0);
  await expect(page.getByRole('button', { name: en.loans.wallet.withdraw })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('1,234.50');
  await page.unrouteAll({ behavior: 'wait' });

  // The account (Settings > Account): 'active' as a word instead of true or false.
  const account = await corrupt(page, '/api/member/account', (body) => ({ ...body, active: 'yes' }));
  await page.goto('/settings');
  await page.getByRole('button', { name: /^Account/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(en.activation.account.error, AFTER_RETRIES);
  await expect(alert).toContainText(NO_SERVER_RESPONSE);
  expect(account.count).toBeGreaterThan(0);
  await expect(dialog).not.toContainText(en.activation.account.details);
  await expect(dialog).not.toContainText(en.activation.account.notActive);
  await expect(dialog).not.toContainText('Maria');
});

test("a back-office page shows 'No Server Response' for a queue answer that fails its schema, and no row", async ({ page, baseURL }) => {
  const officer = OFFICERS[0];
  await signInByApi(page.request, baseURL, {
    phone: officer.phone,
    national: officer.phone.slice(3),
    email: '',
    fullName: officer.fullName,
    password: officer.password,
  });
  const queue = await corrupt(page, '/api/admin/withdrawals', (body) => ({ ...body, withdrawals: [{ id: 'TAPAT-000001', status: 'FROZEN' }] }));
  await page.goto('/admin/withdrawals');
  await expect(page.getByRole('heading', { level: 1, name: en.backoffice.withdrawals.title })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: NO_SERVER_RESPONSE })).toBeVisible(AFTER_RETRIES);
  expect(queue.count).toBeGreaterThan(0);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText('TAPAT-000001');
  await expect(page.locator('main')).not.toContainText('FROZEN');
});
