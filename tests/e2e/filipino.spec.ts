import { test, expect } from './browser-fixture';
import { registerByApi } from './helpers';
import { activateByApi } from './funding';

/**
 * Issue 12: Filipino does not stop where the money starts. A member who chose Filipino reads the
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
