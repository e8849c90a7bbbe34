import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consents } from '../../src/server/db/schema';
import { CREDIT_BUREAU_CONSENT_FIL } from '../../src/shared/activation/consent';
import { en } from '../../src/shared/i18n/en';
import { fil } from '../../src/shared/i18n/fil';
import { translate } from '../../src/shared/i18n/lookup';
import { createTestApp, type TestApp } from '../fixtures/app';
import { APPLICATION, apply, approvedLoan, createActivatedMember, createStaff, newKey, ok, PHP, post, signingCode } from '../fixtures/loans';
import { createMember, saveStep, STEP_BODIES, type TestMember } from '../fixtures/members';
import { confirmWithdrawal, fundedMember, requestWithdrawal, withdrawalCode } from '../fixtures/withdrawals';

/** Errors are answered in the caller's language (Accept-Language), with the same code; English by default. */

let t: TestApp;
let officer: TestMember;
let disburser: TestMember;
beforeAll(async () => {
  t = await createTestApp();
  officer = await createStaff(t);
  disburser = await createStaff(t, 'OFFICER', 'Officer Ben Cruz');
});
afterAll(async () => t.close());

function send(method: 'GET' | 'POST', url: string, options: { payload?: Record<string, unknown>; cookie?: string; language?: string; key?: boolean } = {}) {
  return t.app.inject({
    method,
    url,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
      ...(options.key ? { 'idempotency-key': newKey() } : {}),
    },
  });
}

describe('a validation error', () => {
  const badLogin = { phone: '12345', password: 'whatever' };

  it('is in Filipino, message and field messages, for Accept-Language: fil', async () => {
    const res = await send('POST', '/api/auth/login', { payload: badLogin, language: 'fil' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: { code: 'VALIDATION_FAILED', message: fil.errors.VALIDATION_FAILED, fields: { phone: translate('fil', 'validation.phone') } },
    });
  });

  it('is in English without Accept-Language, and for English or a language the API does not speak', async () => {
    const english = { error: { code: 'VALIDATION_FAILED', message: en.errors.VALIDATION_FAILED, fields: { phone: translate('en', 'validation.phone') } } };
    for (const language of [undefined, 'en', 'en-PH,en;q=0.9', 'de-DE', '*']) {
      const res = await send('POST', '/api/auth/login', { payload: badLogin, ...(language ? { language } : {}) });
      expect(res.statusCode, String(language)).toBe(400);
      expect(res.json(), String(language)).toEqual(english);
    }
  });

  it('follows the weights of Accept-Language, and knows fil-PH and tl', async () => {
    const filipino = async (language: string) => (await send('POST', '/api/auth/login', { payload: badLogin, language })).json().error.fields.phone;
    expect(await filipino('fil-PH, en;q=0.5')).toBe(translate('fil', 'validation.phone'));
    expect(await filipino('tl')).toBe(translate('fil', 'validation.phone'));
    expect(await filipino('en;q=0.4, fil;q=0.8')).toBe(translate('fil', 'validation.phone'));
    expect(await filipino('fil;q=0.3, en')).toBe(translate('en', 'validation.phone'));
  });

  it('translates a loan field message that carries the product numbers', async () => {
    const m = await createActivatedMember(t);
    const res = await send('POST', '/api/loans/applications', {
      payload: { ...APPLICATION, amount: '199999.99' },
      cookie: m.cookie,
      language: 'fil',
      key: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.fields.amount).toBe('Ang halaga ng loan ay dapat mula 200,000.00 hanggang 5,000,000.00 PHP.');
    const term = await send('POST', '/api/loans/applications', { payload: { ...APPLICATION, term: 7 }, cookie: m.cookie, language: 'fil', key: true });
    expect(term.json().error.fields.term).toBe('Pumili ng terminong 6, 12, 24, 36 o 48 buwan.');
  });
});

describe('a business error', () => {
  it('keeps its code and is in Filipino for Accept-Language: fil, English by default', async () => {
    const member = await createMember(t, { accountState: 'PERSONAL_INFO' });
    const filipino = await send('POST', '/api/loans/applications', { payload: { ...APPLICATION }, cookie: member.cookie, language: 'fil', key: true });
    expect(filipino.statusCode).toBe(403);
    expect(filipino.json()).toEqual({ error: { code: 'NOT_ACTIVATED', message: fil.loans.errors.notActivated } });
    const english = await send('POST', '/api/loans/applications', { payload: { ...APPLICATION }, cookie: member.cookie, key: true });
    expect(english.statusCode).toBe(403);
    expect(english.json()).toEqual({ error: { code: 'NOT_ACTIVATED', message: en.loans.errors.notActivated } });
  });

  it('translates an error code message (sign-in refused) and one with a count (a wrong one-time code)', async () => {
    const signIn = await send('POST', '/api/auth/login', { payload: { phone: '+639181234567', password: 'not the password' }, language: 'fil' });
    expect(signIn.statusCode).toBe(401);
    expect(signIn.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: fil.errors.INVALID_CREDENTIALS } });

    const { member } = await approvedLoan(t, officer);
    t.clock.advance(61_000);
    ok(await send('POST', '/api/loans/current/contract/code', { cookie: member.cookie }));
    const code = await signingCode(t, member.phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await send('POST', '/api/loans/current/contract/sign', { payload: { code: wrong }, cookie: member.cookie, language: 'fil' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'CODE_INVALID', message: 'Maling OTP. 4 subok na lang ang natitira.' } });
    const english = await send('POST', '/api/loans/current/contract/sign', { payload: { code: wrong }, cookie: member.cookie });
    expect(english.json()).toEqual({ error: { code: 'CODE_INVALID', message: 'Invalid OTP. 3 tries left.' } });
  });
});

