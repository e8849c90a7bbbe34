import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { signInSchema } from '../../shared/schemas/auth';
import { call } from '../lib/api';
import { lazyResolver } from '../lib/lazy-resolver';
import { queryKeys, usePublicConfig } from '../lib/queries';
import { Button } from '../ui/Button';
import { Checkbox, PasswordField } from '../ui/Field';
import { toast } from '../ui/toast';
import { AuthCard } from '../features/auth';
import { PhoneNumberField } from '../features/auth';
import { useTimers } from '../lib/useTimers';
import { errorMessage } from '../lib/server-errors';
import { returnPath } from '../features/auth';
import { chosenProduct, withProduct } from '../lib/product-intent';

const TOAST_ID = 'sign-in';

// zod, the field rules and the schema load beside the page, not before it.
const signInResolver = lazyResolver<z.input<typeof signInSchema>, unknown, z.output<typeof signInSchema>>(() =>
  Promise.all([import('@hookform/resolvers/zod'), import('../../shared/schemas/auth')]).then(([{ zodResolver }, { signInSchema: schema }]) =>
    zodResolver(schema),
  ),
);

/**
 * Sign In (specification sections 2, 4 and 8): button disabled while the request runs, loading toast
 * 'Signing In.', success toast after 1 s and navigation after 1.5 s to the page the guard remembered
 * (or the person's home: /admin for staff, /dash for members); on failure the server's message stays until dismissed and the button re-enables
 * after 1.5 s. 'Remember me' asks the server for a persistent (30-day) session cookie.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const later = useTimers();
  // The product a signed-out visitor chose on the landing page (?product=SMALL), carried to registration and the application.
  const product = chosenProduct(location.search, usePublicConfig().data?.products);
  /** The request is running (spinner). */
  const [busy, setBusy] = useState(false);
  /** After a request: on success until the page changes, on failure for 1.5 s. */
  const [locked, setLocked] = useState(false);
  const loadingShown = useRef(false);
  const form = useForm<z.input<typeof signInSchema>, unknown, z.output<typeof signInSchema>>({
    resolver: signInResolver,
    mode: 'onTouched',
    defaultValues: { phone: '', password: '', remember: false },
  });
  const { errors } = form.formState;

  // A loading toast must not outlive the page if the person leaves before it turns into its result.
  useEffect(
    () => () => {
      if (loadingShown.current) toast.dismiss(TOAST_ID);
    },
    [],
  );

  const onSubmit = form.handleSubmit(async (input) => {
    setBusy(true);
    setLocked(true);
    loadingShown.current = true;
    toast.loading(t('auth.signIn.signingIn'), { id: TOAST_ID });
    try {
      const { user } = await call(() => import('../../shared/api/identity').then((m) => m.identityApi.login), { body: input });
      queryClient.setQueryData(queryKeys.session, user);
      // The member's own language, kept on the server (decision 063): on this browser too from now on.
      if (user && i18n.language !== user.language) await i18n.changeLanguage(user.language);
      const role = user?.role ?? 'MEMBER';
      const remembered = returnPath(location.state, role);
      // No page remembered (a reload, or here from registration): a member's home opens on the chosen product.
      const destination = role === 'MEMBER' && remembered === '/dash' ? withProduct('/dash', product) : remembered;
      later(() => {
        loadingShown.current = false;
        setBusy(false);
        toast.success(t('auth.signIn.success'), { id: TOAST_ID });
        form.reset();
      }, 1000);
      later(() => void navigate(destination, { replace: true }), 1500);
    } catch (error) {
      loadingShown.current = false;
      setBusy(false);
      toast.error(errorMessage(error), { id: TOAST_ID, duration: Infinity });
      later(() => setLocked(false), 1500);
    }
  });

  return (
    <AuthCard
      title={t('auth.signIn.title')}
      intro={t('auth.signIn.intro')}
      footer={
        <p>
          {t('auth.signIn.noAccount')}{' '}
          <Link to={withProduct('/register', product)} className="font-semibold text-brand underline">
            {t('auth.signIn.registerHere')}
          </Link>
        </p>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <PhoneNumberField control={form.control} error={errors.phone?.message} />
        <PasswordField
          label={t('auth.password')}
          autoComplete="current-password"
          maxLength={256}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <Checkbox label={t('auth.signIn.remember')} aria-describedby="remember-hint" {...form.register('remember')} />
            <p id="remember-hint" className="mt-1 ml-7 text-xs text-muted">
              {t('auth.signIn.rememberHint')}
            </p>
          </div>
          <Link to="/recover" className="text-sm font-semibold text-brand underline">
            {t('auth.signIn.forgotPassword')}
          </Link>
        </div>
        <Button type="submit" variant="accent" block busy={busy} disabled={locked}>
          {t('auth.signIn.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
