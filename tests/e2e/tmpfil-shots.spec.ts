import { test } from './browser-fixture';
import { registerByApi } from './helpers';
import { OFFICERS } from './funding';

for (const language of ['en', 'fil'] as const) {
  test(`layout shots ${language}`, async ({ page, baseURL, browser }) => {
    await page.addInitScript((l) => localStorage.setItem('tapat.language', l), language);
    await registerByApi(page.request, baseURL);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/activate');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/filshots/member-${language}-${width}.png` });
    }
    const ctx = await browser.newContext({ baseURL });
    const admin = await ctx.newPage();
    await admin.addInitScript((l) => localStorage.setItem('tapat.language', l), language);
    const officer = OFFICERS[0]!;
    await admin.goto('/login');
    await admin.getByRole('textbox').first().fill(officer.phone.slice(3));
    await admin.locator('input[type=password]').fill(officer.password);
    await admin.locator('form button[type=submit]').click();
    await admin.waitForURL('**/admin', { timeout: 20_000 });
    for (const width of [360, 1280]) {
      await admin.setViewportSize({ width, height: 800 });
      await admin.goto('/admin');
      await admin.waitForTimeout(1500);
      await admin.screenshot({ path: `/tmp/filshots/admin-${language}-${width}.png` });
    }
    await ctx.close();
  });
}
