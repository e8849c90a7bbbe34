import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './browser-fixture';
import { outbox, readCode } from './helpers';
import { approvedMember, fundMember, GCASH_PAYOUT, officerRequest } from './funding';
import { clockPast } from './clock';
import { formatMoney, parseAmount } from '../../src/shared/money/money';

/**
 * One withdrawal sent as several transfers under one code (docs/decisions/033), in the browser: a
 * funded member with a GCash payout account withdraws ₱60,000.00 (one e-wallet transfer is at most
 * ₱50,000.00), reads "Sent as 2 transfers", enters ONE code; the wallet history says the amount was
 * sent for payout, not paid. An officer marks transfer 1 paid and asks to mark transfer 2 failed on
 * /admin/withdrawals, takes the request back (decision 052) and asks again; a second officer
 * confirms that failure (decision 049). The member's history then shows the returned transfer as
 * its own + line, the available balance has only the paid transfer taken off, and the withdrawal
 * reads Partly paid.
 * Runs in the 'manual-payouts' project (playwright.config.ts): a server whose payouts officers mark.
 */

function peso(amount: bigint): string {
  return formatMoney(amount);
}

/** Pictures at 360 and 1280 px, only with SCREENSHOTS=1 (into SHOTS_DIR, default .tmp/shots-split); nothing wider than the screen. */
async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = process.env.SHOTS_DIR ?? '.tmp/shots-split';
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
  if (original) await page.setViewportSize(original);
}

test.use({ viewport: { width: 360, height: 800 } });

