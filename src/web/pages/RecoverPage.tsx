import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { recoveryResetSchema, recoveryStartSchema } from '../../shared/schemas/auth';
import { LIMITS } from '../../shared/schemas/fields';
import { call, ApiError } from '../lib/api';
import { identityApi } from '../../shared/api/identity';
import { Button } from '../ui/Button';
import { PasswordField } from '../ui/Field';
import { CodeField, isCodeComplete, resendAvailableAtOf } from '../ui/CodeField';
import { PhoneInput } from '../ui/PhoneInput';
import { toast } from '../ui/toast';
import { AuthCard } from '../features/auth/AuthCard';
import { PasswordStrength } from '../features/auth/PasswordStrength';
import { applyFieldErrors, errorMessage } from '../lib/server-errors';

const TOAST_ID = 'recover';

interface Started {
  readonly phone: string;
  readonly codeExpiresAt: string;
  readonly resendAvailableAt: string;
}

type StartInput = z.input<typeof recoveryStartSchema>;
type StartOutput = z.output<typeof recoveryStartSchema>;
type ResetInput = z.input<typeof recoveryResetSchema>;
type ResetOutput = z.output<typeof recoveryResetSchema>;

/**
 * Account recovery (DECISIONS.md section 2: a real password reset instead of 'Under Construction'):
 * the phone number, then the code sent to it with a new password; then the person signs in.
 * The first answer is the same whether or not the number is registered (no account enumeration).
 */
export default function RecoverPage() {
  const { t } = useTranslation();
  const [started, setStarted] = useState<Started | null>(null);
  const [done, setDone] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [started, done]);
  useEffect(() => () => toast.dismiss(TOAST_ID), []);

  return (
    <AuthCard
      title={done ? t('auth.recover.doneTitle') : t('auth.recover.title')}
      titleRef={heading}
      intro={done ? undefined : t('auth.recover.intro')}
      footer={
        done ? undefined : (
          <Link to="/login" className="font-semibold text-brand underline">
            {t('auth.recover.backToSignIn')}
          </Link>
        )
      }
    >
      {done ? (
        <div className="flex flex-col gap-5">
          <p role="status" className="rounded-md border-l-4 border-success bg-green-50 p-3 text-green-900">
            {t('auth.recover.done')}
          </p>
          <Link
            to="/login"
            className="inline-flex min-h-11 items-center justify-center rounded-md bg-accent px-5 py-2 text-sm font-semibold tracking-wide text-white uppercase hover:bg-accent-dark"
          >
            {t('auth.recover.signIn')}
          </Link>
        </div>
      ) : started ? (
        <ResetForm started={started} onRestarted={setStarted} onOtherNumber={() => setStarted(null)} onDone={() => setDone(true)} />
      ) : (
        <StartForm onStarted={setStarted} />
      )}
    </AuthCard>
  );
}

async function requestCode(phone: string): Promise<Started> {
  const answer = await call(identityApi.recoveryStart, { body: { phone } });
  return { phone, codeExpiresAt: answer.codeExpiresAt, resendAvailableAt: answer.resendAvailableAt };
}

function StartForm({ onStarted }: { readonly onStarted: (started: Started) => void }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const form = useForm<StartInput, unknown, StartOutput>({
    resolver: zodResolver(recoveryStartSchema),
    mode: 'onTouched',
    defaultValues: { phone: '' },
  });
  const onSubmit = form.handleSubmit(async ({ phone }) => {
    setBusy(true);
    toast.loading(t('auth.recover.sending'), { id: TOAST_ID });
    try {
      const started = await requestCode(phone);
      toast.dismiss(TOAST_ID);
      onStarted(started);
    } catch (error) {
      applyFieldErrors(error, ['phone'], form.setError);
      toast.error(errorMessage(error), { id: TOAST_ID, duration: Infinity });
      setBusy(false);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
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
            error={form.formState.errors.phone?.message}
          />
        )}
      />
      <Button type="submit" variant="accent" block busy={busy}>
        {t('auth.recover.sendCode')}
      </Button>
    </form>
  );
}

function ResetForm({
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
  const [resending, setResending] = useState(false);
  const form = useForm<ResetInput, unknown, ResetOutput>({
    resolver: zodResolver(recoveryResetSchema),
    mode: 'onTouched',
    defaultValues: { code: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const [code, password] = useWatch({ control: form.control, name: ['code', 'password'] });

  const onSubmit = form.handleSubmit(async (input) => {
    setBusy(true);
    toast.loading(t('auth.recover.resetting'), { id: TOAST_ID });
    try {
      await call(identityApi.recoveryReset, { body: input });
      toast.dismiss(TOAST_ID);
      onDone();
    } catch (error) {
      const message = errorMessage(error);
      const placed = applyFieldErrors(error, ['code', 'password', 'confirmPassword'], form.setError);
      if (error instanceof ApiError && error.code.startsWith('CODE_') && !placed.includes('code')) {
        form.setError('code', { type: 'server', message }, { shouldFocus: true });
      }
      if (error instanceof ApiError && error.code === 'CODE_INVALID') toast.warning(message, { id: TOAST_ID });
      else toast.error(message, { id: TOAST_ID, duration: Infinity });
      setBusy(false);
      // The reset attempt is gone (15 minutes passed): start again from the phone number.
      if (error instanceof ApiError && error.code === 'RECOVERY_EXPIRED') onOtherNumber();
    }
  });

  const onResend = async () => {
    setResending(true);
    try {
      onRestarted(await requestCode(started.phone));
      form.resetField('code');
      toast.success(t('auth.recover.sent'), { id: TOAST_ID });
    } catch (error) {
      toast.error(errorMessage(error), { id: TOAST_ID, duration: Infinity });
      // Asked too soon: the server says when; the button counts down to it.
      const resendAt = resendAvailableAtOf(error);
      if (resendAt) onRestarted({ ...started, resendAvailableAt: resendAt });
      if (error instanceof ApiError && error.code === 'RECOVERY_EXPIRED') onOtherNumber();
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <p role="status" className="rounded-md border-l-4 border-info bg-blue-50 p-3 text-sm text-blue-950">
        {t('auth.recover.sent')}
      </p>
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <CodeField
            ref={field.ref}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            label={t('auth.register.code')}
            hint={t('auth.register.codeHint')}
            error={errors.code?.message}
            autoFocus
            expiresAt={started.codeExpiresAt}
            resendAvailableAt={started.resendAvailableAt}
            onResend={() => void onResend()}
            resending={resending}
            busy={busy}
          />
        )}
      />
      <div className="flex flex-col gap-2">
        <PasswordField
          label={t('auth.recover.newPassword')}
          hint={t('auth.register.passwordHint')}
          autoComplete="new-password"
          maxLength={LIMITS.passwordMax * 2}
          error={errors.password?.message}
          {...form.register('password')}
        />
        {/* DECISIONS.md section 5: the strength meter shown wherever a new password is chosen. */}
        <PasswordStrength password={password ?? ''} userInputs={[started.phone]} />
      </div>
      <PasswordField
        label={t('auth.recover.confirmPassword')}
        autoComplete="new-password"
        maxLength={LIMITS.passwordMax * 2}
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
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
