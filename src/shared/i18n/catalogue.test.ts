import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enMemberArea } from './en/member-area';
import { enUpfront } from './en/upfront';
import { fil } from './fil';
import { filMemberArea } from './fil/member-area';
import { filUpfront } from './fil/upfront';
import { interpolate, translateEn } from './lookup';
import { CATALOGUE_VALUES } from './values';

/** Every leaf of a catalogue as [dotted key, value]. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (node !== null && typeof node === 'object') {
    return Object.entries(node).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, node]];
}

function at(node: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((n, part) => (n !== null && typeof n === 'object' ? (n as Record<string, unknown>)[part] : undefined), node);
}

/** i18next interpolations: {{name}} and $t(nested.key). */
function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}|\$t\(([^)]+)\)/g)].map((m) => m[0].replace(/\s+/g, '')).sort();
}

/** The set of variable names of {{var}} placeholders (format suffixes such as {{n, number}} aside). */
function placeholderNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1] ?? ''))].sort();
}

/**
 * English keys that are empty on purpose, each with its reason. Keep this list short.
 * - legal.languageNote: a translation of the Terms and Privacy texts says that the English text
 *   prevails; LegalDialog shows the note only when it is non-empty, so English has none.
 */
const EMPTY_ON_PURPOSE: ReadonlySet<string> = new Set(['legal.languageNote', 'documents.contract.binding']);

/** Every object node of a catalogue (the namespaces and their groups), for identity checks. */
function objectNodes(node: unknown, into = new Set<unknown>()): Set<unknown> {
  if (node !== null && typeof node === 'object') {
    into.add(node);
    for (const child of Object.values(node)) objectNodes(child, into);
  }
  return into;
}

/** The catalogue files of each language, loaded eagerly: a file whose texts are never reached by `en`/`fil` is a namespace the tests would miss. */
const EN_FILES = import.meta.glob<Record<string, unknown>>('./en/*.ts', { eager: true });
const FIL_FILES = import.meta.glob<Record<string, unknown>>('./fil/*.ts', { eager: true });

const enLeaves = leaves(en);
const filLeaves = leaves(fil);

describe('the English catalogue', () => {
  it('has its namespaces', () => {
    expect(Object.keys(en).sort()).toEqual([
      'activation',
      'auth',
      'backoffice',
      'channelPayments',
      'collections',
      'common',
      'delivery',
      'documents',
      'errors',
      'extensions',
      'legal',
      'limits',
      'loans',
      'member',
      'messages',
      'public',
      'reasons',
      'repayments',
      'servicing',
      'settings',
      'validation',
      'withdrawals',
    ]);
  });

  it('has no empty string and only strings at its leaves', () => {
    expect(enLeaves.length).toBeGreaterThan(0);
    for (const [key, value] of enLeaves) {
      expect(typeof value, key).toBe('string');
      if (!EMPTY_ON_PURPOSE.has(key)) expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('leaves a key empty on purpose only where Filipino gives the text', () => {
    for (const key of EMPTY_ON_PURPOSE) {
      expect(at(en, key), key).toBe('');
      expect(at(fil, key), key).toBeTypeOf('string');
      expect((at(fil, key) as string).trim(), key).not.toBe('');
    }
  });

  it('resolves every key through translateEn, the catalogue values filled', () => {
    for (const [key, value] of enLeaves) expect(translateEn(key), key).toBe(interpolate(value as string, CATALOGUE_VALUES));
    expect(translateEn('validation.noSuchKey')).toBe('validation.noSuchKey');
    expect(translateEn('validation')).toBe('validation');
  });
});

describe('every catalogue file is covered', () => {
  for (const [language, files, catalogue] of [
    ['en', EN_FILES, en],
    ['fil', FIL_FILES, fil],
  ] as const) {
    it(`${language}: each object a file exports is part of the catalogue the tests above check`, () => {
      const reachable = objectNodes(catalogue);
      const stray: string[] = [];
      for (const [file, exports] of Object.entries(files)) {
        for (const [name, value] of Object.entries(exports)) {
          if (value === null || typeof value !== 'object') continue;
          // The aggregates (index, core, upfront, member-area) hold namespaces rather than being one.
          const members = Object.values(value);
          const aggregate = members.length > 0 && members.every((m) => reachable.has(m));
          if (!reachable.has(value) && !aggregate) stray.push(`${file}: ${name}`);
        }
      }
      expect(Object.keys(files).length).toBeGreaterThan(10);
      expect(stray).toEqual([]);
    });
  }
});

describe('the Filipino catalogue', () => {
  it('has the same namespaces as English', () => {
    expect(Object.keys(fil).sort()).toEqual(Object.keys(en).sort());
  });

  it('has no stray key: every key in fil exists in en, as text where en has text', () => {
    for (const [key, value] of filLeaves) {
      const english = at(en, key);
      expect(english, `fil key ${key} is not in en`).toBeTypeOf('string');
      expect(typeof value, key).toBe('string');
    }
  });

  it('has no empty string', () => {
    for (const [key, value] of filLeaves) if (typeof value === 'string') expect(value.trim(), key).not.toBe('');
  });

  it('translates every English key: no key is left to fall back to English', () => {
    const missing = enLeaves.map(([key]) => key).filter((key) => typeof at(fil, key) !== 'string');
    expect(missing).toEqual([]);
  });

  it('has exactly the keys of English, no more and no fewer', () => {
    expect(filLeaves.map(([key]) => key).sort()).toEqual(enLeaves.map(([key]) => key).sort());
  });

  it('is split like English: the same namespaces up front and with the signed-in pages', () => {
    expect(Object.keys(filUpfront).sort()).toEqual(Object.keys(enUpfront).sort());
    expect(Object.keys(filMemberArea).sort()).toEqual(Object.keys(enMemberArea).sort());
  });

  it('has, for every key, the same set of {{placeholders}} as English', () => {
    const differing = enLeaves
      .filter(([key, english]) => typeof english === 'string' && typeof at(fil, key) === 'string')
      .filter(([key, english]) => placeholderNames(at(fil, key) as string).join() !== placeholderNames(english as string).join())
      .map(([key]) => key);
    expect(differing).toEqual([]);
  });

  it('uses the same interpolations as English', () => {
    for (const [key, value] of filLeaves) {
      const english = at(en, key);
      if (typeof value === 'string' && typeof english === 'string') expect(placeholders(value), key).toEqual(placeholders(english));
    }
  });
});
