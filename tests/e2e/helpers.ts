import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext, type Cookie, type Page } from '@playwright/test';

/**
 * Helpers of the browser tests: unique members, the one-time codes from the embedded outbox
 * (GET /api/dev/outbox, never the DOM of the app), and API shortcuts for the set-up of journeys
 * that are not about registration.
 */

const SESSION_COOKIE = 'tapat_sid';

/** A password nobody's dictionary holds (the server refuses common ones). */
const PASSWORD = 'Kalamansi tricycle 2048!';

export interface Person {
  /** E.164: +63917xxxxxxx. */
  readonly phone: string;
  /** As a person types it in the phone field with the Philippines chosen: 917xxxxxxx. */
  readonly national: string;
  readonly email: string;
  readonly fullName: string;
  password: string;
}

/** A new person with a phone number (+63 917 and 7 random digits) and e-mail no other test uses. */
export function newPerson(): Person {
  const subscriber = String(randomInt(0, 10_000_000)).padStart(7, '0');
  const national = `917${subscriber}`;
  return {
    phone: `+63${national}`,
    national,
    email: `e2e.${subscriber}.${randomInt(0, 1_000_000)}@example.com`,
    fullName: 'Maria Clara Santos',
    password: PASSWORD,
  };
}

/** A registered person. The server sends a phone at most one code a minute, for any purpose. */
export interface Member extends Person {
  /** When the server will send this phone another code (registration's resendAvailableAt). */
  readonly nextCodeAt: Date;
}

export interface OutboxMessage {
  readonly id: string;
  readonly channel: 'SMS' | 'EMAIL';
  readonly recipient: string;
  readonly subject: string | null;
  readonly body: string;
  readonly createdAt: string;
}

export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/api/dev/outbox');
  expect(response.status(), 'GET /api/dev/outbox').toBe(200);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/**
 * The newest code of this kind ('verification' for registration, 'password reset' for recovery,
 * 'withdrawal' for a withdrawal)
 * sent by SMS to the phone, waiting for it to arrive. `except` skips codes already used.
 */
export async function readCode(
  request: APIRequestContext,
  phone: string,
  kind: 'verification' | 'password reset' | 'withdrawal',
  except: readonly string[] = [],
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = await outbox(request);
        for (const message of messages) {
          if (message.channel !== 'SMS' || message.recipient !== phone) continue;
          const found = new RegExp(`${kind} code is (\\d{6,12})`).exec(message.body)?.[1];
          if (found && !except.includes(found)) {
            code = found;
            break;
          }
        }
        return code;
      },
      { message: `an SMS with the ${kind} code for ${phone} in the outbox`, timeout: 10_000 },
    )
    .toBeDefined();
  return code!;
}

/** The newest contract-signing code sent by SMS to the phone, waiting for it to arrive. */
export async function signingCode(request: APIRequestContext, phone: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const sms = (await outbox(request)).find((m) => m.channel === 'SMS' && m.recipient === phone && /code to sign/.test(m.body));
        code = /(\d{6,12}) is your code/.exec(sms?.body ?? '')?.[1];
        return code;
      },
      { message: 'the contract-signing code in the outbox', timeout: 10_000 },
    )
    .toBeDefined();
  return code!;
}

/** Another code of the same length, certainly not the right one. */
export function wrongCode(code: string): string {
  return code
    .split('')
    .map((digit) => String((Number(digit) + 5) % 10))
    .join('');
}

/** Unsafe requests must carry the app's Origin (the server refuses other sites). */
function originOf(baseURL: string | undefined): Record<string, string> {
  if (!baseURL) throw new Error('baseURL is not configured');
  return { origin: new URL(baseURL).origin };
}

/**
 * Registers the person through the API (both steps, then the code from the outbox). The request
 * context keeps the session cookie: pass `page.request` to be signed in in the browser afterwards,
 * or the `request` fixture to stay signed out there.
 */
