import { describe, expect, it } from 'vitest';
import { ACCOUNT_STATES, ACTIVATION_STEPS, canSave, canUploadDocuments, currentStep, isAccountState, nextState, type AccountState } from './account';

describe('the account state machine', () => {
  it('walks the five steps in order to INFO_COMPLETED', () => {
    let state: AccountState = 'PERSONAL_INFO';
    const seen: AccountState[] = [state];
    for (const step of ACTIVATION_STEPS) {
      expect(currentStep(state)).toBe(step);
      state = nextState(state, step);
      seen.push(state);
    }
    expect(seen).toEqual([...ACCOUNT_STATES]);
    expect(currentStep('INFO_COMPLETED')).toBeNull();
  });

  it('refuses a skipped step', () => {
    expect(canSave('PERSONAL_INFO', 'address')).toEqual({ ok: false, reason: 'STEP_SKIPPED' });
    expect(canSave('REFERENCES_INFO', 'identity')).toEqual({ ok: false, reason: 'STEP_SKIPPED' });
    expect(canSave('IDENTITY_INFO', 'bank')).toEqual({ ok: false, reason: 'STEP_SKIPPED' });
    expect(() => nextState('PERSONAL_INFO', 'bank')).toThrow();
  });

  it('accepts an earlier step without moving the state', () => {
    for (const step of ['personal', 'address', 'references'] as const) {
      expect(canSave('IDENTITY_INFO', step)).toEqual({ ok: true });
      expect(nextState('IDENTITY_INFO', step)).toBe('IDENTITY_INFO');
    }
  });

  it('keeps address and references editable after activation and locks the rest', () => {
    expect(canSave('INFO_COMPLETED', 'address')).toEqual({ ok: true });
    expect(canSave('INFO_COMPLETED', 'references')).toEqual({ ok: true });
    expect(nextState('INFO_COMPLETED', 'address')).toBe('INFO_COMPLETED');
    for (const step of ['personal', 'identity', 'bank'] as const) expect(canSave('INFO_COMPLETED', step)).toEqual({ ok: false, reason: 'STEP_LOCKED' });
  });

  it('allows document uploads from the identity step until activation', () => {
    expect(canUploadDocuments('REFERENCES_INFO').ok).toBe(false);
    expect(canUploadDocuments('IDENTITY_INFO').ok).toBe(true);
    expect(canUploadDocuments('BANK_INFO').ok).toBe(true);
    expect(canUploadDocuments('INFO_COMPLETED')).toEqual({ ok: false, reason: 'STEP_LOCKED' });
  });

  it('recognises its states', () => {
    expect(isAccountState('BANK_INFO')).toBe(true);
    expect(isAccountState('FROZEN')).toBe(false);
  });
});
