import { test, expect } from './browser-fixture';
import { readCode } from './helpers';
import { clockPast } from './clock';

/**
 * Account recovery (DECISIONS.md section 2): from the contact page's ACCOUNT RECOVERY to /recover,
 * a code sent to the registered phone, a new password, and signing in with it.
 */
test('account recovery: a code by SMS, a new password, and signing in with it', async ({ page, request, baseURL, earlyMember: member }) => {
  // One code a minute per phone: when this test runs alone, the registration's minute may not be over.
  await clockPast(request, member.nextCodeAt);
  const newPassword = 'Sampaguita jeepney 7319?';

  await page.goto('/contact');
  await page.getByRole('link', { name: 'ACCOUNT RECOVERY' }).click();
  await page.waitForURL('**/recover');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Recovery' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Phone number' }).fill(member.national);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If this number is registered, we sent a code to it.' })).toBeVisible();
  const code = await readCode(page.request, member.phone, 'password reset');

  const codeField = page.getByRole('textbox', { name: 'One-time code' });
  const password = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password');
  await codeField.fill(code);
  await password.fill(newPassword);
  await confirm.fill(`${newPassword}x`);
  await confirm.blur();
  await expect(confirm).toHaveAccessibleDescription('Password confirmation mismatch.');
  await confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Password changed' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();

  // The old password no longer opens the account (checked through the API, outside the page).
  const old = await request.post('/api/auth/login', {
    headers: { origin: new URL(baseURL!).origin },
    data: { phone: member.phone, password: member.password },
  });
  expect(old.status()).toBe(401);

  await page.getByRole('link', { name: 'Go to Sign In' }).click();
  await page.waitForURL('**/login');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(member.national);
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dash', { timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 2, name: 'Activate your account before applying loan' })).toBeVisible();
});
