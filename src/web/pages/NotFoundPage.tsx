import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The not-found page (specification section 2): a friendly message and 'Take Me Back' to /. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('public.notFound.title')} | ${t('common.appName')}`}</title>
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
        <svg viewBox="0 0 120 120" className="h-28 w-28" aria-hidden="true" focusable="false">
          <circle cx="52" cy="52" r="34" fill="#e8eef8" stroke="#0b2a5b" strokeWidth="8" />
          <path d="M77 77l26 26" stroke="#0b2a5b" strokeWidth="10" strokeLinecap="round" />
          <path d="M40 44l24 16M64 44L40 60" stroke="#c62828" strokeWidth="6" strokeLinecap="round" />
        </svg>
        <p className="text-sm font-bold tracking-widest text-accent uppercase">{t('public.notFound.title')}</p>
        <h1 className="text-3xl font-extrabold text-brand">{t('public.notFound.heading')}</h1>
        <p className="text-base text-ink">{t('public.notFound.body')}</p>
        <Link
          to="/"
          className="inline-flex min-h-12 items-center justify-center rounded-md bg-accent px-6 font-bold tracking-wide text-white uppercase hover:bg-accent-dark"
        >
          {t('common.takeMeBack')}
        </Link>
      </div>
    </>
  );
}
