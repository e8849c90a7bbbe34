import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page } from '@playwright/test';
import { serverTest as test } from './browser-fixture';
import AxeBuilder from '@axe-core/playwright';

/**
 * Account activation in the browser: a member registers through the pages, then
 * completes the five steps with real image files (one upload refused by the server, then replaced),
 * reloads in the middle and resumes at the right step, sees the banner go and the menu unlock, and
 * opens the Account dialog to find their data. Two journeys: the /dash dialog on a desktop and the
 * /activate page on a phone. Every step is scanned with axe (no serious or critical violation) and
 * photographed at 360 x 800 and 1280 x 800 into tests/artifacts/screenshots/. Any console error or
 * page error fails the test, except the one refused upload the journey provokes on purpose.
 */

const IMAGES = fileURLToPath(new URL('./fixtures/images/', import.meta.url));
const SHOTS = 'tests/artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });

const SIZES = [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
] as const;

interface Member {
  readonly phone: string;
  readonly nationalPhone: string;
  readonly fullName: string;
  readonly password: string;
}

/** Console errors and page errors, but for the two refusals the journey causes on purpose (a
 * text file named .jpg: 415; a wrong password for the data export: 400), which Chromium logs as
 * failed requests. */
function watchErrors(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const expectedRefusal =
      (/Failed to load resource: the server responded with a status of 415/.test(message.text()) &&
        message.location().url.includes('/api/activation/documents/')) ||
      (/Failed to load resource: the server responded with a status of 400/.test(message.text()) && message.location().url.endsWith('/api/privacy/export'));
    if (!expectedRefusal) problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  return problems;
}

async function axe(page: Page, scope?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (scope) builder = builder.include(scope);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * Screenshots at each size, back to the test's own size afterwards: what is in view, and scrolled
 * to the end ("-end") of the open dialog's body or of the page. (Viewport shots, not full-page
 * ones: a full-page capture changes the phone emulation for a moment, and the page redraws for a
 * mouse in the middle of the picture.)
 */
async function shoot(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return; // pictures only when asked (playwright.config.ts)
  const original = page.viewportSize();
  const inDialog = (await page.locator('dialog[open]').count()) > 0;
  const scroller = inDialog ? page.locator('dialog[open] .overflow-y-auto').first() : page.locator('html');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}.png` });
    const before = await scroller.evaluate((el) => {
      const top = el.scrollTop;
      el.scrollTo({ top: el.scrollHeight, behavior: 'instant' });
      return top;
    });
    await page.waitForTimeout(100);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.width}-end.png` });
    await scroller.evaluate((el, top) => el.scrollTo({ top, behavior: 'instant' }), before);
  }
  if (original) await page.setViewportSize(original);
}

