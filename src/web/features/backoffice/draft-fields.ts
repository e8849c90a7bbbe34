import type { z } from 'zod';

/**
 * The fields of the ADMIN's product form, read from the draft schema itself (productDraftSchema,
 * src/shared/schemas/product.ts), so that a field added to the schema is a field of the form with
 * no code here: a text, a whole number, a choice (an enum), a list of whole numbers ("6, 12, 24"),
 * or a record of whole numbers by key ("6: 12, 12: 12"), at any depth of nested objects. A list of
 * objects (the fees) is not a field: the form carries it over from the version it starts from.
 */

export type FieldKind = 'text' | 'int' | 'choice' | 'intList' | 'intRecord';

export interface DraftField {
  /** Where in the draft: ['penalties', 'graceDays']. */
  readonly path: readonly string[];
  /** The form's name for it: 'penalties.graceDays'. */
  readonly name: string;
  readonly kind: FieldKind;
  /** A choice's options (the enum's values). */
  readonly options: readonly string[];
  /** May be left empty (the draft then omits it). */
  readonly optional: boolean;
}

interface Def {
  readonly type: string;
  readonly innerType?: { _zod: { def: Def } };
  readonly element?: { _zod: { def: Def } };
  readonly valueType?: { _zod: { def: Def } };
  readonly shape?: Record<string, { _zod: { def: Def } }>;
  readonly entries?: Record<string, string>;
  readonly in?: { _zod: { def: Def } };
}

const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** Unwraps optional, nullable, default and pipe wrappers; says whether one of them makes the field optional. */
function unwrap(def: Def): { def: Def; optional: boolean } {
  let optional = false;
  let d = def;
  for (;;) {
    if ((d.type === 'optional' || d.type === 'nullable' || d.type === 'default') && d.innerType) {
      optional = optional || d.type !== 'default';
      d = d.innerType._zod.def;
    } else if (d.type === 'pipe' && d.in) d = d.in._zod.def;
    else return { def: d, optional };
  }
}

/** The shape of an object schema (zod 4 keeps it as a getter on the def). */
function shapeOf(def: Def): Record<string, unknown> {
  return (def.shape ?? {}) as Record<string, unknown>;
}

function walk(def: Def, path: string[], optional: boolean, out: DraftField[]): void {
  const u = unwrap(def);
  const d = u.def;
  const opt = optional || u.optional;
  const field = (kind: FieldKind, options: readonly string[] = []): void => void out.push({ path, name: path.join('.'), kind, options, optional: opt });
  switch (d.type) {
    case 'object':
      for (const [key, child] of Object.entries(shapeOf(d))) walk(defOf(child), [...path, key], opt, out);
      return;
    case 'string':
      return field('text');
    case 'number':
    case 'int':
      return field('int');
    case 'enum':
      return field('choice', Object.values(d.entries ?? {}));
    case 'array':
      if (d.element && unwrap(d.element._zod.def).def.type === 'number') field('intList');
      return; // a list of objects (fees) is carried over, not a field
    case 'record':
      if (d.valueType && unwrap(d.valueType._zod.def).def.type === 'number') field('intRecord');
      return;
    default:
      return;
  }
}

/** The form's fields of an object schema, in the schema's order. */
export function draftFields(schema: z.ZodObject): DraftField[] {
  const out: DraftField[] = [];
  walk(defOf(schema), [], false, out);
  return out;
}

/** The form's text values, by field name. */
export type FieldValues = Record<string, string>;

function getAt(source: unknown, path: readonly string[]): unknown {
  let v: unknown = source;
  for (const key of path) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

function setAt(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let node = target;
  for (const key of path.slice(0, -1)) {
    const next = node[key];
    node[key] = next !== null && typeof next === 'object' ? { ...(next as Record<string, unknown>) } : {};
    node = node[key] as Record<string, unknown>;
  }
  const last = path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

/** A draft's values as the form shows them. */
export function valuesOf(fields: readonly DraftField[], draft: unknown): FieldValues {
  const values: FieldValues = {};
  for (const f of fields) {
    const v = getAt(draft, f.path);
    if (v === undefined || v === null) values[f.name] = '';
    else if (f.kind === 'intList') values[f.name] = (v as number[]).join(', ');
    else if (f.kind === 'intRecord')
      values[f.name] = Object.entries(v as Record<string, number>)
        .map(([key, n]) => `${key}: ${n}`)
        .join(', ');
    else values[f.name] = String(v);
  }
  return values;
}

/** A whole number as typed, else NaN (the schema then names the field). */
const int = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * The draft the form's values make, over `base` (what the form does not show, the fees, is kept
 * from it). An empty optional field is left out; a number that is not one stays NaN for the
 * schema to refuse by name.
 */
export function draftFromValues(fields: readonly DraftField[], values: FieldValues, base: unknown): Record<string, unknown> {
  const draft = structuredClone((base ?? {}) as Record<string, unknown>);
  for (const f of fields) {
    const raw = values[f.name] ?? '';
    const text = raw.trim();
    if (f.optional && text === '') {
      setAt(draft, f.path, undefined);
      continue;
    }
    let value: unknown;
    if (f.kind === 'text' || f.kind === 'choice') value = f.kind === 'text' ? raw : text;
    else if (f.kind === 'int') value = int(text);
    else if (f.kind === 'intList')
      value = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map(int);
    else
      value = Object.fromEntries(
        text
          .split(',')
          .map((pair) => pair.split(':').map((s) => s.trim()))
          .filter((pair) => pair.length === 2 && pair[0])
          .map(([key, n]) => [key!, int(n!)]),
      );
    setAt(draft, f.path, value);
  }
  return draft;
}
