import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import * as passwords from '../../src/server/sessions/passwords';
import { registrationBody } from './identity-helpers';

// Counts the argon2id hashes (each ~19 MiB and tens of milliseconds of a core) while keeping them real.
vi.mock('../../src/server/sessions/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/server/sessions/passwords')>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

/**
 * A stranger cannot make the server hash passwords without limit: a registration that the code
 * budgets refuse (the address's, the number's) is refused before its password is hashed, so a
 * flood of sign-ups from one address costs one cheap read each once its budget is spent.
 */
describe('registration past its code budget', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { OTP_ANON_PER_ADDRESS_HOURLY: '3' });
  });
  afterAll(async () => t.close());

  const register = (body: Record<string, unknown>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress });

  it('is refused before the password is hashed (per address, and per phone)', async () => {
    const hashes = vi.mocked(passwords.hashPassword);
    for (let i = 0; i < 3; i++) expect((await register(registrationBody(), '203.0.113.9')).statusCode).toBe(201);
    expect(hashes).toHaveBeenCalledTimes(3);
    for (let i = 0; i < 10; i++) {
      const refused = await register(registrationBody(), '203.0.113.9');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
    }
    expect(hashes).toHaveBeenCalledTimes(3);

    // One phone from many addresses: after its first code, the next within the minute is refused unhashed.
    const body = registrationBody();
    expect((await register(body, '198.51.100.20')).statusCode).toBe(201);
    expect(hashes).toHaveBeenCalledTimes(4);
    const again = await register(body, '198.51.100.21');
    expect(again.statusCode).toBe(429);
    expect(hashes).toHaveBeenCalledTimes(4);
  });
});
