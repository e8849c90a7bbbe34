import { describe, expect, it } from 'vitest';
import { messagesJson, smsAndEmailRows } from './notify';

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
