import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../lib/queries';
import { ContactForm } from '../features/public';
import { QueryState } from '../features/public';
import { useLegalDialog } from '../features/public';
import { safeHref } from '../../shared/company/links';

const CARD = 'flex flex-col gap-3 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200';

/**
 * Contact Us (specification section 2): the header, ACCOUNT RECOVERY (to the real password reset),
 * the contact form, office hours, and START LIVE CHAT opening the configured support channel
 * (hidden when none is configured: the support e-mail shows instead).
 */
export default function ContactPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const legal = useLegalDialog();
  const company = config.data?.company;
  // Rendered only when https (chat) or an e-mail address (mailto): shared/company/links.ts.
  const chatUrl = safeHref(company?.supportChatUrl);
  const supportMail = safeHref(company?.supportEmail, ['mailto']);

  return (
    <>
      <title>{`${t('public.contact.title')} | ${t('common.appName')}`}</title>
      <div className="bg-brand text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <p className="text-sm font-bold tracking-widest text-red-200 uppercase">{t('public.contact.title')}</p>
          <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{t('public.contact.header')}</h1>
          <p className="mt-3 max-w-2xl text-base text-slate-100 sm:text-lg">{t('public.contact.lead')}</p>
        </div>
      </div>

      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
        <section aria-labelledby="recovery-heading" className={`${CARD} sm:flex-row sm:items-center sm:justify-between`}>
          <div>
            <h2 id="recovery-heading" className="text-lg font-bold text-brand">
              {t('public.contact.recovery.heading')}
            </h2>
            <p className="text-sm text-ink">{t('public.contact.recovery.body')}</p>
          </div>
          <Link
            to="/recover"
            className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-md border-2 border-brand px-5 text-sm font-bold tracking-wide text-brand uppercase hover:bg-brand-light"
          >
            {t('public.contact.recovery.button')}
          </Link>
        </section>

        {company ? (
          <div className="grid items-start gap-6 md:grid-cols-[3fr_2fr]">
            <div className={`${CARD} p-5 sm:p-6`}>
              <ContactForm companyName={company.companyName} onOpenLegal={legal.open} />
            </div>
            <div className="flex flex-col gap-6">
              <section aria-labelledby="hours-heading" className={CARD}>
                <h2 id="hours-heading" className="text-lg font-bold text-brand">
                  {t('public.contact.hours.heading')}
                </h2>
                <p className="text-base font-semibold text-ink">{company.officeHours}</p>
              </section>
              {chatUrl ? (
                <section aria-labelledby="chat-heading" className={CARD}>
                  <h2 id="chat-heading" className="text-lg font-bold text-brand">
                    {t('public.contact.chat.heading')}
                  </h2>
                  <p className="text-sm text-ink">{t('public.contact.chat.body')}</p>
                  <a
                    href={chatUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 flex-wrap items-center justify-center gap-x-1 rounded-md bg-accent px-5 py-2 text-sm font-bold tracking-wide text-white hover:bg-accent-dark"
                  >
                    <span className="uppercase">{t('public.contact.chat.start')}</span>
                    <span className="text-xs font-normal">{t('public.newTab')}</span>
                  </a>
                </section>
              ) : null}
              <section aria-labelledby="email-heading" className={CARD}>
                <h2 id="email-heading" className="text-lg font-bold text-brand">
                  {t('public.contact.email.heading')}
                </h2>
                <p className="text-sm text-ink">
                  {`${t('public.contact.email.body')} `}
                  <a href={supportMail ?? undefined} className="font-semibold break-words text-brand underline underline-offset-4 hover:no-underline">
                    {company.supportEmail}
                  </a>
                </p>
              </section>
            </div>
          </div>
        ) : (
          <QueryState isPending={config.isPending} error={config.error} onRetry={() => void config.refetch()} />
        )}
      </div>
      {legal.dialog}
    </>
  );
}
