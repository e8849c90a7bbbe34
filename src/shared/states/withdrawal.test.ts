import { describe, expect, it } from 'vitest';
import { codeTextValues } from '../codes/rules';
import { STATUS_COLOURS, STATUS_ICONS } from './loan';
import {
  HELD_WITHDRAWAL_STATUSES,
  withdrawalFunds,
  WITHDRAWAL_STATUSES,
  WITHDRAWAL_STATUS_CATALOGUE,
  WITHDRAWAL_TRANSITIONS,
  canWithdrawalTransition,
  findWithdrawalTransition,
  isFinalWithdrawalStatus,
  isWithdrawalStatus,
  withdrawalActionsFrom,
} from './withdrawal';
import { translateEn } from '../i18n/lookup';

describe('the withdrawal status catalogue', () => {
  it('has an entry for every status with a colour, one of the ten icons and an i18n message', () => {
    for (const status of WITHDRAWAL_STATUSES) {
      const entry = WITHDRAWAL_STATUS_CATALOGUE[status];
      expect(entry.status).toBe(status);
      expect(STATUS_COLOURS).toContain(entry.colour);
      expect(STATUS_ICONS).toContain(entry.icon);
      expect(entry.messageKey).toBe(`withdrawals.status.${status}.message`);
      expect(translateEn(entry.messageKey, codeTextValues())).toBe(entry.message);
      expect(entry.message.length).toBeGreaterThan(10);
    }
  });

  it('uses the agreed colours and icons', () => {
    const pairs = Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, [WITHDRAWAL_STATUS_CATALOGUE[s].icon, WITHDRAWAL_STATUS_CATALOGUE[s].colour]]));
    expect(pairs).toEqual({
      AWAITING_CODE: ['lock-reset', 'info'],
      PROCESSING: ['currency-exchange', 'info'],
      PAID: ['check-circle', 'success'],
      PARTLY_PAID: ['error', 'warning'],
      FAILED: ['error', 'danger'],
      EXPIRED: ['query-builder', 'warning'],
      CANCELLED: ['highlight-off', 'warning'],
    });
  });

  it('marks the final states', () => {
    expect(WITHDRAWAL_STATUSES.filter(isFinalWithdrawalStatus)).toEqual(['PAID', 'PARTLY_PAID', 'FAILED', 'EXPIRED', 'CANCELLED']);
    expect(HELD_WITHDRAWAL_STATUSES).toEqual(['AWAITING_CODE', 'PROCESSING']);
  });
});

describe('the withdrawal transitions', () => {
  it('allows exactly the agreed paths', () => {
    expect(findWithdrawalTransition(null, 'REQUEST', 'MEMBER')?.to).toBe('AWAITING_CODE');
    expect(findWithdrawalTransition('AWAITING_CODE', 'CONFIRM', 'MEMBER')?.to).toBe('PROCESSING');
    expect(findWithdrawalTransition('AWAITING_CODE', 'CANCEL', 'MEMBER')?.to).toBe('CANCELLED');
    expect(findWithdrawalTransition('AWAITING_CODE', 'EXPIRE', 'SYSTEM')?.to).toBe('EXPIRED');
    expect(findWithdrawalTransition('PROCESSING', 'SETTLE', 'SYSTEM')?.to).toBe('PAID');
    expect(findWithdrawalTransition('PROCESSING', 'SETTLE', 'STAFF')?.to).toBe('PAID');
    expect(findWithdrawalTransition('PROCESSING', 'FAIL', 'STAFF')?.to).toBe('FAILED');
    expect(withdrawalActionsFrom('AWAITING_CODE').sort()).toEqual(['CANCEL', 'CONFIRM', 'EXPIRE']);
    // A withdrawal sent as several transfers ends PARTLY_PAID when some were paid and the rest returned (decision 033).
    expect(findWithdrawalTransition('PROCESSING', 'SETTLE_PARTLY', 'SYSTEM')?.to).toBe('PARTLY_PAID');
    expect(findWithdrawalTransition('PROCESSING', 'SETTLE_PARTLY', 'STAFF')?.to).toBe('PARTLY_PAID');
    expect(findWithdrawalTransition('PROCESSING', 'SETTLE_PARTLY', 'MEMBER')).toBeNull();
    expect(withdrawalActionsFrom('PROCESSING').sort()).toEqual(['FAIL', 'SETTLE', 'SETTLE_PARTLY']);
  });

  it('refuses everything else', () => {
    expect(canWithdrawalTransition('PROCESSING', 'CANCEL')).toBe(false);
    expect(canWithdrawalTransition('AWAITING_CODE', 'SETTLE')).toBe(false);
    expect(canWithdrawalTransition('AWAITING_CODE', 'CONFIRM', 'STAFF')).toBe(false);
    expect(canWithdrawalTransition('PROCESSING', 'SETTLE', 'MEMBER')).toBe(false);
    for (const status of ['PAID', 'PARTLY_PAID', 'FAILED', 'EXPIRED', 'CANCELLED'] as const) expect(withdrawalActionsFrom(status)).toEqual([]);
  });

  it('posts only on settlement and voids on every way back', () => {
    for (const t of WITHDRAWAL_TRANSITIONS) {
      if (t.to === 'PAID') expect(t.ledger).toBe('POST');
      if (['FAILED', 'EXPIRED', 'CANCELLED'].includes(t.to)) expect(t.ledger).toBe('VOID');
    }
    expect(findWithdrawalTransition('PROCESSING', 'FAIL')?.reasonRequired).toBe(true);
  });

  it('recognises its states', () => {
    expect(isWithdrawalStatus('PAID')).toBe(true);
    expect(isWithdrawalStatus('DISBURSED')).toBe(false);
  });
});

describe('withdrawalFunds', () => {
  it('says where the money is from the ledger move into each status', () => {
    expect(Object.fromEntries(WITHDRAWAL_STATUSES.map((s) => [s, withdrawalFunds(s)]))).toEqual({
      AWAITING_CODE: 'HELD',
      PROCESSING: 'HELD',
      PAID: 'SENT',
      PARTLY_PAID: 'PARTLY_SENT',
      FAILED: 'RETURNED',
      EXPIRED: 'RETURNED',
      CANCELLED: 'RETURNED',
    });
  });
});
