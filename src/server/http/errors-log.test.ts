import { describe, expect, it } from 'vitest';
import { serializeErrorForLog as serializeError } from './errors';

describe('serializeError', () => {
  it("keeps a failed query's text and codes but never its parameters (an SMS with its code, a phone)", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_phone_key"'), {
      code: '23505',
      constraint: 'users_phone_key',
      detail: 'Key (phone)=(+639171234567) already exists.',
    });
    const failed = Object.assign(
      new Error('Failed query: insert into "outbox_messages" ("body") values ($1)\nparams: Your TAPAT code is 482913. Never share it.,+639171234567', {
        cause,
      }),
      {
        name: 'DrizzleQueryError',
        params: ['Your TAPAT code is 482913. Never share it.', '+639171234567'],
      },
    );
    const logged = serializeError(failed);
    const text = JSON.stringify(logged);
    expect(text).not.toContain('482913');
    expect(text).not.toContain('+639171234567');
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: [redacted] (SQL and parameters)',
      cause: { code: '23505', constraint: 'users_phone_key' },
    });
    expect(logged.stack).not.toContain('outbox_messages');
    expect(logged.stack).toMatch(/\n\s+at /);
  });

  it('reads anything thrown', () => {
    expect(serializeError('a string')).toMatchObject({ type: 'string', message: '[redacted]' });
  });
});
