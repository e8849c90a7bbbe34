import { useMemo } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/Field';
import { useRegionNames } from '../../../ui/PhoneInput';
import {
  ACTIVATION_LIMITS,
  addressStepSchema,
  COUNTRY_CODES,
  type AddressStep as AddressOutput,
  type AddressStepInput,
} from '../../../../shared/schemas/activation';
import { useCities, useProvinces, type Place } from '../queries';
import { SearchableSelect } from '../SearchableSelect';
import { useStepSave } from '../useStepSave';
import { FormError, StepActions } from '../WizardParts';
import { FormTextField } from '../../../ui/FormTextField';
import { initialValues, useKeepDraft, type StepProps } from './types';

/** The browser's autofill names of the places typed by hand (outside the Philippines). */
const PLACE_AUTOCOMPLETE = { province: 'address-level1', town: 'address-level2' } as const;

const FIELDS = ['countryResidence', 'province', 'town', 'streetAddress', 'postalCode'] as const;
const resolver = zodResolver(addressStepSchema);

const asOptions = (places: readonly Place[] | undefined) => (places ?? []).map((p) => ({ value: p.code, label: p.name }));

/**
 * Step 2, address (specification sections 3 and 5): country of residence (every country, with its
 * short code); in the Philippines, province and city or municipality chosen from the PSGC lists
 * (the cities load for the chosen province), elsewhere typed; street address; optional postal code.
 */
export function AddressStep({ data, onSaved, onBack, drafts }: StepProps) {
  const { t, i18n } = useTranslation();
  const regionName = useRegionNames();
  const form = useForm<AddressStepInput, unknown, AddressOutput>({
    resolver,
    mode: 'onTouched',
    defaultValues: initialValues<AddressStepInput>(drafts, 'address', () => ({
      countryResidence: data.address?.countryResidence ?? 'PH',
      province: data.address?.province ?? '',
      town: data.address?.town ?? '',
      streetAddress: data.address?.streetAddress ?? '',
      postalCode: data.address?.postalCode ?? '',
    })),
  });
  useKeepDraft(drafts, 'address', form);
  const { errors } = form.formState;
  const save = useStepSave('address', form, FIELDS, onSaved);
  const [country, province] = useWatch({ control: form.control, name: ['countryResidence', 'province'] });
  const inPhilippines = country === 'PH';
  const provinces = useProvinces(inPhilippines);
  const cities = useCities(province ?? '', inPhilippines);

  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return COUNTRY_CODES.map((code) => ({ code, name: regionName(code) })).sort((a, b) => collator.compare(a.name, b.name));
  }, [regionName, i18n.language]);

  const provinceOptions = useMemo(() => asOptions(provinces.data), [provinces.data]);
  const cityOptions = useMemo(() => asOptions(cities.data), [cities.data]);
  const country$ = form.register('countryResidence');

  /** In the Philippines an empty choice reads "choose from the list". */
  const placeError = (field: 'province' | 'town') => {
    const message = errors[field]?.message;
    if (!message || !inPhilippines) return message;
    return message === `activation.validation.${field}` ? `activation.validation.${field === 'province' ? 'provinceChoose' : 'townChoose'}` : message;
  };

  const placesFailed = provinces.error ?? cities.error;
  return (
    <form onSubmit={save.onSubmit} noValidate className="flex flex-col gap-4">
      <SelectField
        label={t('activation.address.country')}
        autoComplete="country"
        error={errors.countryResidence?.message}
        {...country$}
        onChange={(event) => {
          const wasPhilippines = form.getValues('countryResidence') === 'PH';
          void country$.onChange(event);
          // Codes in the Philippines, text elsewhere: a change between the two starts the place afresh.
          if (wasPhilippines !== (event.target.value === 'PH')) {
            form.setValue('province', '');
            form.setValue('town', '');
          }
        }}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name} ({c.code})
          </option>
        ))}
      </SelectField>
      {inPhilippines ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="province"
            render={({ field }) => (
              <SearchableSelect
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={(value) => {
                  field.onChange(value);
                  form.setValue('town', '');
                }}
                onBlur={field.onBlur}
                options={provinceOptions}
                loading={provinces.isPending}
                label={t('activation.address.province')}
                placeholder={t('activation.address.provincePlaceholder')}
                autoComplete="address-level1"
                error={placeError('province')}
              />
            )}
          />
          <Controller
            control={form.control}
            name="town"
            render={({ field }) => (
              <SearchableSelect
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={cityOptions}
                loading={cities.isPending}
                disabled={!province}
                label={t('activation.address.city')}
                placeholder={province ? t('activation.address.cityPlaceholder') : t('activation.address.cityFirst')}
                autoComplete="address-level2"
                error={placeError('town')}
              />
            )}
          />
        </div>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {(['province', 'town'] as const).map((name) => (
            <FormTextField
              key={name}
              form={form}
              name={name}
              label={t(`activation.address.${name}Other`)}
              autoComplete={PLACE_AUTOCOMPLETE[name]}
              maxLength={ACTIVATION_LIMITS.placeMax}
            />
          ))}
        </div>
      )}
      {placesFailed && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          <span>
            {t('activation.address.placesError')} {placesFailed.message}
          </span>
          <Button variant="outline" className="bg-white" onClick={() => void (provinces.error ? provinces.refetch() : cities.refetch())}>
            {t('activation.wizard.retry')}
          </Button>
        </div>
      )}
      <FormTextField
        form={form}
        name="streetAddress"
        label={t('activation.address.street')}
        hint={t('activation.address.streetHint')}
        autoComplete="street-address"
        maxLength={ACTIVATION_LIMITS.streetMax}
      />
      <FormTextField
        form={form}
        name="postalCode"
        label={t('activation.address.postalCode')}
        hint={inPhilippines ? t('activation.address.postalCodeHintPh') : undefined}
        optional
        autoComplete="postal-code"
        inputMode={inPhilippines ? 'numeric' : undefined}
        maxLength={ACTIVATION_LIMITS.postalMax}
        className="sm:max-w-48"
      />
      <FormError message={save.formError} />
      <StepActions step="address" onBack={onBack} submitting={save.submitting} />
    </form>
  );
}
