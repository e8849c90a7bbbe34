import { describe, expect, it } from 'vitest';
import { inFlightLimiter } from './in-flight';

describe('uploads in flight per member', () => {
  it('admits up to the maximum per key, each key on its own, and frees a slot once per release', () => {
    const limiter = inFlightLimiter(2);
    const a1 = limiter.acquire('a');
    const a2 = limiter.acquire('a');
    expect(a1).not.toBeNull();
    expect(a2).not.toBeNull();
    expect(limiter.acquire('a')).toBeNull();
    expect(limiter.acquire('b')).not.toBeNull();
    a1!();
    a1!();
    expect(limiter.count('a')).toBe(1);
    const a3 = limiter.acquire('a');
    expect(a3).not.toBeNull();
    expect(limiter.acquire('a')).toBeNull();
    a2!();
    a3!();
    expect(limiter.count('a')).toBe(0);
  });
});
