import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { verifyCodeSchema, type RegisterStartResponse } from '../../../../shared/schemas/auth';
import { call, ApiError } from '../../../lib/api';
import { identityApi } from '../../../../shared/api/identity';
import { queryKeys, usePublicConfig } from '../../../lib/queries';
import { Button } from '../../../ui/Button';
import { isCodeComplete } from '../../../ui/CodeField';
import { toast } from '../../../ui/toast';
import { errorMessage } from '../../../lib/server-errors';
import { useTimers } from '../../../lib/useTimers';
import { CodeEntry, type CodeTimes } from '../parts/CodeEntry';
import { useCodeResend } from '../parts/useCodeResend';
import { chosenProduct, withProduct } from '../../../lib/product-intent';

const TOAST_ID = 'register-verify';
/** Specification section 4: the new member is signed in and moves on after 3 seconds. */
const AFTER_SUCCESS_MS = 3000;

/**
 * Registration step 3: the one-time code sent by SMS. The server checks it (DECISIONS.md
 * invariant 2), creates the account and signs the person in; this screen says so only after the
 * server has answered (invariant 7).
 */
export function VerifyStep({
  pending,
  onTimers,
  onRestart,
  onDetailsRefused,
}: {
  readonly pending: RegisterStartResponse;
  readonly onTimers: (timers: CodeTimes) => void;
  readonly onRestart: () => void;
  /** The code proved the phone but a detail was refused (an e-mail address already registered): back to the details. */
  readonly onDetailsRefused: (error: ApiError) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const later = useTimers();
  const config = usePublicConfig();
  const devTools = config.data?.devTools === true;
  // The product chosen on the landing page before registering (?product=SMALL): the application opens on it.
  const product = chosenProduct(useLocation().search, config.data?.products);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const loadingShown = useRef(false);
  const form = useForm<z.input<typeof verifyCodeSchema>, unknown, z.output<typeof verifyCodeSchema>>({
    resolver: zodResolver(verifyCodeSchema),
    // The code field has the focus on arrival: leaving it empty to read the SMS is not an error.
    mode: 'onSubmit',
    defaultValues: { code: '' },
  });
  const code = useWatch({ control: form.control, name: 'code' });

  useEffect(
    () => () => {
      if (loadingShown.current) toast.dismiss(TOAST_ID);
    },
    [],
  );

  const onVerify = form.handleSubmit(async ({ code: value }) => {
    setBusy(true);
    loadingShown.current = true;
    toast.loading(t('auth.register.verifying'), { id: TOAST_ID });
    try {
      const { user } = await call(identityApi.registerVerify, { body: { code: value } });
      loadingShown.current = false;
      queryClient.setQueryData(queryKeys.session, user);
      toast.success(t('auth.register.success'), { id: TOAST_ID });
      setDone(true);
      later(() => void navigate(withProduct('/dash', product), { replace: true }), AFTER_SUCCESS_MS);
    } catch (error) {
      loadingShown.current = false;
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        toast.dismiss(TOAST_ID);
        setBusy(false);
        onDetailsRefused(error);
        return;
      }
      const message = errorMessage(error);
      form.setError('code', { type: 'server', message }, { shouldFocus: true });
      if (error instanceof ApiError && error.code === 'CODE_INVALID') toast.warning(message, { id: TOAST_ID });
      else toast.error(message, { id: TOAST_ID, duration: Infinity });
      if (error instanceof ApiError && error.code === 'REGISTRATION_EXPIRED') onRestart();
      setBusy(false);
    }
  });

  const { resending, resend } = useCodeResend({
    send: async () => {
      const timers = await call(identityApi.registerResend);
      return { codeExpiresAt: timers.codeExpiresAt, resendAvailableAt: timers.resendAvailableAt };
    },
    times: pending,
    onTimes: onTimers,
    onSent: () => {
      form.reset({ code: '' });
      toast.success(t('auth.register.resent', { phone: pending.phoneMasked }), { id: TOAST_ID });
    },
    expiredCode: 'REGISTRATION_EXPIRED',
    onExpired: onRestart,
    toastId: TOAST_ID,
  });

  return (
    <form onSubmit={onVerify} noValidate className="flex flex-col gap-4">
      <p className="text-ink">{t('auth.register.codeSentTo', { phone: pending.phoneMasked })}</p>
      {devTools && (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
          {t('auth.register.demoNote')}{' '}
          <a href="/dev/outbox" target="_blank" rel="noopener noreferrer" className="font-semibold underline">
            {t('auth.register.demoLink')}
          </a>
        </p>
      )}
      <CodeEntry
        control={form.control}
        error={form.formState.errors.code?.message}
        disabled={done}
        times={pending}
        onResend={() => void resend()}
        resending={resending}
        busy={busy}
      />
      <Button type="submit" variant="accent" block busy={busy} disabled={done || !isCodeComplete(code)}>
        {t('auth.register.verify')}
      </Button>
      {done ? (
        <p role="status" className="text-center text-sm font-semibold text-success">
          {t('auth.register.redirecting')}
        </p>
      ) : (
        <div className="flex flex-col items-center gap-1">
          <Button variant="ghost" onClick={onRestart} disabled={busy}>
            {t('auth.register.changeDetails')}
          </Button>
        </div>
      )}
    </form>
  );
}
