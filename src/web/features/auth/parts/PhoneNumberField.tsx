import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneInput } from '../../../ui/PhoneInput';

/**
 * The phone number of the sign-in, registration and recovery forms: the form's `phone` field in a
 * PhoneInput (E.164 once possible; the shared phoneField schema of src/shared/schemas checks it),
 * labelled 'Phone number'. The form passes its field's error message (an i18n key or the server's text).
 */
export function PhoneNumberField<T extends FieldValues, TOut = T>({
  control,
  error,
  hint,
}: {
  readonly control: Control<T, unknown, TOut>;
  readonly error: string | undefined;
  readonly hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={'phone' as Path<T>}
      render={({ field }) => (
        <PhoneInput
          ref={field.ref}
          name={field.name}
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={t('auth.phone.label')}
          hint={hint}
          error={error}
        />
      )}
    />
  );
}
