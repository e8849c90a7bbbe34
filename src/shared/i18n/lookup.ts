import { en } from './en';
import { fil } from './fil';
import type { Language } from './languages';
import { philippineDateTime } from './philippine-time';
import { renderText, type CatalogueText } from './text';

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
  return values ? interpolate(text, values) : text;
}

/** A catalogue text with its values (text.ts) in the given language: each value that is itself a catalogue text, such as a status label, in that language too. */
export function renderIn(language: Language, t: CatalogueText): string {
  return renderText(
    (key) => resolve(CATALOGUES[language], key) ?? resolve(CATALOGUES.en, key),
    t,
    (iso) => philippineDateTime(iso, language),
  );
}

interface Template {
  readonly key: string;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

interface ReverseIndex {
  readonly exact: ReadonlyMap<string, string>;
  readonly templates: readonly Template[];
}

let reverse: ReverseIndex | null = null;

function leaves(node: string | Tree, prefix: string, out: [string, string][]): [string, string][] {
  if (typeof node === 'string') out.push([prefix, node]);
  else for (const [key, child] of Object.entries(node)) leaves(child, prefix ? `${prefix}.${key}` : key, out);
  return out;
}

/** Keys of the messages the API answers: refusals and field messages, the only ones matched with values. */
function isAnswerKey(key: string): boolean {
  return /^(errors|validation)\./.test(key) || /\.(errors|validation|documents)\./.test(key);
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** English text → key, built once: answer keys first, so they win over a label with the same words. */
function reverseIndex(): ReverseIndex {
  if (reverse) return reverse;
  const all = leaves(CATALOGUES.en, '', []);
  const ordered = [...all.filter(([key]) => isAnswerKey(key)), ...all.filter(([key]) => !isAnswerKey(key))];
  const exact = new Map<string, string>();
  const templates: Template[] = [];
  for (const [key, text] of ordered) {
    if (text.trim() === '') continue;
    const names = [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
    if (names.length === 0) {
      if (!exact.has(text)) exact.set(text, key);
    } else if (isAnswerKey(key)) {
      const source = text
        .split(PLACEHOLDER)
        .map((part, i) => (i % 2 === 0 ? escapeRegExp(part) : '(.+?)'))
        .join('');
      templates.push({ key, pattern: new RegExp(`^${source}$`, 's'), names });
    }
  }
  reverse = { exact, templates };
  return reverse;
}

/**
 * An English text the server wrote (a catalogue message, possibly with its placeholders filled) in
 * the given language. A text that is not a catalogue message comes back unchanged, as does every
 * text when the language is English.
 */
export function localizeText(language: Language, text: string): string {
  if (language === 'en') return text;
  const index = reverseIndex();
  const key = index.exact.get(text);
  if (key) return translate(language, key);
  for (const template of index.templates) {
    const match = template.pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    template.names.forEach((name, i) => {
      values[name] = match[i + 1] ?? '';
    });
    return translate(language, template.key, values);
  }
  return text;
}
