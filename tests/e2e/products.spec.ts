import { randomUUID } from 'node:crypto';
import { test, expect } from './browser-fixture';
import { registerByApi } from './helpers';
import { activateByApi, fundMember, officerRequest, origin } from './funding';

/**
 * Products side by side (docs/decisions/078), in the browser: on the landing page a person chooses
 * the small loan and sees its figures from the schedule engine (PHP 10,000.00 over 4 months at 2 %
 * a month on the declining balance: 2,627.00 a month, 10,504.84 in all, 2 % a month effective),
 * follows APPLY NOW to the dashboard with the small loan chosen, picks a due day, then repayment
 * twice a month on paydays (decision 084), applies through the agreement, the Disclosure Statement
 * (8 instalments on the 15th and the last day, its EIR within the caps) and the confirmation;
 * officers approve and disburse on that schedule; the member pays it off from the wallet and the
 * loan is repaid.
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
  // Before any loan: the Personal loan's ladder is on its first step (decision 085).
  await expect(page.getByTestId('limit-PERSONAL')).toContainText('Limit ladder: step 1 of 4, up to 1,000,000.00 PHP.');
  await expect(page.getByTestId('limit-PERSONAL')).toContainText('No loan repaid on time yet.');
  await expect(panel.getByRole('heading', { name: 'Loan application' })).toBeVisible();
  await expect(panel.getByRole('button', { name: /^Small loan/ })).toHaveAttribute('aria-pressed', 'true');
  const panelAmount = panel.getByRole('textbox', { name: 'Loan amount (PHP)' });
  await expect(panelAmount).toHaveValue('1000.00');
  await panelAmount.fill('10000');
  await panel.getByRole('button', { name: '4 months', exact: true }).click();
  await expect(panel.getByTestId('monthly-estimate')).toHaveText('₱2,627.00');
  await expect(panel.getByText('Interest of 2% a month on the balance still owed, 4 instalments.')).toBeVisible();

  // --- The schedule (decision 084): monthly on a day picked, then twice a month on paydays.
  const schedule = panel.getByRole('group', { name: 'How often you repay' });
  await expect(schedule.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
  const dueDay = panel.getByRole('combobox', { name: 'Due day of the month' });
  await expect(dueDay).toHaveValue('');
  await dueDay.selectOption({ label: 'Day 10 of each month' });
  await expect(panel.getByTestId('monthly-estimate')).toHaveText('₱2,627.00');
  await schedule.getByRole('button', { name: 'Twice a month' }).click();
  await expect(schedule.getByRole('button', { name: 'Twice a month' })).toHaveAttribute('aria-pressed', 'true');
  await expect(panel.getByText('On paydays: the 15th and the last day of each month.')).toBeVisible();
  await expect(dueDay).toBeHidden();
  await expect(panel.getByText('Repayment twice a month')).toBeVisible();
  await expect(panel.getByText('Interest of 2% a month on the balance still owed, 8 instalments.')).toBeVisible();
  const semiInstalment = (await panel.getByTestId('monthly-estimate').textContent()) ?? '';
  expect(semiInstalment).toMatch(/^₱1,3\d\d\.\d\d$/);

  await panel.getByRole('button', { name: 'Service and Policy Agreement' }).click();
  await page.getByRole('dialog', { name: 'Service and Policy Agreement' }).getByRole('button', { name: 'I agree' }).click();
  await panel.getByRole('button', { name: 'Apply now' }).click();
  const disclosure = page.getByRole('dialog', { name: 'Disclosure Statement' });
  await expect(disclosure.getByText('Effective interest rate')).toBeVisible();
  await expect(disclosure.getByText('Twice a month, on the 15th and the last day of each month')).toBeVisible();
  await expect(disclosure.getByText('Instalment (twice a month)')).toBeVisible();
  const rows = disclosure.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(8);
  // Every due date is the 15th or the last day of its month.
  for (const dueText of await rows.locator('td:nth-child(2)').allTextContents()) {
    const due = new Date(`${dueText} UTC`);
    const last = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 0)).getUTCDate();
    expect([15, last], dueText).toContain(due.getUTCDate());
  }
  // The EIR within the SEC's 12 % a month and the contract's 25 % a year (about 24 % for 1 % a half-month compounded).
  const eir =
    (await disclosure
      .getByText(/% a month, .*% a year/)
      .first()
      .textContent()) ?? '';
  const [monthly, annual] = [...eir.matchAll(/([\d.]+)%/g)].map((m) => Number(m[1]));
  expect(monthly).toBeLessThanOrEqual(12);
  expect(annual).toBeLessThanOrEqual(25);
  await disclosure.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Your Loan Application' });
  await expect(confirm.getByText('₱10,000.00')).toBeVisible();
  await confirm.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Loan application submitted.')).toBeVisible({ timeout: 5_000 });

  const current = (await (await page.request.get('/api/loans/current')).json()) as {
    loan: { id: string; productCode: string; productVersion: number; disclosure: { frequency?: string; numberOfInstalments: number } };
  };
  expect(current.loan).toMatchObject({ productCode: 'SMALL', productVersion: 1 });
  expect(current.loan.disclosure).toMatchObject({ frequency: 'SEMI_MONTHLY', numberOfInstalments: 8 });

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
  // Disbursed on the schedule chosen: 8 instalments, each on the 15th or the last day of its month.
  const disbursed = (await (await page.request.get('/api/loans/current')).json()) as {
    loan: { disclosure: { frequency?: string; schedule: { dueDate: string }[] } };
  };
  expect(disbursed.loan.disclosure.frequency).toBe('SEMI_MONTHLY');
  expect(disbursed.loan.disclosure.schedule).toHaveLength(8);
  for (const { dueDate } of disbursed.loan.disclosure.schedule) {
    const [y, m, d] = dueDate.split('-').map(Number) as [number, number, number];
    expect([15, new Date(Date.UTC(y, m, 0)).getUTCDate()], dueDate).toContain(d);
  }

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

  // --- The limit ladder (docs/decisions/085): the small loan repaid on time raises the Personal
  // loan's step from 1 (PHP 1,000,000.00) to 2 (PHP 2,000,000.00), naming the loan and what comes next.
  // The member's income (PHP 35,000 a month) still sets the limit itself: 677,419.00 over 48 months.
  const limits = page.getByTestId('limit-PERSONAL');
  await expect(limits).toContainText('Limit ladder: step 2 of 4, up to 2,000,000.00 PHP.');
  await expect(limits).toContainText('1 loan repaid on time counts:');
  await expect(limits).toContainText('Small loan, repaid on');
  await expect(limits).toContainText('Repay 2 more loans on time to reach step 3: up to 3,500,000.00 PHP.');
  await expect(limits).toContainText('Personal loan: up to 677,419.00 PHP');
  await expect(page.getByTestId('limits-card')).toContainText('Money kept in your wallet never changes your limits.');
});
