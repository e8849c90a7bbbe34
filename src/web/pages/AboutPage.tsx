import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../lib/queries';
import { QueryState } from '../features/public';
import { formatIsoDate } from '../lib/format';
import { safeHref } from '../../shared/company/links';

/**
 * About Us (specification section 2): the headline, the established date and the employee count
 * from the company profile, the About Us text with our illustration, and where to verify the
 * registration (DECISIONS.md invariant 8).
 */
export default function AboutPage() {
  const { t, i18n } = useTranslation();
  const config = usePublicConfig();
  const company = config.data?.company;
  // Rendered only when it is an https address (the server refuses others too; shared/company/links.ts).
  const verifyUrl = safeHref(company?.verifyRegistrationUrl);
  const appName = t('common.appName');

  return (
    <>
      <title>{`${t('public.about.title')} | ${appName}`}</title>
      <div className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <p className="text-sm font-bold tracking-widest text-red-200 uppercase">{t('public.about.title')}</p>
          <h1 className="mt-2 max-w-3xl text-3xl leading-tight font-extrabold sm:text-4xl">{t('public.about.headline')}</h1>
          {company && (
            <ul aria-label={t('public.about.factsLabel')} className="mt-6 flex flex-wrap gap-3 text-sm font-semibold">
              <li className="rounded-full bg-white/10 px-4 py-2">
                {t('public.about.established', { date: formatIsoDate(company.dateRegistered, i18n.language) })}
              </li>
              <li className="rounded-full bg-white/10 px-4 py-2">{t('public.about.employees', { employees: company.employees })}</li>
            </ul>
          )}
        </div>
      </div>

      <div className="mx-auto max-w-6xl px-4 py-10">
        {company ? (
          <div className="grid items-start gap-8 md:grid-cols-2">
            <section aria-labelledby="about-heading" className="flex flex-col gap-4 text-base leading-relaxed text-ink">
              <h2 id="about-heading" className="text-2xl font-bold text-brand">
                {t('public.about.heading')}
              </h2>
              <p>{t('public.about.body1', { companyName: company.companyName, appName })}</p>
              <p>{t('public.about.body2')}</p>
              <p>{t('public.about.body3', { address: company.address })}</p>
            </section>
            <img
              src="/images/about-team.svg"
              alt={t('public.about.photoAlt')}
              width={560}
              height={420}
              className="h-auto w-full rounded-2xl shadow-md ring-1 ring-slate-200"
              decoding="async"
            />
            <section
              aria-labelledby="registration-heading"
              className="flex flex-col gap-3 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 md:col-span-2"
            >
              <h2 id="registration-heading" className="text-xl font-bold text-brand">
                {t('public.about.registrationHeading')}
              </h2>
              <p className="text-sm text-ink">{company.companyName}</p>
              <ul className="flex flex-col gap-1 text-sm text-ink">
                <li>{t('public.footer.secRegistration', { number: company.secRegistrationNumber })}</li>
                <li>{t('public.footer.certificateOfAuthority', { number: company.certificateOfAuthorityNumber })}</li>
              </ul>
              <p className="text-sm text-ink">{t('public.about.verifyLead')}</p>
              {verifyUrl && (
                <p>
                  <a
                    href={verifyUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 flex-wrap items-center gap-x-1 font-semibold text-brand underline underline-offset-4 hover:no-underline"
                  >
                    {t('public.about.verify')}
                    <span className="text-sm font-normal">{t('public.newTab')}</span>
                  </a>
                </p>
              )}
            </section>
          </div>
        ) : (
          <QueryState isPending={config.isPending} error={config.error} onRetry={() => void config.refetch()} />
        )}
      </div>
    </>
  );
}
