import { useEffect } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ActivationResponse } from '../../../../shared/schemas/activation';
import type { AccountState, ActivationStep } from '../../../../shared/states/account';

/** What a step has typed but not saved, kept while the person goes back and forth. */
export type Drafts = Map<ActivationStep, unknown>;

export interface StepProps {
  /** GET /api/activation: what is saved so far (the step pre-fills from it). */
  readonly data: ActivationResponse;
  /** The server saved the step and answered this state. */
  readonly onSaved: (state: AccountState) => void;
  /** To the previous step (absent on step 1). */
  readonly onBack?: (() => void) | undefined;
  readonly drafts: Drafts;
}

/** The draft of a step, or the values built from the saved data. */
export function initialValues<T>(drafts: Drafts, step: ActivationStep, fromSaved: () => T): T {
  return (drafts.get(step) as T | undefined) ?? fromSaved();
}

/** Keeps the form's values as the step's draft when the step is left (Back, or on to the next). */
export function useKeepDraft<T extends FieldValues>(drafts: Drafts, step: ActivationStep, form: UseFormReturn<T, unknown, unknown>): void {
  useEffect(() => () => void drafts.set(step, form.getValues()), [drafts, step, form]);
}
