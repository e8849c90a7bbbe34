import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { ALL_ROUTES } from '../../src/shared/api';
import { AUTH_ERRORS, routeErrors, routePath } from '../../src/shared/api/define';
import { ERROR_STATUS, isErrorCode } from '../../src/shared/schemas/errors';

/**
 * One typed contract per endpoint. Every route Fastify has under /api is an entry
 * of the route table (src/shared/api) and every entry is a registered route, with the entry's
 * schemas in the OpenAPI document; every error code an entry declares has its HTTP status.
 */
type Operation = { summary?: string; parameters?: unknown[]; requestBody?: unknown; responses?: Record<string, unknown> };
type Doc = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => t.close());

const key = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
/** The table's paths are relative to /api; OpenAPI writes :id as {id}. */
const openApiPath = (path: string) => `/api${path}`.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

describe('the route table', () => {
  it('lists every route Fastify has under /api, and nothing else', () => {
    // The OpenAPI document and its UI (@fastify/swagger-ui under /api/docs) are the only routes under /api not in the table.
    const registered = new Set(
      t.routes.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD').map((r) => key(r.method, r.url)),
    );
    const table = ALL_ROUTES.map(({ route }) => key(route.method, `/api${route.path}`));
    expect(new Set(table).size, 'each method and path once').toBe(table.length);
    expect(
      [...registered].filter((k) => !table.includes(k)),
      'registered but not in src/shared/api',
    ).toEqual([]);
    expect(
      table.filter((k) => !registered.has(k)),
      'in src/shared/api but not registered',
    ).toEqual([]);
    expect(registered.size).toBe(table.length);
  });

  it('is what the OpenAPI document describes: summary, request schemas, success and error answers', () => {
    const doc = t.app.swagger() as unknown as Doc;
    for (const { name, route } of ALL_ROUTES) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, name).toBeDefined();
      expect(op?.summary, name).toBe(route.summary);
      if (route.body) expect(op?.requestBody, `${name} body`).toBeDefined();
      const parameters = (op?.parameters ?? []) as { in: string }[];
      if (route.params)
        expect(
          parameters.some((p) => p.in === 'path'),
          `${name} params`,
        ).toBe(true);
      if (route.query)
        expect(
          parameters.some((p) => p.in === 'query'),
          `${name} query`,
        ).toBe(true);
      const statuses = Object.keys(op?.responses ?? {});
      for (const status of Object.keys(route.response)) expect(statuses, `${name} ${status}`).toContain(status);
      for (const code of routeErrors(route)) expect(statuses, `${name} ${code}`).toContain(String(ERROR_STATUS[code]));
    }
  });

  it('declares only error codes of the one list (src/shared/schemas/errors.ts), each with its HTTP status', () => {
    for (const { name, route } of ALL_ROUTES) {
      for (const code of [...route.errors, ...AUTH_ERRORS[route.auth]]) {
        expect(isErrorCode(code), `${name}: ${code}`).toBe(true);
        expect(ERROR_STATUS[code], `${name}: ${code}`).toBeGreaterThanOrEqual(400);
      }
      for (const status of Object.keys(route.response)) expect(Number(status), `${name} answers success only in response`).toBeLessThan(300);
    }
  });

  it('fills path parameters URI-encoded and refuses a missing one', () => {
    expect(routePath('/withdrawals/:id/confirm', { id: 'a/b c' })).toBe('/withdrawals/a%2Fb%20c/confirm');
    expect(routePath('/admin/loans/:loanId/charges/:chargeId/waive', { loanId: '7', chargeId: 9 })).toBe('/admin/loans/7/charges/9/waive');
    expect(() => routePath('/withdrawals/:id', {})).toThrow(/missing path parameter id/);
  });
});
