import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../shared/i18n/languages';

/**
 * The footer's language switch (English / Filipino). i18next remembers the choice and sets
 * <html lang> (src/web/app/i18n.ts). Each name is marked with its own language for screen readers.
 */
export function LanguageSwitch({ className = '' }: { readonly className?: string }) {
  const { t, i18n } = useTranslation();
  const labelId = useId();
  const current = i18n.resolvedLanguage ?? i18n.language;
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
            onClick={() => void i18n.changeLanguage(language.code)}
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
