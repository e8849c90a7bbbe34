import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isActivated } from '../../shared/states/account';
import { useCurrentUser } from '../lib/useCurrentUser';
import { Button } from '../ui/Button';
import { LoanPanel } from '../features/loans';
import { LimitsCard } from '../features/limits';
import { useQuery } from '@tanstack/react-query';
import { call } from '../lib/api';
import { usePublicConfig } from '../lib/queries';
import { toast } from '../ui/toast';
import type { MyReferralResponse } from '../../shared/schemas/referrals';

// The wizard (its forms, zod schemas and the phone library) is its own chunk: an activated member
// never downloads it, a member still to activate gets it with the page.
const ActivationDialog = lazy(() => import('../features/activation/ActivationDialog').then((module) => ({ default: module.ActivationDialog })));

/**
 * The member home (specification section 2). Until the account is activated: the banner
 * 'Activate your account before applying loan' with ACTIVATE ACCOUNT, and the activation wizard
 * dialog, which opens by itself on arrival and resumes at the step the server reports. Once
 * activated: the loan panel (features/loans/LoanPanel) and the member's limits with why (features/limits).
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
        <>
          <LoanPanel headingRef={loanHeading} />
          <LimitsCard />
          <ReferralCard />
        </>
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

/** The member's referral code with a share text, and how many joined with it (a count, no names). */
function ReferralCard() {
  const { t } = useTranslation();
  const referral = useQuery<MyReferralResponse>({
    queryKey: ['member', 'referral'],
    queryFn: () => call(() => import('../../shared/api/member').then((m) => m.memberApi.referral)),
  });
  const config = usePublicConfig();
  if (!referral.data || !config.data) return null;
  const { code, joined } = referral.data;
  const shareText = t('member.referral.share', { company: config.data.company.shortName, url: window.location.origin, code });
  return (
    <section aria-labelledby="referral-heading" className="rounded-xl bg-white p-5 shadow-sm" data-testid="referral-card">
      <h2 id="referral-heading" className="text-lg font-bold text-brand">
        {t('member.referral.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('member.referral.intro')}</p>
      <p className="mt-3">
        {t('member.referral.code')}:{' '}
        <strong className="font-mono text-xl tracking-widest" data-testid="referral-code">
          {code}
        </strong>
      </p>
      <p className="mt-2 text-sm">{shareText}</p>
      <Button
        variant="outline"
        className="mt-3"
        onClick={() => {
          void navigator.clipboard?.writeText(shareText).then(
            () => toast.success(t('member.referral.copied')),
            () => undefined,
          );
        }}
      >
        {t('member.referral.copy')}
      </Button>
      <p className="mt-2 text-sm text-muted">{t('member.referral.joined', { count: joined })}</p>
    </section>
  );
}
