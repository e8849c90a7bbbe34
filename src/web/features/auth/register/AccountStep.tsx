import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/schemas/fields';
import { Button } from '../../../ui/Button';
import { PasswordField, TextField } from '../../../ui/Field';
import { PhoneInput } from '../../../ui/PhoneInput';
import { PasswordStrength } from '../PasswordStrength';
import type { AccountForm, AccountOutput } from './types';

/** Registration step 1, account details: phone, e-mail, full name, password and its confirmation. */
export function AccountStep({ form, onContinue }: { readonly form: AccountForm; readonly onContinue: (data: AccountOutput) => void }) {
  const { t } = useTranslation();
  const { errors, isValid } = form.formState;
  const passwordField = form.register('password');
  const [password, email, fullName, phone] = useWatch({ control: form.control, name: ['password', 'email', 'fullName', 'phone'] });

  return (
    <form onSubmit={form.handleSubmit(onContinue)} noValidate className="flex flex-col gap-4">
      <Controller
        control={form.control}
        name="phone"
        render={({ field }) => (
          <PhoneInput
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            label={t('auth.phone.label')}
            hint={t('auth.phone.hint')}
            error={errors.phone?.message}
          />
        )}
      />
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
      <div className="flex flex-col gap-2">
        <PasswordField
          label={t('auth.register.password')}
          hint={t('auth.register.passwordHint')}
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax * 2}
          error={errors.password?.message}
          {...passwordField}
          onChange={(event) => {
            // Once the confirmation has been visited, it is checked again as the password changes.
            void passwordField.onChange(event).then(() => {
              if (form.getFieldState('confirmPassword').isTouched) void form.trigger('confirmPassword');
            });
          }}
        />
        <PasswordStrength password={password ?? ''} userInputs={[email ?? '', fullName ?? '', phone ?? '']} />
      </div>
      <PasswordField
        label={t('auth.register.confirmPassword')}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax * 2}
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" variant="accent" block disabled={!isValid} className="mt-2">
        {t('auth.register.continue')}
      </Button>
    </form>
  );
}
