import type { Locator, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect as baseExpect } from './browser-fixture';
import { disbursedMember, nextDay, officerCashPayment, shooter } from './servicing-helpers';

/**
 * The borrower's servicing journeys on /loan: a borrower pays the first instalment from the wallet and
 * sees the receipt (at 360 px: the schedule as cards), and a borrower takes a payoff quote and closes
 * the loan (at 1280 px: the schedule as a table), ending REPAID with a closing statement. Screenshots
 * at 360 and 1280 px into SERVICING_SHOTS_DIR when SCREENSHOTS=1.
 */
/** The machine the suite runs on may be loaded: every wait for the page is generous (never a sleep). */
const expect = baseExpect.configure({ timeout: 30_000 });

const shoot = shooter(process.env.SERVICING_SHOTS_DIR ?? 'test-results/shots-servicing');

async function axe(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.passes.length, `axe checked something on ${where}`).toBeGreaterThan(10);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/** The PDF behind a download link answers 200 application/pdf. */
async function expectPdf(page: Page, link: Locator) {
  const href = await link.getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

test.describe('the borrower pays from the wallet on /loan', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('pays the first instalment and sees the receipt', async ({ page, baseURL, playwright }) => {
    test.setTimeout(420_000);
    const member = await disbursedMember(playwright, page, baseURL);
    await nextDay(page, baseURL, member);

    // From the wallet's Loan Status card to the loan page.
    await page.goto('/wallet');
    await page.getByTestId('wallet-loan-link').click();
    await page.waitForURL('**/loan');
    await expect(page.getByRole('heading', { level: 1, name: 'My loan' })).toBeVisible();
    await expect(page.getByTestId('loan-summary')).toBeVisible({ timeout: 30_000 });
    // The member navigation has 'My loan' once the loan is disbursed.
    await expect(page.getByRole('navigation', { name: 'Member menu' }).getByRole('link', { name: 'My loan' })).toBeVisible();

    // The schedule: 24 lines, as cards at 360 px (no amount column cut off), line 1 due.
    const cards = page.getByTestId('schedule-cards');
    await expect(cards).toBeVisible();
    await expect(page.getByTestId('schedule-table')).toBeHidden();
    await expect(cards.getByRole('listitem')).toHaveCount(24);
    const line1 = page.getByTestId('line-card-1');
    await expect(line1).toHaveAttribute('data-status', 'DUE');
    const card = await line1.boundingBox();
    expect(card!.x + card!.width, 'the card fits the 360 px screen').toBeLessThanOrEqual(360);
    await expect(page.getByTestId('next-due')).toContainText('₱');
    await expect(page.getByTestId('paid-chart-text')).toContainText('0 % of the loan paid');
    await expect(page.getByTestId('status-history')).toContainText('Disbursed to the wallet');
    await expectPdf(page, page.getByRole('link', { name: 'Loan contract (PDF)' }));
    await axe(page, '/loan at 360 px');
    await shoot(page, '1-loan');
    await shoot(page, '1-loan-schedule', line1);

    // Refusals first: below the minimum, shown before anything is sent.
    const pay = page.getByTestId('pay-from-wallet');
    const amount = pay.getByRole('textbox', { name: 'Amount to pay (PHP)' });
    // Any amount from PHP 1 is accepted (decision 061); more than may be paid now is refused on the field.
    await amount.fill('99999999');
    await pay.getByRole('button', { name: 'Review payment' }).click();
    await expect(pay.getByText(/The most you can pay on this loan now is ₱/)).toBeVisible();

    // The next amount due, reviewed and confirmed.
    await pay.getByRole('button', { name: /^Next amount due/ }).click();
    const due = await amount.inputValue();
    expect(due).toMatch(/^\d+\.\d{2}$/);
    await pay.getByRole('button', { name: 'Review payment' }).click();
    await expect(pay.getByTestId('pay-review')).toContainText('from your wallet');
    await pay.getByRole('button', { name: /^Pay ₱/ }).click();

    // The receipt: reference, allocation per line and part, remaining balance, PDF.
    const receipt = pay.getByTestId('receipt');
    await expect(receipt).toBeVisible({ timeout: 20_000 });
    await expect(pay.getByTestId('receipt-reference')).toHaveText(/Receipt [A-Z]+-P\d{6}/);
    await expect(receipt.getByTestId('receipt-allocations')).toContainText(/Instalment 1, due [^:]+: Interest/);
    await expect(receipt.getByTestId('receipt-allocations')).toContainText(/Instalment 1, due [^:]+: Principal/);
    await expect(receipt.getByTestId('receipt-remaining')).toContainText('₱');
    await expectPdf(page, receipt.getByRole('link', { name: 'Download the receipt (PDF)' }));
    await shoot(page, '2-receipt', receipt);

    // The schedule and the payments list follow.
    await expect(line1).toHaveAttribute('data-status', 'PAID');
    await expect(page.getByTestId('payments')).toContainText('Payment ·');
    await expect(page.getByTestId('loan-page-status')).toHaveText('Active');
    await expect(receipt.getByTestId('receipt-loan-status')).toHaveText('Loan status: Active');
    await axe(page, '/loan with a receipt at 360 px');
  });
});

test.describe('the borrower pays off the loan on /loan', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('takes a payoff quote and closes the loan: REPAID with a closing statement', async ({ page, baseURL, playwright }) => {
    test.setTimeout(420_000);
    const member = await disbursedMember(playwright, page, baseURL);
    // The wallet holds the net proceeds, less than the principal: part of the loan is paid in cash at the office first.
    await officerCashPayment(playwright, baseURL, member.loanId, '40000.00');
    await nextDay(page, baseURL, member);

    await page.goto('/loan');
    await expect(page.getByRole('heading', { level: 1, name: 'My loan' })).toBeVisible();
    await expect(page.getByTestId('schedule-table')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('payments')).toContainText('Recorded by an officer');

    const payoff = page.getByTestId('payoff');
    await payoff.getByRole('button', { name: 'Get a payoff quote' }).click();
    const quote = payoff.getByTestId('payoff-quote');
    await expect(quote).toBeVisible();
    await expect(quote).toContainText('Outstanding principal');
    await expect(quote).toContainText('Interest earned to date');
    await expect(quote).toContainText('Prepayment penalty');
    await expect(payoff.getByTestId('payoff-rebate')).not.toHaveText('− ₱0.00');
    await expect(payoff.getByTestId('payoff-valid-until')).toContainText('Valid until');
    await axe(page, '/loan with a payoff quote at 1280 px');
    await shoot(page, '3-payoff-quote', quote);

    await payoff.getByRole('button', { name: /and close the loan$/ }).click();
    const receipt = payoff.getByTestId('receipt');
    await expect(receipt).toBeVisible({ timeout: 20_000 });
    await expect(receipt.getByTestId('receipt-remaining')).toContainText('₱0.00');
    await expect(receipt).toContainText('Loan status: Repaid');
    await expect(page.getByTestId('loan-page-status')).toHaveText('Repaid');

    // Coming back: the closing statement, nothing left to pay.
    await page.reload();
    await expect(page.getByTestId('closing-statement')).toContainText('Your loan is fully repaid', { timeout: 30_000 });
    await expect(page.getByTestId('closing-statement')).toContainText('Nothing more is owed on it.');
    await expect(page.getByTestId('pay-from-wallet')).toHaveCount(0);
    await expect(page.getByTestId('total-outstanding')).toContainText('₱0.00');
    await expect(page.getByTestId('status-history')).toContainText('Repaid');
    await axe(page, '/loan repaid at 1280 px');
    await shoot(page, '4-repaid');
  });
});
