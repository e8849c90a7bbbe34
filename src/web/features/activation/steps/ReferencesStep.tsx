import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/Field';
import { PhoneInput } from '../../../ui/PhoneInput';
import { RELATIONSHIP_SUGGESTIONS } from '../../../../shared/activation/relationships';
import {
  ACTIVATION_LIMITS,
  referencePhoneProblems,
  referencesStepSchema,
  type ReferencesStep as ReferencesOutput,
  type ReferencesStepInput,
} from '../../../../shared/schemas/activation';
import { useCurrentUser } from '../../../lib/useCurrentUser';
import { useStepSave } from '../useStepSave';
import { FormError, StepActions } from '../WizardParts';
import { initialValues, useKeepDraft, type StepProps } from './types';
import { useDomId } from '../../../ui/dom-id';

const FIELDS = ['refFullName1', 'refRelationship1', 'refPhoneNumber1', 'refFullName2', 'refRelationship2', 'refPhoneNumber2'] as const;

/**
 * Step 3, two character references (DECISIONS.md section 3: both collected), each with full name,
 * relationship and phone. Neither may have the member's own phone and the two must differ: the
 * form checks both with the shared rules, the server again. The step says plainly that references
 * are never contacted about repayment (invariant 9).
 */
export function ReferencesStep({ data, onSaved, onBack, drafts }: StepProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const listId = useDomId();
  const resolver = useMemo(
    () =>
      zodResolver(
        referencesStepSchema.superRefine((value, ctx) => {
          for (const [path, message] of Object.entries(referencePhoneProblems(value, user.phone))) ctx.addIssue({ code: 'custom', path: [path], message });
        }),
      ),
    [user.phone],
  );
  const form = useForm<ReferencesStepInput, unknown, ReferencesOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues<ReferencesStepInput>(drafts, 'references', () => ({
      refFullName1: data.references?.refFullName1 ?? '',
      refRelationship1: data.references?.refRelationship1 ?? '',
      refPhoneNumber1: data.references?.refPhoneNumber1 ?? '',
      refFullName2: data.references?.refFullName2 ?? '',
      refRelationship2: data.references?.refRelationship2 ?? '',
      refPhoneNumber2: data.references?.refPhoneNumber2 ?? '',
    })),
  });
  useKeepDraft(drafts, 'references', form);
  const { errors } = form.formState;
  const save = useStepSave('references', form, FIELDS, onSaved);

  const reference = (n: 1 | 2) => {
    const name = `refFullName${n}` as const;
    const relationship = `refRelationship${n}` as const;
    const phone = `refPhoneNumber${n}` as const;
    return (
      <fieldset className="flex flex-col gap-4 rounded-lg border border-slate-300 p-3 sm:p-4">
        <legend className="px-1 text-sm font-bold text-brand">{t('activation.references.reference', { n })}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('activation.references.fullName')}
            autoComplete="off"
            maxLength={ACTIVATION_LIMITS.nameMax}
            error={errors[name]?.message}
            {...form.register(name)}
          />
          <TextField
            label={t('activation.references.relationship')}
            hint={t('activation.references.relationshipHint')}
            autoComplete="off"
            list={listId}
            maxLength={ACTIVATION_LIMITS.nameMax}
            error={errors[relationship]?.message}
            {...form.register(relationship)}
          />
        </div>
        <Controller
          control={form.control}
          name={phone}
          render={({ field }) => (
            <PhoneInput
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              label={t('activation.references.phone')}
              error={errors[phone]?.message}
            />
          )}
        />
      </fieldset>
    );
  };

  return (
    <form onSubmit={save.onSubmit} noValidate className="flex flex-col gap-4">
      <p className="rounded-md border-l-4 border-info bg-blue-50 p-3 text-sm text-blue-950">{t('activation.wizard.referencesNotice')}</p>
      <datalist id={listId}>
        {RELATIONSHIP_SUGGESTIONS.map((r) => (
          <option key={r} value={r} />
        ))}
      </datalist>
      {reference(1)}
      {reference(2)}
      <FormError message={save.formError} />
      <StepActions step="references" onBack={onBack} submitting={save.submitting} />
    </form>
  );
}
