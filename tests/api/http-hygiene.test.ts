import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { pendingRegistrations } from '../../src/server/db/schema';
import { errors } from '../../src/shared/i18n/en/errors';
import { validation } from '../../src/shared/i18n/en/validation';
import { registerMember, registrationBody } from './identity-helpers';
import { translateEn } from '../../src/shared/i18n/lookup';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const POST_ROUTES = [
  '/api/auth/register',
  '/api/auth/register/resend',
  '/api/auth/register/verify',
  '/api/auth/login',
  '/api/auth/logout',
  '/api/auth/recovery/start',
  '/api/auth/recovery/reset',
  '/api/contact',
];

function raw(url: string, payload: string | Buffer, contentType = 'application/json', headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...headers } });
}

describe('bad requests get a clear 4xx, never a 500', () => {
  it.each(POST_ROUTES)('malformed JSON to %s is 400', async (url) => {
    const res = await raw(url, '{"phone": "0917', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'BAD_REQUEST', message: errors.BAD_REQUEST });
  });

  it.each(POST_ROUTES)('a non-JSON content type to %s is 415', async (url) => {
    const res = await raw(url, 'phone=09171234567&password=x', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message: errors.UNSUPPORTED_MEDIA_TYPE });
    const text = await raw(url, 'hello', 'text/plain');
    expect(text.statusCode).toBe(415);
  });

  it.each(POST_ROUTES)('a body over 64 KB to %s is 413', async (url) => {
    const res = await raw(url, JSON.stringify({ message: 'x'.repeat(65 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: errors.PAYLOAD_TOO_LARGE });
  });

  it.each(['/api/auth/register', '/api/auth/login', '/api/auth/recovery/start', '/api/auth/register/verify', '/api/contact'])(
    'JSON that is not an object to %s is 400',
    async (url) => {
      for (const body of ['null', '[]', '"text"', '42', 'true']) {
        const res = await raw(url, body);
        expect(res.statusCode, `${url} ${body}`).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
    },
  );

  it('an empty JSON body is 400', async () => {
    const res = await raw('/api/auth/login', '');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
  });

  it('refuses unknown fields by name and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registrationBody({ role: 'ADMIN', accountState: 'INFO_COMPLETED' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ role: validation.unknownField, accountState: validation.unknownField });
    expect(await t.deps.db.select().from(pendingRegistrations)).toHaveLength(0);
  });

  it('survives odd field types and prototype keys', async () => {
    const odd = [
      { phone: { $gt: '' }, password: 'x' },
      { phone: ['09171234567'], password: 'x' },
      { phone: '09171234567', password: 12345678 },
      { phone: '0'.repeat(10_000), password: 'x' },
      JSON.parse('{"__proto__": {"admin": true}, "phone": "09171234567", "password": "x"}'),
      { constructor: { prototype: {} }, phone: '09171234567', password: 'x' },
    ];
    for (const payload of odd) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });

  it('a registration with a 30 KB password field is refused as a field error', async () => {
    const big = 'x'.repeat(30 * 1024);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: registrationBody({ password: big, confirmPassword: big }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: translateEn('validation.passwordLength') });
  });
});

describe('Origin check on unsafe methods', () => {
  it.each(POST_ROUTES)('refuses POST %s from another site', async (url) => {
    const res = await t.app.inject({ method: 'POST', url, payload: {}, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'ORIGIN_REFUSED', message: errors.ORIGIN_REFUSED });
  });

  it('refuses a cross-site browser request without Origin, and does not act on it', async () => {
    const m = await registerMember(t);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: m.cookie, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    const evil = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie: m.cookie, origin: 'https://evil.example' } });
    expect(evil.statusCode).toBe(403);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: m.cookie } });
    expect(session.statusCode).toBe(200);
  });

  it('accepts the same origin', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'http://localhost', host: 'localhost' } });
    expect(res.statusCode).toBe(204);
  });

  it('accepts only the configured origins when PUBLIC_ORIGIN is set', async () => {
    const app = await createTestApp({ publicOrigins: ['https://tapat.example'] });
    try {
      const ok = await app.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'https://tapat.example' } });
      expect(ok.statusCode).toBe(204);
      const other = await app.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'http://localhost', host: 'localhost' } });
      expect(other.statusCode).toBe(403);
    } finally {
      await app.close();
    }
  });
});

describe('OpenAPI', () => {
  it('documents every identity, support and dev route with its tag, body and answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected: [string, string, string][] = [
      ['/api/auth/register', 'post', 'auth'],
      ['/api/auth/register/resend', 'post', 'auth'],
      ['/api/auth/register/verify', 'post', 'auth'],
      ['/api/auth/login', 'post', 'auth'],
      ['/api/auth/logout', 'post', 'auth'],
      ['/api/auth/session', 'get', 'auth'],
      ['/api/auth/recovery/start', 'post', 'auth'],
      ['/api/auth/recovery/reset', 'post', 'auth'],
      ['/api/contact', 'post', 'support'],
      ['/api/dev/outbox', 'get', 'dev'],
    ];
    for (const [path, method, tag] of expected) {
      const op = doc.paths[path]?.[method];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op.tags).toEqual([tag]);
      expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    }
    const register = doc.paths['/api/auth/register'].post;
    const schema = register.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['phone', 'email', 'fullName', 'password', 'confirmPassword', 'monthlyNetIncome']));
    expect(schema.additionalProperties).toBe(false);
    expect(register.responses['201']).toBeDefined();
    expect(doc.paths['/api/auth/login'].post.responses['401']).toBeDefined();
    expect(doc.paths['/api/contact'].post.responses['201']).toBeDefined();
  });
});

describe('responses carry no secrets', () => {
  it('never returns a code, a hash or a token in a JSON body', async () => {
    const body = registrationBody();
    const start = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body });
    expect(start.body).not.toMatch(/argon2|\b\d{6}\b/);
    const m = await registerMember(t);
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: m.cookie } });
    expect(session.body).not.toMatch(/argon2|passwordHash|token|sessionId|userId/);
    expect(session.headers['cache-control']).toBe('no-store');
  });
});

describe('API answers are not kept in caches', () => {
  it("a member's reads, a refusal and an unknown route say no-store; a route that chose its own caching keeps it", async () => {
    const m = await registerMember(t);
    for (const url of ['/api/wallet', '/api/loans/current', '/api/member/account', '/api/auth/session']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: m.cookie } });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/wallet' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const unknown = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
    const places = await t.app.inject({ method: 'GET', url: '/api/places/provinces' });
    expect(places.headers['cache-control']).toBe('public, max-age=86400');
    const pdf = await t.app.inject({ method: 'GET', url: '/api/loans/current/contract.pdf', headers: { cookie: m.cookie } });
    expect(pdf.headers['cache-control']).toBe(pdf.statusCode === 200 ? 'private, no-store' : 'no-store');
  });
});