async function register(page: Page, tag: string): Promise<Member> {
  const subscriber = String(Math.floor(1_000_000 + Math.random() * 8_999_999));
  const nationalPhone = `0917${subscriber}`;
  const fullName = 'Ana Dela Cruz';
  await page.goto('/register');
  await page.getByLabel('Phone number', { exact: true }).fill(nationalPhone);
  await page.getByLabel('Email address').fill(`ana.${tag}.${subscriber}@example.com`);
  await page.getByLabel('Full name').fill(fullName);
  const password = `Kalamansi harbour ${subscriber} lantern`;
  await page.getByLabel('Create password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Employment location').fill('Cebu City');
  await page.getByLabel('Job title').fill('Office clerk');
  await page.getByLabel('Job category').selectOption({ index: 1 });
  await page.getByLabel('Monthly net income (PHP)').fill('25000');
  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(page.getByText(/Enter the 6-digit code/)).toBeVisible();

  const phone = `+63917${subscriber}`;
  let code = '';
  await expect
    .poll(async () => {
      const answer = await page.request.get('/api/dev/outbox');
      const { messages } = (await answer.json()) as { messages: { recipient: string; body: string }[] };
      code = /\b(\d{6})\b/.exec(messages.find((m) => m.recipient === phone)?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await page.getByLabel('One-time code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dash', { timeout: 15_000 });
  return { phone, nationalPhone, fullName, password };
}

/** The area the steps live in: the dialog on /dash, the page's main area on /activate. */
type Frame = { readonly root: Locator; readonly scope: string | undefined; readonly mode: 'dialog' | 'page' };

async function expectStep(frame: Frame, n: number, title: string) {
  await expect(frame.root.getByText(`Step ${n} of 5`)).toBeVisible();
  await expect(frame.root.getByRole('heading', { name: title })).toBeVisible();
  await expect(frame.root.getByRole('listitem').and(frame.root.locator('[aria-current="step"]'))).toHaveCount(1);
}

/**
 * Starts watching for 'Information validated successfully!' before the click that saves a step: the
 * toast lasts 700 ms (specification section 9), shorter than expect()'s later polling intervals on a
 * loaded machine, while waitFor() checks on every animation frame. Await the answer after the click.
 */
function watchValidated(page: Page, frame: Frame): Promise<void> {
  // In the dialog the toasts are drawn inside it (the page behind is inert).
  const area = frame.mode === 'dialog' ? frame.root : page;
  return area.getByText('Information validated successfully!').first().waitFor({ state: 'visible', timeout: 20_000 });
}

async function stepPersonal(page: Page, frame: Frame) {
  const root = frame.root;
  await expectStep(frame, 1, 'Personal information');
  await expect(root.getByRole('combobox', { name: 'Nationality' })).toHaveValue('Filipino');
  await axe(page, frame.scope);
  await shoot(page, `${frame.mode}-1-personal`);

  // Nothing filled: the error toast and each field's message.
  await root.getByRole('button', { name: 'Continue' }).click();
  const area = frame.mode === 'dialog' ? root : page;
  await expect(area.getByText('Please complete your information!').first()).toBeVisible();
  await expect(root.getByText('Please choose your gender.')).toBeVisible();
  await expect(root.getByText('Please tick the box to give your consent before you continue.')).toBeVisible();

  await root.getByRole('radio', { name: 'Female' }).check();
  await root.getByLabel('First name').fill('Ana');
  await root.getByLabel('Middle name').fill('Santos');
  await root.getByLabel('Last name').fill('Dela Cruz');
  // The date of birth: two digits of the day move on to the month; a single digit is padded on leaving.
  const day = root.getByLabel('Day');
  await day.click();
  await page.keyboard.type('12');
  await expect(root.getByLabel('Month')).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Tab');
  await expect(root.getByLabel('Month')).toHaveValue('03');
  await expect(root.getByLabel('Year')).toBeFocused();
  // Too young first (this year): the age rule's message.
  await page.keyboard.type(String(new Date().getFullYear()));
  await page.keyboard.press('Tab');
  await expect(root.getByText('Make sure the date of birth is between 18 and 80 years old.')).toBeVisible();
  await root.getByLabel('Year').fill('1990');
  await expect(day).toHaveValue('12');
  await root.getByLabel('Marital status').selectOption('Married');
  // Nationality is searchable: type part of it, choose from the list, then back to Filipino.
  const nationality = root.getByRole('combobox', { name: 'Nationality' });
  await nationality.fill('japa');
  await root.getByRole('option', { name: 'Japanese' }).click();
  await expect(nationality).toHaveValue('Japanese');
  await nationality.fill('Filip');
  await page.keyboard.press('Enter');
  await expect(nationality).toHaveValue('Filipino');
  await expect(root.getByText(/Credit Information System Act/)).toBeVisible();
  await root.getByLabel('I have read the text above and I give my consent.').check();
  const validated = watchValidated(page, frame);
  await root.getByRole('button', { name: 'Continue' }).click();
  await validated;
}

async function stepAddress(page: Page, frame: Frame) {
  const root = frame.root;
  await expectStep(frame, 2, 'Address');
  await expect(root.getByLabel('Country of residence')).toHaveValue('PH');
  const province = root.getByRole('combobox', { name: 'Province' });
  const city = root.getByRole('combobox', { name: 'City or municipality' });
  await expect(city).toBeDisabled();
  await province.fill('ceb');
  await root.getByRole('option', { name: 'Cebu', exact: true }).click();
  await expect(province).toHaveValue('Cebu');
  await expect(city).toBeEnabled();
  await city.fill('city of ceb');
  await root.getByRole('option', { name: 'City of Cebu', exact: true }).click();
  await root.getByLabel('Street address').fill('12 Mabini Street, Barangay Lahug');
  await root.getByLabel('Postal code').fill('6000');
  await axe(page, frame.scope);
  await shoot(page, `${frame.mode}-2-address`);
  const validated = watchValidated(page, frame);
  await root.getByRole('button', { name: 'Continue' }).click();
  await validated;
}

async function stepReferences(page: Page, frame: Frame, member: Member) {
  const root = frame.root;
  await expectStep(frame, 3, 'Character references');
  await expect(root.getByText('We never contact them about your loan or its repayment.', { exact: false })).toBeVisible();
  const first = root.getByRole('group', { name: 'Reference 1' });
  const second = root.getByRole('group', { name: 'Reference 2' });
  await first.getByLabel('Full name').fill('Maria Santos');
  await first.getByLabel('Relationship').fill('Mother');
  // The member's own number is refused in the form already.
  await first.getByLabel('Phone number', { exact: true }).fill(member.nationalPhone);
  await second.getByLabel('Full name').fill('Jose Reyes');
  await second.getByLabel('Relationship').fill('Friend');
  await second.getByLabel('Phone number', { exact: true }).fill('0918 765 4321');
  await root.getByRole('button', { name: 'Continue' }).click();
  await expect(first.getByText('A reference cannot have your own phone number.')).toBeVisible();
  await first.getByLabel('Phone number', { exact: true }).fill('0918 765 4321');
  await root.getByRole('button', { name: 'Continue' }).click();
  await expect(second.getByText('Your two references must have different phone numbers.')).toBeVisible();
  await first.getByLabel('Phone number', { exact: true }).fill('0920 111 2233');
  await axe(page, frame.scope);
  await shoot(page, `${frame.mode}-3-references`);
  const validated = watchValidated(page, frame);
  await root.getByRole('button', { name: 'Continue' }).click();
  await validated;
}

async function choosePhoto(page: Page, group: Locator, button: string, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await group.getByRole('button', { name: button }).click();
  await (await chooser).setFiles(`${IMAGES}${file}`);
}

async function stepIdentity(page: Page, frame: Frame, phone: boolean) {
  const root = frame.root;
  await expectStep(frame, 4, 'ID and selfie');
  await root.getByLabel('ID type').selectOption('UMID');
  await root.getByLabel('ID number').fill('CRN-0111-2345678-9');
  // Without the photos the step cannot continue.
  await root.getByRole('button', { name: 'Continue' }).click();
  await expect(root.getByText('Please upload a photo of the front of your ID.')).toBeVisible();
  await expect(root.getByText('Please upload a selfie.')).toBeVisible();

  const front = root.getByRole('group', { name: 'Front of your ID' });
  const back = root.getByRole('group', { name: 'Back of your ID' });
  const selfie = root.getByRole('group', { name: 'Selfie' });
  if (phone) {
    // On a phone the camera is offered: the ID inputs ask for the back camera, the selfie's for the front one.
    await expect(root.locator('input[type="file"][capture="environment"]')).toHaveCount(2);
    await expect(root.locator('input[type="file"][capture="user"]')).toHaveCount(1);
  } else {
    await expect(root.locator('input[type="file"][capture]')).toHaveCount(0);
  }
  // A text file named .jpg: the server reads the bytes and refuses it with its message.
  await choosePhoto(page, front, 'Choose a photo', 'not-an-image.jpg');
  await expect(front.getByRole('alert')).toContainText('This file is not a photo we can read.');
  await front.scrollIntoViewIfNeeded();
  await shoot(page, `${frame.mode}-4-identity-refused`);
  await choosePhoto(page, front, 'Replace', 'id-front.jpg');
  await expect(front.getByText('Uploaded')).toBeVisible();
  await expect(front.getByRole('alert')).toHaveCount(0);
  await choosePhoto(page, back, phone ? 'Take a photo' : 'Choose a photo', 'id-back.png');
  await expect(back.getByText('Uploaded')).toBeVisible();
  await choosePhoto(page, selfie, phone ? 'Take a selfie' : 'Choose a photo', 'selfie.jpg');
  await expect(selfie.getByText('Uploaded')).toBeVisible();
  await expect(front.getByRole('img')).toBeVisible();
  await axe(page, frame.scope);
  await shoot(page, `${frame.mode}-4-identity`);
  const validated = watchValidated(page, frame);
  await root.getByRole('button', { name: 'Continue' }).click();
  await validated;
}

async function stepBank(page: Page, frame: Frame, ewallet: boolean) {
  const root = frame.root;
  await expectStep(frame, 5, 'Bank or e-wallet account');
  await expect(root.getByLabel("Account holder's name")).toHaveValue('Ana Santos Dela Cruz');
  if (ewallet) {
    await root.getByLabel('Bank or e-wallet').selectOption({ label: 'GCash' });
    const mobile = root.getByLabel('Mobile number of the e-wallet');
    await mobile.fill('12345678');
    await root.getByRole('button', { name: 'Finish', exact: true }).click();
    await expect(root.getByText('For an e-wallet, enter the Philippine mobile number of the account', { exact: false })).toBeVisible();
    await mobile.fill('0917 555 0101');
  } else {
    await root.getByLabel('Bank or e-wallet').selectOption({ label: 'BDO Unibank' });
    await root.getByLabel('Account number').fill('0012-3456-7890');
  }
  await axe(page, frame.scope);
  await shoot(page, `${frame.mode}-5-bank`);
  await root.getByRole('button', { name: 'Finish', exact: true }).click();
  await expect(root.getByRole('heading', { name: 'Your account is activated' })).toBeVisible();
  await shoot(page, `${frame.mode}-6-done`);
}

/** The member menu that is showing at this size (the side bar on desktops, the bottom bar on phones). */
function menu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Member menu' }).filter({ visible: true });
}

async function expectMenuUnlocked(page: Page) {
  await expect(menu(page).getByRole('link', { name: 'Wallet', exact: true })).toHaveAttribute('href', '/wallet');
  await expect(menu(page).getByRole('link', { name: 'Settings', exact: true })).toHaveAttribute('href', '/settings');
}

async function checkAccountDialog(page: Page, ewallet: boolean) {
  await menu(page).getByRole('link', { name: 'Settings', exact: true }).click();
  await page.waitForURL('**/settings');
  // The phone number is masked; Show reveals it for 3 seconds.
  await expect(page.getByText('+63 917*******')).toBeVisible();
  await page.getByRole('button', { name: 'Show the phone number for 3 seconds' }).click();
  await expect(page.getByText(/^\+63 917 \d{3} \d{4}$/)).toBeVisible();
  await expect(page.getByText('+63 917*******')).toBeVisible({ timeout: 5_000 });

  await page.getByRole('button', { name: /^Account/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Ana Santos Dela Cruz')).toHaveCount(2); // the name, and the account holder's
  await expect(dialog.getByText('City of Cebu')).toBeVisible();
  await expect(dialog.getByText('12 Mabini Street, Barangay Lahug')).toBeVisible();
  await expect(dialog.getByText('Maria Santos')).toBeVisible();
  await expect(dialog.getByText('Jose Reyes')).toBeVisible();
  // The ID number in full here (specification section 3), the account number masked but 3 characters.
  await expect(dialog.getByText('CRN-0111-2345678-9')).toBeVisible();
  await expect(dialog.getByText(ewallet ? '091********' : '001*********')).toBeVisible();
  const images = dialog.getByRole('img');
  await expect(images).toHaveCount(3);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth > 0)).toBe(true);
  }
  await dialog.evaluate((el) => el.querySelector('.overflow-y-auto')?.scrollTo(0, 0));
  await axe(page, 'dialog[open]');
  await shoot(page, `settings-account-dialog-${ewallet ? 'ewallet' : 'bank'}`);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
}

async function checkDataRights(page: Page, password: string) {
  // The export holds personal data and ID images: it asks for the password first (a wrong one is refused).
  await page.getByRole('button', { name: 'Download my data' }).click();
  const confirmIt = page.getByRole('dialog', { name: 'Confirm it is you' });
  await confirmIt.getByLabel('Your password').fill('not my password at all');
  await confirmIt.getByRole('button', { name: 'Download' }).click();
  await expect(confirmIt.getByText('Your password is not correct.')).toBeVisible();
  await confirmIt.getByLabel('Your password').fill(password);
  const download = page.waitForEvent('download');
  await confirmIt.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.zip$/);
  await expect(page.getByText(/Your data was downloaded as .+\.zip\./)).toBeVisible();

  await page.getByRole('button', { name: 'Request deletion of my account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await confirm.getByLabel('Reason (optional)').fill('I no longer need a loan.');
  await axe(page, 'dialog[open]');
  await confirm.getByRole('button', { name: 'Send request' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('Your request to delete your data has been received.')).toBeVisible();
  await expect(page.getByText(/You asked for the deletion of your account on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request deletion of my account' })).toHaveCount(0);
  await axe(page);
  await shoot(page, 'settings-page');
}

test.describe('activation in the /dash dialog on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  // The longest journey (five steps, a dozen axe scans, the Account dialog, the data export with its
  // password and a deletion request): it ran close to the 90 s default with two workers.
  test.describe.configure({ timeout: 180_000 });

  test('register, five steps with a refused upload, reload and resume, unlock, Account dialog, data rights', async ({ page }) => {
    const problems = watchErrors(page);
    const member = await register(page, 'desk');

    // The wizard opens by itself for a member who is not activated yet.
    const dialog = page.getByRole('dialog', { name: 'Activate your account' });
    const frame: Frame = { root: dialog, scope: 'dialog[open]', mode: 'dialog' };
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Activate your account before applying loan' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: /^Wallet/ })).toHaveAttribute('href', '/activate');

    await stepPersonal(page, frame);
    await stepAddress(page, frame);

    // Reload in the middle: the wizard opens again at step 3.
    await expectStep(frame, 3, 'Character references');
    await page.reload();
    await expect(dialog).toBeVisible();
    await expectStep(frame, 3, 'Character references');
    // Back to step 2: saved data pre-filled, and it can be saved again.
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expectStep(frame, 2, 'Address');
    await expect(dialog.getByRole('combobox', { name: 'Province' })).toHaveValue('Cebu');
    await expect(dialog.getByRole('combobox', { name: 'City or municipality' })).toHaveValue('City of Cebu');
    await expect(dialog.getByLabel('Postal code')).toHaveValue('6000');
    const validated = watchValidated(page, frame);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await validated;

    await stepReferences(page, frame, member);
    await stepIdentity(page, frame, false);
    await stepBank(page, frame, false);

    // The success stage closes the wizard after 5 seconds; the banner is gone, the menu unlocked.
    await expect(dialog).toBeHidden({ timeout: 8_000 });
    await expect(page.getByRole('heading', { name: 'Activate your account before applying loan' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Loan application' })).toBeVisible();
    await expectMenuUnlocked(page);
    await axe(page);
    await shoot(page, 'dash-activated');

    // An activated member opening /activate goes to /dash.
    await page.goto('/activate');
    await page.waitForURL('**/dash');

    await checkAccountDialog(page, false);
    await checkDataRights(page, member.password);
    expect(problems).toEqual([]);
  });
});

test.describe('activation on the /activate page on a phone', () => {
  test.describe.configure({ timeout: 180_000 });
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test('introduction, START, the same five steps inline, reload and resume, then /dash unlocked', async ({ page }) => {
    const problems = watchErrors(page);
    const member = await register(page, 'phone');

    // The dialog opens on /dash; this member prefers the page: 'Finish later', then Activate.
    const dialog = page.getByRole('dialog', { name: 'Activate your account' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Finish later' }).click();
    await expect(dialog).toBeHidden();
    await menu(page)
      .getByRole('link', { name: /^Activate/ })
      .click();
    await page.waitForURL('**/activate');

    const main = page.locator('main');
    const frame: Frame = { root: main, scope: undefined, mode: 'page' };
    await expect(main.getByRole('heading', { name: 'What we will ask' })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'How your data is protected' })).toBeVisible();
    await axe(page);
    await shoot(page, 'page-0-introduction');
    await main.getByRole('button', { name: 'Start' }).click();
    await expect(main.getByRole('heading', { name: 'Personal information' })).toBeFocused();

    await stepPersonal(page, frame);
    await stepAddress(page, frame);
    await expectStep(frame, 3, 'Character references');

    // Reload: the introduction again, saying where the member is, then START resumes at step 3.
    await page.reload();
    await expect(main.getByText('You have completed 2 of 5 steps.', { exact: false })).toBeVisible();
    await main.getByRole('button', { name: 'Start' }).click();
    await expectStep(frame, 3, 'Character references');

    await stepReferences(page, frame, member);
    await stepIdentity(page, frame, true);
    await stepBank(page, frame, true);

    // When done, the page leaves for /dash by itself: no banner, the menu unlocked.
    await page.waitForURL('**/dash', { timeout: 8_000 });
    await expect(page.getByRole('heading', { name: 'Activate your account before applying loan' })).toHaveCount(0);
    await expect(page.getByRole('dialog', { name: 'Activate your account' })).toBeHidden();
    await expectMenuUnlocked(page);

    await checkAccountDialog(page, true);
    expect(problems).toEqual([]);
  });
});
