import { describe, expect, it } from 'vitest';
import { isRealDay, isRealInstant, isUuid } from './params';

describe('isUuid', () => {
  it('accepts a UUID of any version in either case, and nothing else', () => {
    expect(isUuid('00000000-0000-4000-8000-000000000001')).toBe(true);
    expect(isUuid('A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11')).toBe(true);
    for (const value of [
      '',
      'not-an-id',
      '00000000-0000-4000-8000-00000000000',
      '00000000-0000-4000-8000-0000000000011',
      ' 00000000-0000-4000-8000-000000000001',
      '00000000000040008000000000000001',
      'g0000000-0000-4000-8000-000000000001',
    ])
      expect(isUuid(value), value).toBe(false);
  });
});

describe('isRealDay and isRealInstant', () => {
  it('take the calendar’s days and instants only', () => {
    expect(isRealDay('2024-02-29')).toBe(true);
    expect(isRealDay('2026-12-31')).toBe(true);
    expect(isRealDay('2026-02-29')).toBe(false);
    expect(isRealDay('2026-13-01')).toBe(false);
    expect(isRealDay('2026-00-10')).toBe(false);
    expect(isRealInstant('2026-11-24T07:37:33.123Z')).toBe(true);
    expect(isRealInstant('2026-11-24T24:00:00.000Z')).toBe(false);
    expect(isRealInstant('2026-02-30T10:00:00.000Z')).toBe(false);
  });
});
