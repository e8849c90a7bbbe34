/** Account activation states (specification section 4), in order. */
export const ACCOUNT_STATES = ['PERSONAL_INFO', 'ADDRESS_INFO', 'REFERENCES_INFO', 'IDENTITY_INFO', 'BANK_INFO', 'INFO_COMPLETED'] as const;

export type AccountState = (typeof ACCOUNT_STATES)[number];

export const INITIAL_ACCOUNT_STATE: AccountState = 'PERSONAL_INFO';

export function isActivated(state: AccountState): boolean {
  return state === 'INFO_COMPLETED';
}

export function isAccountState(value: string): value is AccountState {
  return (ACCOUNT_STATES as readonly string[]).includes(value);
}

/** The five wizard steps, in order; each is saved on its own (PUT /api/activation/<step>). */
export const ACTIVATION_STEPS = ['personal', 'address', 'references', 'identity', 'bank'] as const;
export type ActivationStep = (typeof ACTIVATION_STEPS)[number];

/** The state a member is in while a step is the next one to fill in. */
const STEP_STATE: Readonly<Record<ActivationStep, AccountState>> = {
  personal: 'PERSONAL_INFO',
  address: 'ADDRESS_INFO',
  references: 'REFERENCES_INFO',
  identity: 'IDENTITY_INFO',
  bank: 'BANK_INFO',
};

/** The step the wizard resumes at for a state; null once the account is activated. */
export function currentStep(state: AccountState): ActivationStep | null {
  return ACTIVATION_STEPS.find((step) => STEP_STATE[step] === state) ?? null;
}

/**
 * What may still be changed after activation (INFO_COMPLETED):
 * - address and references: yes, people move and references change;
 * - personal information and identity: no, they were verified against the ID documents, so a
 *   correction goes through support (and re-verification);
 * - the payout account: no, changing it (free, with re-verification, DECISIONS.md section 9) is a
 *   separate flow of its own, not an edit of this step.
 */
const EDITABLE_AFTER_ACTIVATION: ReadonlySet<ActivationStep> = new Set<ActivationStep>(['address', 'references']);

export type SaveRefusal = 'STEP_SKIPPED' | 'STEP_LOCKED';
export type SaveCheck = { readonly ok: true } | { readonly ok: false; readonly reason: SaveRefusal };

/**
 * May a member in `current` save `step`? Only the current step or an earlier one (editing an earlier
 * step keeps the later data); a later step is refused as skipped. After activation only the steps
 * in EDITABLE_AFTER_ACTIVATION may be saved.
 */
export function canSave(current: AccountState, step: ActivationStep): SaveCheck {
  if (current === 'INFO_COMPLETED') {
    return EDITABLE_AFTER_ACTIVATION.has(step) ? { ok: true } : { ok: false, reason: 'STEP_LOCKED' };
  }
  const at = ACCOUNT_STATES.indexOf(current);
  const target = ACCOUNT_STATES.indexOf(STEP_STATE[step]);
  return target <= at ? { ok: true } : { ok: false, reason: 'STEP_SKIPPED' };
}

/**
 * The state after a successful save of `step`: saving the current step advances to the next one
 * (the bank step makes the member INFO_COMPLETED); saving an earlier step leaves the state as is.
 * Throws when canSave refuses: a caller checks first.
 */
export function nextState(current: AccountState, step: ActivationStep): AccountState {
  const check = canSave(current, step);
  if (!check.ok) throw new Error(`${step} cannot be saved in ${current}: ${check.reason}`);
  if (STEP_STATE[step] !== current) return current;
  return ACCOUNT_STATES[ACCOUNT_STATES.indexOf(current) + 1] ?? current;
}

/**
 * ID and selfie images may be uploaded (and replaced) once the member has reached the identity step
 * and until activation; after it the identity is locked like its step.
 */
export function canUploadDocuments(current: AccountState): SaveCheck {
  if (current === 'INFO_COMPLETED') return { ok: false, reason: 'STEP_LOCKED' };
  return ACCOUNT_STATES.indexOf(current) >= ACCOUNT_STATES.indexOf('IDENTITY_INFO') ? { ok: true } : { ok: false, reason: 'STEP_SKIPPED' };
}
