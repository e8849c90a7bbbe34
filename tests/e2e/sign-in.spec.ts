import { test, expect } from './browser-fixture';
import { newPerson, registerByApi } from './helpers';

const GENERIC = 'Incorrect phone number or password.';

/**
 * Sign-in refusals (specification sections 4 and 8): one generic message for a wrong password and
 * for a phone that has no account (no account enumeration); the error toast stays until dismissed;
 * the button is disabled while the request runs and for 1.5 s after the answer.
 */
test('sign-in refusals: the generic message, in a toast that stays until dismissed', async ({ page, request, baseURL, browserErrors }) => {
  // The server answers 401 to a wrong password on purpose; Chromium logs it as a console error.
  browserErrors.allowConsoleErrors(/Failed to load resource: the server responded with a status of 401/);
  const member = await registerByApi(request, baseURL);
  // The page's clock is ours, so the toast can be shown to outlive its usual 5 s without waiting.
  await page.clock.install();

  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  const password = page.getByLabel('Password', { exact: true });
  const submit = page.getByRole('button', { name: 'Sign In' });
  const toasts = page.locator('[data-toast]');

  // Empty fields: the field messages, and no request.
  await submit.click();
  await expect(phone).toHaveAccessibleDescription('Between 9 and 15 digits. Must start with a digit. Only numbers are permitted.');
  await expect(password).toHaveAccessibleDescription('Please enter your password.');
  await expect(toasts).toHaveCount(0);

  // A registered phone with a wrong password.
  await phone.fill(member.national);
  await password.fill('Not the right password 1');
  await submit.click();
  const error = page.getByRole('alert').filter({ hasText: GENERIC });
  await expect(error).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.clock.fastForward(1600);
  await expect(submit).toBeEnabled();
  // Long after an ordinary toast would have gone, the error is still there.
  await page.clock.fastForward('00:30');
  await expect(error).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // A phone with no account gets exactly the same answer.
  await phone.fill(newPerson().national);
  await password.fill('Not the right password 1');
  await submit.click();
  await expect(error).toBeVisible();
  await expect(toasts).toHaveCount(1);
  await page.clock.fastForward('00:30');
  await expect(error).toBeVisible();

  // Dismissed, it goes.
  await error.getByRole('button', { name: 'Close' }).click();
  await expect(error).toHaveCount(0);
  await expect(toasts).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});
