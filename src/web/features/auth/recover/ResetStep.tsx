import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { recoveryResetSchema } from '../../../../shared/schemas/auth';
import { call, ApiError } from '../../../lib/api';
import { identityApi } from '../../../../shared/api/identity';
import { Button } from '../../../ui/Button';
import { isCodeComplete } from '../../../ui/CodeField';
import { toast } from '../../../ui/toast';
import { applyFieldErrors, errorMessage } from '../../../lib/server-errors';
import { CodeEntry } from '../parts/CodeEntry';
import { NewPasswordFields } from '../parts/NewPasswordFields';
import { useCodeResend } from '../parts/useCodeResend';
import { requestCode } from './requestCode';
import { RECOVER_TOAST_ID, type Started } from './types';

type ResetInput = z.input<typeof recoveryResetSchema>;
type ResetOutput = z.output<typeof recoveryResetSchema>;

/**
 * Recovery step 2: the code sent to the number and the new password, checked on the server in one
 * request. A reset attempt that is gone (15 minutes passed) starts again from the phone number.
 */
export function ResetStep({
  started,
  onRestarted,
  onOtherNumber,
  onDone,
}: {
  readonly started: Started;
  readonly onRestarted: (started: Started) => void;
  readonly onOtherNumber: () => void;
  readonly onDone: () => void;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useForm<ResetInput, unknown, ResetOutput>({
    resolver: zodResolver(recoveryResetSchema),
    mode: 'onTouched',
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const code = useWatch({ control: form.control, name: 'code' });
  const { resending, resend } = useCodeResend({
    send: () => requestCode(started.phone),
    times: started,
    onTimes: (times) => onRestarted({ ...started, ...times }),
    onSent: () => {
      form.resetField('code');
      toast.success(t('auth.recover.sent'), { id: RECOVER_TOAST_ID });
    },
    expiredCode: 'RECOVERY_EXPIRED',
    onExpired: onOtherNumber,
    toastId: RECOVER_TOAST_ID,
  });

  const onSubmit = form.handleSubmit(async (input) => {
    setBusy(true);
    toast.loading(t('auth.recover.resetting'), { id: RECOVER_TOAST_ID });
    try {
      await call(identityApi.recoveryReset, { body: input });
      toast.dismiss(RECOVER_TOAST_ID);
      onDone();
    } catch (error) {
      const message = errorMessage(error);
      const placed = applyFieldErrors(error, ['code', 'password', 'confirmPassword'], form.setError);
      if (error instanceof ApiError && error.code.startsWith('CODE_') && !placed.includes('code')) {
        form.setError('code', { type: 'server', message }, { shouldFocus: true });
      }
      if (error instanceof ApiError && error.code === 'CODE_INVALID') toast.warning(message, { id: RECOVER_TOAST_ID });
      else toast.error(message, { id: RECOVER_TOAST_ID, duration: Infinity });
      setBusy(false);
      // The reset attempt is gone (15 minutes passed): start again from the phone number.
      if (error instanceof ApiError && error.code === 'RECOVERY_EXPIRED') onOtherNumber();
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p role="status" className="rounded-md border-l-4 border-info bg-blue-50 p-3 text-sm text-blue-950">
        {t('auth.recover.sent')}
      </p>
      <CodeEntry
        control={form.control}
        error={form.formState.errors.code?.message}
        times={started}
        onResend={() => void resend()}
        resending={resending}
        busy={busy}
      />
      <NewPasswordFields
        form={form}
        labels={{ password: 'auth.recover.newPassword', confirmPassword: 'auth.recover.confirmPassword' }}
        userInputs={[started.phone]}
      />
      <Button type="submit" variant="accent" block busy={busy} disabled={!isCodeComplete(code)}>
        {t('auth.recover.submit')}
      </Button>
      <div className="flex flex-col items-center gap-1">
        <Button variant="ghost" onClick={onOtherNumber} disabled={busy}>
          {t('auth.recover.otherNumber')}
        </Button>
      </div>
    </form>
  );
}
