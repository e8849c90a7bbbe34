import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A comment says why the code is as it is, in words that stay true: a decision record, the
 * specification, an invariant. Not the tracker's issue numbers or a working branch's name, which
 * mean nothing to the next reader and go stale (they live in the decision records' history).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where code lives: the app, its tests, its scripts and its benchmarks (not their results). */
const CODE = ['src', 'tests', 'scripts', 'bench', 'eslint-rules'];
const SKIPPED = new Set(['migrations', 'results', 'artifacts', 'node_modules']);
const SELF = fileURLToPath(import.meta.url);
const STALE = /\b[Ii]ssues? \d+|\bbranch(?:es)? [a-z][a-z-]*\d[a-z0-9-]*/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED.has(e.name) ? [] : sources(full);
    return /\.(tsx?|m?js)$/.test(e.name) && full !== SELF ? [full] : [];
  });
}

/** Comment lines (a line comment, or a line of a block comment) that name an issue number or a branch. */
export function staleComments(text: string): number[] {
  return text
    .split('\n')
    .map((line, i) => ({ line, i }))
    .filter(({ line }) => {
      const comment = /^\s*(\/\/|\/\*|\*)/.test(line) ? line : line.includes('// ') ? line.slice(line.indexOf('// ')) : '';
      return STALE.test(comment);
    })
    .map(({ i }) => i + 1);
}

describe('comments in the code (src/, tests/, scripts/, bench/, eslint-rules/)', () => {
  it('name no issue number and no branch', () => {
    const files = CODE.flatMap((dir) => sources(path.join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(500);
    const found = files.flatMap((file) => staleComments(readFileSync(file, 'utf8')).map((n) => `${path.relative(ROOT, file)}:${n}`));
    expect(found).toEqual([]);
  });

  it('the check finds them', () => {
    expect(staleComments('/**\n * Withdrawals (issue 5; decision 009).\n */\nconst a = 1; // branch hot13b\n// decision 013')).toEqual([2, 4]);
    expect(staleComments("const label = 'issue 5'; // the label")).toEqual([]);
  });
});
