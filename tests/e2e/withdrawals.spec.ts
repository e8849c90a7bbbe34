import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Locator, Page, PlaywrightWorkerArgs } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './browser-fixture';
import { outbox, readCode, wrongCode } from './helpers';
import { approvedMember, fundMember, officerRequest, origin, type FundedMember } from './funding';
import { parseAmount, formatMoney, toDecimalString } from '../../src/shared/money/money';
import { SIMULATED_FAILURE_REASON } from '../../src/server/providers/payouts/simulated';
import { advanceClock, clockPast, PAYOUT_SETTLES_WITHIN_MS, serverNow } from './clock';

/**
 * The withdrawal journeys on /wallet at 360 px (screenshots also at 1280 px into
 * WITHDRAWALS_SHOTS_DIR): a funded member withdraws with the code from the outbox (a cancelled
 * attempt first, then a wrong code, then the right one), watches the simulated payout settle and
 * comes back to a lower balance. The e2e server's simulated provider settles after
 * PAYOUT_SETTLE_SECONDS (60 s, scripts/e2e-server.sh): the test moves the server's clock forward.
 *
 * The failure journey needs payouts that fail. The simulated provider's failure rate is one setting
 * for the whole server, so that journey runs in the 'payout-failure' project against a server of
 * its own whose payouts all fail (playwright.config.ts), and the success journey everywhere else.
 */
const SHOTS = process.env.WITHDRAWALS_SHOTS_DIR ?? '.tmp/shots-withdrawals';
mkdirSync(SHOTS, { recursive: true });

/** Screenshots at 360 and 1280 px; `show`: a part of the page scrolled into view first. */
async function shoot(page: Page, name: string, show?: Locator) {
  if (process.env.SCREENSHOTS !== '1') return; // pictures only when asked (playwright.config.ts)
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    if (show) await show.scrollIntoViewIfNeeded();
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  if (original) await page.setViewportSize(original);
}

/** No serious or critical WCAG 2.1 AA violation on the page (or in the open dialog). */
async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.passes.length, `axe checked something on ${where}`).toBeGreaterThan(10);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** "196000.00" as the page shows it: "₱196,000.00". */
function peso(amount: string | bigint): string {
  return formatMoney(typeof amount === 'bigint' ? amount : parseAmount(amount)!);
}

/** A member with a disbursed loan in the wallet, the browser context signed in as them. */
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

/** A phone is sent at most one code a minute: moves the server's clock past this member's next one. */
async function untilNextCode(page: Page, at: Date) {
  await clockPast(page.request, at);
}

