import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { enUpfront } from '../../shared/i18n/en/upfront';
import { CODE_TEXT_VARIABLES } from '../lib/code-text';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/i18n/languages';

const STORAGE_KEY = 'tapat.language';

/** The chosen language is a preference, not a secret: it may live in local storage. */
function initialLanguage(): Language {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (LANGUAGES.some((l) => l.code === saved)) return saved as Language;
  } catch {
    // storage unavailable (private mode): the default applies
  }
  return DEFAULT_LANGUAGE;
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

void i18next
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
  });

i18next.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  try {
    localStorage.setItem(STORAGE_KEY, lng);
  } catch {
    // the choice still applies for this visit
  }
});
document.documentElement.lang = i18next.language;

export default i18next;
