import { describe, expect, it } from 'vitest';
import { uniqueViolation } from './errors';

describe('uniqueViolation', () => {
  it('names the constraint of a 23505 anywhere in the cause chain', () => {
    const driver = Object.assign(new Error('duplicate'), { code: '23505', constraint: 'users_email_key' });
    expect(uniqueViolation(new Error('query failed', { cause: driver }))).toBe('users_email_key');
  });

  it("reads the name from the message when the driver gives none (PGlite), else ''", () => {
    expect(uniqueViolation(Object.assign(new Error('duplicate key value violates unique constraint "w_key"'), { code: '23505' }))).toBe('w_key');
    expect(uniqueViolation({ code: '23505' })).toBe('');
  });

  it('answers null for other errors and survives a cycle', () => {
    const a: { code: string; cause?: unknown } = { code: '40001' };
    a.cause = a;
    expect(uniqueViolation(a)).toBeNull();
    expect(uniqueViolation(new Error('x'))).toBeNull();
    expect(uniqueViolation(null)).toBeNull();
  });
});
