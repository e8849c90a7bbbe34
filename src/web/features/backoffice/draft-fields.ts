import type { z } from 'zod';

/**
 * The fields of the ADMIN's product form, read from the draft schema itself (productDraftSchema,
 * src/shared/schemas/product.ts), so that a field added to the schema is a field of the form with
 * no code here: a text, a whole number, a choice (an enum), a set of choices (a list of an enum's
 * values: checkboxes), a list of whole numbers ("6, 12, 24"), a record of whole numbers by key
 * ("6: 12, 12: 12"), or rows (a list of objects whose columns are such fields: the steps of the
 * limit ladder), at any depth of nested objects. An optional object (the names, the limit ladder)
 * is a group: left out of the draft as a whole when every field of it is left empty (the product's
 * own then stands), else each of its fields is required as the schema says. A list of objects
 * named in `carriedOver` (the fees) is not a field: the form carries it over from the version it
 * starts from (decision 088).
 */

export type FieldKind = 'text' | 'int' | 'choice' | 'choiceSet' | 'intList' | 'intRecord' | 'rows';

export interface DraftField {
  /** Where in the draft: ['penalties', 'graceDays']; a column of rows: where in one row (['maxAmount']). */
  readonly path: readonly string[];
  /** The form's name for it: 'penalties.graceDays'; a column of rows: its rows' name and its own ('limitLadder.steps.maxAmount'). */
  readonly name: string;
  readonly kind: FieldKind;
  /** A choice's or a set's options (the enum's values). */
  readonly options: readonly string[];
  /** May be left empty (the draft then omits it); inside a group, as the group's own field. */
  readonly optional: boolean;
  /** The optional object it belongs to ('limitLadder'), if any. */
  readonly group?: string | undefined;
  /** The columns of rows (each a text, a whole number or a choice). */
  readonly columns: readonly DraftField[];
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

interface Walk {
  readonly optional: boolean;
  readonly group: string | undefined;
  readonly carriedOver: ReadonlySet<string>;
  /** The name prefix of a column ('limitLadder.steps'); empty outside rows. */
  readonly prefix: string;
}

function walk(def: Def, path: string[], w: Walk, out: DraftField[]): void {
  const u = unwrap(def);
  const d = u.def;
  const name = [w.prefix, path.join('.')].filter(Boolean).join('.');
  // An optional object outside any group starts one: its fields are required within it.
  if (d.type === 'object') {
    const starts = u.optional && w.group === undefined && w.prefix === '' && path.length > 0;
    const inner: Walk = starts ? { ...w, optional: false, group: name } : { ...w, optional: w.optional || u.optional };
    for (const [key, child] of Object.entries(shapeOf(d))) walk(defOf(child), [...path, key], inner, out);
    return;
  }
  const opt = w.optional || u.optional;
  const field = (kind: FieldKind, options: readonly string[] = [], columns: readonly DraftField[] = []): void =>
    void out.push({ path, name, kind, options, optional: opt, group: w.group, columns });
  switch (d.type) {
    case 'string':
      return field('text');
    case 'number':
    case 'int':
      return field('int');
    case 'enum':
      return field('choice', Object.values(d.entries ?? {}));
    case 'array': {
      if (!d.element) return;
      const element = unwrap(d.element._zod.def).def;
      if (element.type === 'number') return field('intList');
      if (element.type === 'enum') return field('choiceSet', Object.values(element.entries ?? {}));
      if (element.type === 'object' && !w.carriedOver.has(name)) {
        const columns: DraftField[] = [];
        walk(element, [], { optional: false, group: w.group, carriedOver: w.carriedOver, prefix: name }, columns);
        if (columns.every((c) => c.kind === 'text' || c.kind === 'int' || c.kind === 'choice')) field('rows', [], columns);
      }
      return; // a list carried over (the fees) is not a field
    }
    case 'record':
      if (d.valueType && unwrap(d.valueType._zod.def).def.type === 'number') field('intRecord');
      return;
    default:
      return;
  }
}

/** The form's fields of an object schema, in the schema's order; the lists of objects named in `carriedOver` are left to the draft it starts from. */
export function draftFields(schema: z.ZodObject, carriedOver: readonly string[] = []): DraftField[] {
  const out: DraftField[] = [];
  walk(defOf(schema), [], { optional: false, group: undefined, carriedOver: new Set(carriedOver), prefix: '' }, out);
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

/** The value key of a cell of rows: 'limitLadder.steps.0.maxAmount'. */
export function cellName(rows: DraftField, index: number, column: DraftField): string {
  return `${rows.name}.${index}.${column.path.join('.')}`;
}

/** How many rows the values hold (the rows' own value is their count). */
export function rowCount(values: FieldValues, rows: DraftField): number {
  const n = Number(values[rows.name] ?? '0');
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** One scalar value as the form shows it. */
function shown(f: DraftField, v: unknown): string {
  if (v === undefined || v === null) return '';
  if (f.kind === 'intList' || f.kind === 'choiceSet') return (v as unknown[]).join(', ');
  if (f.kind === 'intRecord')
    return Object.entries(v as Record<string, number>)
      .map(([key, n]) => `${key}: ${n}`)
      .join(', ');
  return String(v);
}

/** A draft's values as the form shows them (rows: their count, and a value per cell). */
export function valuesOf(fields: readonly DraftField[], draft: unknown): FieldValues {
  const values: FieldValues = {};
  for (const f of fields) {
    const v = getAt(draft, f.path);
    if (f.kind !== 'rows') {
      values[f.name] = shown(f, v);
      continue;
    }
    const rows = Array.isArray(v) ? v : [];
    values[f.name] = String(rows.length);
    rows.forEach((row, i) => {
      for (const c of f.columns) values[cellName(f, i, c)] = shown(c, getAt(row, c.path));
    });
  }
  return values;
}

/** The values with one more row of rows, its cells empty. */
export function addRow(values: FieldValues, rows: DraftField): FieldValues {
  const n = rowCount(values, rows);
  const next: FieldValues = { ...values, [rows.name]: String(n + 1) };
  for (const c of rows.columns) next[cellName(rows, n, c)] = '';
  return next;
}

/** The values without the row at `index` of rows (the rows after it move up). */
export function removeRow(values: FieldValues, rows: DraftField, index: number): FieldValues {
  const n = rowCount(values, rows);
  const next: FieldValues = { ...values, [rows.name]: String(Math.max(0, n - 1)) };
  for (let i = index; i < n; i++)
    for (const c of rows.columns) {
      if (i + 1 < n) next[cellName(rows, i, c)] = values[cellName(rows, i + 1, c)] ?? '';
      else delete next[cellName(rows, i, c)];
    }
  return next;
}

/** The set of choices a field's value holds ('MONTHLY, SEMI_MONTHLY'). */
export function chosen(values: FieldValues, f: DraftField): string[] {
  return (values[f.name] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The values with `option` of a set of choices ticked or not (kept in the options' order). */
export function toggleChoice(values: FieldValues, f: DraftField, option: string, on: boolean): FieldValues {
  const set = new Set(chosen(values, f));
  if (on) set.add(option);
  else set.delete(option);
  return { ...values, [f.name]: f.options.filter((o) => set.has(o)).join(', ') };
}

/** A whole number as typed, else NaN (the schema then names the field). */
const int = (text: string) => (/^\s*-?\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** A scalar field's value as typed, for the draft. */
function parsed(f: DraftField, raw: string): unknown {
  const text = raw.trim();
  switch (f.kind) {
    case 'text':
      return raw;
    case 'choice':
      return text;
    case 'int':
      return int(text);
    case 'intList':
    case 'choiceSet': {
      const items = text
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      return f.kind === 'intList' ? items.map(int) : items;
    }
    default:
      return Object.fromEntries(
        text
          .split(',')
          .map((pair) => pair.split(':').map((s) => s.trim()))
          .filter((pair) => pair.length === 2 && pair[0])
          .map(([key, n]) => [key!, int(n!)]),
      );
  }
}

/** Whether a field is left empty (rows: none, or every cell empty). */
function isEmpty(f: DraftField, values: FieldValues): boolean {
  if (f.kind !== 'rows') return (values[f.name] ?? '').trim() === '';
  const n = rowCount(values, f);
  for (let i = 0; i < n; i++) for (const c of f.columns) if ((values[cellName(f, i, c)] ?? '').trim() !== '') return false;
  return true;
}

/**
 * The draft the form's values make, over `base` (what the form does not show, the fees, is kept
 * from it). A group whose fields are all empty is left out as a whole (the product's own stands);
 * an empty optional field is left out, except a set of choices the base had (none ticked: the
 * schema refuses it by name); a number that is not one stays NaN for the schema to refuse by name.
 */
export function draftFromValues(fields: readonly DraftField[], values: FieldValues, base: unknown): Record<string, unknown> {
  const draft = structuredClone((base ?? {}) as Record<string, unknown>);
  const emptyGroups = new Set(
    [...new Set(fields.flatMap((f) => (f.group ? [f.group] : [])))].filter((g) => fields.every((f) => f.group !== g || isEmpty(f, values))),
  );
  for (const g of emptyGroups) setAt(draft, g.split('.'), undefined);
  for (const f of fields) {
    if (f.group && emptyGroups.has(f.group)) continue;
    if (f.kind === 'rows') {
      const rows = Array.from({ length: rowCount(values, f) }, (_, i) => {
        const row: Record<string, unknown> = {};
        for (const c of f.columns) {
          const raw = values[cellName(f, i, c)] ?? '';
          if (!(c.optional && raw.trim() === '')) setAt(row, c.path, parsed(c, raw));
        }
        return row;
      });
      setAt(draft, f.path, rows);
      continue;
    }
    const raw = values[f.name] ?? '';
    if (f.optional && raw.trim() === '' && !(f.kind === 'choiceSet' && getAt(base, f.path) !== undefined)) {
      setAt(draft, f.path, undefined);
      continue;
    }
    setAt(draft, f.path, parsed(f, raw));
  }
  return draft;
}
