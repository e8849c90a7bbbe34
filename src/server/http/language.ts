import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/i18n/languages';
import { renderIn } from '../../shared/i18n/lookup';
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

/**
 * A field message: a catalogue text, or (only for a schema library's own words on a request no form
 * sends, errors.ts fieldsFromIssues) a string that goes out as written.
 */
export type FieldText = CatalogueText | string;

/** An error's message and field messages as catalogue texts with values (AppError.texts). */
export interface ErrorTexts {
  readonly message: CatalogueText;
  readonly fields?: Readonly<Record<string, FieldText>>;
}

/**
 * An error answer in the caller's language: the message and each field message rendered from its
 * key and values in that language (English for an English reader, the same words AppError.message
 * holds), the code unchanged. Nothing is ever matched back from English (decision 076).
 */
export function localize(request: FastifyRequest, code: string, texts: ErrorTexts): ErrorAnswer {
  const language = languageOf(request.headers['accept-language']);
  const render = (t: FieldText) => (typeof t === 'string' ? t : renderIn(language, t));
  const message = render(texts.message);
  if (!texts.fields) return { code, message };
  return { code, message, fields: Object.fromEntries(Object.entries(texts.fields).map(([name, t]) => [name, render(t)])) };
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
