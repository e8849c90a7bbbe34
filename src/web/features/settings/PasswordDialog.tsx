import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { LIMITS } from '../../../shared/schemas/fields';
import { changePasswordSchema } from '../../../shared/schemas/member-settings';
import { call } from '../../lib/api';
import { identityApi } from '../../../shared/api/identity';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { PasswordField } from '../../ui/Field';
import { toast } from '../../ui/toast';
import { PasswordStrength } from '../auth';
import { applyFieldErrors, errorMessage } from '../../lib/server-errors';
import { useCurrentUser } from '../../lib/useCurrentUser';
import { useTimers } from '../../lib/useTimers';

type Input = z.input<typeof changePasswordSchema>;
type Output = z.output<typeof changePasswordSchema>;

const TOAST_ID = 'change-password';
/** Section 8: after the success message, /dash after 3 s. */
const AFTER_PASSWORD_CHANGE_MS = 3000;
const resolver = zodResolver(changePasswordSchema);

/**
 * Settings > Account settings > Password (DECISIONS.md section 5): the current password, then the
 * new one with the registration rule and strength meter, and its confirmation. The server signs out
 * the member's other sessions. 'Your password changed successfully.' shows only after the server
 * said so, then Home after 3 seconds. The loading toast says 'Changing password.' (the observed
 * product showed 'Creating account.' here, a copy of the registration text).
 */
export function PasswordDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const later = useTimers();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver,
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isValid } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });
  const newField = form.register('newPassword');

  const close = () => {
    if (busy || done) return;
    form.reset();
    onClose();
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setBusy(true);
    toast.loading(t('settings.password.loading'), { id: TOAST_ID });
    try {
      await call(identityApi.changePassword, { body: input });
      toast.success(t('settings.password.success'), { id: TOAST_ID });
      setDone(true);
      later(() => void navigate('/dash'), AFTER_PASSWORD_CHANGE_MS);
    } catch (error) {
      applyFieldErrors(error, ['currentPassword', 'newPassword', 'confirmPassword'], form.setError);
      toast.error(errorMessage(error), { id: TOAST_ID });
    } finally {
      setBusy(false);
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('settings.password.title')}
      footer={
        done ? undefined : (
          <>
            <Button variant="outline" onClick={close} disabled={busy}>
              {t('settings.password.cancel')}
            </Button>
            <Button type="submit" form="change-password-form" variant="accent" busy={busy} disabled={!isValid}>
              {t('settings.password.submit')}
            </Button>
          </>
        )
      }
    >
      {done ? (
        <div role="status" className="flex flex-col gap-2 rounded-md border-l-4 border-success bg-green-50 p-3 text-green-900">
          <p className="font-semibold">{t('settings.password.success')}</p>
          <p className="text-sm">{t('settings.password.redirect', { seconds: AFTER_PASSWORD_CHANGE_MS / 1000 })}</p>
        </div>
      ) : (
        <form id="change-password-form" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <p className="text-sm text-ink">{t('settings.password.intro')}</p>
          <PasswordField
            label={t('settings.password.current')}
            autoComplete="current-password"
            maxLength={256}
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <div className="flex flex-col gap-2">
            <PasswordField
              label={t('settings.password.new')}
              hint={t('auth.register.passwordHint')}
              autoComplete="new-password"
              maxLength={LIMITS.passwordMax * 2}
              error={errors.newPassword?.message}
              {...newField}
              onChange={(event) => {
                void newField.onChange(event).then(() => {
                  if (form.getFieldState('confirmPassword').isTouched) void form.trigger('confirmPassword');
                });
              }}
            />
            <PasswordStrength password={newPassword ?? ''} userInputs={[user.fullName, user.phone]} />
          </div>
          <PasswordField
            label={t('settings.password.confirm')}
            autoComplete="new-password"
            maxLength={LIMITS.passwordMax * 2}
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
        </form>
      )}
    </Dialog>
  );
}
