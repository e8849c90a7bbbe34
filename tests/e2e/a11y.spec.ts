import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect } from './browser-fixture';
import { openPage, PUBLIC_PAGES, registerByApi, signingCode } from './helpers';
import { activateByApi, officerRequest, origin } from './funding';
import { clockPast } from './clock';
import { disbursedMember } from './servicing-helpers';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);
const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
] as const;

/**
 * Scans the page as it is (WCAG 2.0 and 2.1, A and AA) and fails on a violation of serious or
 * critical impact. Lesser ones are printed and attached to the report.
 */
async function expectNoSeriousViolation(page: Page, testInfo: TestInfo, where: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  // A scan of an empty or half-loaded page would pass for the wrong reason.
  expect(results.passes.length, `axe checked something on ${where}`).toBeGreaterThan(10);
  const lines = results.violations.map(
    (v) => `[${v.impact ?? 'unknown'}] ${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  if (lines.length > 0) {
    console.log(`axe, ${where}:\n  ${lines.join('\n  ')}`);
    await testInfo.attach(`axe ${where}`, { body: lines.join('\n'), contentType: 'text/plain' });
  }
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  expect(
    blocking.map((v) => `[${v.impact}] ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations of serious or critical impact on ${where}`,
  ).toEqual([]);
}

/**
 * An axe scan of every public page (the not-found page too), of the Terms and Privacy dialogs
 * opened from the footer, and of the loan application's dialogs and the contract's code entry, on a
 * 360 px phone and a 1280 px desktop.
 */
for (const viewport of VIEWPORTS) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { name, path, heading } of PUBLIC_PAGES) {
      test(`${name} (${path}) has no serious or critical violation`, async ({ page }, testInfo) => {
        await openPage(page, path, heading);
        await expectNoSeriousViolation(page, testInfo, `${path} at ${viewport.width} px`);
      });
    }

    test('the loan page (/loan) of a borrower with a disbursed loan has no serious or critical violation', async ({ page, baseURL, playwright }, testInfo) => {
      test.setTimeout(300_000);
      await disbursedMember(playwright, page, baseURL);
      await page.goto('/loan');
      await expect(page.getByTestId('schedule')).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousViolation(page, testInfo, `/loan at ${viewport.width} px`);
    });

    test('the Terms and Privacy dialogs from the footer have no serious or critical violation', async ({ page }, testInfo) => {
      await openPage(page, '/', PUBLIC_PAGES[0]!.heading);
      for (const document of ['Terms and Conditions', 'Privacy Policy']) {
        await page.getByRole('contentinfo').getByRole('button', { name: document }).click();
        const dialog = page.getByRole('dialog', { name: document });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('heading', { level: 3 }).first()).toBeVisible();
        await expectNoSeriousViolation(page, testInfo, `${document} dialog at ${viewport.width} px`);
        await dialog.getByRole('button', { name: 'OK' }).click();
        await expect(dialog).toBeHidden();
      }
    });

    test('the loan application (schedule, agreement, Disclosure Statement, confirmation) and the contract with its code entry have no serious or critical violation', async ({
      page,
      baseURL,
      playwright,
    }, testInfo) => {
      test.setTimeout(240_000);
      const member = await registerByApi(page.request, baseURL);
      await activateByApi(page.request, baseURL);
      await page.goto('/dash?product=SMALL');
      const panel = page.locator('section[aria-labelledby="loan-title"]');
      await expect(panel.getByTestId('monthly-estimate')).toBeVisible();
      await expectNoSeriousViolation(page, testInfo, `the application at ${viewport.width} px`);
      await panel.getByRole('button', { name: 'Twice a month' }).click();
      await expect(panel.getByText('Repayment twice a month')).toBeVisible();

      await panel.getByRole('button', { name: 'Service and Policy Agreement' }).click();
      const agreement = page.getByRole('dialog', { name: 'Service and Policy Agreement' });
      await expect(agreement).toBeVisible();
      await expectNoSeriousViolation(page, testInfo, `the agreement dialog at ${viewport.width} px`);
      await agreement.getByRole('button', { name: 'I agree' }).click();
      await panel.getByRole('button', { name: 'Apply now' }).click();
      const disclosure = page.getByRole('dialog', { name: 'Disclosure Statement' });
      await expect(disclosure.getByText('Effective interest rate')).toBeVisible();
      await expectNoSeriousViolation(page, testInfo, `the Disclosure Statement dialog at ${viewport.width} px`);
      await disclosure.getByRole('button', { name: 'Continue' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm Your Loan Application' });
      await expect(confirm.getByRole('button', { name: 'Submit' })).toBeVisible();
      await expectNoSeriousViolation(page, testInfo, `the confirmation dialog at ${viewport.width} px`);
      await confirm.getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByText('Loan application submitted.')).toBeVisible({ timeout: 10_000 });

      // An officer approves what was applied for; the member opens the contract and asks for the code.
      const current = (await (await page.request.get('/api/loans/current')).json()) as { loan: { id: string; amount: string; term: number } };
      const officer = await playwright.request.newContext({ baseURL });
      await officerRequest(officer, baseURL, 0);
      const headers = origin(baseURL);
      expect((await officer.post(`/api/admin/loans/${current.loan.id}/review`, { headers, data: {} })).status()).toBe(200);
      const approved = await officer.post(`/api/admin/loans/${current.loan.id}/approve`, {
        headers,
        data: { amount: current.loan.amount, term: current.loan.term },
      });
      expect(approved.status(), await approved.text()).toBe(200);
      await officer.dispose();
      await page.reload();
      await panel.getByRole('button', { name: 'Read the contract and sign' }).click();
      const contract = page.getByRole('dialog', { name: 'Loan Contract Agreement' });
      await expect(contract.getByText('Final Disclosure Statement')).toBeVisible();
      await expectNoSeriousViolation(page, testInfo, `the contract dialog at ${viewport.width} px`);
      await clockPast(page.request, member.nextCodeAt);
      await contract.getByRole('button', { name: 'Send code' }).click();
      await expect(contract.getByText(/We sent a code to/)).toBeVisible();
      await expectNoSeriousViolation(page, testInfo, `the contract's code entry at ${viewport.width} px`);
      await contract.getByRole('textbox', { name: 'Code from the SMS' }).fill(await signingCode(page.request, member.phone));
      await expectNoSeriousViolation(page, testInfo, `the contract's code entry, filled, at ${viewport.width} px`);
    });
  });
}