describe("the framework's own refusals", () => {
  const raw = (url: string, payload: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });

  it('a body that is not JSON is our BAD_REQUEST in Filipino, never Fastify’s English', async () => {
    for (const payload of ['{', '']) {
      const res = await raw('/api/auth/login', payload, { 'accept-language': 'fil' });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toEqual({ error: { code: 'BAD_REQUEST', message: fil.errors.BAD_REQUEST } });
    }
    const english = await raw('/api/auth/login', '{', {});
    expect(english.json()).toEqual({ error: { code: 'BAD_REQUEST', message: en.errors.BAD_REQUEST } });
  });

  it('a Content-Length the body does not match is BAD_REQUEST in Filipino', async () => {
    const res = await raw('/api/auth/login', '{}', { 'accept-language': 'fil', 'content-length': '99' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: fil.errors.BAD_REQUEST } });
  });

  it('a body too large and a type that is not JSON answer their codes’ texts in Filipino', async () => {
    const large = await raw('/api/auth/login', JSON.stringify({ phone: 'x'.repeat(65 * 1024) }), { 'accept-language': 'fil' });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ error: { code: 'PAYLOAD_TOO_LARGE', message: fil.errors.PAYLOAD_TOO_LARGE } });
    const form = await raw('/api/auth/login', 'a=b', { 'accept-language': 'fil', 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: fil.errors.UNSUPPORTED_MEDIA_TYPE } });
  });

  it('a URL that does not decode is our BAD_REQUEST in the caller’s language, not Fastify’s own answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/loans/%E0%A4%A', headers: { 'accept-language': 'fil' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: fil.errors.BAD_REQUEST } });
    expect(res.body).not.toContain('FST_ERR');
    const english = await t.app.inject({ method: 'GET', url: '/api/%zz' });
    expect(english.json()).toEqual({ error: { code: 'BAD_REQUEST', message: en.errors.BAD_REQUEST } });
  });
});

