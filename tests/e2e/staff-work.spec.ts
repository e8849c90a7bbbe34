import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect } from './browser-fixture';
import { newPerson, outbox, readCode, registerByApi, signInByApi, type Person } from './helpers';
import { activateByApi, officerRequest, origin, OFFICERS } from './funding';
import { adminSocketPath, callAdminChannel } from '../../src/server/ops/admin-client';

/**
 * Staff work that had no screen (docs/decisions/025 and 029), in the browser:
 * the support inbox (a person sends the contact form, an officer finds it, takes it, answers by
 * e-mail and closes it), the referral card (an activated member sees a code; someone who registers
 * with it is counted), and the data-deletion review (a member asks in Settings, an ADMIN completes
 * it; the member can no longer sign in and the ledger still balances). Screenshots at 360 and
 * 1280 px with SCREENSHOTS=1 go to SHOTS_DIR (default .tmp/shots-staff).
 */

/** The administrator scripts/e2e-server.sh creates before the server starts. */
const ADMIN: Person = {
  phone: '+639990000009',
  national: '9990000009',
  email: '',
  fullName: 'Admin Rosa Garcia',
  password: 'Admin nine narra lighthouse 8192',
};
const OFFICER: Person = {
  phone: OFFICERS[0].phone,
  national: OFFICERS[0].phone.slice(3),
  email: '',
  fullName: OFFICERS[0].fullName,
  password: OFFICERS[0].password,
};

// A shared, loaded machine: pages that load lazily get 30 s to appear, each journey 4.5 minutes.
const expectUi = expect.configure({ timeout: 30_000 });
test.slow();

const SHOTS = process.env.SHOTS_DIR ?? '.tmp/shots-staff';
mkdirSync(SHOTS, { recursive: true });

async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return; // pictures only when asked (playwright.config.ts)
  const original = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    // Nothing wider than the screen: no sideways scrolling on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width} px`).toBeLessThanOrEqual(width);
  }
  if (original) await page.setViewportSize(original);
}

