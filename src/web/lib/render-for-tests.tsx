import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { createInstance, type i18n } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { en } from '../../shared/i18n/en';
import { fil } from '../../shared/i18n/fil';
import { CATALOGUE_VALUES } from '../../shared/i18n/values';

/**
 * For unit tests only (nothing in the app imports it): a renderer of elements to HTML with the full
 * catalogues, in `lng`, as the app's i18n would (one i18n instance, set up once: call it in beforeAll).
 */
export async function rendererIn(lng: 'en' | 'fil' = 'en'): Promise<(element: ReactElement) => string> {
  const i18n = await i18nIn(lng);
  return (element) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

/** An i18n instance with the full catalogues and the catalogue values, in `lng`, as the app's. */
export async function i18nIn(lng: 'en' | 'fil' = 'en'): Promise<i18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    resources: { en: { translation: en }, fil: { translation: fil } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false, defaultVariables: { ...CATALOGUE_VALUES } },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return instance;
}

/** `element` rendered to HTML in `lng` (rendererIn for one element). */
export async function renderIn(element: ReactElement, lng: 'en' | 'fil' = 'en'): Promise<string> {
  return (await rendererIn(lng))(element);
}

/** The text a person reads in rendered HTML: tags dropped, &amp; and &#x27; decoded, whitespace collapsed. */
export function readableText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}
