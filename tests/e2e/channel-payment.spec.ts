import { test, expect as baseExpect } from './browser-fixture';
import { advanceClock } from './clock';
import { disbursedMember, nextDay } from './servicing-helpers';

/**
 * A channel payment in the browser: a borrower pays the first instalment through the SIMULATED
 * payment channel on /loan (the ChannelPayment component). The borrower asks for a reference and
 * sees the instructions; the server's clock is moved past the simulated provider's confirmation
 * time (COLLECTION_CONFIRM_SECONDS, 60 by default: the e2e server keeps the default), the payment
 * channels worker (every 200 ms on the e2e server) asks the provider, which confirms; the page's own
 * polling then shows the reference paid, and the payment with its receipt on /loan.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Past the simulated provider's confirmation time (60 s by default), well inside the reference's 24 hours. */
const PAST_CONFIRMATION_MS = 2 * 60_000;

test.use({ viewport: { width: 1280, height: 800 } }); // the schedule as a table

test('the borrower pays an instalment through the simulated payment channel and sees the receipt', async ({ page, baseURL, playwright }) => {
  test.setTimeout(420_000);
  const member = await disbursedMember(playwright, page, baseURL);
  await nextDay(page, baseURL, member); // instalment 1 is due

  await page.goto('/loan');
  await expect(page.getByRole('heading', { level: 1, name: 'My loan' })).toBeVisible();
  await expect(page.getByTestId('loan-summary')).toBeVisible();
  await expect(page.getByTestId('loan-page-status')).toHaveText('Disbursed');
  await expect(page.getByTestId('payments')).toHaveCount(0);

  const channel = page.getByTestId('channel-payment');
  await expect(channel.getByText('Demo mode: this provider is simulated and no real money moves.')).toBeVisible();
  await expect(channel.getByText('You have not asked for a payment reference yet.')).toBeVisible();

  // The form: a bank transfer to a BPI virtual account, for the amount due (the form's default).
  await channel.getByLabel('How will you pay?').selectOption({ label: 'Bank transfer to a virtual account' });
  await channel.getByLabel('Bank, e-wallet or payment centre').selectOption({ label: 'BPI' });
  const amount = await channel.getByRole('textbox', { name: 'Amount (PHP)' }).inputValue();
  expect(amount).toMatch(/^\d+\.\d{2}$/);
  const shown = `₱${Number(amount.split('.')[0]).toLocaleString('en-US')}.${amount.split('.')[1]}`; // the integer part only goes through Number
  await channel.getByRole('button', { name: 'Get a payment reference' }).click();

  // The instructions: reference, amount, the virtual account, the expiry, and the server's status.
  const instructions = channel.getByTestId('channel-instructions');
  await expect(instructions).toBeVisible();
  const title = (await instructions.locator('p').first().textContent()) ?? '';
  const reference = /with reference (\S+)$/.exec(title)?.[1];
  expect(reference, title).toBeTruthy();
  await expect(instructions).toContainText(`Pay ${shown} with reference ${reference}`);
  await expect(instructions).toContainText(/Transfer exactly ₱[\d,]+\.\d{2} to BPI virtual account number 9999\d{10}\./);
  await expect(instructions).toContainText('Pay before');
  await expect(instructions.getByRole('status')).toHaveText('Status: Waiting for your payment');
  const row = channel.getByTestId('channel-payment-row').filter({ hasText: reference! });
  await expect(row).toContainText('Waiting for your payment');
  // Nothing is paid before the provider confirms (no pretend success).
  await expect(page.getByTestId('line-1')).toHaveAttribute('data-status', 'DUE');

  // The provider confirms once its time has passed on the server's clock.
  await advanceClock(page.request, PAST_CONFIRMATION_MS);
  await expect(row).toContainText('Paid and applied to your loan');
  await expect(row).toContainText(/applied to your loan \(receipt [A-Z]+-P\d{6}\)/);
  const receipt = /\(receipt ([A-Z]+-P\d{6})\)/.exec((await row.textContent()) ?? '')?.[1];
  expect(receipt).toBeTruthy();
  await expect(instructions).toBeHidden(); // the form is back for the next payment

  // The loan page follows: the payment with its receipt, instalment 1 paid, the loan active.
  const payments = page.getByTestId('payments');
  await expect(payments).toContainText(`Payment · ${receipt}: ${shown}`);
  await expect(payments).toContainText('Payment channel');
  await expect(page.getByTestId('line-1')).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('loan-page-status')).toHaveText('Active');
  await expect(page.getByTestId('status-history')).toContainText('Disbursed → Active');
  const pdf = payments.getByRole('link', { name: `Receipt (PDF) ${receipt}` });
  const href = await pdf.getAttribute('href');
  expect(href).toBeTruthy();
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
