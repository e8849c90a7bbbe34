import { test, expect } from './browser-fixture';
import { registerByApi } from './helpers';
import { activateByApi } from './funding';

/**
 * Filipino does not stop where the money starts. A member who chose Filipino reads the
 * loan panel, the agreement and the Disclosure Statement in Filipino, and every API request says
 * so (Accept-Language: fil), so that the server's refusals come back in Filipino too.
 */
test('a member who chose Filipino applies in Filipino, and the API is told the language', async ({ page, baseURL }) => {
  await page.addInitScript(() => window.localStorage.setItem('tapat.language', 'fil'));
  await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);

  const apiRequest = page.waitForRequest((request) => request.url().includes('/api/loans/'));
  await page.goto('/dash');
  expect((await apiRequest).headers()['accept-language']).toBe('fil');

  const panel = page.locator('section[aria-labelledby="loan-title"]');
  await expect(panel.getByRole('heading', { name: 'Aplikasyon sa loan' })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Halaga ng loan (PHP)' })).toHaveValue('200000.00');
  await panel.getByRole('button', { name: 'Mag-apply na' }).click();
  await expect(page.getByText('Pakibasa ang Kasunduan sa Serbisyo at Patakaran')).toBeVisible();
  await panel.getByRole('button', { name: 'Kasunduan sa Serbisyo at Patakaran' }).click();
  const agreement = page.getByRole('dialog', { name: 'Kasunduan sa Serbisyo at Patakaran' });
  await agreement.getByRole('button', { name: 'Sumasang-ayon ako' }).click();
  await panel.getByRole('button', { name: 'Mag-apply na' }).click();

  const disclosure = page.getByRole('dialog', { name: 'Disclosure Statement' });
  await expect(disclosure.getByText('Halagang ipapautang (principal)')).toBeVisible();
  await expect(disclosure.getByText('Kabuuang babayaran')).toBeVisible();
  await expect(disclosure.getByRole('columnheader', { name: 'Natitirang balanse' })).toBeVisible();
});

test('the Terms in Filipino say that the English text prevails', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('tapat.language', 'fil'));
  await page.goto('/');
  await page.getByRole('button', { name: 'Mga Tuntunin at Kundisyon' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Mga Tuntunin at Kundisyon' });
  await expect(dialog.getByText(/ang bersyong Ingles ang masusunod/)).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Pagtanggap sa mga tuntuning ito' })).toBeVisible();
});

test("the member's language is theirs: chosen in one browser, the pages of a second browser follow it after sign-in", async ({ page, baseURL, browser }) => {
  const member = await registerByApi(page.request, baseURL);
  await page.goto('/activate');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/member/language') && response.request().method() === 'PUT');
  await page.getByRole('button', { name: 'Filipino' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');

  // Another browser, which has never been told anything: English until the member signs in.
  const second = await browser.newContext({ baseURL });
  try {
    const other = await second.newPage();
    await other.goto('/login');
    await expect(other.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await other.getByRole('textbox', { name: 'Phone number' }).fill(member.national);
    await other.getByLabel('Password', { exact: true }).fill(member.password);
    await other.getByRole('button', { name: 'Sign In' }).click();
    await expect(other.locator('html')).toHaveAttribute('lang', 'fil');
    await expect(other.getByRole('button', { name: 'Mag-log out' }).first()).toBeVisible();
    // It stays so on a reload: the choice is remembered by this browser too.
    await other.reload();
    await expect(other.locator('html')).toHaveAttribute('lang', 'fil');
  } finally {
    await second.close();
  }
});
