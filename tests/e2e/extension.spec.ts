import type { Browser, Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect as baseExpect } from './browser-fixture';
import { disbursedMember, shooter } from './servicing-helpers';
import { clockPast, serverNow } from './clock';
import { officerRequest } from './funding';
import { outbox, wrongCode } from './helpers';

/**
 * Loan extensions in the browser (docs/decisions/016-extensions.md). A borrower
 * with a disbursed loan (PHP 200,000.00 over 24 months) opens /loan, reads the last day to ask,
 * picks a longer term and asks; an officer approves it on the loan's servicing page in a browser of
 * their own; the borrower reads the new disclosure statement, signs it with the code from the outbox
 * (a wrong code first, refused on the field) and sees the new schedule in force. And a refusal: an
 * officer declines another borrower's request with a reason of the catalogue, which is what that
 * borrower reads. Pictures at 360 and 1280 px into EXTENSION_SHOTS_DIR when SCREENSHOTS=1.
 */
/** The machine the suite runs on may be loaded: every wait for the page is generous (never a sleep). */
const expect = baseExpect.configure({ timeout: 30_000 });

const shoot = shooter(process.env.EXTENSION_SHOTS_DIR ?? 'test-results/shots-extension');

/** The axe scan of the other journeys, on the extension card only. */
async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).include('[data-testid="extension-request"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.passes.length, `axe checked something on ${where}`).toBeGreaterThan(5);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** "2028-11-20" as the page writes a date in English: "November 20, 2028". */
function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The instalments of the loan's schedule on /loan (the disclosure statement in the extension card has its own). */
function loanSchedule(page: Page): Locator {
  return page.getByTestId('schedule').getByTestId('schedule-cards').getByRole('listitem');
}

/** The borrower's card on /loan, with the request made: 36 months asked, the request waiting. */
async function askForExtension(page: Page, months: number): Promise<Locator> {
  const eligibility = (await (await page.request.get('/api/loans/current/extension')).json()) as {
    eligibility: { requestDeadline: string; noticeDays: number };
  };
  await page.goto('/loan');
  await expect(page.getByRole('heading', { level: 1, name: 'My loan' })).toBeVisible();
  const card = page.getByTestId('extension-request');
  await expect(card.getByRole('heading', { level: 2, name: 'Extend your loan' })).toBeVisible();
  // The last day to ask, as every other date on the page.
  await expect(card).toContainText(
    `at least ${eligibility.eligibility.noticeDays} days before your last due date (${longDate(eligibility.eligibility.requestDeadline)} at the latest)`,
  );
  const select = card.getByRole('combobox', { name: 'New term for the remaining principal' });
  const ask = card.getByRole('button', { name: 'Ask for an extension' });
  // Nothing chosen yet: the first option reads 'Choose a term', cannot be chosen, and nothing can be sent.
  const first = select.locator('option').first();
  await expect(first).toHaveText('Choose a term');
  await expect(first).toBeDisabled();
  await expect(select).toHaveValue('');
  await expect(ask).toBeDisabled();
  await select.selectOption({ label: `${months} months` });
  await expect(ask).toBeEnabled();
  await ask.click();

  const status = card.getByTestId('extension-status');
  await expect(status).toContainText('Requested');
  await expect(status).toContainText('Your extension request is waiting for a Loan Officer. Your current schedule stays in force meanwhile.');
  // The day it was asked, in the Philippines, as every other date on the page.
  const today = new Date((await serverNow(page.request)) + 8 * 3_600_000).toISOString().slice(0, 10);
  await expect(status).toContainText(`Requested on ${longDate(today)}: ${months} months for ₱200,000.00 still owed.`);
  await expect(card.getByRole('button', { name: 'Withdraw my request' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Ask for an extension' })).toHaveCount(0);
  return card;
}

/** Officer `index` opens the loan's servicing page in a browser of their own and acts on its waiting request. */
async function officerDecides(
  browser: Browser,
  baseURL: string | undefined,
  index: 0 | 1,
  loanId: string,
  decide: (item: Locator, page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    await officerRequest(page.request, baseURL, index);
    await page.goto(`/admin/loans/${loanId}/servicing`);
    const review = page.getByTestId('extension-review');
    await expect(review.getByRole('heading', { level: 2, name: 'Extension requests' })).toBeVisible();
    const item = review.getByTestId('extension-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Requested');
    await expect(item).toContainText('₱200,000.00');
    await decide(item, page);
    await context.close();
  } catch (error) {
    await context.close();
    throw error;
  }
}

test.describe('the borrower extends the loan on /loan', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('asks for 36 months, an officer approves, the borrower signs the new disclosure statement: the new schedule is in force', async ({
    page,
    baseURL,
    playwright,
    browser,
    browserErrors,
  }) => {
    test.setTimeout(420_000);
    // The wrong code answers 400 on purpose.
    browserErrors.allowConsoleErrors(/status of 400/);
    const member = await disbursedMember(playwright, page, baseURL);

    await page.goto('/loan');
    await expect(loanSchedule(page)).toHaveCount(24);
    await axe(page, 'the extension card at 360 px');
    await shoot(page, '1-extension-card', page.getByTestId('extension-request'));

    const card = await askForExtension(page, 36);
    await axe(page, 'the extension card with a request at 360 px');
    await shoot(page, '2-extension-requested', card);

    await officerDecides(browser, baseURL, 0, member.loanId, async (item, officerPage) => {
      await expect(item).toContainText('36 months');
      await item.getByRole('button', { name: 'Approve' }).click();
      await expect(officerPage.getByText('Approved: the borrower may now sign the new disclosure statement.')).toBeVisible();
      await expect(officerPage.getByTestId('extension-review').getByText('No extension request in this list.')).toBeVisible();
      await shoot(officerPage, '3-extension-approved-officer');
    });

    // The borrower comes back to the page: the new disclosure statement to read, then a code to sign it.
    await page.reload();
    const status = card.getByTestId('extension-status');
    await expect(status).toContainText('Approved: waiting for signature');
    await expect(status).toContainText('Your extension is approved. Read the new disclosure statement, then sign it with the code we send to your phone.');
    await expect(card.getByRole('heading', { level: 3, name: 'The new schedule' })).toBeVisible();
    await expect(card).toContainText('Replaces instalment 1 onwards');
    await expect(card).toContainText('Amount financed');
    await expect(card).toContainText('₱200,000.00');
    // An extension pays nothing out: the statement says so, not the application's "net proceeds".
    await expect(card).toContainText('Paid out to youNothing: the principal you still owe is re-scheduled');
    await expect(card).not.toContainText('Net proceeds');
    await expect(card).toContainText('Due dates keep your loan’s day of the month');
    // Its schedule: the 36 new instalments (and the line of totals).
    await expect(card).toContainText('Number of instalments36');
    await expect(card.getByTestId('schedule-cards').getByText(/^No\. 36 · /)).toBeVisible();
    // Nothing changed yet: the old schedule stays until the borrower signs.
    await expect(loanSchedule(page)).toHaveCount(24);
    await axe(page, 'the extension card with the new disclosure statement at 360 px');
    await shoot(page, '4-extension-disclosure', card);

    // A phone is sent at most one code a minute: move the clock past it instead of waiting.
    await clockPast(page.request, member.nextCodeAt);
    await card.getByRole('button', { name: 'Send me a code to sign' }).click();
    await expect(card.getByRole('status').filter({ hasText: /^We sent a code to \+63 917\*+\.$/ })).toBeVisible();
    // When the code expires, as every other code field shows it (with the time left), not the browser's own clock format.
    await expect(card.getByTestId('code-expiry')).toContainText(/^The code expires at .+ left\)\.$/);
    let code: string | undefined;
    await expect
      .poll(
        async () => {
          const sms = (await outbox(page.request)).find(
            (m) => m.channel === 'SMS' && m.recipient === member.phone && /code to sign the extension/.test(m.body),
          );
          code = /(\d{6,12}) is your code to sign the extension/.exec(sms?.body ?? '')?.[1];
          return code;
        },
        { message: 'the extension-signing code in the outbox', timeout: 10_000 },
      )
      .toBeDefined();

    const codeField = card.getByRole('textbox', { name: 'Code' });
    const sign = card.getByRole('button', { name: 'Sign the new disclosure statement' });
    await codeField.fill(wrongCode(code!));
    await sign.click();
    await expect(codeField).toHaveAccessibleDescription(/^Invalid OTP\b/);
    await expect(status).toContainText('Approved: waiting for signature');
    await expect(loanSchedule(page)).toHaveCount(24);
    await shoot(page, '5-extension-wrong-code', codeField);

    await codeField.fill(code!);
    await sign.click();
    await expect(page.getByText('Signed. Your new schedule is in force.')).toBeVisible();
    await expect(status).toContainText('In force');
    await expect(status).toContainText('Your new schedule is in force.');
    // The new schedule: 36 instalments from the first, and the loan's history says so.
    await expect(loanSchedule(page)).toHaveCount(36);
    await expect(page.getByTestId('schedule').getByTestId('line-card-36')).toBeVisible();
    await expect(page.getByTestId('status-history')).toContainText('Extension signed: new schedule in force');
    await expect(card.getByRole('textbox', { name: 'Code' })).toHaveCount(0);
    // The last day to ask again follows the new last due date.
    const after = (await (await page.request.get('/api/loans/current/extension')).json()) as { eligibility: { requestDeadline: string } };
    await expect(card).toContainText(`(${longDate(after.eligibility.requestDeadline)} at the latest)`);
    await axe(page, 'the extension card in force at 360 px');
    await shoot(page, '6-extension-in-force', card);

    // The same after a reload: nothing is "in force" only in the browser's memory.
    await page.reload();
    await expect(card.getByTestId('extension-status')).toContainText('Your new schedule is in force.');
    await expect(loanSchedule(page)).toHaveCount(36);
  });

  test('an officer declines a request with a reason of the catalogue: the borrower reads that reason', async ({ page, baseURL, playwright, browser }) => {
    test.setTimeout(420_000);
    const member = await disbursedMember(playwright, page, baseURL);
    const card = await askForExtension(page, 48);

    await officerDecides(browser, baseURL, 1, member.loanId, async (item, officerPage) => {
      await expect(item).toContainText('48 months');
      await item.getByRole('textbox', { name: 'Internal note (never shown to the borrower)' }).fill('Asked for the longest term on a first loan.');
      await item.getByRole('button', { name: 'Decline', exact: true }).click();
      const confirm = item.getByRole('button', { name: 'Decline with this reason' });
      // No reason chosen: nothing can be sent.
      await expect(confirm).toBeDisabled();
      await expect(item.getByRole('button', { name: 'Approve' })).toBeDisabled();
      await item
        .getByRole('combobox', { name: 'Reason the borrower reads' })
        .selectOption({ label: 'The term you asked for is longer than we can offer on this loan. You may ask for a shorter one.' });
      await confirm.click();
      await expect(officerPage.getByText('Declined: the borrower was told the reason.')).toBeVisible();
      await shoot(officerPage, '7-extension-declined-officer');
    });

    await page.reload();
    const status = card.getByTestId('extension-status');
    await expect(status).toContainText('Declined');
    await expect(status).toContainText('Your extension request was not approved. Your current schedule stays in force.');
    await expect(status).toContainText('The term you asked for is longer than we can offer on this loan. You may ask for a shorter one.');
    // The internal note is never shown to the borrower.
    await expect(page.getByText('Asked for the longest term on a first loan.')).toHaveCount(0);
    await expect(loanSchedule(page)).toHaveCount(24);
    // The borrower may ask again, for a shorter term.
    await expect(card.getByRole('button', { name: 'Ask for an extension' })).toBeVisible();
    await axe(page, 'the extension card declined at 360 px');
    await shoot(page, '8-extension-declined', card);
  });
});
