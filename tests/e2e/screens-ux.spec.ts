import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { test, expect } from './browser-fixture';
import { approvedMember, fundMember, OFFICERS, officerRequest, origin, type FundedMember } from './funding';
import { registerByApi } from './helpers';
import { clockPast } from './clock';
import { formatMoney, parseAmount } from '../../src/shared/money/money';

/**
 * The borrower's and the staff's screens, each looked at 360 and 1280 px wide (screenshots into UX_SHOTS_DIR): the
 * wallet history as a bank statement with a cancelled withdrawal returned by its own + line; a
 * withdrawal awaiting its code with Enter code and Cancel; the Settings withdrawal dialog of a
 * withdrawal that never left; the schedule as cards on a phone; the Account dialog pointing to
 * Payout account; the header in Filipino at 320 px; staff landing on /admin and told why a member
 * page is not theirs.
 */
const SHOTS = process.env.UX_SHOTS_DIR ?? '.tmp/shots-ux';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string, widths: readonly number[] = [360, 1280]) {
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  if (original) await page.setViewportSize(original);
}

async function fitsWidth(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, `${what} fits the width`).toBeLessThanOrEqual(width);
}

async function fundedMember(playwright: PlaywrightWorkerArgs['playwright'], page: Page, baseURL: string | undefined): Promise<FundedMember> {
  const officers: APIRequestContext[] = [];
  try {
    for (const index of [0, 1] as const) {
      const request = await playwright.request.newContext({ baseURL });
      officers.push(request);
      await officerRequest(request, baseURL, index);
    }
    const approved = await approvedMember(page.request, officers[0]!, baseURL);
    return await fundMember(page.request, officers[1]!, baseURL, approved);
  } finally {
    for (const request of officers) await request.dispose();
  }
}

