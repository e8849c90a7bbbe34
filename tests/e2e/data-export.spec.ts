import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { strFromU8, unzipSync } from 'fflate';
import { test, expect as baseExpect } from './browser-fixture';
import { registerByApi, signingCode } from './helpers';
import { activateByApi, OFFICERS, officerRequest, origin } from './funding';
import { clockPast } from './clock';

/**
 * The member's data export holds everything (docs/decisions/075-export-holds-everything.md): a
 * member applies on /dash (the open Disclosure Statement scanned by axe), officer 1 approves, the
 * member reads the contract and signs with the code (the open contract dialog and its code entry
 * scanned by axe), officer 2 disburses, the member pays from the wallet, then downloads the export
 * on /settings; the ZIP is read here: one file per part, the loan, its schedule and the payment.
 */
const expect = baseExpect.configure({ timeout: 30_000 });

/** No serious or critical WCAG 2.1 AA violation in the open dialog (the page behind it is inert). */
async function axeDialog(page: Page, where: string) {
  const results = await new AxeBuilder({ page }).include('dialog[open]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.passes.length, `axe checked something in ${where}`).toBeGreaterThan(5);
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${where}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test('a member with a loan and a payment downloads a data export that holds them, part by part', async ({ page, baseURL, playwright }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const member = await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);
  expect(OFFICERS.length).toBeGreaterThanOrEqual(2);

  // --- The application on /dash, with the Disclosure Statement open.
  await page.goto('/dash');
  const panel = page.locator('section[aria-labelledby="loan-title"]');
  await expect(panel.getByRole('heading', { name: 'Loan application' })).toBeVisible();
  await panel.getByRole('button', { name: '24 months' }).click();
  await panel.getByRole('button', { name: 'Service and Policy Agreement' }).click();
  await page.getByRole('dialog', { name: 'Service and Policy Agreement' }).getByRole('button', { name: 'I agree' }).click();
  await panel.getByRole('button', { name: 'Apply now' }).click();
  const disclosure = page.getByRole('dialog', { name: 'Disclosure Statement' });
  await expect(disclosure.getByRole('table').locator('tbody tr')).toHaveCount(24);
  await axeDialog(page, 'disclosure dialog');
  await disclosure.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('dialog', { name: 'Confirm Your Loan Application' }).getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Loan application submitted.')).toBeVisible();
  const { loan } = (await (await page.request.get('/api/loans/current')).json()) as { loan: { id: string; loanNumber: string } };

  // --- Officer 1 approves (maker), officer 2 will disburse (checker).
  const officers: APIRequestContext[] = [];
  try {
    for (const index of [0, 1] as const) {
      const request = await playwright.request.newContext({ baseURL });
      officers.push(request);
      await officerRequest(request, baseURL, index);
    }
    const headers = origin(baseURL);
    expect((await officers[0]!.post(`/api/admin/loans/${loan.id}/review`, { headers, data: {} })).status()).toBe(200);
    expect((await officers[0]!.post(`/api/admin/loans/${loan.id}/approve`, { headers, data: { amount: '200000.00', term: 24 } })).status()).toBe(200);

    // --- The contract dialog, then its code entry, each scanned open.
    await page.reload();
    await panel.getByRole('button', { name: 'Read the contract and sign' }).click();
    const contract = page.getByRole('dialog', { name: 'Loan Contract Agreement' });
    await expect(contract.getByText('Final Disclosure Statement')).toBeVisible();
    await axeDialog(page, 'contract dialog');
    await clockPast(page.request, member.nextCodeAt);
    await contract.getByRole('button', { name: 'Send code' }).click();
    await expect(contract.getByText(/We sent a code to/)).toBeVisible();
    const codeBox = contract.getByRole('textbox', { name: 'Code from the SMS' });
    await expect(codeBox).toBeVisible();
    await axeDialog(page, 'contract code entry');
    await codeBox.fill(await signingCode(page.request, member.phone));
    await axeDialog(page, 'contract code entry, filled');
    await contract.getByRole('button', { name: 'Sign' }).click();
    await expect(page.getByText('Contract signed.').first()).toBeVisible();

    const disbursed = await officers[1]!.post(`/api/admin/loans/${loan.id}/disburse`, { headers: { ...headers, 'idempotency-key': randomUUID() }, data: {} });
    expect(disbursed.status(), await disbursed.text()).toBe(200);
    const paid = await page.request.post('/api/loans/current/payments', {
      headers: { ...headers, 'idempotency-key': randomUUID() },
      data: { amount: '5000.00' },
    });
    expect(paid.status(), await paid.text()).toBe(201);
  } finally {
    for (const request of officers) await request.dispose();
  }

  // --- The export, downloaded on /settings with the password, read here.
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const confirmIt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirmIt.getByLabel('Your password').fill(member.password);
  const downloading = page.waitForEvent('download');
  await confirmIt.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tapat-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
  const json = <T>(name: string): T => JSON.parse(strFromU8(files[name]!)) as T;

  const parts = [
    'account',
    'activation',
    'consents',
    'documents',
    'security',
    'messages',
    'loans',
    'schedule',
    'payments',
    'charges',
    'extensions',
    'reminders',
    'wallet',
    'withdrawals',
    'support',
  ];
  expect(Object.keys(files).sort()).toEqual(
    [
      ...parts.map((p) => `${p}.json`),
      'schedule.csv',
      'payments.csv',
      'wallet.csv',
      'README.txt',
      'images/ID_BACK.jpg',
      'images/ID_FRONT.jpg',
      'images/SELFIE.jpg',
    ].sort(),
  );
  const readme = strFromU8(files['README.txt']!);
  expect(readme).toContain('loans.json: your applications and loans');
  expect(readme).toContain('wallet.json, wallet.csv: your wallet: its balance and every line in and out.');

  expect(json<{ phone: string; fullName: string }>('account.json')).toMatchObject({ phone: member.phone, fullName: member.fullName });
  const loans = json<{ id: string; loanNumber: string; status: string; amount: unknown; term: number; contract: unknown }[]>('loans.json');
  expect(loans).toHaveLength(1);
  expect(loans[0]).toMatchObject({
    id: loan.id,
    loanNumber: loan.loanNumber,
    status: 'ACTIVE',
    amount: { centavos: 20_000_000, formatted: '₱200,000.00' },
    term: 24,
  });
  expect(loans[0]!.contract).toMatchObject({ term: 24 });
  expect(json<unknown[]>('schedule.json')).toHaveLength(24);
  expect(strFromU8(files['schedule.csv']!).trim().split('\r\n')).toHaveLength(25);
  const { payments } = json<{ payments: { source: string; status: string; amount: unknown }[] }>('payments.json');
  expect(payments).toEqual([expect.objectContaining({ source: 'WALLET', status: 'POSTED', amount: { centavos: 500_000, formatted: '₱5,000.00' } })]);
  const wallet = json<{ lines: { code: string; direction: string }[] }>('wallet.json');
  expect(wallet.lines.map((l) => [l.code, l.direction])).toEqual([
    ['LOAN_DISBURSEMENT', 'CREDIT'],
    ['LOAN_REPAYMENT', 'DEBIT'],
  ]);
  expect(Object.values(files).some((bytes) => strFromU8(bytes).includes('$argon2'))).toBe(false);
});
