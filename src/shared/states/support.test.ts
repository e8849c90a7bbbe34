import { describe, expect, it } from 'vitest';
import { SUPPORT_STATUSES, supportTransition } from './support';

describe('support inbox state machine', () => {
  it('a reply answers a new or taken message; a closed one must be reopened first', () => {
    expect(supportTransition('NEW', 'REPLY')?.to).toBe('ANSWERED');
    expect(supportTransition('IN_PROGRESS', 'REPLY')?.to).toBe('ANSWERED');
    expect(supportTransition('CLOSED', 'REPLY')).toBeNull();
    expect(supportTransition('CLOSED', 'ASSIGN')).toBeNull();
    expect(supportTransition('CLOSED', 'REOPEN')?.to).toBe('IN_PROGRESS');
  });
  it('taking a new message puts it in progress; closing is possible from every open status, not twice', () => {
    expect(supportTransition('NEW', 'ASSIGN')?.to).toBe('IN_PROGRESS');
    for (const s of SUPPORT_STATUSES) expect(supportTransition(s, 'CLOSE')?.to ?? null).toBe(s === 'CLOSED' ? null : 'CLOSED');
    expect(supportTransition('NEW', 'REOPEN')).toBeNull();
  });
});
