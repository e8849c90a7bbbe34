import { describe, expect, it } from 'vitest';
import { HOUR, MINUTE } from '../clock';
import { codeTimesOf, OTP_RESEND_INTERVAL_MS } from './service';

/** codeTimesOf: what codeTimes and the withdrawal status poll's one statement (decision 043) make of what they read. */
describe('codeTimesOf', () => {
  const now = new Date('2026-11-25T02:00:00.000Z');
  const expiresAt = new Date(now.getTime() + 4 * MINUTE);

  it('is null without a live code, whatever was sent', () => {
    expect(codeTimesOf(now, { codeExpiresAt: null, lastSentAt: now, oldestCountedAt: null })).toBeNull();
  });

  it('may resend now when nothing was sent in the hour, else a resend interval after the last', () => {
    expect(codeTimesOf(now, { codeExpiresAt: expiresAt, lastSentAt: null, oldestCountedAt: null })).toEqual({ expiresAt, resendAvailableAt: now });
    const last = new Date(now.getTime() - 20_000);
    expect(codeTimesOf(now, { codeExpiresAt: expiresAt, lastSentAt: last, oldestCountedAt: null })?.resendAvailableAt).toEqual(
      new Date(last.getTime() + OTP_RESEND_INTERVAL_MS),
    );
  });

  it('with the hourly limit reached, an hour after the oldest code counted', () => {
    const oldest = new Date(now.getTime() - 30 * MINUTE);
    const last = new Date(now.getTime() - 10 * MINUTE);
    expect(codeTimesOf(now, { codeExpiresAt: expiresAt, lastSentAt: last, oldestCountedAt: oldest })?.resendAvailableAt).toEqual(
      new Date(oldest.getTime() + HOUR),
    );
  });
});
