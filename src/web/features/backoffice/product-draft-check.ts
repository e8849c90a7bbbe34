import type { TFunction } from 'i18next';
import { draftRefusals, type ProductIdentity } from '../../../shared/loan/draft';
import { newProductSchema, productDraftSchema, type ProductDraft } from '../../../shared/schemas/product';
import { renderCatalogueText } from '../../lib/catalogue-text';
import { draftFields, draftFromValues, type DraftField, type FieldValues } from './draft-fields';

/** The product form's fields: every field of the draft schema (draft-fields.ts) but the fees, carried over. */
export const PRODUCT_FIELDS = draftFields(productDraftSchema, ['fees']);

const FORM = 'backoffice.settings.productForm';

/** What the form's texts are read with: the reader's t() and whether a key is in the catalogue. */
export interface FormTexts {
  readonly t: TFunction;
  readonly exists: (key: string) => boolean;
}

/** The last name of a field (a column of rows: its own). */
const leafOf = (f: DraftField) => f.path.at(-1) ?? f.name;

/**
 * A field's label (backoffice.settings.productForm.fields): inside a group, by the group's name and
 * its own when the catalogue has it ('limitLadder.onTimeDays', 'names.en'), else by its last name.
 */
export function labelOf(f: DraftField, x: FormTexts): string {
  const leaf = leafOf(f);
  const own = `${FORM}.fields.${f.group}.${leaf}`;
  return x.t(f.group && x.exists(own) ? own : `${FORM}.fields.${leaf}`);
}

/** A field's hint, when the catalogue has one (backoffice.settings.productForm.hints, by the field's name). */
export function hintOf(f: DraftField, x: FormTexts): string | undefined {
  const key = `${FORM}.hints.${f.name}`;
  return x.exists(key) ? x.t(key) : undefined;
}

/** A group's title and hint, when the catalogue has them (backoffice.settings.productForm.groups). */
export function groupTexts(group: string, x: FormTexts): { title: string; hint: string | undefined } | null {
  const key = `${FORM}.groups.${group}`;
  if (!x.exists(`${key}.title`)) return null;
  return { title: x.t(`${key}.title`), hint: x.exists(`${key}.hint`) ? x.t(`${key}.hint`) : undefined };
}

/** The words of rows: 'add', 'remove' and 'row' (with its number), the list's own when the catalogue has them. */
export function rowsText(f: DraftField, which: 'add' | 'remove' | 'row', x: FormTexts, number?: number): string {
  const own = `${FORM}.rows.${f.name}.${which}`;
  return x.t(x.exists(own) ? own : `${FORM}.rows.${which}`, number === undefined ? {} : { number });
}

/** A choice's option: backoffice.products.options.<value>, else the value itself. */
export function optionText(option: string, x: FormTexts): string {
  const key = `backoffice.products.options.${option}`;
  return x.exists(key) ? x.t(key) : option;
}

/** What the form reads of a schema's issue (zod's own fields where the schema gives no message of its own). */
export interface DraftIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly code?: string;
  readonly expected?: unknown;
  readonly origin?: unknown;
  readonly minimum?: unknown;
  readonly maximum?: unknown;
}

const ORIGINS = ['number', 'string', 'array'];

/**
 * A schema's message: a catalogue key, rendered in the reader's language; else (zod's own words
 * for a bound or a type the schema gives no message for) the catalogue's words for the issue, with
 * the bound the schema itself states.
 */
function messageText(issue: DraftIssue, x: FormTexts): string {
  if (/^\w+(\.\w+)+$/.test(issue.message) && x.exists(issue.message)) return x.t(issue.message);
  const origin = typeof issue.origin === 'string' && ORIGINS.includes(issue.origin) ? issue.origin : null;
  if (issue.code === 'invalid_type' && issue.expected === 'number') return x.t(`${FORM}.issues.number`);
  if (issue.code === 'too_small' && origin) return x.t(`${FORM}.issues.tooSmall.${origin}`, { minimum: String(issue.minimum) });
  if (issue.code === 'too_big' && origin) return x.t(`${FORM}.issues.tooBig.${origin}`, { maximum: String(issue.maximum) });
  return x.t(`${FORM}.issues.invalid`);
}

/** Where an issue lies, as the reader reads it: the field's label (and a row's number), else its path. */
function whereOf(path: readonly PropertyKey[], x: FormTexts): string {
  const names = path.filter((p) => p !== 'draft').map(String);
  if (names.length === 1 && names[0] === 'code') return x.t('backoffice.products.code');
  const row = names.findIndex((p) => /^\d+$/.test(p));
  const name = names.filter((_, i) => i !== row).join('.');
  for (const f of PRODUCT_FIELDS) {
    if (f.name === name) return labelOf(f, x);
    const column = f.columns.find((c) => `${f.name}.${c.path.join('.')}` === name);
    if (column && row >= 0) return `${labelOf(column, x)} (${rowsText(f, 'row', x, Number(names[row]) + 1)})`;
    if (f.kind === 'rows' && names.slice(0, row >= 0 ? row : undefined).join('.') === f.name) return labelOf(f, x);
  }
  // A group as a whole (a new product's names, left empty): its title, else its first field's label.
  const member = PRODUCT_FIELDS.find((f) => f.group === name);
  if (member) return groupTexts(name, x)?.title ?? labelOf(member, x);
  return names.join('.');
}

/** One refusal of the schema: where, then why, in the reader's language. */
function issueReason(issue: DraftIssue, x: FormTexts): string {
  return `${whereOf(issue.path, x)}: ${messageText(issue, x)}`;
}

export type DraftCheck = { readonly ok: true; readonly draft: ProductDraft } | { readonly ok: false; readonly reasons: readonly string[] };

/**
 * The form's values checked as the server checks them: the route's own schema first (a new
 * product: its code, names and descriptions too), then every cap (draftRefusals), each reason in
 * the reader's language naming its field or its figure.
 */
export function checkProductDraft(
  input: {
    readonly values: FieldValues;
    readonly start: ProductDraft;
    readonly askCode: boolean;
    readonly code: string;
    readonly identity: ProductIdentity;
    readonly nextVersion: number;
    readonly today: string;
  },
  x: FormTexts,
): DraftCheck {
  const raw = draftFromValues(PRODUCT_FIELDS, input.values, input.start);
  const code = input.code.trim();
  const parsed = input.askCode ? newProductSchema.safeParse({ code, draft: raw }) : productDraftSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reasons: parsed.error.issues.map((issue) => issueReason(issue as DraftIssue, x)) };
  const draft = 'draft' in parsed.data ? parsed.data.draft : parsed.data;
  const own: ProductIdentity = input.askCode
    ? { code, names: draft.names ?? input.identity.names, descriptions: draft.descriptions ?? input.identity.descriptions }
    : input.identity;
  const problems = draftRefusals(draft, input.nextVersion, input.today, own);
  if (problems.length > 0) return { ok: false, reasons: problems.map((p) => renderCatalogueText(x.t, p)) };
  return { ok: true, draft };
}
