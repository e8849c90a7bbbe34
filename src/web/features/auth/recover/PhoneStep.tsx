import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { recoveryStartSchema } from '../../../../shared/schemas/auth';
import { Button } from '../../../ui/Button';
import { toast } from '../../../ui/toast';
import { applyFieldErrors, errorMessage } from '../../../lib/server-errors';
import { PhoneNumberField } from '../parts/PhoneNumberField';
import { requestCode } from './requestCode';
import { RECOVER_TOAST_ID, type Started } from './types';

type StartInput = z.input<typeof recoveryStartSchema>;
type StartOutput = z.output<typeof recoveryStartSchema>;

/** Recovery step 1: the phone number the reset code is sent to. */
export function PhoneStep({ onStarted }: { readonly onStarted: (started: Started) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useForm<StartInput, unknown, StartOutput>({
    resolver: zodResolver(recoveryStartSchema),
    mode: 'onTouched',
    defaultValues: { phone: '' },
  });
  const onSubmit = form.handleSubmit(async ({ phone }) => {
    setBusy(true);
    toast.loading(t('auth.recover.sending'), { id: RECOVER_TOAST_ID });
    try {
      const started = await requestCode(phone);
      toast.dismiss(RECOVER_TOAST_ID);
      onStarted(started);
    } catch (error) {
      applyFieldErrors(error, ['phone'], form.setError);
      toast.error(errorMessage(error), { id: RECOVER_TOAST_ID, duration: Infinity });
      setBusy(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <PhoneNumberField control={form.control} error={form.formState.errors.phone?.message} />
      <Button type="submit" variant="accent" block busy={busy}>
        {t('auth.recover.sendCode')}
      </Button>
    </form>
  );
}
