import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { accountDetailsSchema, employmentSchema, type RegisterStartResponse } from '../../shared/schemas/auth';
import { DEFAULT_COUNTRY } from '../../shared/phone/phone';
import { call } from '../lib/api';
import { identityApi } from '../../shared/api/identity';
import { toast } from '../ui/toast';
import { AuthCard } from '../features/auth';
import { chosenProduct, withProduct } from '../lib/product-intent';
import { usePublicConfig } from '../lib/queries';
import { applyFieldErrors, errorMessage } from '../lib/server-errors';
import { AccountStep } from '../features/auth';
import { EmploymentStep } from '../features/auth';
import { VerifyStep } from '../features/auth';
import { ACCOUNT_FIELDS, EMPLOYMENT_FIELDS, type AccountInput, type AccountOutput, type EmploymentInput, type EmploymentOutput } from '../features/auth';

type Step = 1 | 2 | 3;
const STEPS = ['account', 'employment', 'verify'] as const;
const TOAST_ID = 'register';

/**
 * Registration (specification section 2 as changed by DECISIONS.md): account details, then
 * employment, then the one-time code sent by SMS; the server then creates the account, signs the
 * person in, and they land on /dash.
 */
export default function RegisterPage() {
  const { t } = useTranslation();
  // The product chosen on the landing page (?product=SMALL): kept for the way to sign-in and, after the code, the application.
  const product = chosenProduct(useLocation().search, usePublicConfig().data?.products);
  const [step, setStep] = useState<Step>(1);
  const [account, setAccount] = useState<AccountOutput | null>(null);
  const [pending, setPending] = useState<RegisterStartResponse | null>(null);
  const [busy, setBusy] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterStep = useRef<(typeof ACCOUNT_FIELDS)[number] | null>(null);
  const firstRender = useRef(true);

  const accountForm = useForm<AccountInput, unknown, AccountOutput>({
    resolver: zodResolver(accountDetailsSchema),
    mode: 'onTouched',
    defaultValues: { phone: '', email: '', fullName: '', password: '', confirmPassword: '' },
  });
  const employmentForm = useForm<EmploymentInput, unknown, EmploymentOutput>({
    resolver: zodResolver(employmentSchema),
    mode: 'onTouched',
    defaultValues: { employmentCountry: DEFAULT_COUNTRY, employmentLocation: '', jobTitle: '', monthlyNetIncome: '', referralCode: '' },
  });

  // A new step moves the focus to its heading (or to the field the server refused), so keyboard
  // and screen-reader users start at the top of what changed.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const field = focusAfterStep.current;
    focusAfterStep.current = null;
    if (field) accountForm.setFocus(field);
    else stepHeading.current?.focus();
  }, [step, accountForm]);

  useEffect(() => () => toast.dismiss(TOAST_ID), []);

  const onRegister = async (employment: EmploymentOutput) => {
    if (!account) {
      setStep(1);
      return;
    }
    setBusy(true);
    toast.loading(t('auth.register.creating'), { id: TOAST_ID });
    try {
      const { referralCode, ...rest } = employment;
      const result = await call(identityApi.register, {
        body: { ...account, ...rest, ...(referralCode ? { referralCode } : {}) },
      });
      toast.dismiss(TOAST_ID);
      setPending(result);
      setStep(3);
    } catch (error) {
      toast.error(errorMessage(error), { id: TOAST_ID, duration: Infinity });
      const onAccount = applyFieldErrors(error, ACCOUNT_FIELDS, accountForm.setError);
      const onEmployment = applyFieldErrors(error, EMPLOYMENT_FIELDS, employmentForm.setError);
      if (onAccount[0]) {
        focusAfterStep.current = onAccount[0];
        setStep(1);
      } else if (onEmployment[0]) {
        employmentForm.setFocus(onEmployment[0]);
      }
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setPending(null);
    setStep(1);
  };

  // The server says whether an e-mail address is taken only after the code proved the phone: the
  // refused field is shown on the account step, and registering again sends a new code.
  const onDetailsRefused = (error: unknown) => {
    toast.error(errorMessage(error), { id: TOAST_ID, duration: Infinity });
    const onAccount = applyFieldErrors(error, ACCOUNT_FIELDS, accountForm.setError);
    setPending(null);
    focusAfterStep.current = onAccount[0] ?? null;
    setStep(1);
  };

  const stepKey = STEPS[step - 1] ?? 'account';
  return (
    <AuthCard
      title={t('auth.register.title')}
      footer={
        <p>
          {t('auth.register.haveAccount')}{' '}
          <Link to={withProduct('/login', product)} className="font-semibold text-brand underline">
            {t('auth.register.signInHere')}
          </Link>
        </p>
      }
    >
      <ol aria-label={t('auth.register.stepsLabel')} className="mb-5 grid grid-cols-3 gap-2">
        {STEPS.map((key, index) => {
          const n = index + 1;
          const state = n < step ? 'done' : n === step ? 'current' : 'todo';
          return (
            <li key={key} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col gap-1.5">
              <span className={`h-1.5 rounded-full ${state === 'todo' ? 'bg-slate-200' : state === 'done' ? 'bg-brand' : 'bg-accent'}`} aria-hidden="true" />
              <span className={`text-xs leading-tight ${state === 'current' ? 'font-bold text-ink' : 'text-muted'}`}>{t(`auth.register.steps.${key}`)}</span>
            </li>
          );
        })}
      </ol>
      <h2 ref={stepHeading} tabIndex={-1} className="mb-4 text-lg font-bold text-ink focus:outline-none">
        <span className="block text-xs font-semibold tracking-wide text-muted uppercase">{t('auth.register.stepOf', { step, total: STEPS.length })}</span>
        {t(`auth.register.steps.${stepKey}`)}
      </h2>
      {step === 1 && (
        <AccountStep
          form={accountForm}
          onContinue={(data) => {
            setAccount(data);
            setStep(2);
          }}
        />
      )}
      {step === 2 && <EmploymentStep form={employmentForm} busy={busy} onBack={() => setStep(1)} onSubmit={onRegister} />}
      {step === 3 && pending && (
        <VerifyStep pending={pending} onTimers={(timers) => setPending({ ...pending, ...timers })} onRestart={restart} onDetailsRefused={onDetailsRefused} />
      )}
    </AuthCard>
  );
}
