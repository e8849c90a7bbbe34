import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { call, ApiError } from '../../lib/api';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useSession } from '../../lib/queries';
import { toast } from '../../ui/toast';

/**
 * The footer's language switch (English / Filipino). i18next remembers the choice and sets
 * <html lang> (src/web/app/i18n.ts). Each name is marked with its own language for screen readers.
 * A signed-in member's choice is also saved on the server (PUT /api/member/language): their SMS
 * and e-mail are written in it.
 */
export function LanguageSwitch({ className = '' }: { readonly className?: string }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
  const session = useSession();
  const queryClient = useQueryClient();
  const choose = async (language: Language) => {
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