test('support inbox: a contact message is taken by an officer, answered by e-mail and closed', async ({ page, baseURL, browserErrors }) => {
  // The refused reply below: Chromium logs the 400 the page shows on the field.
  browserErrors.allowConsoleErrors(/status of 400 \(Bad Request\) \(http:\/\/localhost:\d+\/api\/admin\/support\/messages\/[0-9a-f-]+\/reply/);
  const marker = `Order ${randomUUID().slice(0, 8)}`;
  const email = `juan.${randomUUID().slice(0, 8)}@example.com`;
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByRole('textbox', { name: 'Name' }).fill('Juan dela Cruz');
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  await form.getByRole('textbox', { name: 'Message' }).fill(`When is my first instalment due? ${marker}`);
  await form.getByRole('checkbox', { name: /^I agree that / }).check();
  await form.getByRole('button', { name: 'SEND MESSAGE' }).click();
  await expectUi(page.getByRole('status').filter({ hasText: 'Message sent.' })).toBeVisible();

  await signInByApi(page.request, baseURL, OFFICER);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Back office menu' }).getByRole('link', { name: 'Support inbox' }).click();
  await expectUi(page.getByRole('heading', { level: 1, name: 'Support inbox' })).toBeVisible();
  const card = page.getByTestId('support-message').filter({ hasText: marker });
  await expectUi(card).toHaveCount(1);
  await expectUi(card.getByTestId('support-status')).toHaveText('New');
  await shoot(page, 'support-inbox');

  await card.getByLabel('Assigned to').selectOption({ label: OFFICER.fullName });
  await card.getByRole('button', { name: 'Assign' }).click();
  await expectUi(card.getByTestId('support-status')).toHaveText('In progress');
  await expectUi(card).toContainText(`Assigned to ${OFFICER.fullName}`);

  // A reply with a payment instruction is refused on the field with the reason and what was found (decision 060).
  await card.getByLabel('Your reply by e-mail').fill('Your loan is FROZEN. To release it, pay PHP 5,000 to GCash today.');
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expectUi(card.getByRole('alert')).toContainText('Payment instructions are not allowed');
  await expectUi(card.getByRole('alert')).toContainText('Found: “To release it, pay PHP 5,000 to GCash today.”');
  await expectUi(card.getByTestId('support-status')).toHaveText('In progress');
  await shoot(page, 'support-reply-refused');

  await card.getByLabel('Your reply by e-mail').fill(`Your first instalment is due one month after disbursement. ${marker}`);
  await card.getByRole('button', { name: 'Send reply' }).click();
  await expectUi(card.getByTestId('support-status')).toHaveText('Answered');
  const sent = (await outbox(page.request)).filter((m) => m.recipient === email);
  expect(sent.map((m) => m.body).join('\n')).toContain(`Your first instalment is due one month after disbursement. ${marker}`);

  await card.getByRole('button', { name: 'Close' }).click();
  await expectUi(card.getByTestId('support-status')).toHaveText('Closed');
  await expectUi(card.getByRole('button', { name: 'Reopen' })).toBeVisible();
  // Filtered by status, the closed message is under Closed and no longer under New.
  await page.getByLabel('Status').selectOption('NEW');
  await expectUi(page.getByTestId('support-message').filter({ hasText: marker })).toHaveCount(0);
  await page.getByLabel('Status').selectOption('CLOSED');
  await expectUi(page.getByTestId('support-message').filter({ hasText: marker })).toHaveCount(1);
});

/** Registers through the API with a referral code typed in the employment step. */
async function registerWithReferral(request: APIRequestContext, baseURL: string | undefined, code: string): Promise<void> {
  const person = newPerson();
  const started = await request.post('/api/auth/register', {
    headers: origin(baseURL),
    data: {
      phone: person.phone,
      email: person.email,
      fullName: person.fullName,
      password: person.password,
      confirmPassword: person.password,
      employmentCountry: 'PH',
      employmentLocation: 'Cebu City',
      jobTitle: 'Teacher',
      jobCategory: 'Education / Training',
      monthlyNetIncome: '30000',
      referralCode: code.toLowerCase(),
    },
  });
  expect(started.status(), await started.text()).toBe(201);
  const verified = await request.post('/api/auth/register/verify', {
    headers: origin(baseURL),
    data: { code: await readCode(request, person.phone, 'verification') },
  });
  expect(verified.status(), await verified.text()).toBe(201);
}

test('referral card: an activated member sees a code; a friend who registers with it is counted', async ({ page, playwright, baseURL }) => {
  await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);
  await page.goto('/dash');
  const card = page.getByTestId('referral-card');
  await expectUi(card.getByRole('heading', { name: 'Invite a friend' })).toBeVisible();
  const code = (await card.getByTestId('referral-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{8}$/);
  await expectUi(card).toContainText('0 people joined with your code.');

  const friend = await playwright.request.newContext({ baseURL });
  await registerWithReferral(friend, baseURL, code);
  await friend.dispose();

  await page.reload();
  await expectUi(page.getByTestId('referral-card')).toContainText('1 person joined with your code.');
  // The same code on every visit.
  await expectUi(page.getByTestId('referral-code')).toHaveText(code);
});

test('data-deletion review: the member asks in Settings, the ADMIN completes it, the member can no longer sign in, the ledger balances', async ({
  page,
  browser,
  baseURL,
  browserErrors,
}) => {
  // The member's refused sign-in answers 401 on purpose.
  browserErrors.allowConsoleErrors(/Failed to load resource: the server responded with a status of 401/);
  const member = await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);
  const reason = `No longer needed ${randomUUID().slice(0, 8)}`;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Request deletion of my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Reason (optional)').fill(reason);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expectUi(page.getByText(/You asked for the deletion of your account on/)).toBeVisible();

  // An officer may read the request (each opening is in the access log) but not decide.
  const officer = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  await officerRequest(officer.request, baseURL, 0);
  const requests = (await (await officer.request.get('/api/admin/deletion-requests?status=OPEN')).json()) as {
    requests: { id: string; reason: string | null }[];
  };
  const mine = requests.requests.find((r) => r.reason === reason);
  expect(mine).toBeDefined();
  expect((await officer.request.post(`/api/admin/deletion-requests/${mine!.id}/complete`, { headers: origin(baseURL) })).status()).toBe(403);
  const officerPage = await officer.newPage();
  await officerPage.goto(`/admin/deletion-requests/${mine!.id}`);
  await expectUi(officerPage.getByText('Only an ADMIN can complete or reject a request.')).toBeVisible();
  await expectUi(officerPage.getByRole('button', { name: /Complete/ })).toHaveCount(0);
  await officer.close();

  // The ADMIN opens the list, the request, and completes it.
  const admin = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  await signInByApi(admin.request, baseURL, ADMIN);
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByRole('navigation', { name: 'Back office menu' }).getByRole('link', { name: 'Deletion requests' }).click();
  await expectUi(adminPage.getByRole('heading', { level: 1, name: 'Data deletion requests' })).toBeVisible();
  const row = adminPage.getByTestId('deletion-request').filter({ hasText: reason });
  await expectUi(row).toHaveCount(1);
  await shoot(adminPage, 'deletion-list');
  await row.getByRole('link', { name: 'Open the request' }).click();
  await expectUi(adminPage.getByTestId('deletion-contact')).toContainText(member.email);
  await expectUi(adminPage.getByTestId('deletion-erased')).toContainText('ID and selfie images');
  await expectUi(adminPage.getByTestId('deletion-kept')).toContainText('Loans, contracts, schedules and payments');
  await expectUi(adminPage.getByTestId('deletion-blockers')).toHaveCount(0);
  await shoot(adminPage, 'deletion-detail');
  await adminPage.getByRole('button', { name: 'Complete: anonymise the member' }).click();
  const confirm = adminPage.getByRole('dialog');
  await expectUi(confirm).toContainText('This cannot be undone.');
  await confirm.getByRole('button', { name: 'Yes, anonymise' }).click();
  await expectUi(adminPage.getByText('The member was anonymised and told.')).toBeVisible();
  await expectUi(adminPage.getByTestId('deletion-status')).toHaveText('Completed');
  await expectUi(adminPage.getByText('This member has been anonymised: no contact details are left.')).toBeVisible();
  await shoot(adminPage, 'deletion-completed');
  await admin.close();

  // The member was told, at the contact details they had.
  const told = (await outbox(page.request)).filter((m) => m.recipient === member.phone);
  expect(told.map((m) => m.body).join('\n')).toContain('we deleted your personal data and closed your account');

  // Their session is gone, and their phone and password sign nobody in.
  await page.goto('/dash');
  await expectUi(page).toHaveURL(/\/login/);
  await page.getByRole('textbox', { name: 'Phone number' }).fill(member.national);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expectUi(page.getByRole('alert').filter({ hasText: 'Incorrect phone number or password.' })).toBeVisible();

  // The ledger check of this server's database (through its local admin channel) still holds.
  const port = new URL(baseURL!).port;
  const check = await callAdminChannel(adminSocketPath(`.tmp/e2e-data-${port}`), 'GET', '/ledger');
  expect(check.status).toBe(200);
  expect(check.body).toMatchObject({ ok: true, problems: [] });
});

test('data-deletion review: the ADMIN declines with a reason from the list, and the member reads that reason in Settings, in Filipino too', async ({
  page,
  browser,
  baseURL,
}) => {
  await registerByApi(page.request, baseURL);
  await activateByApi(page.request, baseURL);
  const note = `Keep me ${randomUUID().slice(0, 8)}`;
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Request deletion of my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Reason (optional)').fill(note);
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expectUi(page.getByText(/You asked for the deletion of your account on/)).toBeVisible();

  // The ADMIN cannot decline without choosing a reason from the list; then declines with one.
  const admin = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  await signInByApi(admin.request, baseURL, ADMIN);
  const requests = (await (await admin.request.get('/api/admin/deletion-requests?status=OPEN')).json()) as {
    requests: { id: string; reason: string | null }[];
  };
  const mine = requests.requests.find((r) => r.reason === note);
  expect(mine).toBeDefined();
  // A reason outside the list is refused by the server, whatever a form would have allowed.
  const forged = await admin.request.post(`/api/admin/deletion-requests/${mine!.id}/reject`, {
    headers: origin(baseURL),
    data: { reasonCode: 'Pay 500 to unfreeze your account' },
  });
  expect(forged.status()).toBe(400);
  const adminPage = await admin.newPage();
  await adminPage.goto(`/admin/deletion-requests/${mine!.id}`);
  const reject = adminPage.getByRole('button', { name: 'Reject', exact: true });
  await expectUi(reject).toBeDisabled();
  await adminPage.getByTestId('deletion-reject-reason').selectOption('LEGAL_HOLD');
  await reject.click();
  await expectUi(adminPage.getByText('The request was rejected and the member told.')).toBeVisible();
  await expectUi(adminPage.getByTestId('deletion-status')).toHaveText('Rejected');
  await shoot(adminPage, 'deletion-rejected');
  await admin.close();

  // The member reads the declined request and its reason, the catalogue's words (not staff's).
  await page.reload();
  const status = page.getByTestId('deletion-request-status');
  await expectUi(status).toContainText(/was declined/);
  await expectUi(status).toContainText('Why: Your records are needed for a legal claim or an investigation that is still open');
  // The member may ask again once the reason is settled.
  await expectUi(page.getByRole('button', { name: 'Request deletion of my account' })).toBeVisible();

  // In Filipino the status and the reason are Filipino.
  await page.evaluate(() => window.localStorage.setItem('tapat.language', 'fil'));
  await page.reload();
  await expectUi(status).toContainText('Tinanggihan ang iyong kahilingan');
  await expectUi(status).toContainText('Dahilan: Kailangan pa ang iyong mga record');
});
