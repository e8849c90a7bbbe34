import { describe, expect, it } from 'vitest';
import { philippineDate } from '../../../shared/activation/age';
import { sendAfterFor } from '../../../shared/notify/quiet-hours';
import { reminderFor } from './daily';

/**
 * Reminder windows across midnight in Manila (DECISIONS.md invariant 10): the
 * daily job's day is the Philippine calendar day (UTC+8), so a pass at 23:59 and one at 00:00 in
 * Manila are different days with different reminders, and a reminder computed at night waits for
 * 06:00 Manila time.
 */
const due = '2026-12-22';
const at = (manila: string) => new Date(`${manila}+08:00`);
const reminderAt = (manila: string) => reminderFor(due, philippineDate(at(manila)));

describe('which reminder the job gives on each side of midnight in Manila', () => {
  it('switches at midnight Manila time, not at midnight UTC', () => {
    expect(reminderAt('2026-12-18T23:59:59')).toBeNull();
    expect(reminderAt('2026-12-19T00:00:00')).toBe('DUE_IN_3_DAYS');
    // 07:59 in Manila on the 19th is still the 18th in UTC: the Manila day counts.
    expect(reminderAt('2026-12-19T07:59:00')).toBe('DUE_IN_3_DAYS');
    expect(reminderAt('2026-12-21T23:59:59')).toBeNull();
    expect(reminderAt('2026-12-22T00:00:00')).toBe('DUE_TODAY');
    expect(reminderAt('2026-12-22T23:59:59')).toBe('DUE_TODAY');
    expect(reminderAt('2026-12-23T00:00:00')).toBe('OVERDUE_1_DAY');
    expect(reminderAt('2026-12-29T23:59:59')).toBeNull();
    expect(reminderAt('2026-12-30T00:00:00')).toBe('OVERDUE_WEEKLY');
    expect(reminderAt('2027-01-06T00:00:00')).toBe('OVERDUE_WEEKLY');
  });

  it('holds a reminder computed between 22:00 and 06:00 Manila time until 06:00, on either side of midnight', () => {
    expect(sendAfterFor(at('2026-12-19T00:00:00'), false)?.toISOString()).toBe(at('2026-12-19T06:00:00').toISOString());
    expect(sendAfterFor(at('2026-12-18T22:00:00'), false)?.toISOString()).toBe(at('2026-12-19T06:00:00').toISOString());
    expect(sendAfterFor(at('2026-12-19T05:59:59'), false)?.toISOString()).toBe(at('2026-12-19T06:00:00').toISOString());
    expect(sendAfterFor(at('2026-12-19T06:00:00'), false)).toBeNull();
    expect(sendAfterFor(at('2026-12-31T23:30:00'), false)?.toISOString()).toBe(at('2027-01-01T06:00:00').toISOString());
  });
});
