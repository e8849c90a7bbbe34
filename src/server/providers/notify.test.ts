import { describe, expect, it } from 'vitest';
import { messagesJson, smsAndEmailRows, staffNotice } from './notify';

/** Decision 051: an e-mail row carries the member it is for, so the one queueing statement can keep it to their verified address. */
describe('outbox rows', () => {
  it('an e-mail row names its member; the SMS beside it names none', () => {
    const rows = smsAndEmailRows(
      { to: '+639171234567', body: 'Hello' },
      { to: 'juan@example.com', member: '00000000-0000-4000-8000-000000000001', subject: 'Hi', body: 'Hello' },
      { requestId: null },
    );
    const json = JSON.parse(messagesJson(rows)) as { channel: string; member: string | null; recipient: string }[];
    expect(json.map((r) => [r.channel, r.member, r.recipient])).toEqual([
      ['SMS', null, '+639171234567'],
      ['EMAIL', '00000000-0000-4000-8000-000000000001', 'juan@example.com'],
    ]);
  });

  it('an e-mail to someone without an account (member null) keeps null', () => {
    const rows = smsAndEmailRows({ to: '+639171234567', body: 'x' }, { to: 'a@example.com', member: null, subject: 's', body: 'b' }, { requestId: 'r' });
    expect((JSON.parse(messagesJson(rows)) as { member: string | null }[])[1]!.member).toBeNull();
  });
});

/** Decision 062: a notice about what staff did waits for 06:00 Manila, and its row says so from the start. */
describe('staffNotice', () => {
  it('holds a notice queued at 23:00 Manila until 06:00 the next morning, keeping the request id', () => {
    expect(staffNotice({ requestId: 'req-1' }, new Date('2027-01-20T15:00:00Z'))).toEqual({ requestId: 'req-1', sendAfter: new Date('2027-01-20T22:00:00Z') });
  });
  it('holds one queued at 05:59 Manila until 06:00, and sends one queued in the day at once', () => {
    expect(staffNotice({ requestId: null }, new Date('2027-01-20T21:59:00Z')).sendAfter).toEqual(new Date('2027-01-20T22:00:00Z'));
    expect(staffNotice({ requestId: null }, new Date('2027-01-20T04:00:00Z')).sendAfter).toBeNull();
  });
});
