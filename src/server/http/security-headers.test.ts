import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetOptions, installSecurityHeaders, securityHeaderSteps } from './security-headers';

/** A bare app answering JSON, HTML, a 404 and a thrown error, with the headers installed one way or the other. */
async function appWith(install: (app: ReturnType<typeof Fastify>) => Promise<void>) {
  const app = Fastify({ logger: false });
  await install(app);
  app.get('/json', async () => ({ ok: true }));
  app.get('/html', async (_request, reply) => reply.type('text/html; charset=utf-8').send('<p>hi</p>'));
  app.get('/fail', async () => {
    throw new Error('boom');
  });
  await app.ready();
  return app;
}

async function headersOf(app: Awaited<ReturnType<typeof appWith>>, url: string) {
  const res = await app.inject({ method: 'GET', url });
  const { date: _date, ...headers } = res.headers;
  return { status: res.statusCode, headers };
}

describe('security headers computed once (decision 038)', () => {
  for (const production of [false, true]) {
    it(`answers exactly the headers @fastify/helmet set with the same options (production ${production})`, async () => {
      const before = await appWith(async (app) => {
        await app.register(fastifyHelmet, helmetOptions(production));
      });
      const after = await appWith(async (app) => installSecurityHeaders(app, helmetOptions(production)));
      for (const url of ['/json', '/html', '/missing', '/fail']) {
        const expected = await headersOf(before, url);
        const found = await headersOf(after, url);
        expect(found, url).toEqual(expected);
        expect(found.headers['content-security-policy'], url).toContain("default-src 'self'");
        expect(found.headers['x-frame-options'], url).toBe('SAMEORIGIN');
        expect(found.headers['x-content-type-options'], url).toBe('nosniff');
        expect('strict-transport-security' in found.headers, url).toBe(production);
        expect('cross-origin-embedder-policy' in found.headers, url).toBe(false);
      }
      await before.close();
      await after.close();
    });
  }

  it('is built from fixed values only: the CSP carries no per-request part, and upgrade-insecure-requests only in production', () => {
    const csp = (production: boolean) => securityHeaderSteps(helmetOptions(production)).find((step) => 'set' in step && step.set === 'Content-Security-Policy');
    expect(csp(false)).toEqual({
      set: 'Content-Security-Policy',
      value:
        "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data: blob:;font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
    });
    expect(csp(true)).toMatchObject({ value: expect.stringMatching(/;upgrade-insecure-requests$/) });
  });

  it('refuses options helmet refuses, at start', () => {
    expect(() => securityHeaderSteps({ contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'self';"] } } })).toThrow();
  });
});