test.describe('screens at 360 and 1280 px', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('a withdrawal left awaiting its code can be resumed or cancelled; the history reads as a statement', async ({ page, baseURL, playwright }) => {
    test.setTimeout(240_000);
    const member = await fundedMember(playwright, page, baseURL);
    // One code a minute per phone: the server's clock moves past the last code's minute.
    await clockPast(page.request, member.nextCodeAt);
    // The member asked to withdraw and closed the page before entering the code.
    const created = await page.request.post('/api/withdrawals', {
      headers: { ...origin(baseURL), 'idempotency-key': randomUUID() },
      data: { amount: '1500.00' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { reference } = (await created.json()) as { reference: string };

    await page.goto('/wallet');
    const pending = page.getByTestId('recent-withdrawals').locator('li[data-status="AWAITING_CODE"]');
    // A first visit loads the wallet's code and its reads: more than 10 s on a loaded machine.
    await expect(pending).toContainText(reference, { timeout: 30_000 });
    await expect(pending.getByText(/₱1,500\.00 is on hold for this withdrawal until you enter the code or cancel/)).toBeVisible();
    const history = page.getByTestId('wallet-history');
    await expect(history.locator('li').first()).toContainText(`Withdrawal ${reference}: amount on hold`);
    await expect(history.locator('li').first()).toContainText('On hold · Awaiting code');
    await expect(history.locator('li').first().getByTestId('history-amount')).toHaveText('−₱1,500.00');
    await pending.scrollIntoViewIfNeeded();
    await shoot(page, 'wallet-awaiting');

    // Enter code: the code dialog again with the code's times as the server read them: its
    // expiry, and the resend counting down to the minute the server set, not offered too soon.
    const dialog = page.getByRole('dialog', { name: 'Enter the code from the SMS' });
    const reopenShowsTimes = async () => {
      await pending.getByRole('button', { name: 'Enter code' }).click();
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(/If it has expired, send a new one\./)).toBeVisible();
      await expect(dialog.getByTestId('code-expiry')).toHaveText(/^The code expires at .+ \([0-4]:\d\d left\)\.$/);
      await expect(dialog.getByRole('button', { name: /^Resend code in 0:\d\d$/ })).toBeDisabled();
    };
    await reopenShowsTimes();
    await shoot(page, 'wallet-enter-code');
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect(dialog).toBeHidden();
    // A reload in the middle of the flow: the same times again, read from the server.
    await page.reload();
    await expect(pending).toContainText(reference);
    await reopenShowsTimes();
    await dialog.getByRole('button', { name: 'Later' }).click();
    await expect(dialog).toBeHidden();

    // Cancel: the server releases the hold; the history shows the money coming back.
    await pending.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await expect(page.getByText('Withdrawal cancelled. ₱1,500.00 is back in your wallet.')).toBeVisible();
    await expect(page.getByTestId('recent-withdrawals').locator('li[data-status="CANCELLED"]')).toContainText(reference);
    await expect(page.getByRole('button', { name: 'Enter code' })).toHaveCount(0);
    const returned = history.locator('li[data-entry="RELEASE"]');
    await expect(returned).toContainText(`Withdrawal ${reference} cancelled: amount returned to your wallet`);
    await expect(returned.getByTestId('history-amount')).toHaveText('+₱1,500.00');
    await expect(history.locator('li[data-entry="HOLD"]')).toContainText('Held, then returned (Cancelled)');
    await expect(history).not.toContainText('held until confirmed');
    await expect(page.getByTestId('wallet-balance')).toContainText(formatMoney(parseAmount(member.balance)!));
    await fitsWidth(page, '/wallet');
    await history.scrollIntoViewIfNeeded();
    await shoot(page, 'wallet-history');

    // Settings > Withdrawal: nothing reached the receiver; the amount is shown coming back.
    await page.goto('/settings');
    await page.getByRole('button', { name: /^Withdrawal/ }).click();
    const settings = page.getByRole('dialog', { name: 'Withdrawal' });
    await expect(settings.getByText('Total to final receiver')).toBeVisible();
    await expect(settings.getByText('₱0.00').first()).toBeVisible();
    await expect(settings.getByTestId('withdrawal-returned')).toHaveText('+₱1,500.00');
    await shoot(page, 'settings-withdrawal-cancelled');
    await settings.getByRole('button', { name: 'Close' }).first().click();

    // Settings > Account: no "contact support" for the payout account; a button opens Payout account.
    await page.getByRole('button', { name: /^Account/ }).click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await expect(account.getByText('You can change your payout account yourself, free of charge, under Payout account.')).toBeVisible();
    await expect(account).not.toContainText('contact support');
    await account.getByRole('button', { name: 'Change payout account' }).scrollIntoViewIfNeeded();
    await shoot(page, 'settings-account');
    await account.getByRole('button', { name: 'Change payout account' }).click();
    await expect(page.getByRole('dialog', { name: 'Payout account' })).toBeVisible();
  });

  test('the repayment schedule shows every amount on a phone, the table on a wide screen', async ({ page, baseURL, playwright }) => {
    test.setTimeout(180_000);
    await fundedMember(playwright, page, baseURL);
    await page.goto('/dash');
    await page.getByRole('button', { name: 'Disclosure Statement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disclosure Statement' });
    const cards = dialog.getByTestId('schedule-cards');
    await expect(cards.locator('li')).toHaveCount(25);
    const first = cards.locator('li').first();
    for (const label of ['Principal', 'Interest', 'Fees', 'Instalment', 'Balance after']) await expect(first.getByText(label, { exact: true })).toBeVisible();
    const box = await first.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(360);
    await expect(dialog.getByRole('table')).toBeHidden();
    await first.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/schedule-360.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(dialog.getByRole('table').locator('tbody tr')).toHaveCount(24);
    await expect(cards).toBeHidden();
    await dialog.getByRole('table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/schedule-1280.png` });
  });

  test('the header keeps MAG-LOG OUT whole at 360 and 320 px in Filipino', async ({ page, baseURL }) => {
    await registerByApi(page.request, baseURL);
    await page.addInitScript(() => localStorage.setItem('tapat.language', 'fil'));
    for (const width of [320, 360, 1280]) {
      await page.setViewportSize({ width, height: 700 });
      await page.goto('/activate');
      const logout = page.getByRole('button', { name: 'Mag-log out' });
      await expect(logout).toBeVisible();
      const box = (await logout.boundingBox())!;
      expect(box.x, `${width}: starts inside`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width}: ends inside`).toBeLessThanOrEqual(width);
      const clipped = await logout.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(clipped, `${width}: its text is not cut`).toBe(false);
      await fitsWidth(page, `header at ${width}`);
      await page.screenshot({ path: `${SHOTS}/header-fil-${width}.png`, clip: { x: 0, y: 0, width, height: 80 } });
    }
  });

  test('staff land on /admin; a member page tells them why it is not theirs, and the other way round', async ({ page, browser, baseURL }) => {
    const officer = OFFICERS[0];
    await page.goto('/dash');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Phone number' }).fill(officer.phone.slice(3));
    await page.getByLabel('Password', { exact: true }).fill(officer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin', { timeout: 20_000 });
    await page.goto('/wallet');
    await expect(page.getByRole('heading', { name: 'This page is for members' })).toBeVisible();
    await expect(page).toHaveURL(/\/wallet$/);
    await shoot(page, 'staff-on-member-page');
    await page.getByRole('link', { name: 'Go to the back office' }).click();
    await page.waitForURL('**/admin');

    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 800 } });
    const memberPage = await context.newPage();
    await registerByApi(memberPage.request, baseURL);
    await memberPage.goto('/admin');
    await expect(memberPage.getByRole('heading', { name: 'This page is for staff' })).toBeVisible();
    await memberPage.getByRole('link', { name: 'Go to your dashboard' }).click();
    await memberPage.waitForURL(/\/(dash|activate)$/);
    await context.close();
  });
});
