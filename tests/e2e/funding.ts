import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { outbox, registerByApi, signInByApi, type Member, type Person } from './helpers';
import { CREDIT_BUREAU_CONSENT } from '../../src/shared/activation/consent';
import { clockPast } from './clock';

/**
 * Set-up of the browser journeys that need a member with money in the wallet: registration,
 * activation, a loan applied for, reviewed and approved by officer 1, signed with the code from
 * the outbox and disbursed by officer 2 (maker-checker), all through the API. The browser journey
 * of loans.spec.ts walks the same path through the screens.
 */

/** The two officers scripts/e2e-server.sh creates before the server starts. */
export const OFFICERS = [
  { phone: '+639990000001', password: 'Officer one kalamansi lantern 2048', fullName: 'Officer Jose Reyes' },
  { phone: '+639990000002', password: 'Officer two sampaguita harbour 4096', fullName: 'Officer Liza Bautista' },
] as const;

const IMAGES = fileURLToPath(new URL('./fixtures/images/', import.meta.url));

export function origin(baseURL: string | undefined): Record<string, string> {
  if (!baseURL) throw new Error('baseURL is not configured');
  return { origin: new URL(baseURL).origin };
}

async function expectStatus(response: APIResponse, status: number, what: string): Promise<void> {
  expect(response.status(), `${what}: ${await response.text()}`).toBe(status);
}

/** A payout account of the activation's last step: a bank account (the default) or an e-wallet. */
export interface PayoutAccountInput {
  readonly bankCode: string;
  readonly accountNumber: string;
  readonly accountName: string;
}
const BANK_PAYOUT: PayoutAccountInput = { bankCode: 'BDO', accountNumber: '0012 3456 7890', accountName: 'Maria Clara Santos' };
/** An e-wallet, whose transfers are at most ₱50,000.00 each (a larger withdrawal goes as several, decision 033). */
export const GCASH_PAYOUT: PayoutAccountInput = { bankCode: 'GCASH', accountNumber: '0917 555 0123', accountName: 'Maria Clara Santos' };

/** Completes the five activation steps through the API, uploading the fixture images. */
export async function activateByApi(request: APIRequestContext, baseURL: string | undefined, payout: PayoutAccountInput = BANK_PAYOUT): Promise<void> {
  const headers = origin(baseURL);
  const put = async (url: string, data: unknown) => {
    const response = await request.put(url, { headers, data: data as Record<string, unknown> });
    await expectStatus(response, 200, `PUT ${url}`);
  };
  await put('/api/activation/personal', {
    gender: 'Female',
    firstName: 'Maria',
    middleName: 'Clara',
    lastName: 'Santos',
    birthDate: '1990-05-17',
    maritalStatus: 'Single',
    nationality: 'Filipino',
    isAgree: true,
    consentVersion: CREDIT_BUREAU_CONSENT.version,
  });
  await put('/api/activation/address', {
    countryResidence: 'PH',
    province: '1300000000',
    town: '1381300000',
    streetAddress: '12 Mabini St., Brgy. Central',
    postalCode: '1100',
  });
  await put('/api/activation/references', {
    refFullName1: 'Jose Rizal',
    refRelationship1: 'Friend',
    refPhoneNumber1: '0918 123 4567',
    refFullName2: 'Gabriela Silang',
    refRelationship2: 'Aunt',
    refPhoneNumber2: '0919 765 4321',
  });
  for (const [kind, file, type] of [
    ['ID_FRONT', 'id-front.jpg', 'image/jpeg'],
    ['ID_BACK', 'id-back.png', 'image/png'],
    ['SELFIE', 'selfie.jpg', 'image/jpeg'],
  ] as const) {
    const response = await request.put(`/api/activation/documents/${kind}`, {
      headers: { ...headers, 'content-type': type },
      data: readFileSync(`${IMAGES}${file}`),
    });
    await expectStatus(response, 201, `upload ${kind}`);
  }
  await put('/api/activation/identity', { identityType: 'National ID (PhilSys)', identityNumber: '1234-5678-9012-3456' });
  await put('/api/activation/bank', payout);
}

