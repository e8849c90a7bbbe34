import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

const REDIRECT_HOME_MS = 1500;

/**
 * The persistence guard's failure screen (specification section 2): the server's error message,
 * 'Redirecting to home', then / after 1.5 seconds.
 */
export function SessionCheckFailed({ message }: { readonly message: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const id = setTimeout(() => void navigate('/', { replace: true }), REDIRECT_HOME_MS);
    return () => clearTimeout(id);
  }, [navigate]);
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div role="alert" className="max-w-md text-center">
        <p className="font-semibold text-danger">{message}</p>
        <p className="mt-2 text-sm text-muted">{t('common.redirectingHome')}</p>
      </div>
    </main>
  );
}
