import { describe, expect, it } from 'vitest';
import { EXTENSION_STATUSES, EXTENSION_STATUS_CATALOGUE, EXTENSION_TRANSITIONS, findExtensionTransition, isOpenExtension } from './extension';

describe('extension state machine', () => {
  it('lets the member request, withdraw and sign, and staff approve or decline with a reason', () => {
    expect(findExtensionTransition(null, 'REQUEST', 'MEMBER')?.to).toBe('REQUESTED');
    expect(findExtensionTransition('REQUESTED', 'APPROVE', 'STAFF')?.to).toBe('APPROVED');
    expect(findExtensionTransition('REQUESTED', 'DECLINE', 'STAFF')).toMatchObject({ to: 'DECLINED', reasonRequired: true });
    expect(findExtensionTransition('APPROVED', 'SIGN', 'MEMBER')?.to).toBe('EFFECTIVE');
    expect(findExtensionTransition('APPROVED', 'WITHDRAW', 'MEMBER')?.to).toBe('WITHDRAWN');
  });

  it('refuses what is not listed: signing before approval, staff signing, acting on a final status', () => {
    expect(findExtensionTransition('REQUESTED', 'SIGN')).toBeNull();
    expect(findExtensionTransition('APPROVED', 'SIGN', 'STAFF')).toBeNull();
    expect(findExtensionTransition('REQUESTED', 'APPROVE', 'MEMBER')).toBeNull();
    for (const status of EXTENSION_STATUSES.filter((s) => EXTENSION_STATUS_CATALOGUE[s].final)) {
      expect(EXTENSION_TRANSITIONS.filter((t) => t.from === status)).toEqual([]);
      expect(isOpenExtension(status)).toBe(false);
    }
  });
});