/** An officer signed in through the API in a request context of their own. */
export async function officerRequest(request: APIRequestContext, baseURL: string | undefined, index: 0 | 1): Promise<void> {
  const officer = OFFICERS[index];
  const person: Person = { phone: officer.phone, national: officer.phone.slice(3), email: '', fullName: officer.fullName, password: officer.password };
  await signInByApi(request, baseURL, person);
}

/** A registered and activated member whose loan application was approved (the contract is unsigned). */
export interface ApprovedMember extends Member {
  readonly loanId: string;
}

/**
 * Registers and activates a member (the session stays in `request`), applies for 200,000.00 over
 * 24 months (an instalment within half of the member's income) and has officer 1 review and
 * approve it. Signing needs a code, and a phone gets at most one code a minute: see fundMember.
 */
export async function approvedMember(
  request: APIRequestContext,
  officer: APIRequestContext,
  baseURL: string | undefined,
  payout: PayoutAccountInput = BANK_PAYOUT,
): Promise<ApprovedMember> {
  const headers = origin(baseURL);
  const member = await registerByApi(request, baseURL);
  await activateByApi(request, baseURL, payout);
  const config = (await (await request.get('/api/public/config')).json()) as { product: { version: number } };
  const applied = await request.post('/api/loans/applications', {
    headers: { ...headers, 'idempotency-key': randomUUID() },
    data: { amount: '200000.00', term: 24, selectedCurrency: 'PHP', productVersion: config.product.version },
  });
  await expectStatus(applied, 201, 'POST /api/loans/applications');
  const current = (await (await request.get('/api/loans/current')).json()) as { loan: { id: string } };
  const loanId = current.loan.id;
  await expectStatus(await officer.post(`/api/admin/loans/${loanId}/review`, { headers, data: {} }), 200, 'review');
  await expectStatus(await officer.post(`/api/admin/loans/${loanId}/approve`, { headers, data: { amount: '200000.00', term: 24 } }), 200, 'approve');
  return { ...member, loanId };
}

/** A member with the net proceeds of a disbursed loan in the wallet. */
export interface FundedMember extends Member {
  readonly loanId: string;
  /** The wallet balance after the disbursement ("196000.00"). */
  readonly balance: string;
}

/**
 * Signs the approved member's contract with the code from the outbox (moving the server's clock
 * past the phone's minute between codes first) and has officer 2 disburse it. `nextCodeAt` of the answer is when
 * the phone may be sent its next code (a withdrawal's).
 */
export async function fundMember(
  request: APIRequestContext,
  officerTwo: APIRequestContext,
  baseURL: string | undefined,
  member: ApprovedMember,
): Promise<FundedMember> {
  const headers = origin(baseURL);
  await clockPast(request, member.nextCodeAt);
  const sent = await request.post('/api/loans/current/contract/code', { headers, data: {} });
  await expectStatus(sent, 200, 'POST /api/loans/current/contract/code');
  const { resendAvailableAt } = (await sent.json()) as { resendAvailableAt: string };
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const sms = (await outbox(request)).find((m) => m.channel === 'SMS' && m.recipient === member.phone && /code to sign/.test(m.body));
        code = /(\d{6,12}) is your code/.exec(sms?.body ?? '')?.[1];
        return code;
      },
      { message: 'the contract-signing code in the outbox', timeout: 10_000 },
    )
    .toBeDefined();
  await expectStatus(await request.post('/api/loans/current/contract/sign', { headers, data: { code } }), 200, 'sign');
  const disbursed = await officerTwo.post(`/api/admin/loans/${member.loanId}/disburse`, { headers: { ...headers, 'idempotency-key': randomUUID() }, data: {} });
  await expectStatus(disbursed, 200, 'disburse');
  const wallet = (await (await request.get('/api/wallet')).json()) as { wallet: string };
  return { ...member, balance: wallet.wallet, nextCodeAt: new Date(resendAvailableAt) };
}
