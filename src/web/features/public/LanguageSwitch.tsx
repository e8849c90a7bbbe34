import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { call, ApiError } from '../../lib/api';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useSession } from '../../lib/queries';
import { toast } from '../../ui/toast';
import { useContext } from 'react';
import { StaticPageContext } from '../../lib/static-page';
import { rememberLanguage } from '../../app/i18n';
import { useDomId } from '../../ui/dom-id';

/**
 * The footer's language switch (English / Filipino). i18next remembers the choice and sets
 * <html lang> (src/web/app/i18n.ts). Each name is marked with its own language for screen readers.
 * A signed-in member's choice is also saved on the server (PUT /api/member/language): their SMS
 * and e-mail are written in it. On a page whose islands were hydrated alone, the choice is stored and
 * the page comes again from the server in that language.
 */
export function LanguageSwitch({ className = '' }: { readonly className?: string }) {
  const { t, i18n } = useTranslation();
  const labelId = useDomId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const session = useSession();
  const queryClient = useQueryClient();
  const staticPage = useContext(StaticPageContext);
  const choose = async (language: Language) => {
    if (staticPage) {
      // The page around this island is the server's (decision 095): the server renders it again in
      // the chosen language (its cookie). Islands are hydrated only for signed-out visitors.
      rememberLanguage(language);
      window.location.reload();
      return;
    }
    await i18n.changeLanguage(language);
    const user = session.data;
    if (!user) return;
    try {
      await call(() => import('../../../shared/api/member').then((m) => m.memberApi.language), { body: { language } });
      // The member's language is now this one on the server too: every page of theirs follows it.
      queryClient.setQueryData(queryKeys.session, { ...user, language });
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : t('errors.NO_SERVER_RESPONSE'));
    }
  };
  return (
    <div role="group" aria-labelledby={labelId} className={`flex flex-wrap items-center gap-2 ${className}`}>
      <span id={labelId} className="text-sm font-semibold">
        {t('public.language.label')}
      </span>
      {LANGUAGES.map((language) => {
        const active = current === language.code;
        return (
          <button
            key={language.code}
            type="button"
            lang={language.code}
            aria-pressed={active}
            onClick={() => void choose(language.code)}
            className={`min-h-11 rounded-md border px-3 py-1 text-sm font-semibold transition-colors ${
              active ? 'border-white bg-white text-brand' : 'border-slate-400 text-white hover:border-white hover:bg-white/10'
            }`}
          >
            {t(`public.language.${language.code}`)}
          </button>
        );
      })}
    </div>
  );
}
