import { useEffect, useRef, useState } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { toast } from '../../ui/toast';
import type { AccountState, ActivationStep } from '../../../shared/states/account';
import { afterSave, saveStep } from './queries';
import { placeFieldErrors, showMessage } from './serverErrors';

/** One toast for the wizard's messages: 'Verifying...' turns into its result. */
export const WIZARD_TOAST = 'activation-step';
/** Specification section 9: the wizard's toasts last 500 to 700 ms. */
const WIZARD_TOAST_MS = 700;

export interface StepSave {
  /** The form's onSubmit. */
  readonly onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** A refusal that belongs to no field (a conflict, the network): shown above the buttons. */
  readonly formError: string | null;
  readonly submitting: boolean;
}

export interface StepSaveOptions<TOut> {
  /** The body to send, from the form's parsed values (defaults to the values themselves). */
  readonly body?: (values: TOut) => unknown;
  /** A check before the request (the identity step's uploads); a message key refuses the save. */
  readonly precheck?: () => string | null;
  /** Shows no loading toast (step 5 shows the spinner 'Please wait while we save your information'). */
  readonly quiet?: boolean;
  /** Server field names that are not form fields (the images): receive their messages here. */
  readonly onOtherFields?: (fields: Record<string, string>) => void;
}

/**
 * Saving one wizard step (specification sections 4 and 8): the loading toast 'Verifying your
 * information' while the server checks it; 'Information validated successfully!' (700 ms) once it
 * has saved it; 'Please complete your information!' when the form is invalid or the server
 * refuses a field, with the server's message on that field. Anything else the server says is
 * shown as it said it, in the toast and above the buttons (DECISIONS.md invariant 7).
 */
export function useStepSave<TIn extends FieldValues, TOut>(
  step: ActivationStep,
  form: UseFormReturn<TIn, unknown, TOut>,
  fields: readonly Path<TIn>[],
  onSaved: (state: AccountState) => void,
  options: StepSaveOptions<TOut> = {},
): StepSave {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const incomplete = () => toast.error(t('activation.wizard.incomplete'), { id: WIZARD_TOAST });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFormError(null);
      const refused = options.precheck?.();
      if (refused) {
        incomplete();
        return;
      }
      if (!options.quiet) toast.loading(t('activation.wizard.verifying'), { id: WIZARD_TOAST });
      try {
        const state = await saveStep(step, options.body ? options.body(values) : values);
        toast.success(t('activation.wizard.validated'), { id: WIZARD_TOAST, duration: WIZARD_TOAST_MS });
        await afterSave(queryClient, state);
        if (mounted.current) onSaved(state);
      } catch (error) {
        const placed = placeFieldErrors(error, fields, form.setError);
        const others =
          error instanceof ApiError ? Object.fromEntries(Object.entries(error.fields).filter(([name]) => !(fields as readonly string[]).includes(name))) : {};
        if (Object.keys(others).length > 0) options.onOtherFields?.(others);
        if (placed.length > 0 || Object.keys(others).length > 0) {
          incomplete();
          if (placed[0]) form.setFocus(placed[0]);
          return;
        }
        const message = error instanceof Error ? error.message : String(error);
        toast.error(showMessage(t, message), { id: WIZARD_TOAST });
        setFormError(message);
      }
    },
    () => {
      setFormError(null);
      options.precheck?.();
      incomplete();
    },
  );

  return { onSubmit, formError, submitting: form.formState.isSubmitting };
}
