import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Recovery done: the password changed and every session was revoked; the person signs in again. */
export function DoneStep() {
  const { t } = useTranslation();
  return (
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
  );
}
