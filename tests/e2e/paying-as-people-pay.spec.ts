import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { test, expect as baseExpect } from './browser-fixture';
import { advanceClock, serverNow } from './clock';
import { origin, type FundedMember } from './funding';
import { signInByApi } from './helpers';
import { disbursedMember, shooter } from './servicing-helpers';
import { formatAmount, parseAmount, toDecimalString, type Centavos } from '../../src/shared/money/money';
import { payoffQuoteResponseSchema, servicingResponseSchema, type ServicingDto } from '../../src/shared/schemas/repayments';

/**
 * Paying as people in the Philippines pay, on the borrower's /loan page.
 * (a) The next amount paid early from the wallet, then the due date passes and the daily job runs:
 * not overdue, no late charge, the receipt names the instalment. (b) PHP 1,000 twice toward one
 * instalment: two receipts, the instalment partly paid, then what is left. (c) A loan overdue with
 * late charges: the charges alone paid, the instalment still due. (d) A wallet holding less than
 * the next amount: the button says why and the rest is paid through the payment channel on the
 * same page. Every figure expected is worked out here from the servicing API's schedule (centavos,
 * never floats), not read back from the page. Pictures at 360 and 1280 px with SCREENSHOTS=1.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const shoot = shooter(process.env.PAYING_SHOTS_DIR ?? '.tmp/shots-paying');

const DAY_MS = 86_400_000;
/** Past the simulated provider's confirmation time (60 s by default), well inside the reference's 24 hours. */
const PAST_CONFIRMATION_MS = 2 * 60_000;

