import { test, expect } from './browser-fixture';
import { newPerson, registerByApi } from './helpers';

/**
 * The public pages are HTML from the server (decision 031): they read without JavaScript, and the
 * app takes them over (hydration) without throwing the server's markup away and without a console
 * error (a hydration mismatch is one).
 */
const PAGES = [
  { path: '/', heading: 'Empowering dreams, one loan at a time.' },
  { path: '/hiw', heading: 'How It Works' },
  { path: '/about', heading: "We're here to help everyone take control of their financial future" },
  { path: '/contact', heading: 'We are here to help you' },
  { path: '/no-such-page', heading: "We couldn't find that page" },
];

test('without JavaScript the landing page shows its figures, the calculator and the company, and the other public pages read', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Empowering dreams, one loan at a time.' })).toBeVisible();
  await expect(page.getByText(/Interest is [\d.]+% a month on the amount borrowed/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Loan calculator' })).toBeVisible();
  await expect(page.getByText('Estimated monthly repayment')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why Tapat?' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('SEC Registration No.');
  await expect(page).toHaveTitle(/^Tapat: honest instalment loans/);
  await expect(page.getByText('needs JavaScript')).toHaveCount(0);
  for (const { path, heading } of PAGES.slice(1)) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await context.close();
});

for (const { path, heading } of PAGES) {
  test(`${path} is hydrated in place, without a console error`, async ({ page }) => {
    // Hold the app's code until the server's page is on screen and marked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'commit' });
    const h1 = page.getByRole('heading', { level: 1, name: heading });
    await expect(h1).toBeVisible();
    await h1.evaluate((element) => element.setAttribute('data-from-server', ''));
    release();
    // Hydrated: the session check has run and the Login button replaced its placeholder.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    // The same element: React kept the server's markup instead of rendering the page again.
    await expect(page.locator('h1[data-from-server]')).toHaveCount(1);
  });
}

test('a page chosen in Filipino comes in Filipino and is hydrated in it; a choice kept only in the browser applies after', async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: 'tapat.language', value: 'fil', url: baseURL! }]);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.getByRole('heading', { level: 1, name: 'Tinutupad ang mga pangarap, isang pautang sa bawat pagkakataon.' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: /^Mag-?log ?in$/i })).toBeVisible();

  // The choice is kept in local storage only (the cookie is gone): the server renders English, the
  // page is hydrated in English, then switches to Filipino and puts the cookie back.
  await page.evaluate(() => localStorage.setItem('tapat.language', 'fil'));
  await context.clearCookies();
  await page.goto('/hiw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fil');
  await expect(page.getByRole('heading', { level: 1, name: 'Paano Ito Gumagana' })).toBeVisible();
  expect((await context.cookies()).find((cookie) => cookie.name === 'tapat.language')?.value).toBe('fil');
});

test("a visitor's landing page hydrates only its islands and its links are visits; a signed-in member's gets the whole app (decision 095)", async ({
  page,
  baseURL,
}) => {
  const scripts = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((name) => name.endsWith('.js')),
    );
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'islands');
  await page.waitForLoadState('networkidle');
  const visitor = await scripts();
  expect(visitor.some((name) => /\/assets\/hydrate-[^/]+\.js$/.test(name))).toBe(true);
  expect(visitor.filter((name) => /\/assets\/start-[^/]+\.js$/.test(name))).toEqual([]);
  // The calculator answers (hydrated), and a link is a visit to the server's page.
  const calculator = page.locator('section[aria-labelledby="calculator-heading"]');
  const estimate = calculator.locator('p.text-3xl');
  const before = await estimate.textContent();
  await calculator.getByRole('group').getByRole('button').last().click();
  await expect(estimate).not.toHaveText(before ?? '');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('contentinfo').getByRole('link', { name: 'How It Works' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'How It Works' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false)).toBe(false);

  // Signed in: the whole app on the same page, the member's Log out in the bar, the calculator working.
  const person = newPerson();
  await registerByApi(page.request, baseURL, person);
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log out' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'app');
  await expect(page.getByRole('heading', { level: 1, name: 'Empowering dreams, one loan at a time.' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect((await scripts()).some((name) => /\/assets\/start-[^/]+\.js$/.test(name))).toBe(true);
  const again = await estimate.textContent();
  await calculator.getByRole('group').getByRole('button').last().click();
  await expect(estimate).not.toHaveText(again ?? '');
});
