import { describe, expect, it } from 'vitest';
import { birthday, checkBirthDate, parseIsoDate, philippineDate } from './age';

describe('the age rule (18th birthday <= today <= 80th birthday)', () => {
  const today = '2026-11-22';

  it('accepts exactly 18 years and refuses one day short of it', () => {
    expect(checkBirthDate('2008-11-22', today)).toBeNull();
    expect(checkBirthDate('2008-11-23', today)).toBe('TOO_YOUNG');
  });

  it('accepts exactly 80 years and refuses one day past it', () => {
    expect(checkBirthDate('1946-11-22', today)).toBeNull();
    expect(checkBirthDate('1946-11-21', today)).toBe('TOO_OLD');
  });

  it('accepts the ages in between', () => {
    expect(checkBirthDate('1990-01-01', today)).toBeNull();
    expect(checkBirthDate('1946-11-23', today)).toBeNull();
  });

  it('refuses dates that do not exist or are not YYYY-MM-DD', () => {
    for (const bad of ['2001-02-29', '1990-13-01', '1990-00-10', '1990-1-1', '01/02/1990', '', '1990-04-31'])
      expect(checkBirthDate(bad, today), bad).toBe('INVALID');
    expect(checkBirthDate('2030-01-01', today)).toBe('TOO_YOUNG');
  });

  it('puts a 29 February birthday on 1 March in common years', () => {
    const leapling = parseIsoDate('2008-02-29')!;
    expect(birthday(leapling, 18)).toEqual({ year: 2026, month: 3, day: 1 });
    expect(checkBirthDate('2008-02-29', '2026-02-28')).toBe('TOO_YOUNG');
    expect(checkBirthDate('2008-02-29', '2026-03-01')).toBeNull();
    expect(birthday(leapling, 20)).toEqual({ year: 2028, month: 2, day: 29 });
  });

  it('uses the date in the Philippines (UTC+8)', () => {
    expect(philippineDate(new Date('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
    expect(philippineDate(new Date('2026-11-21T16:00:00Z'))).toBe('2026-11-22');
  });
});
