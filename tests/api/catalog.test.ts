import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { publicConfigSchema, ratesResponseSchema } from '../../src/shared/schemas/public';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('public catalogue', () => {
  it('serves the product and the DEMO company profile from configuration', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    expect(res.statusCode).toBe(200);
    const body = publicConfigSchema.parse(res.json());
    expect(body.product.minAmount).toBe('200000.00');
    expect(body.product.maxAmount).toBe('5000000.00');
    expect(body.product.terms).toEqual([6, 12, 24, 36, 48]);
    expect(body.company.demo).toBe(true);
    expect(body.company.companyName).toContain('DEMO');
  });

  it('serves the currency list with PHP first and a rate for each', async () => {
    const [cur, rates] = await Promise.all([t.app.inject({ method: 'GET', url: '/api/currencies' }), t.app.inject({ method: 'GET', url: '/api/rates' })]);
    const list = cur.json().currencies as { currencyCode: string }[];
    expect(list[0]?.currencyCode).toBe('PHP');
    expect(list.length).toBeGreaterThanOrEqual(12);
    const r = ratesResponseSchema.parse(rates.json());
    expect(r.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    for (const c of list) expect(r.rates[c.currencyCode]).toBeDefined();
  });

  it('answers unknown API paths with the error envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
  });

  it('describes the API with OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });

  it('sends a strict Content-Security-Policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/public/config' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
  });
});
