import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LineIcon } from '../ui/LineIcon';

const STEP_ICONS: readonly ReactNode[] = [
  <path key="1" d="M8 3h8a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM11 18h2M9 9l2 2 4-4" />,
  <path key="2" d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6zM9 12l2 2 4-4" />,
  <path key="3" d="M3 7h18v12H3zM3 11h18M7 15h4M16 3l-4 4-4-4" />,
];

/** How It Works: the three steps of specification section 2, told as they really happen. */
export default function HowItWorksPage() {
  const { t } = useTranslation();
  const promises = ['upfront', 'withdrawal', 'contacts', 'secrets'] as const;
  return (
    <>
      <title>{`${t('public.hiw.title')} | ${t('common.appName')}`}</title>
      <div className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <h1 className="text-3xl font-extrabold sm:text-4xl">{t('public.hiw.title')}</h1>
          <p className="mt-3 max-w-2xl text-base text-slate-100 sm:text-lg">{t('public.hiw.lead')}</p>
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-10">
        <ol className="grid gap-6 md:grid-cols-3">
          {[1, 2, 3].map((n) => (
            <li key={n} className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-md ring-1 ring-slate-200">
              <div className="flex items-center gap-3">
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand text-white">
                  <LineIcon>{STEP_ICONS[n - 1]}</LineIcon>
                </span>
                <p className="text-sm font-bold tracking-wide text-accent uppercase">{t('public.hiw.stepLabel', { n })}</p>
              </div>
              <h2 className="text-xl font-bold text-brand">{t(`public.hiw.step${n}.title`)}</h2>
              {n === 3 ? (
                <ul className="flex list-disc flex-col gap-2 pl-5 text-sm leading-relaxed text-ink">
                  <li>{t('public.hiw.step3.apply')}</li>
                  <li>{t('public.hiw.step3.disclosure')}</li>
                  <li>{t('public.hiw.step3.receive')}</li>
                </ul>
              ) : (
                <p className="text-sm leading-relaxed text-ink">{t(`public.hiw.step${n}.body`)}</p>
              )}
            </li>
          ))}
        </ol>

        <section aria-labelledby="promise-heading" className="mt-10 rounded-2xl border-l-4 border-accent bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="promise-heading" className="text-xl font-bold text-brand">
            {t('public.hiw.promise.heading')}
          </h2>
          <ul className="mt-3 grid gap-2 text-sm text-ink sm:grid-cols-2">
            {promises.map((promise) => (
              <li key={promise} className="flex items-start gap-2">
                <svg
                  viewBox="0 0 24 24"
                  className="mt-0.5 h-4 w-4 shrink-0 text-accent"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="3"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
                </svg>
                {t(`public.hiw.promise.${promise}`)}
              </li>
            ))}
          </ul>
        </section>

        <div className="mt-10 flex flex-col gap-3 sm:flex-row">
          <Link
            to="/register"
            className="inline-flex min-h-12 items-center justify-center rounded-md bg-accent px-6 font-bold tracking-wide text-white uppercase hover:bg-accent-dark"
          >
            {t('public.hiw.register')}
          </Link>
          <Link
            to="/"
            className="inline-flex min-h-12 items-center justify-center rounded-md border-2 border-brand px-6 font-bold tracking-wide text-brand uppercase hover:bg-brand-light"
          >
            {t('public.hiw.calculator')}
          </Link>
        </div>
      </div>
    </>
  );
}
