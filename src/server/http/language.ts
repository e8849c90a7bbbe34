import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { localizeText, renderIn } from '../../shared/i18n/lookup';
import type { CatalogueText } from '../../shared/i18n/text';

/** Language subtags the API answers in: Filipino (and its older code Tagalog), and English. */
const SUPPORTED: Readonly<Record<string, Language>> = { fil: 'fil', tl: 'fil', en: 'en' };

/**
 * The caller's language from Accept-Language ("fil", "fil-PH, en;q=0.5", "tl"): the supported
 * language with the highest weight; English when none is supported. The web client sends the
 * member's chosen language on every request.
 */
export function languageOf(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((entry, order) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: SUPPORTED[tag.trim().toLowerCase().split('-')[0] ?? ''], weight: q === undefined ? 1 : Number(q), order };
    })
    .filter((r): r is { language: Language; weight: number; order: number } => r.language !== undefined && r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return ranked[0]?.language ?? DEFAULT_LANGUAGE;
}

export interface ErrorAnswer {
  code: string;
  message: string;
  fields?: Record<string, string>;
}

/** The message and field messages of an error that were given as catalogue texts with values (AppError.texts). */
export interface ErrorTexts {
  readonly message?: CatalogueText;
  readonly fields?: Readonly<Record<string, CatalogueText>>;
}

/**
 * An error answer in the caller's language: the message and each field message translated, the
 * code unchanged. A text given with its values (`texts`) is rendered in that language, its values
 * too; an English text is found in the catalogue.
 */
export function localize(request: FastifyRequest, error: ErrorAnswer, texts?: ErrorTexts): ErrorAnswer {
  const language = languageOf(request.headers['accept-language']);
  if (language === 'en') return error;
  const message = texts?.message ? renderIn(language, texts.message) : localizeText(language, error.message);
  if (!error.fields) return { code: error.code, message };
  const field = (name: string, english: string) => {
    const t = texts?.fields?.[name];
    return t ? renderIn(language, t) : localizeText(language, english);
  };
  return { code: error.code, message, fields: Object.fromEntries(Object.entries(error.fields).map(([name, english]) => [name, field(name, english)])) };
}

/**
 * The cookie in which the web app keeps the chosen language beside local storage
 * (src/web/app/i18n.ts), so the server renders a public page in it (decision 031). A preference,
 * not a secret.
 */
export const LANGUAGE_COOKIE = 'tapat.language';

/** The language a public page is rendered in: the cookie's when it names one, else the default. */
export function shellLanguage(cookie: string | undefined): Language {
  return cookie === 'fil' || cookie === 'en' ? cookie : DEFAULT_LANGUAGE;
}
