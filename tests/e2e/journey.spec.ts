import { test, expect } from './browser-fixture';
import { newPerson, outbox, publicConfig, readCode, sessionCookie, wrongCode } from './helpers';

const DAY_S = 24 * 60 * 60;

/** "₱5,000,000.00" from "5000000.00". */
function pesos(decimal: string): string {
  const [whole = '0', fraction = '00'] = decimal.split('.');
  return `₱${Number(whole).toLocaleString('en-US')}.${fraction}`;
}

/**
 * The first journey: a person reads about the loans and uses the calculator, registers,
 * verifies the phone with the code from the outbox, lands on /dash, signs out, is sent to /login
 * when opening /wallet and is brought back after signing in with Remember me.
 */
test('a person uses the calculator, registers, verifies the phone, signs out and signs in again', async ({ page, request, browserErrors }) => {
  test.setTimeout(120_000);
  // A wrong code answers 400 on purpose; Chromium logs the failed request as a console error.
  browserErrors.allowConsoleErrors(/Failed to load resource: the server responded with a status of 400/);
  const config = await publicConfig(request);
  const rates = (await (await request.get('/api/rates')).json()) as { asOf: string };
  const asOf = new Intl.DateTimeFormat('en-PH', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${rates.asOf.slice(0, 10)}T00:00:00Z`));
  const person = newPerson();

  // --- The landing page and its calculator.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Empowering dreams, one loan at a time.' })).toBeVisible();
  const calculator = page.getByRole('region', { name: 'Loan calculator' });
  const amount = calculator.getByRole('textbox', { name: 'Loan amount (PHP)' });
  await expect(amount).toHaveValue(config.product.minAmount);
  const estimate = calculator.getByText('Estimated monthly repayment').locator('..');

  // Typing above the maximum caps the amount while typing.
  await amount.fill('');
  await amount.pressSequentially('9999999');
  await expect(amount).toHaveValue(config.product.maxAmount);
  // Below the minimum: no estimate while typing, then the amount is clamped on blur.
  await amount.fill('1500');
  await expect(estimate).toContainText(`Enter an amount from ${pesos(config.product.minAmount)} to ${pesos(config.product.maxAmount)}`);
  await amount.blur();
  await expect(amount).toHaveValue(config.product.minAmount);
  await expect(estimate).toContainText(/₱[\d,]+\.\d{2}/);

  // Another currency: the PHP equivalent and the rates' as-of date.
  await calculator.getByRole('combobox', { name: 'Currency' }).selectOption('USD');
  const usdAmount = calculator.getByRole('textbox', { name: 'Loan amount (USD)' });
  await expect(usdAmount).toHaveValue(/^\d+\.\d{2}$/);
  await expect(calculator.getByText(/^About ₱[\d,]+\.\d{2} in pesos$/)).toBeVisible();
  await expect(calculator.getByText(`Exchange rate as of ${asOf}: 1 USD = `, { exact: false })).toBeVisible();
  await expect(estimate).toContainText(`(exchange rate as of ${asOf})`);

  // Another term changes the monthly estimate.
  const before = await estimate.innerText();
  const longer = config.product.terms.find((months) => months !== config.product.defaultTerm) ?? 12;
  const termButton = calculator.getByRole('button', { name: `${longer} months`, exact: true });
  await termButton.click();
  await expect(termButton).toHaveAttribute('aria-pressed', 'true');
  await expect(estimate).not.toHaveText(before);
  await expect(estimate).toContainText(`over ${longer} months`);

  // --- Registration, step 1: bad input first.
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Register Here' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registration' })).toBeVisible();

  const phone = page.getByRole('textbox', { name: 'Phone number' });
  const email = page.getByRole('textbox', { name: 'Email address' });
  const fullName = page.getByRole('textbox', { name: 'Full name' });
  const password = page.getByLabel('Create password');
  const confirm = page.getByLabel('Confirm password');
  const continueButton = page.getByRole('button', { name: 'Continue' });

  await phone.fill('12345');
  await email.fill('juan@example');
  await fullName.fill('Jo');
  await password.fill('short');
  await confirm.fill('different');
  await confirm.blur();
  await expect(phone).toHaveAccessibleDescription('Between 9 and 15 digits. Must start with a digit. Only numbers are permitted.');
  await expect(email).toHaveAccessibleDescription(/^Invalid email format\. Please ensure your email address is in the correct format/);
  await expect(fullName).toHaveAccessibleDescription('Please enter both your first and last name. Ensure the name is within a reasonable length.');
  await expect(password).toHaveAccessibleDescription('Use 8 to 64 characters. Spaces are allowed.');
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(continueButton).toBeDisabled();

  // Then good input, but a confirmation that differs from the password.
  await phone.fill(person.national);
  await email.fill(person.email);
  await fullName.fill(person.fullName);
  await password.fill(person.password);
  await confirm.blur();
  await expect(confirm).toHaveAccessibleDescription('Password confirmation mismatch.');
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(continueButton).toBeDisabled();
  await confirm.fill(person.password);
  await confirm.blur();
  for (const field of [phone, email, fullName, password, confirm]) await expect(field).not.toHaveAttribute('aria-invalid', 'true');
  await expect(continueButton).toBeEnabled();
  await continueButton.click();

  // --- Step 2, employment: bad input first.
  await expect(page.getByRole('heading', { level: 2, name: /Step 2 of 3/ })).toBeVisible();
  const location = page.getByRole('textbox', { name: 'Employment location' });
  const jobTitle = page.getByRole('textbox', { name: 'Job title' });
  const category = page.getByRole('combobox', { name: 'Job category' });
  const income = page.getByRole('textbox', { name: 'Monthly net income (PHP)' });
  const registerButton = page.getByRole('button', { name: 'Register Now' });
  await expect(page.getByRole('combobox', { name: 'Country of employment' })).toHaveValue('PH');

  await location.fill('Q');
  await jobTitle.fill('N');
  await category.focus();
  await category.blur();
  await income.fill('12');
  await income.blur();
  await expect(location).toHaveAccessibleDescription('Please enter your employment location. Ensure that you enter a valid employment location.');
  await expect(jobTitle).toHaveAccessibleDescription('Please enter your job title. Ensure that you enter your job title.');
  await expect(category).toHaveAccessibleDescription('Please choose your job category. Ensure that you enter your job category.');
  await expect(income).toHaveAccessibleDescription('Please enter your monthly net income. Ensure that you enter your monthly net income.');
  await expect(registerButton).toBeDisabled();
  // Letters are removed from the income as they are typed.
  await income.fill('');
  await income.pressSequentially('35a000');
  await expect(income).toHaveValue('35000');

  await location.fill('Quezon City');
  await jobTitle.fill('Staff Nurse');
  await category.selectOption('Health Care / Medical');
  await income.blur();
  await expect(registerButton).toBeEnabled();
  await registerButton.click();

  // --- Step 3: the code sent by SMS, read from the outbox.
  await expect(page.getByRole('heading', { level: 2, name: /Step 3 of 3/ })).toBeVisible();
  await expect(page.getByText(/^Enter the 6-digit code we sent to /)).toBeVisible();
  const code = await readCode(page.request, person.phone, 'verification');

  // The outbox page, in another tab of the same browser, lists the message for this phone.
  const outboxPage = await page.context().newPage();
  await outboxPage.goto('/dev/outbox');
  await expect(outboxPage.getByRole('heading', { level: 1, name: 'Outbox (demo)' })).toBeVisible();
  const newest = (await outbox(page.request)).find((message) => message.recipient === person.phone);
  expect(newest?.body).toContain(code);
  await expect(outboxPage.getByRole('listitem').filter({ hasText: person.phone }).first()).toContainText('verification code is');
  await outboxPage.close();

  const codeField = page.getByRole('textbox', { name: 'One-time code' });
  const verify = page.getByRole('button', { name: 'Verify' });
  await expect(verify).toBeDisabled();
  await codeField.fill(wrongCode(code));
  await verify.click();
  await expect(codeField).toHaveAccessibleDescription(/^Invalid OTP\b/);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid OTP' }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/register$/);

  await codeField.fill(code);
  await verify.click();
  await expect(page.getByRole('status').filter({ hasText: 'Your account has been created successfully.' })).toBeVisible();
  // The app moves on 3 s after the server's answer (specification section 4).
  await page.waitForURL('**/dash', { timeout: 10_000 });
  // A new member's /dash opens the activation wizard; this journey leaves it for later.
  await page.getByRole('dialog', { name: 'Activate your account' }).getByRole('button', { name: 'Finish later' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Activate your account before applying loan' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${person.fullName}!` })).toBeVisible();

  // --- Sign out from the top bar: the person lands on /.
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  expect(await sessionCookie(page)).toBeUndefined();

  // --- A protected page sends a signed-out person to /login, remembering where they came from.
  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await page.goto('/wallet');
  await page.waitForURL('**/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Phone number' }).fill(person.national);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  // The cookie carries Max-Age (30 days), which the browser counts from its own clock, whatever
  // the server's (moved) clock says.
  const signingAt = Date.now() / 1000;
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sign in successfully.' })).toBeVisible();
  // Back to /wallet (1.5 s after the answer), which sends a member who is not yet activated on to /activate.
  await page.waitForURL('**/activate', { timeout: 10_000 });
  expect(visited.slice(visited.lastIndexOf('/login'))).toEqual(['/login', '/wallet', '/activate']);

  // Remember me: a persistent cookie for 30 days.
  const remembered = await sessionCookie(page);
  expect(remembered, 'the session cookie').toBeDefined();
  expect(remembered!.httpOnly).toBe(true);
  expect(remembered!.sameSite).toBe('Lax');
  // Max-Age, not Expires: earlier journeys on this server moved its clock far ahead (servicing and
  // collections walk through whole loan lives), and the cookie still lasts 30 days from signing in.
  const expected = signingAt + 30 * DAY_S;
  expect(remembered!.expires - expected).toBeGreaterThan(-120);
  expect(remembered!.expires - expected).toBeLessThan(120);

  // Without Remember me: a cookie that ends with the browser session (no expiry).
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByRole('textbox', { name: 'Phone number' }).fill(person.national);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dash', { timeout: 10_000 });
  const sessionOnly = await sessionCookie(page);
  expect(sessionOnly, 'the session cookie').toBeDefined();
  expect(sessionOnly!.value).not.toBe(remembered!.value);
  expect(sessionOnly!.expires).toBe(-1);
});
