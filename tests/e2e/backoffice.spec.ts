import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './browser-fixture';
import { signInByApi, type Person } from './helpers';
import { approvedMember, officerRequest, origin, OFFICERS } from './funding';

/**
 * The back office's audit log and settings: officer 1 reviews and approves a
 * loan (through the API); the ADMIN reads that in /admin/audit and filters it; the ADMIN edits the
 * company profile in /admin/settings and sees the footer change, and the change in the audit log;
 * a product version that breaks the cost cap is refused with the reasons.
 * The profile is put back afterwards, so other journeys on the same server see the DEMO one.
 * Screenshots at 360 and 1280 px go to SHOTS_DIR (default .tmp/shots-backoffice).
 */

/** The administrator scripts/e2e-server.sh creates before the server starts. */
const ADMIN = { phone: '+639990000009', password: 'Admin nine narra lighthouse 8192', fullName: 'Admin Rosa Garcia' } as const;

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots-backoffice';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return; // pictures only when asked (playwright.config.ts)
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

const adminPerson: Person = { phone: ADMIN.phone, national: ADMIN.phone.slice(3), email: '', fullName: ADMIN.fullName, password: ADMIN.password };

test('the ADMIN reads and filters the audit log, edits the company profile and sees the footer change', async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  // The refused product version answers 409 on purpose.
  browserErrors.allowConsoleErrors(/status of 409/);
  // Officer 1 reviews and approves a member's application: two audited actions.
  const memberRequest = await playwright.request.newContext({ baseURL });
  const officer = await playwright.request.newContext({ baseURL });
  await officerRequest(officer, baseURL, 0);
  const { loanId } = await approvedMember(memberRequest, officer, baseURL);
  // Officers may read the audit log, but not the settings.
  expect((await officer.get('/api/admin/audit')).status()).toBe(200);
  expect((await officer.get('/api/admin/settings')).status()).toBe(403);
  await officer.dispose();
  await memberRequest.dispose();

  await signInByApi(page.request, baseURL, adminPerson);
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Back office menu' });
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByTestId('audit-table');
  // This loan's approval (other journeys on the same server approve loans too).
  const approvedRow = table
    .getByRole('row')
    .filter({ hasText: 'Loan approved' })
    .filter({ has: page.locator(`a[href="/admin/loans/${loanId}"]`) });
  await expect(approvedRow).toHaveCount(1);
  await expect(approvedRow).toContainText(OFFICERS[0].fullName);
  await expect(table.getByRole('row').filter({ hasText: 'Staff account created' }).first()).toContainText('Command line');
  await axe(page);
  await shoot(page, 'audit');

  // Filter: approvals by officer 1 only.
  await page.getByLabel('Action').selectOption('LOAN_APPROVE');
  await page.getByLabel('Staff member').selectOption({ label: `${OFFICERS[0].fullName} (OFFICER)` });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=LOAN_APPROVE/);
  await expect(table.getByRole('row')).toHaveCount(2); // the header and the one approval
  await expect(table).not.toContainText('Loan review started');
  await table.getByRole('link', { name: /Loan TAPAT-/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/loans/${loanId}$`));

  // Settings: change the corporate name; the footer of the public pages follows.
  await page.goto('/admin/audit');
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const name = page.getByLabel('Corporate name');
  const original = await name.inputValue();
  try {
    await name.fill('');
    await page.getByRole('button', { name: 'Save the company profile' }).click();
    await expect(page.getByText('At least 3 characters.')).toBeVisible();
    await name.fill('Bayanihan Lending Corporation (DEMO)');
    await page.getByRole('button', { name: 'Save the company profile' }).click();
    await expect(page.getByText('Company profile saved.')).toBeVisible();
    await expect(page.getByTestId('company-source')).toContainText(`Saved in the back office by ${ADMIN.fullName}`);
    // A product version that breaks the annual cost cap is refused, with the reasons (nothing changes).
    await page.getByLabel('Interest a month (basis points of the principal)').fill('300');
    await page.getByRole('button', { name: 'Offer this version' }).click();
    const refusal = page.getByTestId('product-refusal');
    await expect(refusal).toContainText('This version is refused');
    await expect(refusal).toContainText('above the 25 % a year cap');
    expect(((await (await page.request.get('/api/public/config')).json()) as { product: { version: number } }).product.version).toBe(1);
    await axe(page);
    await shoot(page, 'settings');

    await page.goto('/');
    await expect(page.getByRole('contentinfo')).toContainText('Bayanihan Lending Corporation (DEMO)');

    await page.goto('/admin/audit?action=COMPANY_PROFILE_UPDATE');
    const change = page.getByTestId('audit-table').getByRole('row').filter({ hasText: 'Company profile changed' });
    await expect(change).toHaveCount(1);
    await expect(change).toContainText(`companyName: ${original} → Bayanihan Lending Corporation (DEMO)`);
    await expect(change).toContainText(ADMIN.fullName);
  } finally {
    // Put the profile back for the other journeys on this server.
    const current = (await (await page.request.get('/api/admin/settings')).json()) as { company: { profile: Record<string, unknown> } };
    if (current.company.profile.companyName !== original) {
      const restored = await page.request.put('/api/admin/settings/company', {
        headers: origin(baseURL),
        data: { ...current.company.profile, companyName: original },
      });
      expect(restored.status()).toBe(200);
    }
  }
});

test('staff open the withdrawals queue and the daily reconciliation', async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL, adminPerson);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office menu' }).getByRole('link', { name: 'Withdrawals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('PROCESSING');
  await page.getByLabel('Status').selectOption('');
  // Whatever the server holds (another journey may have made withdrawals), the page shows its answer.
  const listed = ((await (await page.request.get('/api/admin/withdrawals')).json()) as { withdrawals: unknown[] }).withdrawals.length;
  if (listed === 0) await expect(page.getByText('No withdrawal in this list.')).toBeVisible();
  else await expect(page.getByTestId('withdrawals-table').getByRole('row')).toHaveCount(listed + 1);
  await axe(page);
  await shoot(page, 'withdrawals');

  await page.getByRole('link', { name: 'Daily reconciliation' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Withdrawals reconciliation' })).toBeVisible();
  const today = (await (
    await page.request.get(`/api/admin/withdrawals/reconciliation?date=${await page.getByLabel('Date (Philippine time)').inputValue()}`)
  ).json()) as { matches: boolean };
  await expect(page.getByTestId('reconciliation-result')).toContainText(today.matches ? 'match the ledger' : 'between the withdrawals and the ledger');
  await axe(page);
  await shoot(page, 'reconciliation');
});
