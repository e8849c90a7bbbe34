import { useWatch, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../../shared/schemas/fields';
import { PasswordField } from '../../../ui/Field';
import { PasswordStrength } from '../PasswordStrength';

/** A form with a new password and its confirmation (the shared schemas' newPassword rules). */
interface NewPasswordValues extends FieldValues {
  password: string;
  confirmPassword: string;
}

/**
 * A new password and its confirmation, for registration and recovery: the rule's hint (8 to 64
 * characters, spaces allowed), the strength meter (DECISIONS.md section 5: shown wherever a new
 * password is chosen, fed the person's own details so they count against it), and the
 * confirmation checked again as the password changes once it has been visited. The rules are the
 * form's zod schema (src/shared/schemas/auth.ts).
 */
export function NewPasswordFields<T extends NewPasswordValues, TOut = T>({
  form,
  labels,
  userInputs,
}: {
  readonly form: UseFormReturn<T, unknown, TOut>;
  /** The i18n keys of the two labels. */
  readonly labels: { readonly password: string; readonly confirmPassword: string };
  /** What the person typed elsewhere (phone, e-mail, name): a password made of them is weak. */
  readonly userInputs: readonly string[];
}) {
  const { t } = useTranslation();
  const password = 'password' as Path<T>;
  const confirmPassword = 'confirmPassword' as Path<T>;
  const { errors } = form.formState;
  const typed = useWatch({ control: form.control, name: password }) as string | undefined;
  const passwordField = form.register(password);
  const message = (name: 'password' | 'confirmPassword') => {
    const text = errors[name]?.message;
    return typeof text === 'string' ? text : undefined;
  };
  return (
    <>
      <div className="flex flex-col gap-2">
        <PasswordField
          label={t(labels.password)}
          hint={t('auth.register.passwordHint')}
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax * 2}
          error={message('password')}
          {...passwordField}
          onChange={(event) => {
            // Once the confirmation has been visited, it is checked again as the password changes.
            void passwordField.onChange(event).then(() => {
              if (form.getFieldState(confirmPassword).isTouched) void form.trigger(confirmPassword);
            });
          }}
        />
        <PasswordStrength password={typed ?? ''} userInputs={[...userInputs]} />
      </div>
      <PasswordField
        label={t(labels.confirmPassword)}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax * 2}
        error={message('confirmPassword')}
        {...form.register(confirmPassword)}
      />
    </>
  );
}
