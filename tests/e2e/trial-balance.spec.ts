import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import { test, expect } from './browser-fixture';
import { approvedMember, fundMember, officerRequest, origin } from './funding';
import { advanceClock, serverNow } from './clock';

/**
 * The accountant's closed days: a loan is disbursed (ledger entries today); the server's clock moves
 * past the next Manila midnight (and the 15 minutes a close waits) and the worker's pass runs (dev
 * route), which closes the day. An officer goes from the portfolio to the closed days, opens the
 * day's trial balance (debits equal credits, the receivable and the wallets among the accounts) and
 * downloads its CSV, whose totals row carries the same figures; below it, the day's portfolio by
 * product (the personal loan's principal outstanding among it) and its CSV.
 */
test.setTimeout(180_000);

test('an officer reads a closed day’s trial balance from the portfolio and downloads it as CSV', async ({ page, playwright, baseURL }) => {
  const officerOne = await playwright.request.newContext({ baseURL });
  const officerTwo = await playwright.request.newContext({ baseURL });
  const member = await playwright.request.newContext({ baseURL });
  await officerRequest(officerOne, baseURL, 0);
  await officerRequest(officerTwo, baseURL, 1);
  const approved = await approvedMember(member, officerOne, baseURL);
  await fundMember(member, officerTwo, baseURL, approved);
  const disbursedOn = new Date((await serverNow(member)) + 8 * 3_600_000).toISOString().slice(0, 10);

  // Past the next midnight in Manila and the close's 15 minutes.
  const now = await serverNow(member);
  const nextMidnight = Date.parse(`${disbursedOn}T00:00:00+08:00`) + 86_400_000;
  await advanceClock(member, nextMidnight - now + 20 * 60_000);
  const run = await member.post('/api/dev/servicing/run', { headers: origin(baseURL) });
  expect(run.status(), await run.text()).toBe(200);
  // Up to a day later on the server's clock: the officer's session (12 hours idle at most) signs in again.
  await officerRequest(officerOne, baseURL, 0);
  const closed = await officerOne.get(`/api/admin/trial-balances/${disbursedOn}`);
  expect(closed.status(), await closed.text()).toBe(200);
  const day = (await closed.json()) as {
    totalDebits: string;
    totalCredits: string;
    portfolio: { product: string; openLoans: number; outstandingPrincipal: string }[];
  };
  expect(day.totalDebits).toMatch(/^[1-9]\d*\.\d{2}$/);
  expect(day.totalDebits).toBe(day.totalCredits);

  await officerRequest(page.request, baseURL, 0);
  await page.goto('/admin/portfolio');
  await page.getByRole('link', { name: 'Closed days and trial balances' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Closed days: trial balances' })).toBeVisible({ timeout: 30_000 });
  const list = page.getByTestId('closed-days');
  await expect(list.getByRole('link', { name: disbursedOn })).toBeVisible();
  await list.getByRole('link', { name: disbursedOn }).click();

  await expect(page.getByRole('heading', { level: 2, name: `Trial balance of ${disbursedOn}` })).toBeVisible();
  const peso = (amount: string) => {
    const [whole = '', cents = ''] = amount.split('.');
    return `₱${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
  };
  const total = peso(day.totalDebits).slice(1);
  await expect(page.getByTestId('trial-balance-result')).toContainText(`Debits equal credits: ₱${total} each.`);
  const lines = page.getByTestId('trial-balance-lines');
  await expect(lines.getByText('Loans receivable')).toBeVisible();
  await expect(lines.getByText('Member wallets')).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`trial-balance-${disbursedOn}.csv`);
  const csv = readFileSync((await file.path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe('business_date,account,name,normal_balance,debits,credits,balance');
  expect(csv.at(-1)).toBe(`${disbursedOn},TOTAL,Total,,${day.totalDebits},${day.totalCredits},`);

  // The day's portfolio by product, as the server stored it when the day closed.
  const personal = day.portfolio.find((p) => p.product === 'PERSONAL')!;
  expect(personal.openLoans).toBeGreaterThanOrEqual(1);
  expect(personal.outstandingPrincipal).toMatch(/^[1-9]\d*\.\d{2}$/);
  await expect(page.getByRole('heading', { level: 3, name: `Portfolio of ${disbursedOn} by product` })).toBeVisible();
  const row = page.getByTestId('day-portfolio-PERSONAL');
  await expect(row).toContainText('Personal');
  await expect(row).toContainText(peso(personal.outstandingPrincipal));
  const portfolioDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the portfolio as CSV' }).click();
  const portfolioFile = await portfolioDownload;
  expect(portfolioFile.suggestedFilename()).toBe(`portfolio-${disbursedOn}.csv`);
  const rows = readFileSync((await portfolioFile.path())!, 'utf8')
    .trimEnd()
    .split('\r\n')
    .map((r) => r.split(','));
  const header = rows[0]!;
  const personalRow = rows.find((r) => r[1] === 'PERSONAL')!;
  expect(personalRow[header.indexOf('outstanding_principal')]).toBe(personal.outstandingPrincipal);
  expect(personalRow[header.indexOf('open_loans')]).toBe(String(personal.openLoans));

  // On a phone each product is a card: the page does not scroll sideways.
  await page.screenshot({ path: test.info().outputPath('day-portfolio-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  const card = page.getByTestId('day-portfolio-card-PERSONAL');
  await expect(card).toBeVisible();
  await expect(card).toContainText(peso(personal.outstandingPrincipal));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.screenshot({ path: test.info().outputPath('day-portfolio-360.png'), fullPage: true });
  const axeNarrow = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axeNarrow.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