describe('a back-office refusal', () => {
  function ask(method: 'GET' | 'POST', url: string, cookie: string, language: 'en' | 'fil', payload?: Record<string, unknown>) {
    return t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { cookie, 'accept-language': language } });
  }

  it('of a withdrawal marked by hand outside manual mode is in the officer’s language, an unknown withdrawal in the member’s: never a raw key or English only', async () => {
    const member = await fundedMember(t, officer, disburser);
    const created = ok(await requestWithdrawal(t, member.cookie, '100.00'), 201);
    ok(await confirmWithdrawal(t, member.cookie, created.id, await withdrawalCode(t, member.phone)));
    for (const language of ['en', 'fil'] as const) {
      const catalogue = language === 'fil' ? fil : en;
      const paid = await ask('POST', `/api/admin/withdrawals/${created.id}/paid`, officer.cookie, language, { bankReference: 'BDO-REF-1' });
      expect(paid.statusCode).toBe(409);
      expect(paid.json()).toEqual({ error: { code: 'WITHDRAWAL_STATE', message: catalogue.backoffice.withdrawals.markErrors.manualOnly } });
      const unknown = await ask('GET', '/api/withdrawals/00000000-0000-4000-8000-000000000001', member.cookie, language);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: catalogue.withdrawals.errors.notFound } });
    }
    expect(fil.backoffice.withdrawals.markErrors.manualOnly).not.toBe(en.backoffice.withdrawals.markErrors.manualOnly);
  });

  it('built from a value the caller typed shows it as typed: a placeholder or markup in it is never filled or rendered (review11)', async () => {
    const typed = '{{allowed}}<img src=x onerror=alert(1)>{{unknown}}';
    for (const language of ['en', 'fil'] as const) {
      const res = await ask('GET', `/api/admin/loans?status=${encodeURIComponent(typed)}`, officer.cookie, language);
      expect(res.statusCode, res.body).toBe(400);
      const message: string = res.json().error.message;
      // The value once, verbatim; the list of statuses once (from the template, not from the value).
      expect(message.split(typed.toUpperCase()).length - 1, message).toBe(1);
      expect(message.match(/REPAID/g), message).toHaveLength(1);
      expect(message).not.toContain('Unknown status: Unknown status');
    }
  });

  it('of a support assignment to a non-staff account names the field in the officer’s language, not its catalogue key', async () => {
    const member = await createMember(t);
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { name: 'Juan dela Cruz', email: 'juan@example.com', message: 'Kumusta po, may tanong ako tungkol sa aking loan.', agree: true },
    });
    expect(contact.statusCode, contact.body).toBe(201);
    const [first] = (await ask('GET', '/api/admin/support/messages?limit=1', officer.cookie, 'en')).json().messages;
    for (const language of ['en', 'fil'] as const) {
      const catalogue = language === 'fil' ? fil : en;
      const res = await ask('POST', `/api/admin/support/messages/${first.id}/assign`, officer.cookie, language, { staffId: member.userId });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: catalogue.errors.VALIDATION_FAILED, fields: { staffId: catalogue.validation.supportStaff } },
      });
    }
  });
});

