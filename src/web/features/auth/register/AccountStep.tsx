import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/schemas/fields';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { NewPasswordFields } from '../parts/NewPasswordFields';
import { PhoneNumberField } from '../parts/PhoneNumberField';
import type { AccountForm, AccountOutput } from './types';

/** Registration step 1, account details: phone, e-mail, full name, password and its confirmation. */
export function AccountStep({ form, onContinue }: { readonly form: AccountForm; readonly onContinue: (data: AccountOutput) => void }) {
  const { t } = useTranslation();
  const { errors, isValid } = form.formState;
  const [email, fullName, phone] = useWatch({ control: form.control, name: ['email', 'fullName', 'phone'] });

  return (
    <form onSubmit={form.handleSubmit(onContinue)} noValidate className="flex flex-col gap-4">
      <PhoneNumberField control={form.control} hint={t('auth.phone.hint')} error={errors.phone?.message} />
      <TextField
        label={t('auth.register.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.register.emailPlaceholder')}
        maxLength={LIMITS.emailMax}
        error={errors.email?.message}
        {...form.register('email')}
      />
      <TextField
        label={t('auth.register.fullName')}
        hint={t('auth.register.fullNameHint')}
        autoComplete="name"
        maxLength={LIMITS.fullNameMax}
        error={errors.fullName?.message}
        {...form.register('fullName')}
      />
      <NewPasswordFields
        form={form}
        labels={{ password: 'auth.register.password', confirmPassword: 'auth.register.confirmPassword' }}
        userInputs={[email ?? '', fullName ?? '', phone ?? '']}
      />
      <Button type="submit" variant="accent" block disabled={!isValid} className="mt-2">
        {t('auth.register.continue')}
      </Button>
    </form>
  );
}
