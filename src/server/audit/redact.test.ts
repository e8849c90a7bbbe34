import { describe, expect, it } from 'vitest';
import { changedFields, redactSecrets } from './redact';
import { philippineDayStart } from './query';

describe('redactSecrets', () => {
  it('replaces secret-looking keys at any depth and keeps the rest', () => {
    const out = redactSecrets({
      name: 'Officer',
      password: 'hunter2 hunter2',
      nested: { code: '123456', otpHash: 'x', sessionToken: 't', reason: 'Income', list: [{ secret: 's', ok: 1 }] },
      'idempotency-key': 'k',
      amount: 5n,
    });
    expect(out).toEqual({
      name: 'Officer',
      password: '[redacted]',
      nested: { code: '[redacted]', otpHash: '[redacted]', sessionToken: '[redacted]', reason: 'Income', list: [{ secret: '[redacted]', ok: 1 }] },
      'idempotency-key': '[redacted]',
      amount: '5',
    });
  });

  it('keeps a loan number or a status code: only a key named exactly "code" is a one-time code', () => {
    expect(redactSecrets({ loanNumber: 'TAPAT-000001', statusCode: 'OK', shortName: 'TAPAT' })).toEqual({
      loanNumber: 'TAPAT-000001',
      statusCode: 'OK',
      shortName: 'TAPAT',
    });
  });
});

describe('changedFields', () => {
  it('lists the top-level fields that differ, nested objects compared whole', () => {
    expect(changedFields({ a: 1, b: { x: 1 }, c: 'same' }, { a: 2, b: { x: 2 }, c: 'same', d: true })).toEqual(['a', 'b', 'd']);
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual([]);
  });
});

describe('philippineDayStart', () => {
  it('is midnight in Manila (UTC+8)', () => {
    expect(philippineDayStart('2026-11-22').toISOString()).toBe('2026-11-21T16:00:00.000Z');
  });
});
