import { describe, expect, it } from 'vitest';
import { renderIn } from './lookup';
import { philippineDateTime, philippineLongDate } from './philippine-time';
import { text, textDateTime } from './text';

// 16:30 UTC is half past midnight of the next day in Manila (UTC+8).
const AT = new Date('2026-11-26T16:30:00Z');

describe('Philippine dates and times', () => {
  it('show an instant in Manila time in English and Filipino', () => {
    expect(philippineDateTime(AT, 'en')).toMatch(/^Nov 27, 2026, 12:30\sAM$/);
    expect(philippineDateTime(AT.toISOString(), 'fil')).toMatch(/^Nob 27, 2026, 12:30\sAM$/);
    expect(philippineLongDate(AT, 'en')).toBe('November 27, 2026');
    expect(philippineLongDate(AT, 'fil')).toBe('Nobyembre 27, 2026');
  });

  it('leave an unreadable value as given', () => {
    expect(philippineDateTime('soon', 'en')).toBe('soon');
  });

  it('are how a text renders an instant given with textDateTime, in the reader’s language', () => {
    const blocked = text('withdrawals.errors.blocked', { hours: 24, until: textDateTime(AT) });
    expect(renderIn('en', blocked)).toMatch(
      /^Withdrawals are paused for 24 hours after a change of payout account, until Nov 27, 2026, 12:30\sAM \(Philippine time\)\.$/,
    );
    expect(renderIn('fil', blocked)).toMatch(/hanggang Nob 27, 2026, 12:30\sAM \(oras sa Pilipinas\)\.$/);
  });
});
