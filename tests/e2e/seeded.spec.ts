import type { Page } from '@playwright/test';
import { test, expect } from './browser-fixture';

/**
 * The newcomer's path of the README on the demo `npm run seed` builds (its own server: the seed ran
 * with the server stopped, with the production code budgets, then the server started on that data;
 * playwright.config.ts, project 'seeded'). A borrower who paid ahead signs in and sees the loan
 * active with instalments paid and the next one due; the overdue borrower sees what is past due and
 * the late charges; officer 1 signs in, lands in the back office, finds the overdue loan in the
 * collections queue and the extension request waiting, counted in the menu. The logins are those
 * the seed prints (scripts/seed.ts).
 */
const MEMBER_PASSWORD = 'Demo member kalamansi 2048';
const OFFICER = { national: '9990000101', password: 'Demo officer one narra 4096' };

async function signIn(page: Page, national: string, password: string, home: '/dash' | '/admin'): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(national);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`**${home}`, { timeout: 20_000 });
}

test.setTimeout(120_000);

test('a borrower who paid ahead sees the loan active, paid instalments and the next one due', async ({ page }) => {
  await signIn(page, '9175550032', MEMBER_PASSWORD, '/dash');
  await page.goto('/loan');
  await expect(page.getByTestId('loan-page-status')).toHaveText('Active', { timeout: 20_000 });
  await expect(page.getByTestId('next-due')).toContainText('₱');
  await expect(page.getByTestId('overdue')).toHaveCount(0);
  const servicing = (await (await page.request.get('/api/loans/current/servicing')).json()) as { lines: { status: string }[] };
  const paid = servicing.lines.filter((l) => l.status === 'PAID').length;
  expect(paid).toBeGreaterThanOrEqual(3);
  expect(servicing.lines.some((l) => l.status === 'OVERDUE')).toBe(false);
});

test('the overdue borrower sees what is past due and the late charges', async ({ page }) => {
  await signIn(page, '9175550033', MEMBER_PASSWORD, '/dash');
  await page.goto('/loan');
  await expect(page.getByTestId('loan-page-status')).toHaveText('Overdue', { timeout: 20_000 });
  await expect(page.getByTestId('overdue')).toContainText('₱');
  await expect(page.getByTestId('charges')).toBeVisible();
});

test('officer 1 lands in the back office, finds the overdue loan in collections and the waiting extension in the menu', async ({ page }) => {
  await signIn(page, OFFICER.national, OFFICER.password, '/admin');
  await expect(page.getByTestId('nav-extensions-count')).toContainText('1 waiting for a decision', { timeout: 20_000 });
  await page.goto('/admin/collections');
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible({ timeout: 20_000 });
  const overdue = (await (await page.request.get('/api/admin/collections?limit=50')).json()) as { items: { loanNumber: string }[] };
  expect(overdue.items.length).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId(`collections-row-${overdue.items[0]!.loanNumber}`)).toBeVisible();
  await page.getByTestId('nav-extensions').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Extensions' })).toBeVisible({ timeout: 20_000 });
});
