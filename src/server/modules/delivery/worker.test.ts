import { describe, expect, it } from 'vitest';
import { backoffMs, sendSlotMs } from './worker';

describe('the delivery pace', () => {
  it('starts message n of a pass n / rate seconds after the pass began', () => {
    expect([0, 1, 2, 99, 100, 250].map((n) => sendSlotMs(n, 100))).toEqual([0, 10, 20, 990, 1000, 2500]);
    // At 3 a second the slots fall on whole milliseconds, never early.
    expect([0, 1, 2, 3].map((n) => sendSlotMs(n, 3))).toEqual([0, 333, 666, 1000]);
  });

  it('waits before each retry twice as long as before, at most six hours', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 30))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(30, 30)).toBe(6 * 3_600_000);
  });
});
