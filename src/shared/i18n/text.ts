/**
 * A catalogue text with its values, kept as data until the reader's language is known: the API
 * answers a refusal built from values (a loan's status, an offer's reasons, a product's broken
 * rules) in the caller's language by rendering it then (src/server/http/language.ts), not by
 * matching the English sentence back to its key. A value is a plain string or number (an amount,
 * a count, a code the reader must type), another catalogue text (a status label) or a list of
 * them; each is rendered in the same language. Imports nothing, so shared code may build one
 * without loading a catalogue (decision 056).
 */
export interface CatalogueText {
  readonly key: string;
  readonly values?: Readonly<Record<string, TextValue>>;
}

/** Catalogue texts rendered one after the other, with `join` between them. */
export interface TextList {
  readonly items: readonly CatalogueText[];
  readonly join: string;
}

/** An instant, shown as a date and time in the Philippines in the reader's language when rendered (philippine-time.ts). */
export interface TextDateTime {
  readonly dateTime: string;
}

export type TextValue = string | number | CatalogueText | TextList | TextDateTime;

/** A catalogue text: `key` is a dotted key of the catalogue ("loans.statusLabel.REPAID"). */
export function text(key: string, values?: Readonly<Record<string, TextValue>>): CatalogueText {
  return values ? { key, values } : { key };
}

/**
 * The dotted keys of a catalogue branch, by name: `catalogueKeys('withdrawals.errors', branch).amount`
 * is 'withdrawals.errors.amount'. A schema names its messages by key with it, never by the English
 * text, so a form renders them with t() and the API in the caller's language (decision 076).
 */
export function catalogueKeys<T extends object>(prefix: string, branch: T): { readonly [K in keyof T & string]: string } {
  return Object.fromEntries(Object.keys(branch).map((name) => [name, `${prefix}.${name}`])) as { readonly [K in keyof T & string]: string };
}

/** An instant as a value of a text: rendered as a Philippine date and time in the reader's language, never as an ISO string. */
export function textDateTime(at: Date): TextDateTime {
  return { dateTime: at.toISOString() };
}

/** Catalogue texts shown as one value, separated by `join`. */
export function textList(items: readonly CatalogueText[], join: string): TextList {
  return { items, join };
}

export function isCatalogueText(value: unknown): value is CatalogueText {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The text in one language: `resolve` gives a key's template in that language (undefined when the
 * catalogue has no such key: the key is shown, as i18next does). Placeholders without a value stay
 * as written. `dateTime` shows an instant (textDateTime) in the reader's language; without it, the ISO string.
 * `defaults` fills a placeholder the text's values leave out (the catalogue values, values.ts).
 */
export function renderText(
  resolve: (key: string) => string | undefined,
  t: CatalogueText,
  dateTime: (iso: string) => string = (iso) => iso,
  defaults: Readonly<Record<string, string | number>> = {},
): string {
  const template = resolve(t.key) ?? t.key;
  const values = t.values ?? {};
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name] ?? defaults[name];
    if (value === undefined) return whole;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    if (isCatalogueText(value)) return renderText(resolve, value, dateTime, defaults);
    if ('dateTime' in value) return dateTime(value.dateTime);
    return value.items.map((item) => renderText(resolve, item, dateTime, defaults)).join(value.join);
  });
}