/** From the wallet, WITHDRAW NOW, an amount, CONTINUE WITHDRAWAL: the review step. */
async function enterAmount(page: Page, amount: string) {
  await page.getByRole('button', { name: 'Withdraw now' }).click();
  await expect(page.getByRole('heading', { name: 'How much do you want to withdraw?' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Amount to withdraw (PHP)' }).fill(amount);
  await page.getByRole('button', { name: 'Continue withdrawal' }).click();
  await expect(page.getByRole('heading', { name: 'Review your withdrawal' })).toBeFocused();
}

test.describe('withdrawals on /wallet', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('a funded member withdraws with the code from the SMS and sees the payout settle', async ({ page, baseURL, playwright, browserErrors }) => {
    test.setTimeout(180_000);
    // The wrong code is answered 400 on purpose, and one request is cut off on purpose.
    browserErrors.allowConsoleErrors(/status of 400/, /net::ERR_FAILED/);
    const member = await fundedMember(playwright, page, baseURL);
    const balance = parseAmount(member.balance)!;

    // --- The wallet: WITHDRAW NOW is enabled with money in it; no withdrawal yet.
    await page.goto('/wallet');
    await expect(page.getByTestId('wallet-balance')).toContainText(peso(balance));
    await expect(page.getByText("We haven't received any withdrawal so far.")).toBeVisible();
    await axe(page, 'wallet');

    // --- Withdrawing: the balance, the limits from the server, the input's rules.
    await page.getByRole('button', { name: 'Withdraw now' }).click();
    await expect(page.getByRole('heading', { name: 'How much do you want to withdraw?' })).toBeFocused();
    await expect(page.getByTestId('withdrawal-available')).toContainText(peso(balance));
    await expect(page.getByText('InstaPay (real time): ₱100.00 to ₱50,000.00')).toBeVisible();
    await expect(page.getByText('The minimum withdrawal is ₱100.00.')).toBeVisible();
    const input = page.getByRole('textbox', { name: 'Amount to withdraw (PHP)' });
    await expect(input).toHaveAttribute('maxlength', '14');
    await input.fill('a1,5x0.2.59');
    await expect(input, 'only digits and one dot, at most 2 decimals').toHaveValue('150.25');
    await input.fill('99999999999');
    await expect(input, 'an amount above the balance becomes the balance').toHaveValue(member.balance);
    await input.fill('50');
    await page.getByRole('button', { name: 'Continue withdrawal' }).click();
    await expect(page.getByText('The minimum withdrawal is ₱100.00.', { exact: true }).and(page.getByRole('alert'))).toBeVisible();
    await input.fill('1500');
    await axe(page, 'withdrawing');
    await shoot(page, '1-withdrawing');

    // --- Confirming: the review, then the code dialog; cancelling gives the money back.
    await page.getByRole('button', { name: 'Continue withdrawal' }).click();
    await expect(page.getByRole('heading', { name: 'Review your withdrawal' })).toBeFocused();
    await expect(page.getByTestId('review-amount')).toHaveText('₱1,500.00');
    await expect(page.getByTestId('review-fee')).toHaveText('₱0.00');
    await expect(page.getByTestId('review-receive')).toHaveText('₱1,500.00');
    await expect(page.getByTestId('review-account'), 'masked but the first 3 characters').toHaveText(/ · 001\*+$/);
    await expect(page.getByText('InstaPay (real time)')).toBeVisible();
    await expect(page.getByText('Transfers take 10 to 60 minutes.')).toBeVisible();
    await axe(page, 'confirming');
    await shoot(page, '2-confirming');

    await untilNextCode(page, member.nextCodeAt);
    const firstSentAfter = await serverNow(page.request);
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the code from the SMS' });
    await expect(dialog).toBeVisible();
    const codeBox = dialog.getByRole('textbox', { name: 'Code from the SMS' });
    await expect(codeBox).toBeFocused();
    await expect(dialog.getByText('6 digit OTP code. Only numbers are allowed.')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Confirm', exact: true })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: /^Resend code in \d:\d\d$/ })).toBeDisabled();
    const firstCode = await readCode(page.request, member.phone, 'withdrawal');
    await axe(page, 'code dialog');
    await shoot(page, '3-code');
    // The money is held while the code is awaited.
    const held = (await (await page.request.get('/api/withdrawals/options')).json()) as { available: string };
    expect(parseAmount(held.available)).toBe(balance - 1500_00n);

    await dialog.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'How much do you want to withdraw?' })).toBeFocused();
    await expect(page.getByText(/^Withdrawal TAPAT-\d{6} was cancelled\. ₱1,500\.00 is back in your wallet\.$/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Amount to withdraw (PHP)' }), 'the entry is cleared').toHaveValue('');
    await expect(page.getByTestId('withdrawal-available')).toContainText(peso(balance));

    // --- Second attempt: a wrong code first, then the right one (the phone's next code after a minute).
    await page.getByRole('textbox', { name: 'Amount to withdraw (PHP)' }).fill('1500');
    await page.getByRole('button', { name: 'Continue withdrawal' }).click();
    await expect(page.getByRole('heading', { name: 'Review your withdrawal' })).toBeFocused();
    // The request is lost on the way once: 'No Server Response', and the retry of the same attempt
    // carries the same Idempotency-Key (so the server could never hold the money twice).
    const keys: string[] = [];
    await page.route('**/api/withdrawals', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push((await route.request().allHeaders())['idempotency-key'] ?? '');
      return keys.length === 1 ? route.abort('failed') : route.continue();
    });
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'No Server Response' }).first()).toBeVisible();
    await untilNextCode(page, new Date(firstSentAfter + 61_000));
    const secondSentAfter = await serverNow(page.request);
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await expect(dialog).toBeVisible();
    await page.unrouteAll();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1], 'the retry reuses the key').toBe(keys[0]);
    const code = await readCode(page.request, member.phone, 'withdrawal', [firstCode]);
    await codeBox.fill(`${wrongCode(code)}99`);
    await expect(codeBox, 'six digits at most').toHaveValue(wrongCode(code));
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByText('Invalid OTP', { exact: true })).toBeVisible();
    await expect(dialog.getByText(/Invalid OTP\. 4 tries left\./)).toBeVisible();
    await shoot(page, '3b-code-wrong');
    await codeBox.fill(code);
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();

    // --- Transferring: the real status from the server until it says PAID.
    await expect(page.getByRole('heading', { name: 'Transferring' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/Transfers take 10 to 60 minutes\. You may leave this page/)).toBeVisible();
    const reference = (await page.getByTestId('transfer-reference').textContent()) ?? '';
    expect(reference).toMatch(/^TAPAT-\d{6}$/);
    await shoot(page, '4-transferring');

    // --- finalcountdown: only once the server says PAID (its clock moved past the settling time).
    await advanceClock(page.request, PAYOUT_SETTLES_WITHIN_MS);
    await expect(page.getByRole('heading', { name: 'Withdrawal complete' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('result-status')).toHaveText('Paid');
    const paid = (await (await page.request.get('/api/withdrawals')).json()) as { withdrawals: { reference: string; status: string }[] };
    expect(paid.withdrawals.find((w) => w.reference === reference)?.status).toBe('PAID');
    await axe(page, 'finalcountdown');
    await shoot(page, '5-finalcountdown');

    // --- CONTINUE: the wallet again, reloaded, with the lower balance and the withdrawal listed.
    await page.getByRole('button', { name: 'Continue' }).click();
    const after = balance - 1500_00n;
    await expect(page.getByTestId('wallet-balance')).toContainText(peso(after));
    const recent = page.getByTestId('recent-withdrawals');
    await expect(recent.getByRole('listitem').filter({ hasText: reference })).toContainText('Paid');
    await expect(recent.getByRole('listitem').filter({ hasText: 'Cancelled' })).toContainText('₱1,500.00');
    await axe(page, 'wallet after');
    await shoot(page, '6-wallet-after', recent);
    expect(toDecimalString(after)).toBe(((await (await page.request.get('/api/wallet')).json()) as { wallet: string }).wallet);

    // --- A change of payout account (with its own code) pauses withdrawals for 24 hours: said plainly, nothing to press.
    await untilNextCode(page, new Date(secondSentAfter + 61_000));
    const account = { institutionCode: 'BPI', accountNumber: '9876 5432 10', accountName: 'Maria Clara Santos' };
    const asked = await page.request.post('/api/member/payout-account/code', { headers: origin(baseURL), data: account });
    expect(asked.status(), await asked.text()).toBe(200);
    let changeCode: string | undefined;
    await expect
      .poll(async () => {
        const sms = (await outbox(page.request)).find(
          (m) => m.channel === 'SMS' && m.recipient === member.phone && /to change your payout account/.test(m.body),
        );
        changeCode = /(\d{6}) is your code/.exec(sms?.body ?? '')?.[1];
        return changeCode;
      })
      .toBeDefined();
    const changed = await page.request.put('/api/member/payout-account', { headers: origin(baseURL), data: { ...account, code: changeCode } });
    expect(changed.status(), await changed.text()).toBe(200);
    await page.getByRole('button', { name: 'Withdraw now' }).click();
    await expect(page.getByText('Withdrawals are paused', { exact: true })).toBeVisible();
    await expect(page.getByText(/For your safety, withdrawals are paused until .+\./)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Amount to withdraw (PHP)' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Continue withdrawal' })).toBeDisabled();
    await axe(page, 'withdrawals paused');
    await shoot(page, '7-paused');
  });

  test('a payout that fails shows the reason and the money comes back to the wallet', async ({ page, baseURL, playwright }) => {
    test.setTimeout(180_000);
    const member = await fundedMember(playwright, page, baseURL);
    const balance = parseAmount(member.balance)!;

    await page.goto('/wallet');
    await expect(page.getByTestId('wallet-balance')).toContainText(peso(balance));
    await enterAmount(page, '2000');
    await untilNextCode(page, member.nextCodeAt);
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Enter the code from the SMS' });
    await dialog.getByRole('textbox', { name: 'Code from the SMS' }).fill(await readCode(page.request, member.phone, 'withdrawal'));
    await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Transferring' })).toBeVisible();

    await advanceClock(page.request, PAYOUT_SETTLES_WITHIN_MS);
    await expect(page.getByRole('heading', { name: 'The withdrawal did not go through' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('result-status')).toHaveText('Failed');
    await expect(page.getByTestId('result-reason')).toHaveText(SIMULATED_FAILURE_REASON);
    await expect(page.getByTestId('result-funds-back')).toHaveText('The money is back in your wallet: ₱2,000.00 is available to you again.');
    await axe(page, 'failure');
    await shoot(page, '5-failed');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByTestId('wallet-balance')).toContainText(peso(balance));
    await expect(page.getByTestId('recent-withdrawals').getByRole('listitem').first()).toContainText('Failed');
    await shoot(page, '6-wallet-after-failure', page.getByTestId('recent-withdrawals'));
  });
});
