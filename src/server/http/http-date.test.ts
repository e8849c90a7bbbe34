import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { httpDateOf } from './http-date';

describe('httpDateOf', () => {
  it('gives the clock time as an HTTP date, following the clock within and across seconds', () => {
    const clock = new ManualClock(new Date('2026-11-25T04:05:06.100Z'));
    const date = httpDateOf(clock);
    expect(date()).toBe('Wed, 25 Nov 2026 04:05:06 GMT');
    clock.advance(800);
    expect(date()).toBe('Wed, 25 Nov 2026 04:05:06 GMT');
    clock.advance(100);
    expect(date()).toBe('Wed, 25 Nov 2026 04:05:07 GMT');
    clock.advance(86_400_000 * 3);
    expect(date()).toBe('Sat, 28 Nov 2026 04:05:07 GMT');
  });
});
