import { en } from './en';
import { fil } from './fil';
import type { Language } from './languages';
import { philippineDateTime } from './philippine-time';
import { renderText, type CatalogueText } from './text';
import { CATALOGUE_VALUES } from './values';

type Tree = { readonly [key: string]: string | Tree };

const CATALOGUES: Record<Language, Tree> = { en: en as unknown as Tree, fil: fil as unknown as Tree };

function resolve(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** Fills {{name}} placeholders; a placeholder without a value stays as written. */
export function interpolate(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (values[name] === undefined ? whole : String(values[name])));
}

/**
 * Resolves a dotted key ("validation.phone") in the English catalogue, with its {{placeholders}}
 * filled from values; unknown keys come back as given.
 */
export function translateEn(key: string, values?: Readonly<Record<string, string | number>>): string {
  return translate('en', key, values);
}

/** Resolves a dotted key in the given language's catalogue (English when the key is missing there). */
export function translate(language: Language, key: string, values?: Readonly<Record<string, string | number>>): string {
  const text = resolve(CATALOGUES[language], key) ?? resolve(CATALOGUES.en, key);
  if (text === undefined) return key;
  return interpolate(text, values ? { ...CATALOGUE_VALUES, ...values } : CATALOGUE_VALUES);
}

/** A catalogue text with its values (text.ts) in the given language: each value that is itself a catalogue text, such as a status label, in that language too. */
export function renderIn(language: Language, t: CatalogueText): string {
  return renderText(
    (key) => resolve(CATALOGUES[language], key) ?? resolve(CATALOGUES.en, key),
    t,
    (iso) => philippineDateTime(iso, language),
    CATALOGUE_VALUES,
  );
}

/** Whether `key` is a dotted key of a text in the English catalogue ("validation.required"). */
export function isCatalogueKey(key: string): boolean {
  return resolve(CATALOGUES.en, key) !== undefined;
}
