import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from './browser-fixture';
import { randomUUID } from 'node:crypto';
import { activateByApi, approvedMember, fundMember, officerRequest, origin } from './funding';
import { outbox, readCode, registerByApi, signInByApi, verifyEmailByApi, wrongCode, type Member } from './helpers';
import { clockPast } from './clock';

/**
 * Settings: the password change (other sessions signed out, then signing
 * in with the new password), the payout account change with the code from the outbox, the
 * dialogs and their empty states, an axe scan of the page and its dialogs on a 360 px phone, and
 * screenshots at 360 and 1280 px into .tmp/shots-<port>.
 */

const NEW_PASSWORD = 'Halo-halo Mangga 5521';
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const SHOTS = `.tmp/shots-${process.env.E2E_PORT === '3313' ? 'h3' : (process.env.E2E_PORT ?? '3310')}`;

async function expectNoSeriousViolation(page: Page, testInfo: TestInfo, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(results.passes.length, `axe checked something on ${where}`).toBeGreaterThan(10);
  const lines = results.violations.map(
    (v) => `[${v.impact ?? 'unknown'}] ${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  if (lines.length > 0) await testInfo.attach(`axe ${where}`, { body: lines.join('\n'), contentType: 'text/plain' });
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `[${v.impact}] ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations of serious or critical impact on ${where}`,
  ).toEqual([]);
}

async function openSettings(page: Page): Promise<void> {
  await page.goto('/settings');
  // A first visit loads the page's code lazily after the session answer: on a loaded machine that
  // has taken more than the default 10 s. If it fails, the message says where the page went and
  // what it showed instead (a redirect to /activate or /login, an error page).
  const heading = page.getByRole('heading', { level: 1, name: 'Settings' });
  try {
    await expect(heading).toBeVisible({ timeout: 20_000 });
  } catch (error) {
    const shown = (
      await page
        .locator('main')
        .first()
        .innerText()
        .catch(() => '(no main)')
    ).slice(0, 400);
    throw new Error(`Settings did not open: the page is at ${page.url()} and shows: ${shown}`, { cause: error });
  }
  await expect(page.getByTestId('credit-score')).toBeVisible();
}

/** The page in full; a dialog as the person sees it (the viewport). */
async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return; // pictures only when asked (playwright.config.ts)
  await page.screenshot({ path: `${SHOTS}/${name}-${page.viewportSize()?.width ?? 0}.png`, fullPage });
}

test('password change: current password checked, other sessions signed out, then signing in with the new one', async ({
  page,
  playwright,
  baseURL,
  browserErrors,
}) => {
  const member = await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);
  // Another device, signed in with the old password.
  const otherDevice = await playwright.request.newContext({ baseURL });
  await signInByApi(otherDevice, baseURL, member);
  expect(((await (await otherDevice.get('/api/auth/session')).json()) as { user: unknown }).user).not.toBeNull();

  await openSettings(page);
  await page.getByRole('button', { name: /^Password/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Change password' });
  await expect(submit).toBeDisabled();

  // A wrong current password: refused by the server, shown on the field.
  browserErrors.allowConsoleErrors(/status of 400/);
  await dialog.getByLabel('Current password').fill('not my password at all');
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await expect(dialog.getByText(/^Password strength: /)).toBeVisible();
  await submit.click();
  await expect(dialog.getByLabel('Current password')).toHaveAccessibleDescription('Your current password is not correct.');
  expect((await otherDevice.get('/api/auth/session')).ok()).toBe(true);

  // A mismatching confirmation is refused before anything is sent.
  await dialog.getByLabel('Current password').fill(member.password);
  await dialog.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
  await dialog.getByLabel('Confirm new password').blur();
  await expect(dialog.getByLabel('Confirm new password')).toHaveAccessibleDescription('Password confirmation mismatch.');
  await dialog.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await submit.click();

  await expect(dialog.getByRole('status').filter({ hasText: 'Your password changed successfully.' })).toBeVisible();
  await page.waitForURL('**/dash', { timeout: 6_000 });

  // This browser stays signed in; the other device was signed out.
  expect(((await (await page.request.get('/api/auth/session')).json()) as { user: unknown }).user).not.toBeNull();
  expect(((await (await otherDevice.get('/api/auth/session')).json()) as { user: unknown }).user).toBeNull();
  const old = await otherDevice.post('/api/auth/login', { headers: origin(baseURL), data: { phone: member.phone, password: member.password } });
  expect(old.status()).toBe(401);
  await otherDevice.dispose();

  // Sign out, then sign in with the new password in the browser. The sign-out goes behind the
  // page's back while /dash may still be loading its panels (their route entries load lazily):
  // those requests are then answered 401, as they should be.
  browserErrors.allowConsoleErrors(/status of 401 \(Unauthorized\)/);
  await page.request.post('/api/auth/logout', { headers: origin(baseURL), data: {} });
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(member.national);
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dash', { timeout: 10_000 });
});

test('payout account change: a code by SMS, free, and withdrawals paused for 24 hours', async ({ page, baseURL, browserErrors }) => {
  // A phone is sent at most one code a minute: the server's clock moves past the registration's minute.
  const member: Member = await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);
  // The e-mailed notice below goes only to a verified address (decision 051).
  await verifyEmailByApi(page.request, baseURL, member);
  await clockPast(page.request, member.nextCodeAt);

  await openSettings(page);
  await page.getByRole('button', { name: /^Payout account/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Payout account' });
  const current = dialog.getByTestId('payout-current');
  await expect(current).toContainText('BDO Unibank');
  await expect(current).toContainText('001*********');
  await current.getByRole('button', { name: 'Show the account number for 3 seconds' }).click();
  await expect(current).toContainText('001234567890');
  await expect(current).toContainText('001*********', { timeout: 5_000 });
  await expect(dialog).toContainText('Changing your payout account is free.');
  await expect(dialog).toContainText('withdrawals are paused for 24 hours after a change');

  // The same account is refused by the server.
  browserErrors.allowConsoleErrors(/status of 400/);
  await dialog.getByRole('combobox', { name: 'Bank or e-wallet' }).selectOption('BDO');
  await dialog.getByRole('textbox', { name: 'Account number' }).fill('0012 3456 7890');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Account number' })).toHaveAccessibleDescription('This is already your payout account.');

  await dialog.getByRole('combobox', { name: 'Bank or e-wallet' }).selectOption('GCASH');
  await dialog.getByRole('textbox', { name: 'Mobile number of the e-wallet' }).fill('0917 555 1234');
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /We sent a code to \+63 917\*+/ })).toBeVisible();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const sms = (await outbox(page.request)).find((m) => m.channel === 'SMS' && m.recipient === member.phone && /to change your payout account/.test(m.body));
      code = /(\d{6}) is your code/.exec(sms?.body ?? '')?.[1];
      return code;
    })
    .toBeDefined();

  const codeField = dialog.getByRole('textbox', { name: 'Code from the SMS' });
  await codeField.fill(wrongCode(code!));
  await dialog.getByRole('button', { name: 'Change payout account' }).click();
  await expect(codeField).toHaveAccessibleDescription(/Invalid code|incorrect|wrong|tries left/i);
  await codeField.fill(code!);
  await dialog.getByRole('button', { name: 'Change payout account' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /Your payout account was changed\. Withdrawals are paused until/ })).toBeVisible();
  await expect(current).toContainText('GCash');
  await expect(current).toContainText('091********');

  // Notices by SMS and e-mail.
  const messages = await outbox(page.request);
  expect(messages.some((m) => m.channel === 'SMS' && m.recipient === member.phone && /payout account was changed to GCash/.test(m.body))).toBe(true);
  expect(messages.some((m) => m.channel === 'EMAIL' && m.recipient === member.email && m.subject === 'Your TAPAT payout account was changed')).toBe(true);
  // The withdrawals server sees the hold.
  const options = (await (await page.request.get('/api/withdrawals/options')).json()) as { blockedUntil: string | null };
  expect(options.blockedUntil).not.toBeNull();

  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: /^Payout account/ }).click();
  await expect(dialog.getByRole('status').filter({ hasText: /Withdrawals are paused until/ })).toBeVisible();
});

for (const width of [360, 1280]) {
  test(`the Settings dialogs and their empty states at ${width} px, with axe at 360 px`, async ({ page, baseURL }, testInfo) => {
    // Seven axe scans at 360 px: 50 s on CI's machine, over the default 90 s when it is loaded.
    test.setTimeout(240_000);
    await page.setViewportSize({ width, height: 800 });
    await registerByApi(page.request, baseURL);
    await activateByApi(page.request, baseURL);
    await openSettings(page);
    const scan = async (where: string) => {
      if (width === 360) await expectNoSeriousViolation(page, testInfo, where);
    };

    // The credit score of a new member: the completed profile only; repayments not recorded yet.
    await expect(page.getByTestId('credit-score')).toHaveText('200');
    await expect(page.getByRole('img', { name: 'Credit score: 200 out of 1000' })).toBeVisible();
    await shot(page, 'settings', true);
    await scan('/settings');

    await page.getByRole('button', { name: 'What is credit score?' }).click();
    const explanation = page.getByRole('dialog', { name: 'What is credit score?' });
    await expect(explanation).toContainText('Keeping money in your wallet does not change your score');
    await expect(explanation.locator('[data-component]')).toHaveCount(5);
    await expect(explanation.locator('[data-component="profile"]')).toContainText('200 of 200 points');
    await expect(explanation.locator('[data-component="onTime"]')).toContainText('No instalment has fallen due yet.');
    await shot(page, 'credit-score');
    await scan('What is credit score?');
    await explanation.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /^Withdrawal/ }).click();
    const withdrawal = page.getByRole('dialog', { name: 'Withdrawal' });
    await expect(withdrawal).toContainText("We haven't received any withdrawal so far.");
    await shot(page, 'withdrawal');
    await scan('Withdrawal dialog');
    await withdrawal.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /^Contract/ }).click();
    const contract = page.getByRole('dialog', { name: 'Contract' });
    await expect(contract).toContainText("We haven't received any loan applications so far.");
    await shot(page, 'contract');
    await scan('Contract dialog');
    await contract.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /^Account The information/ }).click();
    const account = page.getByRole('dialog', { name: 'Account' });
    await expect(account).toContainText('BDO Unibank');
    await shot(page, 'account');
    await account.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /^Password/ }).click();
    const password = page.getByRole('dialog', { name: 'Change password' });
    await expect(password.getByLabel('Current password')).toBeVisible();
    await shot(page, 'password');
    await scan('Password dialog');
    await password.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: /^Payout account/ }).click();
    const payout = page.getByRole('dialog', { name: 'Payout account' });
    await expect(payout.getByTestId('payout-current')).toContainText('001*********');
    await shot(page, 'payout');
    await scan('Payout account dialog');
    await payout.getByRole('button', { name: 'Close' }).click();

    for (const [name, text] of [
      ['Transfer', 'Withdrawing is free.'],
      ['Pay', 'You repay your loan in monthly instalments.'],
      ['Borrow', 'Apply for a loan on Home'],
    ] as const) {
      await page.getByRole('button', { name, exact: true }).click();
      const info = page.getByRole('dialog', { name });
      await expect(info).toContainText(text);
      await expect(info).not.toContainText(/keep(ing)? money in (your|the) wallet (earns|raises|increases)/i);
      await shot(page, name.toLowerCase());
      await scan(`${name} dialog`);
      await info.getByRole('button', { name: 'Close' }).click();
      await expect(info).toBeHidden();
    }
  });
}

test('with a signed loan and a withdrawal: the Contract and Withdrawal dialogs show them', async ({ page, playwright, baseURL }, testInfo) => {
  // Three codes for one phone (registration, signing, withdrawal), one a minute: the clock moves past each minute.
  test.setTimeout(180_000);
  const officerOne = await playwright.request.newContext({ baseURL });
  const officerTwo = await playwright.request.newContext({ baseURL });
  await officerRequest(officerOne, baseURL, 0);
  await officerRequest(officerTwo, baseURL, 1);
  const approved = await approvedMember(page.request, officerOne, baseURL);
  const funded = await fundMember(page.request, officerTwo, baseURL, approved);
  await officerOne.dispose();
  await officerTwo.dispose();

  await clockPast(page.request, funded.nextCodeAt);
  const requested = await page.request.post('/api/withdrawals', {
    headers: { ...origin(baseURL), 'idempotency-key': randomUUID() },
    data: { amount: '1500.00' },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const { id } = (await requested.json()) as { id: string };
  const code = await readCode(page.request, funded.phone, 'withdrawal');
  const confirmed = await page.request.post(`/api/withdrawals/${id}/confirm`, {
    headers: { ...origin(baseURL), 'idempotency-key': randomUUID() },
    data: { code },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  const view = (await confirmed.json()) as { reference: string };

  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await openSettings(page);
    await page.getByRole('button', { name: /^Withdrawal/ }).click();
    const withdrawal = page.getByRole('dialog', { name: 'Withdrawal' });
    await expect(withdrawal).toContainText('Last withdrawal');
    await expect(withdrawal).toContainText(view.reference);
    await expect(withdrawal).toContainText('BDO Unibank');
    await expect(withdrawal).toContainText('001*********');
    await expect(withdrawal).toContainText('Transferred From');
    // A peso payout: no exchange rate line ("1 PHP = 1.00 PHP" said nothing).
    await expect(withdrawal).not.toContainText('Exchange rate');
    await expect(withdrawal).not.toContainText('1 PHP = 1.00 PHP');
    await expect(withdrawal).toContainText('₱1,500.00');
    await expect(withdrawal).toContainText('₱0.00');
    await expect(withdrawal.getByTestId('withdrawal-list').getByRole('listitem')).toHaveCount(1);
    await withdrawal.getByRole('button', { name: 'Show the account number for 3 seconds' }).click();
    await expect(withdrawal).toContainText('001234567890');
    await shot(page, 'withdrawal-filled');
    if (width === 360) await expectNoSeriousViolation(page, testInfo, 'Withdrawal dialog with a withdrawal');
    await withdrawal.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /^Contract/ }).click();
    const contract = page.getByRole('dialog', { name: 'Contract' });
    await expect(contract).toContainText('LOAN CONTRACT AGREEMENT');
    await expect(contract).toContainText(/Signed on/);
    // The ID number is masked in the contract view.
    await expect(contract).toContainText(/No\. 123\*{16},/);
    await expect(contract).not.toContainText('1234-5678-9012-3456');
    await expect(contract.getByRole('link', { name: 'Download the contract (PDF)' })).toHaveAttribute('href', '/api/loans/current/contract.pdf');
    await shot(page, 'contract-signed');
    if (width === 360) await expectNoSeriousViolation(page, testInfo, 'Contract dialog with a signed loan');
    await contract.getByRole('button', { name: 'Close' }).click();
  }
});

test('e-mail verification: not verified, a code by e-mail, a wrong one refused on the field, then verified', async ({ page, baseURL, browserErrors }) => {
  const member: Member = await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);
  await openSettings(page);
  const card = page.getByRole('region', { name: 'E-mail address' });
  await expect(card).toContainText(member.email);
  await expect(card.getByTestId('email-status')).toHaveText('Not verified');
  await card.getByRole('button', { name: 'Send me a code' }).click();
  await expect(card.getByRole('status')).toContainText(`a code is on its way to ${member.email}`);
  let code: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await outbox(page.request)).find((m) => m.channel === 'EMAIL' && m.recipient === member.email);
      code = /verify this e-mail address is (\d{6})/.exec(mail?.body ?? '')?.[1];
      return code;
    })
    .toBeDefined();
  const field = card.getByRole('textbox', { name: 'Code from the e-mail' });
  browserErrors.allowConsoleErrors(/status of 400/);
  await field.fill(wrongCode(code!));
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(field).toHaveAccessibleDescription(/Invalid OTP|tries left/);
  await field.fill(code!);
  await card.getByRole('button', { name: 'Verify' }).click();
  await expect(card.getByTestId('email-status')).toHaveText('Verified');
});

test("account recovery is reachable from /login ('Forgot password?') and from /contact (ACCOUNT RECOVERY)", async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/recover');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Recovery' })).toBeVisible();
  await page.goto('/contact');
  await page.getByRole('link', { name: 'ACCOUNT RECOVERY' }).click();
  await page.waitForURL('**/recover');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Recovery' })).toBeVisible();
});
