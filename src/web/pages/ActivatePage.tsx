import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_STATES, ACTIVATION_STEPS, isActivated } from '../../shared/states/account';
import { useCurrentUser } from '../lib/useCurrentUser';
import { ActivationWizard } from '../features/activation';
import { EmailCard } from '../features/settings';
import { Button } from '../ui/Button';

const WHAT = ACTIVATION_STEPS;

/**
 * Account activation (specification section 2). An activated member goes to /dash. Others first
 * read what activation asks, why, how the data is protected and how long it takes, then START the
 * same five steps as the /dash wizard, inline; when they are done the page goes to /dash.
 * Below the start, the e-mail card of Settings (decision 055): Settings is out of reach until
 * activation, and a reply to a message they send support goes only to a verified address (051).
 * It stays out of the wizard's steps.
 */
export default function ActivatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  // Decided on arrival: finishing the steps here activates the account, and the page then shows
  // its success stage before it leaves for /dash itself.
  const [activatedOnArrival] = useState(() => isActivated(user.accountState));
  const [started, setStarted] = useState(false);
  if (activatedOnArrival) return <Navigate to="/dash" replace />;

  const stepsDone = Math.min(ACCOUNT_STATES.indexOf(user.accountState), ACTIVATION_STEPS.length);
  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-brand sm:text-3xl">{t('member.activate.title')}</h1>
        {!started && <p className="mt-2 max-w-prose text-ink">{t('member.activate.intro')}</p>}
      </header>
      {started ? (
        <section aria-label={t('activation.wizard.regionLabel')} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <ActivationWizard layout="page" focusFirstStep onFinished={() => void navigate('/dash', { replace: true })} />
        </section>
      ) : (
        <>
          <section aria-labelledby="activate-what" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="activate-what" className="text-lg font-bold text-brand">
              {t('member.activate.whatTitle')}
            </h2>
            <ol className="mt-3 flex flex-col gap-3">
              {WHAT.map((key, index) => (
                <li key={key} className="flex gap-3">
                  <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-white" aria-hidden="true">
                    {index + 1}
                  </span>
                  <span className="pt-0.5 text-ink">{t(`member.activate.what.${key}`)}</span>
                </li>
              ))}
            </ol>
          </section>
          <div className="grid gap-4 md:grid-cols-3">
            {(['why', 'protect', 'time'] as const).map((key) => (
              <section key={key} aria-labelledby={`activate-${key}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <h2 id={`activate-${key}`} className="font-bold text-brand">
                  {t(`member.activate.${key}Title`)}
                </h2>
                <p className="mt-2 text-sm text-ink">{t(`member.activate.${key}`)}</p>
              </section>
            ))}
          </div>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <Button variant="accent" className="sm:min-w-48" onClick={() => setStarted(true)}>
              {t('activation.start.button')}
            </Button>
            {stepsDone > 0 && <p className="text-sm text-muted">{t('activation.start.resume', { done: stepsDone, total: ACTIVATION_STEPS.length })}</p>}
          </div>
          <EmailCard className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" />
        </>
      )}
    </div>
  );
}
