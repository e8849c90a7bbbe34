import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/toast';
import { AuthCard } from '../features/auth';
import { DoneStep } from '../features/auth';
import { PhoneStep } from '../features/auth';
import { ResetStep } from '../features/auth';
import { RECOVER_TOAST_ID, type Started } from '../features/auth';

/**
 * Account recovery (DECISIONS.md section 2: a real password reset instead of 'Under Construction'):
 * the phone number, then the code sent to it with a new password; then the person signs in.
 * The first answer is the same whether or not the number is registered (no account enumeration).
 * The steps are in src/web/features/auth/recover, their fields shared with registration and sign-in.
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
  useEffect(() => () => toast.dismiss(RECOVER_TOAST_ID), []);

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
        <DoneStep />
      ) : started ? (
        <ResetStep started={started} onRestarted={setStarted} onOtherNumber={() => setStarted(null)} onDone={() => setDone(true)} />
      ) : (
        <PhoneStep onStarted={setStarted} />
      )}
    </AuthCard>
  );
}
