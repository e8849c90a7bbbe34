import { randomUUID } from 'node:crypto';
import { test, expect } from './browser-fixture';
import { registerByApi } from './helpers';
import { activateByApi, fundMember, officerRequest, origin } from './funding';

/**
 * Products side by side (docs/decisions/078), in the browser: on the landing page a person chooses
 * the small loan and sees its figures from the schedule engine (PHP 10,000.00 over 4 months at 2 %
 * a month on the declining balance: 2,627.00 a month, 10,504.84 in all, 2 % a month effective),
 * follows APPLY NOW to the dashboard with the small loan chosen, applies through the agreement, the
 * Disclosure Statement (4 instalments) and the confirmation; officers approve and disburse; the
 * member pays it off from the wallet and the loan is repaid.
 */

test('a person chooses the small loan on the landing page, applies for it, receives and repays it', async ({ page, baseURL, playwright }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 800 });

  // --- A person registered and activated through the API (the browser context is signed in) opens the landing page.
  const member = await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);

  // --- The landing page: two products, the small loan's figures.
  await page.goto('/');
  const calculator = page.getByRole('region', { name: 'Loan calculator' });
  const personal = calculator.getByRole('button', { name: /^Personal loan/ });
  const small = calculator.getByRole('button', { name: /^Small loan/ });
  await expect(personal).toHaveAttribute('aria-pressed', 'true');
  await small.click();
  await expect(small).toHaveAttribute('aria-pressed', 'true');
  const amount = calculator.getByRole('textbox', { name: 'Loan amount (PHP)' });
  await expect(amount).toHaveValue('1000.00');
  await expect(calculator.getByRole('button', { name: '2 months', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await calculator.getByRole('button', { name: '4 months', exact: true }).click();
  await amount.fill('10000');
  const estimate = calculator.getByText('Estimated monthly repayment').locator('..');
  await expect(estimate).toContainText('₱2,627.00');
  await expect(estimate).toContainText('₱10,504.84');
  await expect(estimate).toContainText('2% a month');
  await expect(estimate).toContainText('2% a month interest on the balance still owed, over 4 months');
  await expect(calculator.getByText('A small loan can start 7 days after your last small loan is repaid')).toBeVisible();

  // --- APPLY NOW: the dashboard, with the small loan chosen.
  await calculator.getByRole('link', { name: 'APPLY NOW' }).click();
  await expect(page).toHaveURL(/\/dash\?product=SMALL$/);

  const panel = page.locator('section[aria-labelledby="loan-title"]');
  await expect(panel.getByRole('heading', { name: 'Loan application' })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Small loan/ })).toHaveAttribute('aria-pressed', 'true');
  const panelAmount = panel.getByRole('textbox', { name: 'Loan amount (PHP)' });
  await expect(panelAmount).toHaveValue('1000.00');
  await panelAmount.fill('10000');
  await panel.getByRole('button', { name: '4 months', exact: true }).click();
  await expect(panel.getByTestId('monthly-estimate')).toHaveText('₱2,627.00');

  await panel.getByRole('button', { name: 'Service and Policy Agreement' }).click();
  await page.getByRole('dialog', { name: 'Service and Policy Agreement' }).getByRole('button', { name: 'I agree' }).click();
  await panel.getByRole('button', { name: 'Apply now' }).click();
  const disclosure = page.getByRole('dialog', { name: 'Disclosure Statement' });
  await expect(disclosure.getByText('Effective interest rate')).toBeVisible();
  await expect(disclosure.getByRole('table').locator('tbody tr')).toHaveCount(4);
  await expect(disclosure.getByText('₱10,504.84').first()).toBeVisible();
  await disclosure.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Your Loan Application' });
  await expect(confirm.getByText('₱10,000.00')).toBeVisible();
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Loan application submitted.')).toBeVisible({ timeout: 5_000 });

  const current = (await (await page.request.get('/api/loans/current')).json()) as { loan: { id: string; productCode: string; productVersion: number } };
  expect(current.loan).toMatchObject({ productCode: 'SMALL', productVersion: 1 });

  // --- Officers approve and disburse (through the API); the member signs with the code from the outbox.
  const headers = origin(baseURL);
  const one = await playwright.request.newContext({ baseURL });
  const two = await playwright.request.newContext({ baseURL });
  await officerRequest(one, baseURL, 0);
  await officerRequest(two, baseURL, 1);
  expect((await one.post(`/api/admin/loans/${current.loan.id}/review`, { headers, data: {} })).status()).toBe(200);
  expect((await one.post(`/api/admin/loans/${current.loan.id}/approve`, { headers, data: { amount: '10000.00', term: 4 } })).status()).toBe(200);
  await fundMember(page.request, two, baseURL, { ...member, loanId: current.loan.id });
  await one.dispose();
  await two.dispose();

  // --- Paid off from the wallet at once: the payoff quote, then the payment; the loan is repaid.
  const quote = await page.request.post('/api/loans/current/payoff-quote', { headers, data: {} });
  expect(quote.status(), await quote.text()).toBe(200);
  const { quote: payoff } = (await quote.json()) as { quote: { quoteId: string } };
  const paid = await page.request.post('/api/loans/current/payoff', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { quoteId: payoff.quoteId },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await page.goto('/dash');
  await expect(panel.getByTestId('loan-status')).toContainText('Repaid');
});
