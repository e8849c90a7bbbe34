import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isActivated } from '../../shared/states/account';
import { useCurrentUser } from '../lib/useCurrentUser';
import { Button } from '../ui/Button';
import { LoanPanel } from '../features/loans/LoanPanel';

// The wizard (its forms, zod schemas and the phone library) is its own chunk: an activated member
// never downloads it (issue 13), a member still to activate gets it with the page.
const ActivationDialog = lazy(() => import('../features/activation/ActivationDialog').then((module) => ({ default: module.ActivationDialog })));

/**
 * The member home (specification section 2). Until the account is activated: the banner
 * 'Activate your account before applying loan' with ACTIVATE ACCOUNT, and the activation wizard
 * dialog, which opens by itself on arrival and resumes at the step the server reports. Once
 * activated: the loan panel (features/loans/LoanPanel).
 */
export default function DashPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const activated = isActivated(user.accountState);
  const [wizardOpen, setWizardOpen] = useState(() => !activated);
  const loanHeading = useRef<HTMLHeadingElement>(null);

  const closeWizard = () => {
    setWizardOpen(false);
    // The button that opened the wizard is gone once the account is activated: focus what replaced it.
    requestAnimationFrame(() => {
      if (loanHeading.current && !loanHeading.current.contains(document.activeElement)) loanHeading.current.focus();
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-brand sm:text-3xl">{t('member.dash.greeting', { name: user.fullName })}</h1>
        <p className="mt-1 text-muted">{t('member.dash.intro')}</p>
      </header>
      {activated ? (
        <LoanPanel headingRef={loanHeading} />
      ) : (
        <section
          aria-labelledby="activate-banner"
          className="flex flex-col gap-4 rounded-xl border-l-4 border-accent bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div>
            <h2 id="activate-banner" className="text-lg font-bold text-accent">
              {t('member.dash.banner')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('member.dash.bannerText')}</p>
          </div>
          <Button variant="accent" className="shrink-0" onClick={() => setWizardOpen(true)}>
            {t('member.dash.activateButton')}
          </Button>
        </section>
      )}
      {(wizardOpen || !activated) && (
        <Suspense fallback={null}>
          <ActivationDialog open={wizardOpen} onClose={closeWizard} />
        </Suspense>
      )}
    </div>
  );
}
