import { randomUUID } from 'node:crypto';
import { test, expect as baseExpect } from './browser-fixture';
import { disbursedMember, shooter } from './servicing-helpers';
import { advanceClock, clockPast, serverNow } from './clock';
import { officerRequest } from './funding';
import { outbox, signInByApi } from './helpers';

/**
 * An extension that reaches an officer (docs/decisions/062): a borrower pays the next instalment and
 * PHP 1,000.00 more a month early, then asks for a longer term (accepted: what was paid stays paid);
 * an officer sees the count in the back office's menu, opens the queue from it and approves at 00:11
 * Manila; the approval's SMS waits in the outbox until 06:00; the borrower signs, and /dash shows the
 * schedule in force (term and instalment). Pictures into EXTENSION_SHOTS_DIR when SCREENSHOTS=1.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const shoot = shooter(process.env.EXTENSION_SHOTS_DIR ?? 'test-results/shots-extension-queue');
const HOUR = 3_600_000;

/** Centavos of a decimal string ("1234.50"), and back, so that the test does no float arithmetic on money. */
const cents = (amount: string) => BigInt(amount.replace('.', ''));
const decimal = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
const peso = (amount: string) => `₱${Number(amount).toLocaleString('en-PH', { minimumFractionDigits: 2 })}`;

test.describe('an extension request reaches the back office', () => {
  test.use({ viewport: { width: 360, height: 800 } });

  test('asked after a prepayment, counted in the menu, approved at night (SMS at 06:00), /dash shows the new schedule', async ({
    page,
    baseURL,
    playwright,
    browser,
  }) => {
    test.setTimeout(420_000);
    const member = await disbursedMember(playwright, page, baseURL);
    const origin = { origin: new URL(baseURL!).origin };

    // The next instalment and PHP 1,000.00 more, paid from the wallet on the day of disbursement (a prepayment).
    const servicing = (await (await page.request.get('/api/loans/current/servicing')).json()) as { nextDue: { amount: string } };
    const paid = await page.request.post('/api/loans/current/payments', {
      headers: { ...origin, 'idempotency-key': randomUUID() },
      data: { amount: decimal(cents(servicing.nextDue.amount) + 100_000n) },
    });
    expect(paid.status(), await paid.text()).toBe(201);

    // She asks for 36 months on /loan: accepted, and told by SMS that it was received.
    await page.goto('/loan');
    const card = page.getByTestId('extension-request');
    await card.getByRole('combobox', { name: 'New term for the remaining principal' }).selectOption({ label: '36 months' });
    await card.getByRole('button', { name: 'Ask for an extension' }).click();
    await expect(card.getByTestId('extension-status')).toContainText('Your extension request is waiting for a Loan Officer.');
    await expect
      .poll(async () => (await outbox(page.request)).some((m) => m.recipient === member.phone && /we received your request to extend loan/.test(m.body)))
      .toBe(true);

    // 00:11 Manila, the next night.
    const now = await serverNow(page.request);
    const manila = now + 8 * HOUR;
    const nextMidnight = manila - (manila % (24 * HOUR)) + 24 * HOUR;
    await advanceClock(page.request, nextMidnight + 11 * 60_000 - manila);

    // The officer finds it from the back office's menu: the count, then the queue.
    const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
    try {
      const officer = await context.newPage();
      await officerRequest(officer.request, baseURL, 0);
      await officer.goto('/admin');
      const nav = officer.getByTestId('nav-extensions');
      await expect(nav.getByTestId('nav-extensions-count')).toHaveText(/waiting for a decision/);
      await shoot(officer, '1-menu-count', officer.getByRole('navigation'));
      await nav.click();
      await expect(officer.getByRole('heading', { level: 1, name: 'Extensions' })).toBeVisible();
      const item = officer.getByTestId('extension-item').filter({ hasText: member.fullName });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('36 months');
      await expect(item.getByRole('link', { name: /^Servicing page of loan / })).toBeVisible();
      await shoot(officer, '2-queue');
      await item.getByRole('button', { name: 'Approve' }).click();
      await expect(officer.getByText('Approved: the borrower may now sign the new disclosure statement.')).toBeVisible();
    } finally {
      await context.close();
    }

    // The approval's SMS waits in the outbox for 06:00 Manila (the delivery pass stamps it).
    const six = new Date(nextMidnight + 6 * HOUR - 8 * HOUR).toISOString();
    await expect
      .poll(
        async () => {
          const approval = (await (await page.request.get('/api/dev/outbox')).json()).messages.find(
            (m: { recipient: string; body: string }) => m.recipient === member.phone && /extension request for loan .* is approved/.test(m.body),
          ) as { sendAfter: string | null } | undefined;
          return approval?.sendAfter ?? null;
        },
        { message: 'the approval SMS held until 06:00 Manila', timeout: 20_000 },
      )
      .toBe(six);

    // She signs with the code (a code she asked for leaves at once, even at night).
    await signInByApi(page.request, baseURL, member);
    await clockPast(page.request, member.nextCodeAt);
    const sent = await page.request.post('/api/loans/current/extension/code', { headers: origin, data: {} });
    expect(sent.status(), await sent.text()).toBe(200);
    let code: string | undefined;
    await expect
      .poll(async () => {
        const sms = (await outbox(page.request)).find((m) => m.recipient === member.phone && /code to sign the extension/.test(m.body));
        code = /(\d{6,12}) is your code to sign the extension/.exec(sms?.body ?? '')?.[1];
        return code;
      })
      .toBeDefined();
    const signed = await page.request.post('/api/loans/current/extension/sign', { headers: origin, data: { code } });
    expect(signed.status(), await signed.text()).toBe(200);

    // /dash reads the schedule in force.
    const current = (await (await page.request.get('/api/loans/current')).json()) as {
      loan: { inForce: { term: number; instalment: string; fromLine: number } };
    };
    const inForce = current.loan.inForce;
    // The months kept (the lines fully paid before the first replaced one) and the 36 new ones; the contract said 24.
    expect(inForce.term).toBe(inForce.fromLine - 1 + 36);
    await page.goto('/dash');
    await expect(page.getByTestId('loan-term')).toHaveText(`${inForce.term} months`);
    await expect(page.getByTestId('loan-term')).not.toHaveText('24 months');
    await expect(page.getByTestId('loan-instalment')).toHaveText(peso(inForce.instalment));
    await expect(page.getByTestId('loan-extended')).toContainText(`a new schedule is in force from instalment ${inForce.fromLine}`);
    await shoot(page, '3-dash-in-force', page.getByTestId('loan-status').locator('..'));
  });
});
