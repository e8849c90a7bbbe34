import { describe, expect, it } from 'vitest';
import { DELETION_ACTIONS, DELETION_STATUSES, deletionTransition, isDeletionStatus } from './deletion';

describe('data-deletion request state machine', () => {
  it('an open request is completed or rejected', () => {
    expect(deletionTransition('OPEN', 'COMPLETE')?.to).toBe('COMPLETED');
    expect(deletionTransition('OPEN', 'REJECT')?.to).toBe('REJECTED');
  });
  it('a decided request is final: no second completion, no change of mind', () => {
    for (const from of DELETION_STATUSES.filter((s) => s !== 'OPEN')) {
      for (const action of DELETION_ACTIONS) expect(deletionTransition(from, action)).toBeNull();
    }
  });
  it('knows its statuses only', () => {
    expect(isDeletionStatus('COMPLETED')).toBe(true);
    expect(isDeletionStatus('DELETED')).toBe(false);
  });
});
