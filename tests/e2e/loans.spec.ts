import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './browser-fixture';
import { registerByApi, signInByApi, signingCode, type Member, type Person } from './helpers';
import { activateByApi, OFFICERS } from './funding';
import { clockPast } from './clock';

/**
 * The loan's browser journey: a member (registered and activated through the API, with real image
 * files) applies on /dash through the agreement, the Disclosure Statement and the confirmation;
 * officer 1 starts the review and approves in /admin; the member signs the contract with the code
 * from the outbox; officer 1 is refused the disbursement (maker-checker) and officer 2 disburses;
 * the member sees the balance and status on /wallet and downloads the signed contract as a PDF.
 * Screenshots at 360 and 1280 px go to /tmp/shots-loans.
 */

const SHOTS = process.env.LOANS_SHOTS_DIR ?? '/tmp/shots-loans';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return; // pictures only when asked (playwright.config.ts)
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  if (original) await page.setViewportSize(original);
}

/** No serious or critical WCAG 2.1 AA violation on the page (or in the open dialog). */
async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** A signed-in officer in a browser context of their own (console errors fail the test too). */
async function officerPage(
  browser: Browser,
  baseURL: string | undefined,
  index: 0 | 1,
  problems: string[],
  viaSignInPage = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`officer ${index + 1}: ${message.text()}`);
  });
  context.on('weberror', (error) => problems.push(`officer ${index + 1}: ${error.error().message}`));
  const page = await context.newPage();
  const officer = OFFICERS[index];
  const person: Person = { phone: officer.phone, national: officer.phone.slice(3), email: '', fullName: officer.fullName, password: officer.password };
  if (viaSignInPage) {
    // /admin sends a signed-out person to the sign-in page, which brings them back afterwards.
    await page.goto('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Phone number' }).fill(person.national);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/admin');
  } else await signInByApi(page.request, baseURL, person);
  return { context, page };
}