const at = (amount: string): Centavos => parseAmount(amount) ?? 0n;
const peso = (amount: Centavos): string => `₱${formatAmount(amount)}`;
const sum = (amounts: readonly string[]): Centavos => amounts.reduce((total, a) => total + at(a), 0n);
/** An instalment's due date as the English page writes it in a receipt ("November 26, 2026"). */
const longDate = (isoDate: string): string => new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${isoDate}T00:00:00Z`));

async function servicing(page: Page): Promise<ServicingDto> {
  const response = await page.request.get('/api/loans/current/servicing');
  expect(response.status(), `GET servicing: ${await response.text()}`).toBe(200);
  return servicingResponseSchema.parse(await response.json());
}

async function walletBalance(page: Page): Promise<string> {
  const response = await page.request.get('/api/wallet');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { wallet: string }).wallet;
}

/** Moves the server's clock to noon (Manila) `days` after `isoDate`, signs the member in again and runs the daily job. */
async function passDueDate(page: Page, baseURL: string | undefined, member: FundedMember, isoDate: string, days: number): Promise<void> {
  const target = Date.parse(`${isoDate}T12:00:00+08:00`) + days * DAY_MS;
  const now = await serverNow(page.request);
  expect(target, 'the target day is ahead of the server clock').toBeGreaterThan(now);
  await advanceClock(page.request, target - now);
  await signInByApi(page.request, baseURL, member);
  const run = await page.request.post('/api/dev/servicing/run', { headers: origin(baseURL) });
  expect(run.status(), `dev servicing run: ${await run.text()}`).toBe(200);
}

/** Pays `amount` from the wallet through the form: review (no choice below what is due next), confirm; answers the receipt's reference. */
async function payFromWallet(page: Page, amount: string): Promise<string> {
  const pay = page.getByTestId('pay-from-wallet');
  await pay.getByRole('textbox', { name: 'Amount to pay (PHP)' }).fill(amount);
  await pay.getByRole('button', { name: 'Review payment' }).click();
  await expect(pay.getByTestId('pay-effect')).toBeVisible();
  await pay.getByRole('button', { name: `Pay ${peso(at(amount))} now` }).click();
  await expect(pay.getByTestId('receipt')).toBeVisible();
  const reference = /Receipt (\S+)/.exec((await pay.getByTestId('receipt-reference').textContent()) ?? '')?.[1];
  expect(reference).toBeTruthy();
  return reference!;
}

test.use({ viewport: { width: 360, height: 800 } }); // the schedule as cards

test('(a) the next amount paid early from the wallet is not late once its due date passes', async ({ page, baseURL, playwright }) => {
  test.setTimeout(420_000);
  const member = await disbursedMember(playwright, page, baseURL);
  const before = await servicing(page);
  const line1 = before.lines[0]!;
  // Paid on disbursement day, a month before instalment 1 falls due: the whole instalment is what is due next.
  expect(before.nextDue?.lineNumber).toBe(1);
  expect(before.nextDue?.amount).toBe(line1.scheduled.total);
  expect(line1.dueDate > before.asOf, 'instalment 1 falls due after today').toBe(true);

  await page.goto('/loan');
  const pay = page.getByTestId('pay-from-wallet');
  await pay.getByRole('button', { name: `Next amount due (${peso(at(line1.scheduled.total))})` }).click();
  await expect(pay.getByRole('textbox', { name: 'Amount to pay (PHP)' })).toHaveValue(line1.scheduled.total);
  await pay.getByRole('button', { name: 'Review payment' }).click();
  await expect(pay.getByTestId('pay-effect')).toContainText(`Instalment 1, due ${longDate(line1.dueDate)}`);
  await expect(pay.getByTestId('pay-choice')).toHaveCount(0); // nothing above what is due next: no choice to make
  await pay.getByRole('button', { name: `Pay ${peso(at(line1.scheduled.total))} now` }).click();

  const receipt = pay.getByTestId('receipt');
  await expect(receipt).toBeVisible();
  const allocations = receipt.getByTestId('receipt-allocations');
  await expect(allocations).toContainText(`Instalment 1, due ${longDate(line1.dueDate)}: Interest`);
  await expect(allocations).toContainText(`Instalment 1, due ${longDate(line1.dueDate)}: Principal`);
  await expect(allocations).not.toContainText('Instalment 2');
  await expect(allocations).not.toContainText('paid ahead');
  await expect(page.getByTestId('line-card-1')).toHaveAttribute('data-status', 'PAID');
  await shoot(page, 'a1-paid-early', receipt);

  // The API agrees: every centavo went to instalment 1, its parts as scheduled.
  const paid = await servicing(page);
  const payment = paid.payments[0]!;
  expect(payment.allocations.every((a) => a.lineNumber === 1 && a.purpose === 'NEXT_DUE')).toBe(true);
  expect(sum(payment.allocations.map((a) => a.amount))).toBe(at(line1.scheduled.total));
  expect(payment.allocation.interest).toBe(line1.scheduled.interest);

  // Five days past instalment 1's due date, the daily job has run: not overdue, no late charge.
  await passDueDate(page, baseURL, member, line1.dueDate, 5);
  const after = await servicing(page);
  expect(after.loan.status).toBe('ACTIVE');
  expect(after.lines[0]!.status).toBe('PAID');
  expect(after.lines[0]!.daysPastDue).toBe(0);
  expect(after.charges).toEqual([]);
  expect(after.totals.charges).toBe('0.00');
  expect(after.totals.overdue).toBe('0.00');
  expect(after.nextDue?.lineNumber).toBe(2);
  expect(after.nextDue?.amount).toBe(after.lines[1]!.scheduled.total);

  await page.goto('/loan');
  await expect(page.getByTestId('loan-page-status')).toHaveText('Active');
  await expect(page.getByTestId('line-card-1')).toHaveAttribute('data-status', 'PAID');
  await expect(page.getByTestId('overdue')).toHaveCount(0);
  await expect(page.getByText('No late charges. Pay on time and none will be charged.')).toBeVisible();
  await expect(page.getByTestId('next-due')).toContainText(peso(at(after.lines[1]!.scheduled.total)));
  await expect(page.getByTestId('payments')).toContainText(`${payment.reference}: ${peso(at(line1.scheduled.total))}`);
  await shoot(page, 'a2-after-due-date');
});

test('(b) PHP 1,000 twice toward one instalment: two receipts, partly paid, then what is left', async ({ page, baseURL, playwright }) => {
  test.setTimeout(420_000);
  await disbursedMember(playwright, page, baseURL);
  const before = await servicing(page);
  const line1 = before.lines[0]!;
  const total = at(line1.scheduled.total);
  const thousand = 100_000n; // PHP 1,000.00 in centavos
  expect(total).toBeGreaterThan(2n * thousand);

  await page.goto('/loan');
  const card = page.getByTestId('line-card-1');
  await expect(card).toBeVisible();

  const first = await payFromWallet(page, '1000');
  const pay = page.getByTestId('pay-from-wallet');
  await expect(pay.getByTestId('receipt-allocations')).toContainText(`Instalment 1, due ${longDate(line1.dueDate)}`);
  await expect(pay.getByTestId('receipt-allocations')).not.toContainText('Instalment 2');
  await expect(pay.getByTestId('receipt-remaining')).toContainText(peso(at(before.totals.outstanding) - thousand));
  await expect(card).toContainText(`Partly paid: ${peso(thousand)} of ${peso(total)}`);
  await expect(page.getByTestId('next-due')).toContainText(peso(total - thousand));
  await shoot(page, 'b1-first-thousand', card);
  await pay.getByRole('button', { name: 'Close the receipt' }).click();

  const second = await payFromWallet(page, '1000.00');
  expect(second).not.toBe(first);
  await expect(pay.getByTestId('receipt-allocations')).toContainText(`Instalment 1, due ${longDate(line1.dueDate)}`);
  await expect(pay.getByTestId('receipt-remaining')).toContainText(peso(at(before.totals.outstanding) - 2n * thousand));
  await expect(card).toContainText(`Partly paid: ${peso(2n * thousand)} of ${peso(total)}`);
  await expect(card).toHaveAttribute('data-status', /^(DUE|UPCOMING)$/);
  await expect(page.getByTestId('next-due')).toContainText(peso(total - 2n * thousand));
  const payments = page.getByTestId('payments');
  await expect(payments).toContainText(`${first}: ${peso(thousand)}`);
  await expect(payments).toContainText(`${second}: ${peso(thousand)}`);
  await shoot(page, 'b2-second-thousand', card);

  const after = await servicing(page);
  expect(after.payments).toHaveLength(2);
  for (const p of after.payments) {
    expect(p.allocations.every((a) => a.lineNumber === 1)).toBe(true);
    expect(sum(p.allocations.map((a) => a.amount))).toBe(thousand);
  }
  expect(at(after.lines[0]!.outstanding)).toBe(total - 2n * thousand);
  expect(after.nextDue).toMatchObject({ lineNumber: 1, amount: toDecimalString(total - 2n * thousand) });
});

test('(c) a loan overdue with late charges: the charges alone are paid, the instalment is still due', async ({ page, baseURL, playwright }) => {
  test.setTimeout(420_000);
  const member = await disbursedMember(playwright, page, baseURL);
  const line1 = (await servicing(page)).lines[0]!;
  // Ten days past instalment 1's due date, unpaid: overdue, with late charges.
  await passDueDate(page, baseURL, member, line1.dueDate, 10);
  const overdue = await servicing(page);
  expect(overdue.loan.status).toBe('OVERDUE');
  expect(overdue.lines[0]!.status).toBe('OVERDUE');
  const charges = sum(overdue.charges.filter((c) => !c.waived).map((c) => c.outstanding));
  expect(charges).toBeGreaterThan(0n);
  expect(at(overdue.totals.charges)).toBe(charges);
  // A line's outstanding counts its late charges: once they are paid, the instalment itself is left, nothing of it paid.
  expect(at(overdue.lines[0]!.outstanding)).toBe(at(line1.scheduled.total) + charges);
  const instalmentLeft = line1.scheduled.total;

  await page.goto('/loan');
  await expect(page.getByTestId('loan-page-status')).toHaveText('Overdue');
  await expect(page.getByTestId('line-card-1')).toHaveAttribute('data-status', 'OVERDUE');
  const reference = await payFromWallet(page, toDecimalString(charges));
  const allocations = page.getByTestId('pay-from-wallet').getByTestId('receipt-allocations');
  await expect(allocations).toContainText('Late charges on instalment 1');
  await expect(allocations).not.toContainText('Principal');
  await expect(allocations).not.toContainText('Interest');
  await shoot(page, 'c1-charges-paid', allocations);

  const after = await servicing(page);
  const payment = after.payments.find((p) => p.reference === reference)!;
  expect(payment.allocations.every((a) => a.purpose === 'CHARGES' && a.component === 'CHARGE')).toBe(true);
  expect(sum(payment.allocations.map((a) => a.amount))).toBe(charges);
  expect(payment.allocation.charges).toBe(toDecimalString(charges));
  expect(after.totals.charges).toBe('0.00');
  expect(after.lines[0]!.status).toBe('OVERDUE');
  expect(after.lines[0]!.outstanding).toBe(instalmentLeft);
  expect(after.nextDue).toMatchObject({ lineNumber: 1, amount: instalmentLeft });

  await expect(page.getByTestId('line-card-1')).toHaveAttribute('data-status', 'OVERDUE');
  await expect(page.getByTestId('next-due')).toContainText(peso(at(instalmentLeft)));
  await expect(page.getByTestId('payments')).toContainText(`${reference}: ${peso(charges)}`);
});

test('(d) a wallet short of the next amount: the button says why, the rest goes through the channel on the same page', async ({
  page,
  baseURL,
  playwright,
}) => {
  test.setTimeout(420_000);
  await disbursedMember(playwright, page, baseURL);
  // Most of the wallet is paid toward the principal first (through the API), so that it keeps PHP 7,000.00,
  // less than the next instalment, while the loan still owes more than that instalment.
  const balance = at(await walletBalance(page));
  const kept = 700_000n;
  const paid = await page.request.post('/api/loans/current/payments', {
    headers: { ...origin(baseURL), 'idempotency-key': randomUUID() },
    data: { amount: toDecimalString(balance - kept), excess: 'REDUCE_PRINCIPAL' },
  });
  expect(paid.status(), `wallet payment: ${await paid.text()}`).toBe(201);
  expect(await walletBalance(page)).toBe(toDecimalString(kept));
  const view = await servicing(page);
  const nextDue = at(view.nextDue!.amount);
  const max = at(view.totals.maximumPayment);
  expect(nextDue, 'the next instalment is less than closing the loan costs today').toBeLessThan(max);
  const next = nextDue;
  expect(next).toBeGreaterThan(kept);
  const rest = next - kept;

  await page.goto('/loan');
  const pay = page.getByTestId('pay-from-wallet');
  await expect(pay.getByTestId('pay-balance')).toHaveText(`Your wallet balance: ${peso(kept)}`);
  const useNext = pay.getByRole('button', { name: `Next amount due (${peso(next)})` });
  await expect(useNext).toBeDisabled();
  await expect(pay.getByTestId('pay-short')).toContainText(`Your wallet holds ${peso(kept)}, less than ${peso(next)}.`);
  await expect(useNext).toHaveAccessibleDescription(/Your wallet holds/);
  await expect(pay.getByRole('button', { name: /^Everything I can pay now/ })).toHaveCount(0);
  await expect(pay.getByRole('button', { name: `All my wallet holds (${peso(kept)})` })).toBeEnabled();

  // The payoff costs more than the wallet holds: its button is disabled, the difference offered through the channel.
  const quoteResponse = await page.request.post('/api/loans/current/payoff-quote', { headers: origin(baseURL), data: {} });
  expect(quoteResponse.status(), await quoteResponse.text()).toBeLessThan(300);
  const payoffTotal = at(payoffQuoteResponseSchema.parse(await quoteResponse.json()).quote.total);
  const payoff = page.getByTestId('payoff');
  await payoff.getByRole('button', { name: 'Get a payoff quote' }).click();
  await expect(payoff.getByTestId('payoff-total')).toContainText(peso(payoffTotal));
  await expect(payoff.getByRole('button', { name: `Pay ${peso(payoffTotal)} and close the loan` })).toBeDisabled();
  await expect(payoff.getByTestId('payoff-short')).toContainText(
    `Your wallet holds ${peso(kept)}, ${peso(payoffTotal - kept)} less than the ${peso(payoffTotal)}`,
  );
  await shoot(page, 'd1-payoff-short', payoff);
  const channel = page.getByTestId('channel-payment');
  const channelAmount = channel.getByRole('textbox', { name: 'Amount (PHP)' });
  await payoff.getByRole('button', { name: `Pay ${peso(payoffTotal - kept)} through a payment channel` }).click();
  await expect(channelAmount).toHaveValue(toDecimalString(payoffTotal - kept < max ? payoffTotal - kept : max));

  // The next amount: the rest through the channel, prefilled with the difference.
  await pay.getByRole('button', { name: `Pay ${peso(rest)} through a payment channel` }).click();
  await expect(channelAmount).toHaveValue(toDecimalString(rest));
  await expect(channelAmount).toBeFocused();
  await shoot(page, 'd2-rest-by-channel', channel);
  await channel.getByRole('button', { name: 'Get a payment reference' }).click();
  const instructions = channel.getByTestId('channel-instructions');
  await expect(instructions).toContainText(`Pay ${peso(rest)} with reference`);
  await advanceClock(page.request, PAST_CONFIRMATION_MS);
  await expect(channel.getByTestId('channel-payment-row').first()).toContainText('Paid and applied to your loan');

  // Then what the wallet holds pays the rest of that instalment.
  await pay.getByRole('button', { name: `All my wallet holds (${peso(kept)})` }).click();
  await payFromWallet(page, toDecimalString(kept));
  const after = await servicing(page);
  const line = after.lines.find((l) => l.number === view.nextDue!.lineNumber)!;
  expect(line.status).toBe('PAID');
  expect(line.outstanding).toBe('0.00');
  expect(await walletBalance(page)).toBe('0.00');
});
