// eslint-disable-next-line no-restricted-imports -- the static renderer for unit tests (preact/compat/server by alias, decision 034), not src/server
import { renderToStaticMarkup } from 'react-dom/server';
import type { ReactElement } from 'react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { en } from '../../shared/i18n/en';
import { fil } from '../../shared/i18n/fil';

/**
 * For unit tests only (nothing in the app imports it): `element` rendered to HTML with the full
 * catalogues, in `lng`, as the app's i18n would.
 */
export async function renderIn(element: ReactElement, lng: 'en' | 'fil' = 'en'): Promise<string> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, fil: { translation: fil } },
    lng,
    fallbackLng: 'en',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

/** The text a person reads in rendered HTML: tags dropped, &amp; and &#x27; decoded, whitespace collapsed. */
export function readableText(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
}
