import { describe, expect, it } from 'vitest';
import { payloadProblem, STORED_PAYLOAD_MAX_BYTES, STORED_PAYLOAD_MAX_DEPTH } from './bounds';

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
};

describe('payloadProblem', () => {
  it('accepts a documented callback and anything up to the depth bound', () => {
    expect(payloadProblem({ event: 'payment.succeeded', data: { id: 'py-1', amount: 1, metadata: { a: [1, 2] } } })).toBeNull();
    expect(payloadProblem(nested(STORED_PAYLOAD_MAX_DEPTH))).toBeNull();
    expect(payloadProblem('text')).toBeNull();
    expect(payloadProblem(null)).toBeNull();
  });

  it('refuses one level deeper, and 100,000 levels without overflowing the stack', () => {
    expect(payloadProblem(nested(STORED_PAYLOAD_MAX_DEPTH + 1))).toBe('TOO_DEEP');
    expect(payloadProblem(JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)))).toBe('TOO_DEEP');
  });

  it('refuses a body larger than the size bound once written as JSON', () => {
    expect(payloadProblem({ note: 'x'.repeat(STORED_PAYLOAD_MAX_BYTES) })).toBe('TOO_LARGE');
    expect(payloadProblem({ note: 'x'.repeat(STORED_PAYLOAD_MAX_BYTES - 20) })).toBeNull();
  });
});
