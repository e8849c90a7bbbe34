import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_COUNTRY_CODES, LIMITS } from '../../../../shared/schemas/fields';
import { JOB_CATEGORIES } from '../../../../shared/schemas/job-categories';
import { Button } from '../../../ui/Button';
import { SelectField, TextField } from '../../../ui/Field';
import { useRegionNames } from '../../../ui/PhoneInput';
import type { EmploymentForm, EmploymentOutput } from './types';

/**
 * Registration step 2, employment (DECISIONS.md section 2: reachable, nothing silently defaulted):
 * country, location, job title, job category, monthly net income and an optional referral code.
 */
export function EmploymentStep({
  form,
  busy,
  onBack,
  onSubmit,
}: {
  readonly form: EmploymentForm;
  readonly busy: boolean;
  readonly onBack: () => void;
  readonly onSubmit: (data: EmploymentOutput) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const { errors, isValid } = form.formState;
  const regionName = useRegionNames();
  const countries = useMemo(() => {
    const collator = new Intl.Collator(i18n.language);
    return ALL_COUNTRY_CODES.map((code) => ({ code, name: regionName(code) })).sort((a, b) => collator.compare(a.name, b.name));
  }, [regionName, i18n.language]);
  const income = form.register('monthlyNetIncome');

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('auth.register.employmentIntro')}</p>
      <SelectField
        label={t('auth.register.employmentCountry')}
        autoComplete="country"
        error={errors.employmentCountry?.message}
        {...form.register('employmentCountry')}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('auth.register.employmentLocation')}
        hint={t('auth.register.employmentLocationHint')}
        autoComplete="address-level2"
        maxLength={LIMITS.placeMax}
        error={errors.employmentLocation?.message}
        {...form.register('employmentLocation')}
      />
      <TextField
        label={t('auth.register.jobTitle')}
        autoComplete="organization-title"
        maxLength={LIMITS.placeMax}
        error={errors.jobTitle?.message}
        {...form.register('jobTitle')}
      />
      <SelectField label={t('auth.register.jobCategory')} error={errors.jobCategory?.message} {...form.register('jobCategory')}>
        <option value="">{t('auth.register.jobCategoryPlaceholder')}</option>
        {JOB_CATEGORIES.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('auth.register.monthlyNetIncome')}
        hint={t('auth.register.monthlyNetIncomeHint')}
        inputMode="numeric"
        autoComplete="off"
        maxLength={LIMITS.incomeDigitsMax}
        error={errors.monthlyNetIncome?.message}
        {...income}
        onChange={(event) => {
          event.target.value = event.target.value.replace(/\D/g, '').slice(0, LIMITS.incomeDigitsMax);
          void income.onChange(event);
        }}
      />
      <TextField
        label={t('auth.register.referralCode')}
        hint={t('auth.register.referralCodeHint')}
        optional
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        error={errors.referralCode?.message}
        {...form.register('referralCode')}
      />
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row">
        <Button variant="outline" onClick={onBack} disabled={busy} className="sm:flex-1">
          {t('auth.register.back')}
        </Button>
        <Button type="submit" variant="accent" busy={busy} disabled={!isValid} className="sm:flex-1">
          {t('auth.register.submit')}
        </Button>
      </div>
    </form>
  );
}