export async function registerByApi(request: APIRequestContext, baseURL: string | undefined, person: Person = newPerson()): Promise<Member> {
  const headers = originOf(baseURL);
  const started = await request.post('/api/auth/register', {
    headers,
    data: {
      phone: person.phone,
      email: person.email,
      fullName: person.fullName,
      password: person.password,
      confirmPassword: person.password,
      employmentCountry: 'PH',
      employmentLocation: 'Quezon City',
      jobTitle: 'Nurse',
      jobCategory: 'Health Care / Medical',
      monthlyNetIncome: '35000',
    },
  });
  expect(started.status(), `POST /api/auth/register: ${await started.text()}`).toBe(201);
  const code = await readCode(request, person.phone, 'verification');
  const verified = await request.post('/api/auth/register/verify', { headers, data: { code } });
  expect(verified.status(), `POST /api/auth/register/verify: ${await verified.text()}`).toBe(201);
  const { resendAvailableAt } = (await started.json()) as { resendAvailableAt: string };
  return { ...person, nextCodeAt: new Date(resendAvailableAt) };
}

/**
 * Verifies the signed-in member's e-mail address through the API (decision 051: e-mail goes only
 * to a verified address): a code e-mailed to it, read from the outbox, then submitted.
 */
export async function verifyEmailByApi(request: APIRequestContext, baseURL: string | undefined, person: Person): Promise<void> {
  const headers = originOf(baseURL);
  const sent = await request.post('/api/auth/email/code', { headers });
  expect(sent.status(), `POST /api/auth/email/code: ${await sent.text()}`).toBe(200);
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request)).find(
          (m) => m.channel === 'EMAIL' && m.recipient === person.email && /verify this e-mail address is \d{6}/.test(m.body),
        );
        code = /verify this e-mail address is (\d{6})/.exec(mail?.body ?? '')?.[1];
        return code;
      },
      { message: `an e-mail with the verification code for ${person.email}`, timeout: 10_000 },
    )
    .toBeDefined();
  const verified = await request.post('/api/auth/email/verify', { headers, data: { code } });
  expect(verified.status(), `POST /api/auth/email/verify: ${await verified.text()}`).toBe(200);
}

/** Signs in through the API; with `page.request` the browser context gets the session cookie. */
export async function signInByApi(request: APIRequestContext, baseURL: string | undefined, person: Person, remember = false): Promise<void> {
  const response = await request.post('/api/auth/login', { headers: originOf(baseURL), data: { phone: person.phone, password: person.password, remember } });
  expect(response.status(), `POST /api/auth/login: ${await response.text()}`).toBe(200);
}

export async function sessionCookie(page: Page): Promise<Cookie | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}

/** The public configuration the pages show (product limits and company profile). */
export interface PublicConfig {
  readonly company: { readonly companyName: string; readonly secRegistrationNumber: string; readonly certificateOfAuthorityNumber: string };
  readonly product: {
    readonly minAmount: string;
    readonly maxAmount: string;
    readonly terms: readonly number[];
    readonly defaultTerm: number;
    readonly monthlyAddOnRateBps: number;
  };
}

export async function publicConfig(request: APIRequestContext): Promise<PublicConfig> {
  const response = await request.get('/api/public/config');
  expect(response.ok()).toBe(true);
  return (await response.json()) as PublicConfig;
}

/** Every public page of the route table, with a heading that proves it is the real page. */
export const PUBLIC_PAGES: readonly { readonly name: string; readonly path: string; readonly heading: RegExp }[] = [
  { name: 'landing', path: '/', heading: /Empowering dreams, one loan at a time\./ },
  { name: 'hiw', path: '/hiw', heading: /^How It Works$/ },
  { name: 'about', path: '/about', heading: /take control of their financial future/ },
  { name: 'contact', path: '/contact', heading: /We are here to help you/ },
  { name: 'login', path: '/login', heading: /^Sign In$/ },
  { name: 'register', path: '/register', heading: /^Registration$/ },
  { name: 'recover', path: '/recover', heading: /^Account Recovery$/ },
  { name: 'not-found', path: '/no-such-page', heading: /We couldn't find that page/ },
];

/** Opens a page and waits until its real content (not a loading state) is on screen. */
export async function openPage(page: Page, path: string, heading: RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The footer's company details come from the public configuration.
  await expect(page.getByRole('contentinfo').getByText(/SEC Registration No\./)).toBeVisible();
  await page.waitForLoadState('networkidle');
}
