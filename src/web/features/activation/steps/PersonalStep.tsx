import { useEffect, useMemo } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { showMessage } from '../../../lib/server-errors';
import { usePublicConfig } from '../../../lib/queries';
import { Checkbox, SelectField } from '../../../ui/Field';
import { checkBirthDate, philippineDate } from '../../../../shared/activation/age';
import { creditBureauConsentFor, creditBureauConsentText } from '../../../../shared/activation/consent';
import { MARITAL_STATUSES } from '../../../../shared/activation/marital';
import { DEFAULT_NATIONALITY, NATIONALITIES } from '../../../../shared/activation/nationalities';
import { ACTIVATION_LIMITS, GENDERS, personalStepAt, type PersonalStep as PersonalOutput, type PersonalStepInput } from '../../../../shared/schemas/activation';
import { DateOfBirthInput } from '../DateOfBirthInput';
import { SearchableSelect } from '../SearchableSelect';
import { useStepSave } from '../useStepSave';
import { FormError, StepActions } from '../WizardParts';
import { FormTextField } from '../../../ui/FormTextField';
import { initialValues, useKeepDraft, type StepProps } from './types';
import { serverNow } from '../../../lib/server-time';
import { useDomId } from '../../../ui/dom-id';

const FIELDS = ['gender', 'firstName', 'middleName', 'lastName', 'birthDate', 'maritalStatus', 'nationality', 'isAgree'] as const;
const NATIONALITY_OPTIONS = NATIONALITIES.map((n) => ({ value: n, label: n }));

/**
 * The shared schema with the age checked against today. Its age rule runs only once every other
 * field is valid, so the form also applies the same rule (checkBirthDate) to the date on its own:
 * the person learns about the age as soon as they have typed the date.
 */
function ageFirstResolver(today: string): Resolver<PersonalStepInput, unknown, PersonalOutput> {
  const base = zodResolver(personalStepAt(today));
  return async (values, context, options) => {
    const result = await base(values, context, options);
    if (result.errors.birthDate || typeof values.birthDate !== 'string') return result;
    const problem = checkBirthDate(values.birthDate, today);
    if (problem !== 'TOO_YOUNG' && problem !== 'TOO_OLD') return result;
    return { values: {}, errors: { ...result.errors, birthDate: { type: 'custom', message: 'activation.validation.birthDate' } } };
  };
}

/**
 * Step 1, personal information (specification sections 3 and 5): gender, first, middle (optional)
 * and last name, date of birth (18 to 80 years), marital status, nationality (default Filipino)
 * and the credit-bureau consent, sent with the version of the text shown (DECISIONS.md invariant 9).
 */
export function PersonalStep({ data, onSaved, onBack, drafts }: StepProps) {
  const { t, i18n } = useTranslation();
  const consentVersion = creditBureauConsentFor(i18n.language).version;
  const company = usePublicConfig().data?.company.companyName;
  const genderId = useDomId();
  const today = philippineDate(new Date(serverNow()));
  const resolver = useMemo(() => ageFirstResolver(today), [today]);
  const form = useForm<PersonalStepInput, unknown, PersonalOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      ...initialValues<Partial<PersonalStepInput>>(drafts, 'personal', () => ({
        gender: data.personal?.gender,
        firstName: data.personal?.firstName ?? '',
        middleName: data.personal?.middleName ?? '',
        lastName: data.personal?.lastName ?? '',
        birthDate: data.personal?.birthDate ?? '',
        maritalStatus: (MARITAL_STATUSES as readonly string[]).includes(data.personal?.maritalStatus ?? '')
          ? (data.personal?.maritalStatus as PersonalStepInput['maritalStatus'])
          : undefined,
        nationality: (data.personal?.nationality as PersonalStepInput['nationality'] | undefined) ?? DEFAULT_NATIONALITY,
      })),
      // Consent is given by ticking the box, each time the step is saved: never pre-ticked.
      isAgree: undefined,
      consentVersion,
    },
  });
  // The version sent is the version of the text shown, in the language it is shown in.
  useEffect(() => form.setValue('consentVersion', consentVersion), [form, consentVersion]);
  useKeepDraft(drafts, 'personal', form);
  const { errors } = form.formState;
  const save = useStepSave('personal', form, FIELDS, onSaved);
  const currentYear = Number(today.slice(0, 4));

  return (
    <form onSubmit={save.onSubmit} noValidate className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-1" aria-describedby={errors.gender ? `${genderId}-error` : undefined}>
        <legend className="mb-1 text-sm font-semibold text-ink">{t('activation.personal.gender')}</legend>
        <div className="flex flex-wrap gap-3">
          {GENDERS.map((gender) => (
            <label
              key={gender}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-4 has-[:checked]:border-brand has-[:checked]:bg-brand-light"
            >
              <input
                type="radio"
                value={gender}
                className="h-5 w-5 accent-brand"
                aria-invalid={errors.gender ? true : undefined}
                {...form.register('gender')}
              />
              <span className="text-ink">{t(`activation.options.${gender.toLowerCase()}`)}</span>
            </label>
          ))}
        </div>
        {errors.gender?.message && (
          <p id={`${genderId}-error`} className="text-xs font-medium text-danger" role="alert">
            {showMessage(t, errors.gender.message)}
          </p>
        )}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormTextField
          form={form}
          name="firstName"
          label={t('activation.personal.firstName')}
          autoComplete="given-name"
          maxLength={ACTIVATION_LIMITS.nameMax}
        />
        <FormTextField
          form={form}
          name="middleName"
          label={t('activation.personal.middleName')}
          optional
          autoComplete="additional-name"
          maxLength={ACTIVATION_LIMITS.nameMax}
        />
      </div>
      <FormTextField
        form={form}
        name="lastName"
        label={t('activation.personal.lastName')}
        hint={t('activation.personal.nameHint')}
        autoComplete="family-name"
        maxLength={ACTIVATION_LIMITS.nameMax}
      />
      <Controller
        control={form.control}
        name="birthDate"
        render={({ field }) => (
          <DateOfBirthInput
            ref={field.ref}
            name={field.name}
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            legend={t('activation.personal.birthDate')}
            hint={t('activation.personal.birthDateHint')}
            error={errors.birthDate?.message}
            currentYear={currentYear}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t('activation.personal.maritalStatus')} error={errors.maritalStatus?.message} {...form.register('maritalStatus')}>
          <option value="">{t('activation.personal.maritalPlaceholder')}</option>
          {MARITAL_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`activation.options.marital.${status.replace('/', '')}`)}
            </option>
          ))}
        </SelectField>
        <Controller
          control={form.control}
          name="nationality"
          render={({ field }) => (
            <SearchableSelect
              ref={field.ref}
              name={field.name}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              options={NATIONALITY_OPTIONS}
              label={t('activation.personal.nationality')}
              hint={t('activation.select.hint')}
              error={errors.nationality?.message}
            />
          )}
        />
      </div>
      <section aria-labelledby={`${genderId}-consent`} className="flex flex-col gap-3 rounded-lg border border-slate-300 bg-slate-50 p-3 sm:p-4">
        <p id={`${genderId}-consent`} className="text-sm font-bold text-brand">
          {t('activation.personal.consentTitle')}
        </p>
        <p className="text-sm text-ink">{company ? creditBureauConsentText(company, i18n.language) : t('common.loading')}</p>
        <Checkbox label={t('activation.personal.consentAgree')} error={errors.isAgree?.message} disabled={!company} {...form.register('isAgree')} />
      </section>
      <FormError message={save.formError} />
      <StepActions step="personal" onBack={onBack} submitting={save.submitting} />
    </form>
  );
}
