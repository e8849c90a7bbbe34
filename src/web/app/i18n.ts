import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUpfront } from '../../shared/i18n/en/upfront';
import { CODE_TEXT_VARIABLES } from '../lib/code-text';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/i18n/languages';

const STORAGE_KEY = 'tapat.language';
/** The cookie the server renders the public pages in (src/server/http/language.ts, LANGUAGE_COOKIE). */
const COOKIE = 'tapat.language';
const inBrowser = typeof document !== 'undefined';

const isLanguage = (value: unknown): value is Language => LANGUAGES.some((l) => l.code === value);

/** The chosen language is a preference, not a secret: it lives in local storage and in a cookie. */
function storedLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // storage unavailable (private mode): the cookie or the default applies
  }
  const cookie = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  return isLanguage(cookie) ? cookie : DEFAULT_LANGUAGE;
}

/**
 * The language of the first render: the one the server rendered the page in when it did (the
 * hydrated markup must be the same; src/web/main.tsx switches to the stored choice afterwards if it
 * differs), else the stored choice.
 */
/** The stored choice, read before i18next starts (its first languageChanged stores the rendered language). */
export const chosenLanguage: Language = inBrowser ? storedLanguage() : DEFAULT_LANGUAGE;

function initialLanguage(): Language {
  const rendered = inBrowser ? document.getElementById('root')?.dataset.ssrLang : undefined;
  return isLanguage(rendered) ? rendered : chosenLanguage;
}

/** Stores the choice where the next page (the server's too, by the cookie) finds it. */
export function rememberLanguage(language: string): void {
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // the choice still applies for this visit
  }
  // A year; the server renders the public pages in it (decision 031).
  document.cookie = `${COOKIE}=${encodeURIComponent(language)}; path=/; max-age=31536000; samesite=lax`;
}

/**
 * The public part of English is in the first download; the signed-in pages' texts load with the
 * first of those pages (loadMemberTexts, awaited by the router), Filipino loads the same two parts
 * when chosen, and the Terms and Privacy texts load with their dialog (loadLegalTexts), to keep the landing page
 * light.
 */
const legal: Partial<Record<Language, ResourceKey>> = {};
let legalLoaded = false;

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language !== 'fil') {
      callback(null, {});
      return;
    }
    // The signed-in pages' Filipino texts come along once such a page has been opened.
    Promise.all([import('../../shared/i18n/fil/upfront'), memberTexts ? import('../../shared/i18n/fil/member-area') : null])
      .then(([{ filUpfront }, memberArea]) =>
        callback(null, { ...filUpfront, ...(memberArea ? memberArea.filMemberArea : {}), ...(legal.fil ? { legal: legal.fil } : {}) }),
      )
      .catch((error: Error) => callback(error, null));
  },
};

let memberTexts: Promise<void> | null = null;

/**
 * Loads the texts of the signed-in pages (the router awaits it before such a page renders): English,
 * and Filipino too when Filipino is in use.
 */
export function loadMemberTexts(): Promise<void> {
  memberTexts ??= Promise.all([
    import('../../shared/i18n/en/member-area'),
    i18next.language === 'fil' || i18next.hasResourceBundle('fil', 'translation') ? import('../../shared/i18n/fil/member-area') : null,
  ])
    .then(([{ enMemberArea }, filPart]) => {
      i18next.addResourceBundle('en', 'translation', enMemberArea, true, true);
      if (filPart) i18next.addResourceBundle('fil', 'translation', filPart.filMemberArea, true, true);
    })
    .catch((error: unknown) => {
      memberTexts = null;
      throw error;
    });
  return memberTexts;
}

/** Loads the Terms and Privacy texts into every language (called before the legal dialog renders). */
export async function loadLegalTexts(): Promise<void> {
  if (legalLoaded) return;
  const [{ legal: enLegal }, { legal: filLegal }] = await Promise.all([import('../../shared/i18n/en/legal'), import('../../shared/i18n/fil/legal')]);
  legal.en = enLegal;
  legal.fil = filLegal;
  legalLoaded = true;
  i18next.addResourceBundle('en', 'translation', { legal: enLegal }, true, true);
  if (i18next.hasResourceBundle('fil', 'translation')) i18next.addResourceBundle('fil', 'translation', { legal: filLegal }, true, true);
}

/** Resolves once the first language's texts are loaded (Filipino is a separate download): hydration waits for it. */
export const i18nReady = i18next
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: enUpfront } },
    partialBundledLanguages: true,
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: LANGUAGES.map((l) => l.code),
    interpolation: { escapeValue: false, defaultVariables: { ...CODE_TEXT_VARIABLES } },
    returnNull: false,
    react: { useSuspense: false },
    showSupportNotice: false,
  });

if (inBrowser) {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
    rememberLanguage(lng);
  });
  document.documentElement.lang = i18next.language;
  // A choice stored before the cookie existed reaches the server from now on.
  if (!document.cookie.split('; ').some((part) => part.startsWith(`${COOKIE}=`))) rememberLanguage(chosenLanguage);
}
