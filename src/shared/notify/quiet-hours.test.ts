import { describe, expect, it } from 'vitest';
import { isWithinSendingHours, nextAllowedSendTime, sendAfterFor } from './quiet-hours';

// Manila is UTC+8: 06:00 Manila = 22:00 UTC the day before; 22:00 Manila = 14:00 UTC.
const utc = (iso: string) => new Date(iso);

describe('the sending window (06:00 to 22:00 Philippine time)', () => {
  it('opens at 06:00:00 and closes at 22:00:00 Manila time', () => {
    expect(isWithinSendingHours(utc('2026-11-21T21:59:59.999Z'))).toBe(false); // 05:59:59.999
    expect(isWithinSendingHours(utc('2026-11-21T22:00:00Z'))).toBe(true); // 06:00
    expect(isWithinSendingHours(utc('2026-11-22T13:59:59.999Z'))).toBe(true); // 21:59:59.999
    expect(isWithinSendingHours(utc('2026-11-22T14:00:00Z'))).toBe(false); // 22:00
    expect(isWithinSendingHours(utc('2026-11-22T04:00:00Z'))).toBe(true); // noon
  });

  it('sends at once inside the window', () => {
    const noon = utc('2026-11-22T04:00:00Z');
    expect(nextAllowedSendTime(noon)).toEqual(noon);
  });

  it('holds a late-evening message until 06:00 the next morning', () => {
    expect(nextAllowedSendTime(utc('2026-11-22T14:00:00Z')).toISOString()).toBe('2026-11-22T22:00:00.000Z'); // 22:00 -> 06:00 next day
    expect(nextAllowedSendTime(utc('2026-11-22T15:59:00Z')).toISOString()).toBe('2026-11-22T22:00:00.000Z'); // 23:59
  });

  it('holds an after-midnight message until 06:00 the same morning', () => {
    expect(nextAllowedSendTime(utc('2026-11-22T16:00:00Z')).toISOString()).toBe('2026-11-22T22:00:00.000Z'); // 00:00 Manila 23 Nov
    expect(nextAllowedSendTime(utc('2026-11-22T21:59:59Z')).toISOString()).toBe('2026-11-22T22:00:00.000Z'); // 05:59:59
  });

  it('crosses a month and a year end', () => {
    expect(nextAllowedSendTime(utc('2026-12-31T17:30:00Z')).toISOString()).toBe('2026-12-31T22:00:00.000Z'); // 01:30 1 Jan 2027 Manila
    expect(nextAllowedSendTime(utc('2026-12-31T14:30:00Z')).toISOString()).toBe('2026-12-31T22:00:00.000Z'); // 22:30 31 Dec Manila
  });

  it('never delays what the member caused right then', () => {
    const night = utc('2026-11-22T18:00:00Z'); // 02:00 Manila
    expect(sendAfterFor(night, true)).toBeNull();
    expect(sendAfterFor(night, false)?.toISOString()).toBe('2026-11-22T22:00:00.000Z');
    expect(sendAfterFor(utc('2026-11-22T04:00:00Z'), false)).toBeNull();
  });
});
