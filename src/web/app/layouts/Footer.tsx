import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../lib/queries';
import { LanguageSwitch } from '../../features/public';
import { useLegalDialog } from '../../features/public';
import { QueryState } from '../../features/public';
import { safeHref } from '../../../shared/company/links';

const PAGES = [
  { to: '/', key: 'home' },
  { to: '/hiw', key: 'hiw' },
  { to: '/about', key: 'about' },
  { to: '/contact', key: 'contact' },
] as const;

const LINK = 'inline-flex min-h-11 items-center text-left underline underline-offset-4 hover:text-white hover:no-underline sm:min-h-9';

/**
 * The footer on every page: the corporate name, SEC registration and Certificate of Authority
 * numbers from the company profile and the advisory to read the Disclosure Statement (SEC MC 19
 * s.2019, DECISIONS.md invariant 8), the DEMO mark, the Terms and Privacy dialogs, the language switch.
 * Links to pages that do not exist (FAQ, careers, blog, bug bounty) are left out.
 */
export function Footer() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const legal = useLegalDialog();
  const company = config.data?.company;
  // Only https links are rendered, whatever the profile holds (the server refuses others too).
  const social = company
    ? (['facebook', 'instagram', 'tiktok'] as const).flatMap((network) => {
        const url = safeHref(company.social[network]);
        return url ? [{ network, url }] : [];
      })
    : [];
  const verifyUrl = safeHref(company?.verifyRegistrationUrl);
  const supportMail = safeHref(company?.supportEmail, ['mailto']);

  return (
    <footer className="bg-brand-dark text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[2fr_1fr_1fr]">
        <section aria-label={t('public.footer.label')} className="flex flex-col gap-1.5 text-sm">
          {company ? (
            <>
              <h2 className="flex flex-wrap items-center gap-2 text-base font-bold text-white">
                {company.companyName}
                {company.demo && !namesDemo(company.companyName) && (
                  <span className="rounded bg-amber-300 px-1.5 py-0.5 text-xs font-bold tracking-wide text-amber-950">{t('common.demoBadge')}</span>
                )}
              </h2>
              <p>{t('public.footer.secRegistration', { number: company.secRegistrationNumber })}</p>
              <p>{t('public.footer.certificateOfAuthority', { number: company.certificateOfAuthorityNumber })}</p>
              <p>{company.address}</p>
              {/* Text beside an element is one string: preact-render-to-string writes adjacent texts as one
                  node, which hydration would split again (tests/e2e/hydration.spec.ts). */}
              <p>
                {supportMail ? (
                  <>
                    {`${t('public.footer.support')} `}
                    <a href={supportMail} className="underline underline-offset-4 hover:text-white hover:no-underline">
                      {company.supportEmail}
                    </a>
                  </>
                ) : (
                  `${t('public.footer.support')} ${company.supportEmail}`
                )}
              </p>
              {company.demo && <p className="mt-2 rounded-md border border-amber-300/60 px-3 py-2 text-amber-100">{t('public.footer.demoNotice')}</p>}
            </>
          ) : config.error ? (
            <QueryState isPending={false} error={config.error} onRetry={() => void config.refetch()} errorText={t('public.footer.loadError')} compact />
          ) : (
            <p role="status" className="font-semibold text-slate-300">
              {t('public.config.loading')}
            </p>
          )}
        </section>

        <nav aria-label={t('public.footer.pagesHeading')} className="text-sm">
          <h2 className="mb-2 text-base font-bold text-white">{t('public.footer.pagesHeading')}</h2>
          <ul className="flex flex-col">
            {PAGES.map((page) => (
              <li key={page.to}>
                <Link to={page.to} className={LINK}>
                  {t(`public.nav.${page.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex flex-col gap-6 text-sm">
          <div>
            <h2 className="mb-2 text-base font-bold text-white">{t('public.footer.legalHeading')}</h2>
            <ul className="flex flex-col">
              <li>
                <button type="button" className={LINK} onClick={() => legal.open('terms')}>
                  {t('public.footer.terms')}
                </button>
              </li>
              <li>
                <button type="button" className={LINK} onClick={() => legal.open('privacy')}>
                  {t('public.footer.privacy')}
                </button>
              </li>
              {verifyUrl && (
                <li>
                  <a href={verifyUrl} target="_blank" rel="noopener noreferrer" className={LINK}>
                    {`${t('public.footer.verify')} `}
                    <span className="ml-1 text-xs">{t('public.newTab')}</span>
                  </a>
                </li>
              )}
            </ul>
          </div>
          {social.length > 0 && (
            <div>
              <h2 className="mb-2 text-base font-bold text-white">{t('public.footer.followHeading')}</h2>
              <ul className="flex flex-col">
                {social.map(({ network, url }) => (
                  <li key={network}>
                    <a href={url} target="_blank" rel="noopener noreferrer" className={LINK}>
                      {t(`public.footer.${network}`)} <span className="ml-1 text-xs">{t('public.newTab')}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <LanguageSwitch />
        </div>
      </div>

      <div className="border-t border-white/15">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-sm">
          <p className="rounded-md border-l-4 border-accent bg-white/5 px-3 py-2 font-medium text-white">{t('public.footer.advisory')}</p>
          {company && <p className="text-slate-300">{t('public.footer.copyright', { year: new Date().getFullYear(), companyName: company.companyName })}</p>}
        </div>
      </div>
      {legal.dialog}
    </footer>
  );
}

/** The company's name already carries the DEMO mark (the embedded demo profile's does): the badge would say it twice. */
function namesDemo(name: string): boolean {
  return /\bDEMO\b/.test(name);
}
