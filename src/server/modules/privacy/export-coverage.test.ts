import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { translate } from '../../../shared/i18n/lookup';
import { CSV_PARTS, EXPORT_COVERAGE, EXPORT_PARTS } from './export-coverage';

const tables = Object.entries(schema)
  .filter(([, value]) => is(value, PgTable))
  .map(([name]) => name)
  .sort();

describe("the data export's coverage of the schema (decision 075)", () => {
  it('lists every table of the schema: exported in a part, or left out with a reason', () => {
    const missing = tables.filter((name) => !(name in EXPORT_COVERAGE));
    expect(missing, 'a new table: export it (export.ts) and list its part, or list it as left out with the reason').toEqual([]);
  });

  it('lists nothing that is not a table of the schema', () => {
    expect(Object.keys(EXPORT_COVERAGE).filter((name) => !tables.includes(name))).toEqual([]);
  });

  it('gives each table a part that exists and says what it holds, or a reason in words', () => {
    for (const [name, coverage] of Object.entries(EXPORT_COVERAGE)) {
      if ('part' in coverage) {
        expect(EXPORT_PARTS, name).toContain(coverage.part);
        expect(coverage.what.length, name).toBeGreaterThan(5);
      } else {
        expect(coverage.leftOut.split(' ').length, name).toBeGreaterThan(5);
      }
    }
  });

  it('gives every part at least one table, and CSV only to parts', () => {
    const used = new Set(Object.values(EXPORT_COVERAGE).flatMap((c) => ('part' in c ? [c.part] : [])));
    expect(EXPORT_PARTS.filter((part) => !used.has(part))).toEqual([]);
    for (const part of CSV_PARTS) expect(EXPORT_PARTS).toContain(part);
  });

  it('names each part in plain words in English and Filipino', () => {
    for (const language of ['en', 'fil'] as const) {
      for (const key of [...EXPORT_PARTS, 'title', 'intro', 'images', 'amounts', 'notes', 'contact']) {
        const text = translate(language, `activation.privacy.readme.${key}`, { company: 'X', date: 'D', email: 'E' });
        expect(text, `${language} ${key}`).not.toContain('activation.privacy');
        expect(text.length, `${language} ${key}`).toBeGreaterThan(10);
      }
    }
    expect(translate('fil', 'activation.privacy.readme.loans')).not.toBe(translate('en', 'activation.privacy.readme.loans'));
  });
});
