import type { APIRequestContext } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './browser-fixture';
import { approvedMember, fundMember, officerRequest, origin, OFFICERS } from './funding';
import { advanceClock, serverNow } from './clock';

/**
 * The back office's collections: a member's loan (PHP 200,000 over 24 months,
 * through the API) is left unpaid; the server's clock moves 40 days on and the daily job runs (dev
 * route), so its first instalment is about 10 days past due with late charges. Officer 1 finds the
 * loan in the collections queue in the 1-30 days bucket, opens its servicing page, waives a late
 * charge with a reason from the fixed list, records a bank transfer above the approval threshold
 * (it waits: no money moved), and officer 2, in a browser of their own, approves it (maker-checker).
 */
test.setTimeout(240_000);

async function expectOk(response: Awaited<ReturnType<APIRequestContext['post']>>, what: string) {
  expect(response.status(), `${what}: ${await response.text()}`).toBeLessThan(300);
}

test('an officer finds an overdue loan in its bucket, waives a charge and records a payment a second officer approves', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const officerOne = await playwright.request.newContext({ baseURL });
  const officerTwo = await playwright.request.newContext({ baseURL });
  const member = await playwright.request.newContext({ baseURL });
  await officerRequest(officerOne, baseURL, 0);
  await officerRequest(officerTwo, baseURL, 1);
  const approved = await approvedMember(member, officerOne, baseURL);
  await fundMember(member, officerTwo, baseURL, approved);
  const loan = (await (await officerOne.get(`/api/admin/loans/${approved.loanId}/servicing`)).json()) as { loan: { loanNumber: string } };
  const loanNumber = loan.loan.loanNumber;

  // 40 days on, the first instalment (due a month after disbursement) is about 10 days late.
  await advanceClock(member, 40 * 86_400_000);
  await expectOk(await member.post('/api/dev/servicing/run', { headers: origin(baseURL) }), 'dev servicing run');
  const today = new Date((await serverNow(member)) + 8 * 3_600_000).toISOString().slice(0, 10);

  // Officer 1 in the browser.
  await officerRequest(page.request, baseURL, 0);
  await page.goto('/admin/collections');
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible({ timeout: 30_000 });
  const row = page.getByTestId(`collections-row-${loanNumber}`);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toHaveAttribute('data-bucket', 'D1_30');
  await page.getByRole('button', { name: /^1–30 days/ }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: /^31–60 days/ }).click();
  await expect(row).toBeHidden();
  await page.getByRole('button', { name: 'All past due' }).click();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.getByTestId(`collections-row-${loanNumber}`).getByRole('link', { name: loanNumber }).click();

  // The servicing page: the overdue line, the late charges with how they were computed.
  await expect(page.getByRole('heading', { name: `Servicing of loan ${loanNumber}` })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('servicing-status')).toHaveText('Overdue');
  await expect(page.getByTestId('line-1')).toContainText('Overdue');
  const charges = page.getByTestId('charges-table');
  await expect(charges).toContainText('Penalty interest');
  const penalty = charges.locator('tr', { hasText: 'Penalty interest' }).first();
  await penalty.getByRole('button', { name: 'Waive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Waive a late charge' });
  await dialog.getByRole('button', { name: 'Waive charge' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason.');
  await dialog.getByLabel('Reason').selectOption('GOODWILL');
  await dialog.getByRole('button', { name: 'Waive charge' }).click();
  await expect(page.getByText('Charge waived.')).toBeVisible({ timeout: 30_000 });
  await expect(charges.locator('tr', { hasText: 'Waived by Officer Jose Reyes (Goodwill)' })).toHaveCount(1);

  // A bank transfer of PHP 60,000.00, above the PHP 50,000 approval threshold: it waits.
  const form = page.getByTestId('record-payment-form');
  await form.getByLabel('Amount (PHP)').fill('60000.5');
  await form.getByLabel('Channel').selectOption('BANK_TRANSFER');
  await form.getByRole('button', { name: 'Record payment' }).click();
  // Checked in the browser with the route's own schema: a bank transfer needs its reference.
  await expect(form.getByText('A bank transfer needs the bank’s reference.')).toBeVisible();
  await form.getByLabel(/Bank reference/).fill('BDO-2027-0001');
  await form.getByLabel('Date received').fill(today);
  await form.getByLabel('Amount (PHP)').fill('60000.00');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText(/It waits for another officer’s approval; no money has moved yet\./)).toBeVisible({ timeout: 30_000 });
  const payments = page.getByTestId('payments-table');
  await expect(payments).toContainText('Waiting for approval');
  await expect(page.getByTestId('servicing-status')).toHaveText('Overdue');

  // Officer 2 approves it in a browser of their own.
  const second = await browser.newContext({ baseURL });
  try {
    const page2 = await second.newPage();
    await officerRequest(page2.request, baseURL, 1);
    await page2.goto(`/admin/loans/${approved.loanId}/servicing`);
    const pending = page2.getByTestId('payments-table').locator('tr', { hasText: 'Waiting for approval' });
    await expect(pending).toBeVisible({ timeout: 30_000 });
    await pending.getByRole('button', { name: 'Approve' }).click();
    await expect(page2.getByText(/approved and posted\./)).toBeVisible({ timeout: 30_000 });
    const posted = page2
      .getByTestId('payments-table')
      .locator('tr', { hasText: 'BDO' })
      .or(page2.getByTestId('payments-table').locator('tr', { hasText: 'Posted' }));
    await expect(posted.first()).toContainText(OFFICERS[1].fullName);
    await expect(page2.getByTestId('servicing-status')).toHaveText('Active', { timeout: 30_000 });
  } finally {
    await second.close();
  }

  // The queue no longer lists the loan: nothing is past due.
  await page.goto('/admin/collections');
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`collections-row-${loanNumber}`)).toBeHidden();
  await officerOne.dispose();
  await officerTwo.dispose();
  await member.dispose();
});
