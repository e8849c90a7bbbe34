import { describe, expect, it } from 'vitest';
import { isAdjustableClock, ManualClock, OffsetClock, systemClock } from './clock';

describe('OffsetClock', () => {
  it('is the system time plus an offset that only grows', () => {
    const system = new ManualClock(new Date('2026-11-24T01:00:00Z'));
    const clock = new OffsetClock(system);
    expect(clock.now().toISOString()).toBe('2026-11-24T01:00:00.000Z');
    system.advance(1_000);
    expect(clock.now().toISOString()).toBe('2026-11-24T01:00:01.000Z');
    clock.advance(60_000);
    expect(clock.now().toISOString()).toBe('2026-11-24T01:01:01.000Z');
    expect(clock.offsetMs()).toBe(60_000);
    for (const ms of [0, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => clock.advance(ms)).toThrow(RangeError);
    expect(clock.offsetMs()).toBe(60_000);
  });

  it('tells the clocks that can be moved from the one that cannot', () => {
    expect(isAdjustableClock(new OffsetClock())).toBe(true);
    expect(isAdjustableClock(new ManualClock())).toBe(true);
    expect(isAdjustableClock(systemClock)).toBe(false);
  });
});
