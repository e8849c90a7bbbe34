import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute, type RouteAuth } from '../../shared/api/define';
import type { Role } from '../../shared/states/roles';
import type { SessionAuth } from '../sessions/store';
import { installErrorHandling } from './errors';
import { registerRoute } from './route';

/**
 * A route states its access once, in its route table entry (`auth`), and registration enforces it
 * (registerRoute, enforceDeclaredAccess): a handler with no guard of its own is still refused to a
 * caller the entry does not admit, before its body is read.
 */

let app: FastifyInstance;
const AUTHS: readonly RouteAuth[] = ['public', 'session', 'member', 'staff', 'admin', 'loopback', 'callback'];
let handled = 0;

beforeAll(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // The session as the app's hook would read it: here from a test header, for the role it names.
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const role = request.headers['x-test-role'];
    request.auth = typeof role === 'string' ? ({ userId: 'u', sessionId: 's', role: role as Role } as unknown as SessionAuth) : null;
  });
  for (const auth of AUTHS) {
    const route = defineRoute({
      method: 'POST',
      path: `/${auth}`,
      summary: auth,
      tags: [],
      auth,
      body: z.strictObject({ n: z.number() }),
      response: { 200: z.object({ ok: z.literal(true) }) },
      errors: [],
    });
    // No guard in the handler: registration alone decides.
    registerRoute(app, route, async () => {
      handled += 1;
      return { ok: true as const };
    });
  }
  await app.ready();
});
afterAll(async () => app.close());

async function call(auth: RouteAuth, role: Role | null, body: unknown = { n: 1 }, remoteAddress = '127.0.0.1') {
  const res = await app.inject({
    method: 'POST',
    url: `/${auth}`,
    payload: body as Record<string, unknown>,
    remoteAddress,
    headers: role ? { 'x-test-role': role } : {},
  });
  return { status: res.statusCode, code: res.statusCode === 200 ? null : (res.json() as { error: { code: string } }).error.code };
}

describe('registerRoute enforces the declared access', () => {
  it('each declared access admits exactly its callers', async () => {
    const expected: Record<RouteAuth, Record<'anonymous' | Role, number>> = {
      public: { anonymous: 200, MEMBER: 200, OFFICER: 200, ADMIN: 200 },
      session: { anonymous: 401, MEMBER: 200, OFFICER: 200, ADMIN: 200 },
      member: { anonymous: 401, MEMBER: 200, OFFICER: 403, ADMIN: 403 },
      staff: { anonymous: 401, MEMBER: 403, OFFICER: 200, ADMIN: 200 },
      admin: { anonymous: 401, MEMBER: 403, OFFICER: 403, ADMIN: 200 },
      // From this machine (app.inject's default address); the handler verifies a callback's token.
      loopback: { anonymous: 200, MEMBER: 200, OFFICER: 200, ADMIN: 200 },
      callback: { anonymous: 200, MEMBER: 200, OFFICER: 200, ADMIN: 200 },
    };
    const seen: Record<string, Record<string, number>> = {};
    for (const auth of AUTHS) {
      seen[auth] = {};
      for (const role of ['anonymous', 'MEMBER', 'OFFICER', 'ADMIN'] as const) {
        seen[auth][role] = (await call(auth, role === 'anonymous' ? null : role)).status;
      }
    }
    expect(seen).toEqual(expected);
  });

  it('the refusals carry their codes: UNAUTHENTICATED, STAFF_ACCOUNT, FORBIDDEN, and NOT_FOUND for a loopback route called from elsewhere', async () => {
    expect(await call('member', null)).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await call('member', 'OFFICER')).toEqual({ status: 403, code: 'STAFF_ACCOUNT' });
    expect(await call('admin', 'OFFICER')).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(await call('loopback', 'ADMIN', { n: 1 }, '203.0.113.9')).toEqual({ status: 404, code: 'NOT_FOUND' });
  });

  it('the access is checked before the body: a refused caller with a bad body gets the refusal, and no handler runs', async () => {
    const before = handled;
    expect(await call('staff', null, { n: 'not a number' })).toEqual({ status: 401, code: 'UNAUTHENTICATED' });
    expect(await call('staff', 'MEMBER', { wrong: true })).toEqual({ status: 403, code: 'FORBIDDEN' });
    expect(handled).toBe(before);
    // An admitted caller with a bad body gets the body's refusal.
    expect((await call('staff', 'OFFICER', { n: 'x' })).status).toBe(400);
  });
});