test('a split withdrawal: one code, one transfer paid and one returned by the officer, the wallet tells each', async ({
  page,
  browser,
  baseURL,
  playwright,
  browserErrors,
}) => {
  test.setTimeout(180_000);
  expect(browserErrors.messages).toEqual([]);
  const officers: APIRequestContext[] = [];
  let member;
  try {
    for (const index of [0, 1] as const) {
      const request = await playwright.request.newContext({ baseURL });
      officers.push(request);
      await officerRequest(request, baseURL, index);
    }
    const approved = await approvedMember(page.request, officers[0]!, baseURL, GCASH_PAYOUT);
    member = await fundMember(page.request, officers[1]!, baseURL, approved);
  } finally {
    for (const request of officers) await request.dispose();
  }
  const balance = parseAmount(member.balance)!;
  expect(balance).toBeGreaterThan(60_000_00n);

  // --- The member withdraws ₱60,000.00 to GCash: two transfers, one code.
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText(peso(balance));
  await page.getByRole('button', { name: 'Withdraw now' }).click();
  await expect(page.getByRole('heading', { name: 'How much do you want to withdraw?' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Amount to withdraw (PHP)' }).fill('60000');
  await page.getByRole('button', { name: 'Continue withdrawal' }).click();
  await expect(page.getByRole('heading', { name: 'Review your withdrawal' })).toBeFocused();
  await expect(page.getByTestId('review-amount')).toHaveText('₱60,000.00');
  await expect(page.getByTestId('withdrawal-split')).toHaveText('Sent as 2 transfers: ₱50,000.00 + ₱10,000.00');
  await shoot(page, 'split-review');

  await clockPast(page.request, member.nextCodeAt);
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Enter the code from the SMS' });
  await expect(dialog).toBeVisible();
  const code = await readCode(page.request, member.phone, 'withdrawal');
  await dialog.getByRole('textbox', { name: 'Code from the SMS' }).fill(code);
  await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Transferring' })).toBeVisible();
  const reference = (await page.getByTestId('transfer-reference').textContent()) ?? '';
  expect(reference).toMatch(/^TAPAT-\d{6}$/);
  // ONE code for both transfers.
  const codes = (await outbox(page.request)).filter((m) => m.channel === 'SMS' && m.recipient === member.phone && /withdrawal code/.test(m.body));
  expect(codes).toHaveLength(1);

  // --- While the transfers are processing, the history says sent for payout, never paid.
  await page.goto('/wallet');
  const history = page.getByRole('list').filter({ has: page.locator('li[data-entry]') });
  const sent = history.locator('li[data-entry="SENT"]');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText(`Withdrawal ${reference}: sent for payout, its transfers are being processed`);
  await expect(sent).toContainText('Sent for payout · Processing');
  await expect(sent.getByTestId('history-amount')).toHaveText('−₱60,000.00');
  await expect(history.locator('li[data-entry="DEBIT"]')).toHaveCount(0);
  await expect(page.getByTestId('wallet-balance')).toContainText(peso(balance - 60_000_00n));

  // --- An officer marks transfer 1 paid and transfer 2 failed, each on its own.
  const officerContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const officerPage = await officerContext.newPage();
    await officerRequest(officerContext.request, baseURL, 0);
    await officerPage.goto('/admin/withdrawals');
    await expect(officerPage.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
    const parts = officerPage.getByTestId('withdrawal-parts-admin').filter({ hasText: `${reference}-1` });
    await expect(parts.locator('li')).toHaveCount(2);
    await shoot(officerPage, 'split-officer');

    await parts.locator('li[data-part-index="1"]').getByRole('button', { name: 'Mark paid' }).click();
    const paidDialog = officerPage.getByRole('dialog', { name: `Mark ${reference}-1 paid (transfer 1 of 2)` });
    await expect(paidDialog).toBeVisible();
    await paidDialog.getByLabel('Bank reference of the transfer').fill('GCASH-000123');
    await paidDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(paidDialog).toBeHidden();
    await expect(officerPage.getByText(`${reference}, transfer 1 of 2:`)).toBeVisible();
    await expect(parts.locator('li[data-part-index="1"]')).toHaveAttribute('data-part-status', 'PAID');

    // Failed is a request (decision 049): nothing moves until another officer confirms it.
    await parts.locator('li[data-part-index="2"]').getByRole('button', { name: 'Mark failed' }).click();
    const failedDialog = officerPage.getByRole('dialog', { name: `Mark ${reference}-2 failed (transfer 2 of 2)` });
    await expect(failedDialog).toBeVisible();
    await failedDialog.getByTestId('failure-reason').selectOption('RECEIVING_LIMIT');
    await failedDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(failedDialog).toBeHidden();
    await expect(officerPage.getByText(`${reference}-2: failure asked. Another officer must confirm it; nothing has moved yet.`)).toBeVisible();
    await expect(parts.locator('li[data-part-index="2"]')).toHaveAttribute('data-part-status', 'PROCESSING');
    await expect(parts.locator('li[data-part-index="2"]').getByTestId('fail-request')).toContainText('Failure asked by Officer Jose Reyes');

    // The officer who asked takes the request back with a reason (decision 052): nothing moves, the
    // request is gone, Mark failed is back; then asks again for the checker below.
    await parts.locator('li[data-part-index="2"]').getByRole('button', { name: 'Withdraw request' }).click();
    const withdrawDialog = officerPage.getByRole('dialog', { name: `Withdraw the failure request of ${reference}-2 (transfer 2 of 2)` });
    await expect(withdrawDialog).toBeVisible();
    await withdrawDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(withdrawDialog).toBeVisible(); // no reason: refused on the field
    await withdrawDialog.getByLabel('Why you withdraw it').fill('The bank says the transfer went through after all.');
    await shoot(officerPage, 'split-fail-withdraw');
    await withdrawDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(withdrawDialog).toBeHidden();
    await expect(officerPage.getByText(`${reference}-2: failure request withdrawn. The payout is still processing.`)).toBeVisible();
    await expect(parts.locator('li[data-part-index="2"]').getByTestId('fail-request')).toHaveCount(0);
    await expect(parts.locator('li[data-part-index="2"]')).toHaveAttribute('data-part-status', 'PROCESSING');

    await parts.locator('li[data-part-index="2"]').getByRole('button', { name: 'Mark failed' }).click();
    await expect(failedDialog).toBeVisible();
    await failedDialog.getByTestId('failure-reason').selectOption('RECEIVING_LIMIT');
    await failedDialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(failedDialog).toBeHidden();
    await expect(parts.locator('li[data-part-index="2"]').getByTestId('fail-request')).toContainText('Failure asked by Officer Jose Reyes');
  } finally {
    await officerContext.close();
  }

  // --- A second officer confirms the failure of transfer 2.
  const checkerContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const checkerPage = await checkerContext.newPage();
    await officerRequest(checkerContext.request, baseURL, 1);
    await checkerPage.goto('/admin/withdrawals');
    await expect(checkerPage.getByRole('heading', { level: 1, name: 'Withdrawals' })).toBeVisible();
    const parts = checkerPage.getByTestId('withdrawal-parts-admin').filter({ hasText: `${reference}-1` });
    const second = parts.locator('li[data-part-index="2"]');
    await expect(second.getByTestId('fail-request')).toContainText('Failure asked by Officer Jose Reyes');
    await shoot(checkerPage, 'split-fail-request');
    await second.getByRole('button', { name: 'Confirm failure' }).click();
    const confirmDialog = checkerPage.getByRole('dialog', { name: `Confirm that ${reference}-2 failed (transfer 2 of 2)` });
    await expect(confirmDialog).toBeVisible();
    await expect(confirmDialog.getByTestId('fail-request')).toContainText('Officer Jose Reyes');
    await shoot(checkerPage, 'split-fail-confirm');
    await confirmDialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(confirmDialog).toBeHidden();
    await expect(checkerPage.getByText(`${reference}, transfer 2 of 2:`)).toContainText('Partly paid');
  } finally {
    await checkerContext.close();
  }

  // --- The member: the returned transfer is its own + line, the balance has only the paid one off.
  await page.reload();
  const returned = history.locator('li[data-entry="RELEASE"]');
  await expect(returned).toHaveCount(1);
  await expect(returned).toContainText(`Withdrawal ${reference}: a transfer that could not be sent, returned to your wallet`);
  await expect(returned.getByTestId('history-amount')).toHaveText('+₱10,000.00');
  await expect(returned).toContainText(`Balance ${peso(balance - 50_000_00n)}`);
  const paid = history.locator('li[data-entry="DEBIT"]');
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText(`Withdrawal ${reference} to your payout account, except the transfers returned to your wallet`);
  await expect(paid).toContainText('Paid out');
  await expect(paid.getByTestId('history-amount')).toHaveText('−₱60,000.00');
  await expect(history.locator('li[data-entry="SENT"]')).toHaveCount(0);
  await expect(page.getByTestId('wallet-balance')).toContainText(peso(balance - 50_000_00n));

  const recent = page.getByTestId('recent-withdrawals').locator('li[data-status]').filter({ hasText: reference });
  await expect(recent).toHaveAttribute('data-status', 'PARTLY_PAID');
  await expect(recent).toContainText('Partly paid');
  await expect(recent.getByTestId('part-returned')).toHaveText('+₱10,000.00 back in your wallet');
  await shoot(page, 'split-wallet');
});