test('a member applies with the disclosure, two officers approve and disburse, the member signs and sees the wallet', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  await page.setViewportSize({ width: 1280, height: 800 });

  // --- The member: registered and activated through the API; the browser context is signed in.
  const member: Member = await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);

  // --- The loan panel on /dash.
  await page.goto('/dash');
  // The panel's heading says 'Loan application', then 'Your loan' once one is open.
  const panel = page.locator('section[aria-labelledby="loan-title"]');
  await expect(panel.getByRole('heading', { name: 'Loan application' })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Loan amount (PHP)' })).toHaveValue('200000.00');
  // 24 months: an instalment within half of the member's 35,000 income, so the officer may approve it.
  await panel.getByRole('button', { name: '24 months' }).click();
  await expect(panel.getByTestId('monthly-estimate')).toHaveText('₱9,334.00');
  await axe(page);
  await shoot(page, 'panel');
  // Another currency is for display: the estimate also in US dollars, with the rates' date.
  await panel.getByRole('combobox', { name: 'Show amounts also in' }).selectOption('USD');
  await expect(panel.getByText(/^About \S*\$[\d,]+\.\d{2} \(rate of /)).toBeVisible();
  await shoot(page, 'panel-usd');
  await panel.getByRole('combobox', { name: 'Show amounts also in' }).selectOption('PHP');

  await panel.getByRole('button', { name: 'Apply now' }).click();
  await expect(page.getByText('Please read Service and Policy Agreement')).toBeVisible();
  await panel.getByRole('button', { name: 'Service and Policy Agreement' }).click();
  const agreement = page.getByRole('dialog', { name: 'Service and Policy Agreement' });
  await expect(agreement).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(agreement, 'the agreement dialog is static').toBeVisible();
  await agreement.getByRole('button', { name: 'I agree' }).click();
  await expect(panel.getByRole('checkbox', { name: /I have read and agree/ })).toBeChecked();

  await panel.getByRole('button', { name: 'Apply now' }).click();
  const disclosure = page.getByRole('dialog', { name: 'Disclosure Statement' });
  await expect(disclosure.getByText('Amount financed (principal)')).toBeVisible();
  await expect(disclosure.getByText('Effective interest rate')).toBeVisible();
  await expect(disclosure.getByText('Total amount payable')).toBeVisible();
  await expect(disclosure.getByRole('table').locator('tbody tr')).toHaveCount(24);
  await axe(page);
  await shoot(page, 'disclosure');
  await disclosure.getByRole('button', { name: 'Continue' }).click();

  const confirm = page.getByRole('dialog', { name: 'Confirm Your Loan Application' });
  await expect(confirm.getByTestId('payout-account')).toHaveText(/001\*+$/);
  await expect(confirm.getByText('₱200,000.00')).toBeVisible();
  await shoot(page, 'confirm');
  await confirm.getByRole('button', { name: 'Submit' }).click();
  // The answer shows as soon as the server gives it: no pretend wait, no "do not use your bank app".
  await expect(page.getByText('Loan application submitted.')).toBeVisible({ timeout: 3_000 });
  await expect(page.getByText(/Submitting|bank app/)).toHaveCount(0);
  await expect(panel.getByText(/Loan Application No\./)).toBeVisible();
  await expect(panel.getByText(/Pre-assessment:/)).toBeVisible();
  await panel.getByRole('button', { name: 'Continue' }).click();
  await expect(panel.getByTestId('loan-status')).toContainText('Pending');
  await axe(page);
  await shoot(page, 'panel-pending');

  // --- A member cannot reach the back office: the guard says why and links to their dashboard.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'This page is for staff' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dash');
  expect((await page.request.get('/api/admin/loans')).status()).toBe(403);
  await page.goto('/dash');

  // --- Officer 1 starts the review and approves the application as applied.
  const one = await officerPage(browser, baseURL, 0, problems, true);
  await expect(one.page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  // Other journeys' members share this name: the row is found by this loan's own number.
  const applied = (await (await page.request.get('/api/loans/current')).json()) as { loan: { loanNumber: string } };
  await one.page
    .getByRole('row', { name: new RegExp(applied.loan.loanNumber) })
    .getByRole('link')
    .click();
  await expect(one.page.getByTestId('admin-status')).toHaveText('PENDING');
  await expect(one.page.getByRole('img', { name: 'ID front' })).toBeVisible();
  const loanUrl = one.page.url();
  await one.page.getByRole('button', { name: 'Start review' }).click();
  await one.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(one.page.getByTestId('admin-status')).toHaveText('UNDER REVIEW');
  await one.page.getByRole('button', { name: 'Approve' }).click();
  const approve = one.page.getByRole('dialog', { name: 'Approve with an offer' });
  await expect(approve.getByRole('textbox', { name: 'Offer amount (PHP)' })).toHaveValue('200000.00');
  await approve.getByRole('button', { name: 'Confirm' }).click();
  await expect(one.page.getByTestId('admin-status')).toHaveText('APPROVED');
  await one.page.goto('/admin');
  await expect(one.page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await axe(one.page);
  await shoot(one.page, 'admin-queue');
  await one.page.goto(loanUrl);
  await expect(one.page.getByTestId('admin-status')).toHaveText('APPROVED');
  await axe(one.page);
  await shoot(one.page, 'admin-loan');

  // --- The member reads the contract and signs with the code (a phone gets one code a minute).
  await page.reload();
  await expect(panel.getByTestId('loan-status')).toContainText('Approved');
  await panel.getByRole('button', { name: 'Read the contract and sign' }).click();
  const contract = page.getByRole('dialog', { name: 'Loan Contract Agreement' });
  await expect(contract.getByText('Final Disclosure Statement')).toBeVisible();
  await clockPast(page.request, member.nextCodeAt);
  await contract.getByRole('button', { name: 'Send code' }).click();
  await expect(contract.getByText(/We sent a code to/)).toBeVisible();
  const code = await signingCode(page.request, member.phone);
  await contract.getByRole('textbox', { name: 'Code from the SMS' }).fill(code);
  await contract.getByRole('button', { name: 'Sign' }).click();
  await expect(page.getByText('Contract signed.').first()).toBeVisible();
  await expect(panel.getByTestId('loan-status')).toContainText(/contract signed/i);

  // --- Maker-checker: officer 1 approved, so officer 1 may not disburse; officer 2 does.
  await one.page.reload();
  await expect(one.page.getByTestId('admin-status')).toHaveText('CONTRACT SIGNED');
  await expect(one.page.getByTestId('disburse-blocked')).toBeVisible();
  await expect(one.page.getByRole('button', { name: 'Disburse' })).toHaveCount(0);
  const two = await officerPage(browser, baseURL, 1, problems);
  await two.page.goto(loanUrl);
  await two.page.getByRole('button', { name: 'Disburse' }).click();
  await two.page.getByRole('dialog', { name: 'Disburse to the wallet' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(two.page.getByText(/Disbursed: .* credited to the wallet\./)).toBeVisible();
  await expect(two.page.getByTestId('admin-status')).toHaveText('DISBURSED');

  // --- The member's wallet: the net proceeds, the status, the statement of the ledger.
  const current = (await (await page.request.get('/api/loans/current')).json()) as { loan: { disclosure: { netProceeds: string } } };
  const net = current.loan.disclosure.netProceeds;
  const [whole = '0', fraction = '00'] = net.split('.');
  await page.goto('/wallet');
  await expect(page.getByTestId('wallet-balance')).toContainText(`₱${Number(whole).toLocaleString('en-US')}.${fraction}`);
  await expect(page.getByTestId('wallet-status')).toHaveText('DISBURSED');
  await expect(page.getByText('Application Date')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Withdraw now' })).toBeEnabled();
  await axe(page);
  await shoot(page, 'wallet');

  // --- The signed contract as a PDF from /dash.
  await page.goto('/dash');
  const downloading = page.waitForEvent('download');
  await panel.getByRole('link', { name: 'Loan contract (PDF)' }).click();
  const download = await downloading;
  const stream = await download.createReadStream();
  const first = await new Promise<Buffer>((resolve, reject) => {
    stream.once('data', (chunk: Buffer | string) => resolve(Buffer.from(chunk)));
    stream.once('error', reject);
  });
  stream.destroy();
  expect(first.subarray(0, 4).toString('latin1')).toBe('%PDF');

  await one.context.close();
  await two.context.close();
  expect(problems).toEqual([]);
});

/** Applies through the API as the member of `request` (activated) and answers the loan id. */
async function applyByApi(request: APIRequestContext, baseURL: string | undefined, amount: string): Promise<string> {
  const headers = { origin: new URL(baseURL!).origin };
  const config = (await (await request.get('/api/public/config')).json()) as { product: { version: number } };
  const applied = await request.post('/api/loans/applications', {
    headers: { ...headers, 'idempotency-key': `e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: { amount, term: 24, selectedCurrency: 'PHP', productVersion: config.product.version },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  return ((await applied.json()) as { loan: { id: string } }).loan.id;
}

test('officers choose reasons from the catalogue; a note never reaches the member; a counter-offer is accepted before signing', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const problems: string[] = [];
  const scam = 'Your loan is FROZEN. Pay PHP 5,000 unfreeze fee to GCash';
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);
  const loanId = await applyByApi(page.request, baseURL, '250000.00');

  // --- Officer 1 lowers the offer: a reason from the catalogue is required, the note is internal.
  const one = await officerPage(browser, baseURL, 0, problems);
  await one.page.goto(`/admin/loans/${loanId}`);
  await one.page.getByRole('button', { name: 'Start review' }).click();
  await one.page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(one.page.getByTestId('admin-status')).toHaveText('UNDER REVIEW');
  await one.page.getByRole('button', { name: 'Approve' }).click();
  const approve = one.page.getByRole('dialog', { name: 'Approve with an offer' });
  await approve.getByRole('textbox', { name: 'Offer amount (PHP)' }).fill('200000.00');
  const offerReason = approve.getByRole('combobox', { name: 'Reason for the new offer (the borrower reads this text)' });
  await expect(offerReason).toBeVisible();
  await expect(approve.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await offerReason.selectOption({ label: 'We offer a lower amount on a first loan with us.' });
  await approve.getByRole('textbox', { name: /Internal note/ }).fill(scam);
  await axe(one.page);
  await shoot(one.page, 'admin-counter-offer');
  await approve.getByRole('button', { name: 'Confirm' }).click();
  await expect(one.page.getByTestId('admin-status')).toHaveText('APPROVED');
  await expect(one.page.getByText(`Internal note: ${scam}`)).toBeVisible();

  // --- The member reads the catalogue's reason, never the note, and accepts before signing.
  await page.goto('/dash');
  const panel = page.locator('section[aria-labelledby="loan-title"]');
  const offer = panel.getByTestId('counter-offer');
  await expect(offer).toContainText('You applied for ₱250,000.00 over 24 months. We can lend you ₱200,000.00 over 24 months.', { timeout: 30_000 });
  await expect(offer.getByTestId('counter-offer-reason')).toHaveText('Why: We offer a lower amount on a first loan with us.');
  await expect(page.getByText(/FROZEN|GCash/)).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Read the contract and sign' })).toHaveCount(0);
  await axe(page);
  await shoot(page, 'panel-counter-offer');
  // No one-click acceptance: the new Disclosure Statement is in front of the borrower, the accept at its foot.
  await expect(offer.getByRole('button', { name: 'Accept the new offer' })).toHaveCount(0);
  await offer.getByRole('button', { name: 'Read the new Disclosure Statement and accept' }).click();
  const newStatement = page.getByRole('dialog', { name: 'New Disclosure Statement' });
  await expect(newStatement.getByText('Amount financed (principal)')).toBeVisible();
  await expect(newStatement).toContainText('₱200,000.00');
  await axe(page);
  await newStatement.getByRole('button', { name: 'Accept the new offer' }).click();
  await expect(page.getByText('New offer accepted. You may now read the contract and sign.').first()).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Read the contract and sign' })).toBeVisible();
  await expect(offer).toContainText('You accepted this offer on');

  // --- Another member's application is rejected with a reason from the catalogue.
  const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  other.on('console', (message) => {
    if (message.type() === 'error') problems.push(`member 2: ${message.text()}`);
  });
  const otherPage = await other.newPage();
  await registerByApi(otherPage.request, baseURL);
  await activateByApi(otherPage.request, baseURL);
  const rejectedId = await applyByApi(otherPage.request, baseURL, '200000.00');
  await one.page.goto(`/admin/loans/${rejectedId}`);
  await one.page.getByRole('button', { name: 'Reject' }).click();
  const reject = one.page.getByRole('dialog', { name: 'Reject the application' });
  await expect(reject.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  await reject.getByRole('combobox', { name: 'Reason (the borrower reads this text)' }).selectOption({ label: 'We could not verify the income you declared.' });
  await reject.getByRole('textbox', { name: /Internal note/ }).fill(scam);
  await reject.getByRole('button', { name: 'Confirm' }).click();
  await expect(one.page.getByTestId('admin-status')).toHaveText('REJECTED');
  await otherPage.goto('/dash');
  // A fresh browser context loads the app cold: the first look waits longer on a loaded machine.
  await expect(otherPage.getByTestId('rejection-reason')).toHaveText('Reason: We could not verify the income you declared.', { timeout: 30_000 });
  await expect(otherPage.getByText(/FROZEN|GCash/)).toHaveCount(0);

  await other.close();
  await one.context.close();
  expect(problems).toEqual([]);
});
