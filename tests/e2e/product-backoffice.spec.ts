import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './browser-fixture';
import { signInByApi, type Person } from './helpers';

/**
 * The back office's products page (decision 083): an ADMIN sees the products with their status,
 * drafts a third product above the caps and sees it refused naming the figures (8 % a month
 * against the SEC's 6 %, and the contract's 25 % a year), then creates it within them and sees it
 * offered; then retires it, so the other journeys on this server see the two products they expect.
 * Axe scans the page; screenshots at 360 and 1280 px go to SHOTS_DIR (default .tmp/shots-products).
 */

/** The administrator scripts/e2e-server.sh creates before the server starts. */
const ADMIN: Person = {
  phone: '+639990000009',
  national: '9990000009',
  email: '',
  fullName: 'Admin Rosa Garcia',
  password: 'Admin nine narra lighthouse 8192',
};

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots-products';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string, ready: Locator) {
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(ready).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('an ADMIN creates a third product from the back office; one above the caps is refused naming the figures', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInByApi(page.request, baseURL, ADMIN);
  // A code of its own on every run (a code names a product for good).
  const code = `PAYDAY${Date.now().toString(36).toUpperCase().slice(-6)}`;

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Products', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  const table = page.getByTestId('products-table');
  await expect(table.getByTestId('product-PERSONAL')).toContainText('Personal loan');
  await expect(table.getByTestId('product-PERSONAL')).toContainText('Offered');
  await expect(table.getByTestId('product-SMALL')).toContainText('Small loan');
  await axe(page);

  // --- A third product drafted above the caps: 8 % a month on PHP 1,000-5,000 over 1 to 3 months.
  const form = page.getByRole('form', { name: 'Create a product' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Name', { exact: true }).fill('Tapat Payday Loan');
  await form.getByLabel('How interest is charged').selectOption('DECLINING_BALANCE');
  await form.getByLabel('Name shown to borrowers (English)').fill('Payday loan');
  await form.getByLabel('Name shown to borrowers (Filipino)').fill('Pautang hanggang sahod');
  await form.getByLabel('What it is for, one sentence (English)').fill('A short loan repaid from the next wages.');
  await form.getByLabel('What it is for, one sentence (Filipino)').fill('Maikling pautang na binabayaran mula sa susunod na sahod.');
  await form.getByLabel('Smallest amount (PHP)').fill('1000.00');
  await form.getByLabel('Largest amount (PHP)').fill('5000.00');
  await form.getByLabel('Terms in months, separated by commas').fill('1, 2, 3');
  await form.getByLabel('Default term (months)').fill('1');
  await form.getByLabel('Interest a month (basis points of the principal)').fill('800');
  await form.getByLabel('Late charge a day (basis points)').fill('10');
  await form.getByLabel('Collection charge (basis points)').fill('200');
  await form.getByLabel('Income multiple by term (term: multiple, ...)').fill('1: 1, 2: 1, 3: 1');
  await form.getByRole('button', { name: 'Create this product' }).click();
  const refusal = form.getByTestId('product-refusal');
  await expect(refusal).toContainText('This version is refused');
  await expect(refusal).toContainText('SEC small-loan cap: nominal interest 8 % a month is above 6 %');
  await expect(refusal).toContainText('above the 25 % a year cap');
  const listed = async () =>
    ((await (await page.request.get('/api/admin/settings/products')).json()) as { products: { code: string }[] }).products.map((p) => p.code);
  expect(await listed()).not.toContain(code);
  await axe(page);
  await shoot(page, 'products-refused', refusal);

  // --- Within the caps: 1.5 % a month on the declining balance (18 % a year). Offered beside the others.
  await form.getByLabel('Interest a month (basis points of the principal)').fill('150');
  await form.getByRole('button', { name: 'Create this product' }).click();
  await expect(page.getByText(`${code} is now offered beside the others (version 1).`)).toBeVisible();
  const row = table.getByTestId(`product-${code}`);
  await expect(row).toContainText('Payday loan');
  await expect(row).toContainText('Offered');
  const offered = ((await (await page.request.get('/api/public/config')).json()) as { products: { code: string }[] }).products.map((p) => p.code);
  expect(offered).toEqual(['PERSONAL', ...[code, 'SMALL'].sort()]); // the default first, then by code
  await axe(page);
  await shoot(page, 'products-created', row);

  // --- Retired again (asked twice), so the landing page offers the two products the other journeys expect.
  await row.getByRole('button', { name: 'Retire Payday loan' }).click();
  await row.getByRole('button', { name: 'Yes, retire it' }).click();
  await expect(page.getByText('Payday loan is retired: it takes no new application.')).toBeVisible();
  await expect(row).toContainText('Retired');
  await expect(row.getByRole('button', { name: 'Retire Payday loan' })).toHaveCount(0);
  const after = ((await (await page.request.get('/api/public/config')).json()) as { products: { code: string }[] }).products.map((p) => p.code);
  expect(after).toEqual(['PERSONAL', 'SMALL']);
});