describe('a refusal built from values (decision 056)', () => {
  function ask(method: 'GET' | 'POST', url: string, cookie: string, language: 'en' | 'fil', payload?: unknown) {
    return t.app.inject({ method, url, ...(payload ? { payload: payload as Record<string, unknown> } : {}), headers: { cookie, 'accept-language': language } });
  }

  it('of an offer the income does not carry is in Filipino, its reason and the maximum too', async () => {
    const member = await createActivatedMember(t, { income: PHP(35_000) });
    const id = ok(await apply(t, member.cookie, { ...APPLICATION, amount: '400000.00', term: 48 }), 201).loan.id as string;
    ok(await post(t, officer.cookie, `/api/admin/loans/${id}/review`, {}));
    const res = await ask('POST', `/api/admin/loans/${id}/approve`, officer.cookie, 'fil', { amount: '400000.00', term: 24 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: {
        code: 'OFFER_REFUSED',
        message:
          'Hindi pumapasa ang alok na ito sa mga patakaran ng eligibility: Ang buwanang hulog na PHP 18,667.00 ay magiging higit sa PHP 17,500.00, ang pinakamataas na maaaring hulog (50 % ng buwanang net income ng nanghihiram). Ang pinakamalaking puwede sa borrower na ito sa loob ng 24 buwan ay 375,000.00 PHP.',
      },
    });
    const higher = await ask('POST', `/api/admin/loans/${id}/approve`, officer.cookie, 'fil', { amount: '500000.00', term: 24 });
    expect(higher.json().error).toEqual({
      code: 'OFFER_REFUSED',
      message: 'Hindi puwedeng lumampas ang alok sa 400,000.00 PHP na inaplayan.',
      fields: { amount: 'Hindi puwedeng lumampas ang alok sa 400,000.00 PHP na inaplayan.' },
    });
  });

  it('of a product version that breaks a cap is in Filipino, message and every reason; English by default', async () => {
    const admin = await createStaff(t, 'ADMIN', 'Admin Rosa Santos');
    const draft = ok(await ask('GET', '/api/admin/settings', admin.cookie, 'en')).productDraft as Record<string, unknown>;
    const filipino = await ask('POST', '/api/admin/settings/product', admin.cookie, 'fil', { ...draft, monthlyRateBps: 300 });
    expect(filipino.statusCode).toBe(409);
    const error = filipino.json().error;
    expect(error.code).toBe('PRODUCT_REFUSED');
    expect(error.message).toMatch(
      /^Tinanggihan ang bersyong ito ng produkto: ang PHP 200000\.00 sa loob ng 6 buwan ay may interest at bayaring .+, lampas sa limit na 25 % sa isang taon/,
    );
    expect(error.message).not.toMatch(/ over | months | above /);
    const reasons = Object.values(error.fields as Record<string, string>);
    expect(reasons.length).toBeGreaterThan(1);
    for (const reason of reasons) expect(reason, reason).toMatch(/sa loob ng \d+ buwan/);
    const english = await ask('POST', '/api/admin/settings/product', admin.cookie, 'en', { ...draft, monthlyRateBps: 300 });
    expect(english.json().error.message).toMatch(/^This product version is refused: PHP 200000\.00 over 6 months costs .+ above the 25 % a year cap/);
    expect(Object.keys(english.json().error.fields)).toEqual(Object.keys(error.fields));
  });

  it('of an unknown status in a back-office list is in Filipino, naming the statuses to use', async () => {
    for (const url of ['/api/admin/withdrawals?status=FROZEN', '/api/admin/loans?status=FROZEN']) {
      const res = await ask('GET', url, officer.cookie, 'fil');
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toMatch(/^Hindi kilalang status: FROZEN\. Gamitin ang [A-Z_]+, /);
      expect(res.json().error.fields, url).toEqual({ status: fil.errors.unknownStatus });
    }
  });
});

describe('the credit-bureau consent in Filipino', () => {
  it('is accepted with its own version, which the consent record keeps', async () => {
    const m = await createMember(t);
    const res = await saveStep(t, m.cookie, 'personal', { ...STEP_BODIES.personal, consentVersion: CREDIT_BUREAU_CONSENT_FIL.version });
    expect(res.statusCode).toBe(200);
    const rows = await t.deps.db
      .select()
      .from(consents)
      .where(and(eq(consents.userId, m.userId), eq(consents.kind, 'CREDIT_BUREAU')));
    expect(rows.map((r) => r.textVersion)).toEqual([CREDIT_BUREAU_CONSENT_FIL.version]);
  });

  it('refuses an outdated version in Filipino for a Filipino reader', async () => {
    const m = await createMember(t);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/activation/personal',
      payload: { ...STEP_BODIES.personal, consentVersion: 'credit-bureau-consent-2020-01-01-fil' },
      headers: { cookie: m.cookie, 'accept-language': 'fil' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ isAgree: fil.activation.validation.consentOutdated });
  });
});
