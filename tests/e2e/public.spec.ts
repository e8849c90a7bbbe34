import { test, expect } from './browser-fixture';

/** The not-found page (specification section 2): 'Take Me Back' leads to the landing page. */
test('the not-found page offers Take Me Back to the landing page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: "We couldn't find that page" })).toBeVisible();
  await expect(page).toHaveTitle(/Page not found/);
  await page.getByRole('link', { name: 'Take Me Back' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Empowering dreams, one loan at a time.' })).toBeVisible();
});

/**
 * The contact form (specification section 5; DECISIONS.md invariant 7): field messages for an empty
 * form, and 'Message sent.' only once the server has accepted the message, then a cleared form.
 */
test('the contact form shows field messages, then Message sent. only after the server answered', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'We are here to help you' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Send us a message' });
  const name = form.getByRole('textbox', { name: 'Name' });
  const email = form.getByRole('textbox', { name: 'Email' });
  const message = form.getByRole('textbox', { name: 'Message' });
  const agree = form.getByRole('checkbox', { name: /^I agree that .+ may use my name, e-mail address and message/ });
  const send = form.getByRole('button', { name: 'SEND MESSAGE' });

  await send.click();
  await expect(name).toHaveAccessibleDescription('Please enter your name.');
  await expect(email).toHaveAccessibleDescription(/^Invalid email format\./);
  await expect(message).toHaveAccessibleDescription('Please enter your message (at least 5 characters).');
  await expect(agree).toHaveAccessibleDescription('Please tick the box to agree before sending.');
  await expect(page.getByText('Message sent.')).toHaveCount(0);

  await name.fill('Juan dela Cruz');
  await email.fill('juan.delacruz@example.com');
  await message.fill('When is my first instalment due?');
  await agree.check();

  // Hold the server's answer: until it comes, the page says it is sending, never that it has sent.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let posted: unknown;
  await page.route('**/api/contact', async (route) => {
    posted = route.request().postDataJSON();
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse((response) => response.url().endsWith('/api/contact') && response.request().method() === 'POST');
  await send.click();
  await expect(page.getByRole('status').filter({ hasText: 'Sending Message.' })).toBeVisible();
  await expect(page.getByText('Message sent.')).toHaveCount(0);
  await expect(name).toHaveValue('Juan dela Cruz');
  // The form may say it is sending before the request leaves (its route entry loads lazily): wait for it.
  await expect
    .poll(() => posted)
    .toEqual({ name: 'Juan dela Cruz', email: 'juan.delacruz@example.com', message: 'When is my first instalment due?', agree: true });

  release();
  const response = await answered;
  expect(response.ok(), `POST /api/contact answered ${response.status()}`).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Message sent.' })).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(email).toHaveValue('');
  await expect(message).toHaveValue('');
  await expect(agree).not.toBeChecked();
});
