import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CodeField } from '../../../ui/CodeField';

/** The code's times as the server answered them (registration, recovery). */
export interface CodeTimes {
  readonly codeExpiresAt: string;
  readonly resendAvailableAt: string;
}

/**
 * The code step of registration and recovery: the form's `code` field in a CodeField (digits only,
 * the code's expiry, the resend button counting down to the server's resendAvailableAt), labelled
 * 'Verification code'. The server checks the code; the form around it submits it.
 */
export function CodeEntry<T extends FieldValues, TOut = T>({
  control,
  error,
  times,
  onResend,
  resending,
  busy,
  disabled = false,
}: {
  readonly control: Control<T, unknown, TOut>;
  readonly error: string | undefined;
  readonly times: CodeTimes;
  readonly onResend: () => void;
  readonly resending: boolean;
  readonly busy: boolean;
  readonly disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={'code' as Path<T>}
      render={({ field }) => (
        <CodeField
          ref={field.ref}
          name={field.name}
          value={field.value as string}
          onChange={field.onChange}
          onBlur={field.onBlur}
          label={t('auth.register.code')}
          hint={t('auth.register.codeHint')}
          error={error}
          disabled={disabled}
          autoFocus
          expiresAt={times.codeExpiresAt}
          resendAvailableAt={times.resendAvailableAt}
          onResend={onResend}
          resending={resending}
          busy={busy}
        />
      )}
    />
  );
}
